"""Lobbies: opening, joining, sides, leaving, cancelling and starting."""

from __future__ import annotations

import pytest

from bot import errors
from bot.service import GameService
from engine.core.errors import BadOptions, UnknownGame
from engine.core.rng import seed_digest
from tests.service.play import GUILD, NORTH, OTHER, SOUTH, started_duel


async def test_open_lobby_seats_the_host_and_holds_the_channel(service: GameService) -> None:
    row = await service.open_lobby(GUILD, 10, "duel", NORTH, {"rounds_to_win": 1})
    assert (row.status, row.kind, row.host_id, row.version) == ("lobby", "duel", NORTH, 0)
    assert row.options == {"rounds_to_win": 1, "revision": 1}  # the newest rules revision
    lobby = await service.game_in(10)
    assert lobby is not None and lobby.user_ids() == [NORTH] and lobby.state is None
    with pytest.raises(errors.ChannelBusy):
        await service.open_lobby(GUILD, 10, "duel", OTHER, {})
    # Another channel, or a thread (just another channel id), is free.
    await service.open_lobby(GUILD, 11, "duel", OTHER, {})


async def test_bad_kind_options_and_timer_are_refused(service: GameService) -> None:
    with pytest.raises(UnknownGame):
        await service.open_lobby(GUILD, 10, "nosuchgame", NORTH, {})
    with pytest.raises(BadOptions):
        await service.open_lobby(GUILD, 10, "duel", NORTH, {"rounds_to_win": 9})
    with pytest.raises(errors.BadSetting):
        await service.open_lobby(GUILD, 10, "duel", NORTH, {}, timeout_policy="explode")
    with pytest.raises(errors.BadSetting):
        await service.open_lobby(GUILD, 10, "duel", NORTH, {}, timeout_hours=-1)
    assert await service.game_in(10) is None


async def test_platform_options_are_read_from_the_options_too(service: GameService) -> None:
    row = await service.open_lobby(
        GUILD, 10, "duel", NORTH, {"timeout_hours": 12, "timeout_policy": "resign"}
    )
    assert (row.timeout_hours, row.timeout_policy) == (12.0, "resign")
    # Duel's own options declare timeout_policy, so it stays for the game; hours do not.
    assert row.options == {"timeout_policy": "resign", "revision": 1}


async def test_join_leave_and_sides(service: GameService) -> None:
    await service.open_lobby(GUILD, 10, "duel", NORTH, {})
    with pytest.raises(errors.AlreadyJoined):
        await service.join(10, NORTH)
    lobby = await service.join(10, SOUTH, "south")
    assert lobby.roles_of(SOUTH) == ["south"]
    with pytest.raises(errors.LobbyFull):
        await service.join(10, OTHER)
    with pytest.raises(errors.RoleTaken):
        await service.choose_role(10, NORTH, "south")
    with pytest.raises(errors.UnknownRole):
        await service.choose_role(10, NORTH, "east")
    with pytest.raises(errors.NotInGame):
        await service.choose_role(10, OTHER, "north")
    lobby = await service.choose_role(10, NORTH, "north")
    assert lobby.roles_of(NORTH) == ["north"]
    lobby = await service.leave(10, SOUTH)
    assert lobby.user_ids() == [NORTH]
    with pytest.raises(errors.NotInGame):
        await service.leave(10, SOUTH)
    lobby = await service.join(10, OTHER)
    assert lobby.user_ids() == [NORTH, OTHER]
    assert lobby.version > 0


async def test_host_leaving_passes_the_lobby_on_and_last_one_closes_it(
    service: GameService,
) -> None:
    await service.open_lobby(GUILD, 10, "duel", NORTH, {})
    await service.join(10, SOUTH)
    lobby = await service.leave(10, NORTH)
    assert lobby.row.host_id == SOUTH
    lobby = await service.leave(10, SOUTH)
    assert lobby.row.status == "aborted"
    assert await service.game_in(10) is None


async def test_cancel_is_for_the_host_only(service: GameService) -> None:
    await service.open_lobby(GUILD, 10, "duel", NORTH, {})
    await service.join(10, SOUTH)
    with pytest.raises(errors.NotHost):
        await service.cancel(10, SOUTH)
    row = await service.cancel(10, NORTH)
    assert row.status == "aborted"
    with pytest.raises(errors.NoGameHere):
        await service.join(10, OTHER)


async def test_start_checks_host_and_players_and_keeps_the_seed_secret(
    service: GameService,
) -> None:
    await service.open_lobby(GUILD, 10, "duel", NORTH, {})
    with pytest.raises(errors.NotEnoughPlayers):
        await service.start(10, NORTH)
    await service.join(10, SOUTH)
    with pytest.raises(errors.NotHost):
        await service.start(10, SOUTH)
    update = await service.start(10, NORTH)
    row = update.loaded.row
    assert row.status == "running" and row.players == 2
    assert row.seed is None and row.seed_sha256 is not None and len(row.seed_sha256) == 64
    # Sides without a pick were dealt: each player holds exactly one.
    loaded = update.loaded
    assert sorted(loaded.roles_of(NORTH) + loaded.roles_of(SOUTH)) == ["north", "south"]
    assert set(loaded.prompts) == {"north", "south"}
    assert update.turn_ended and update.public_log
    # The stored seed matches its public SHA-256 but appears in no returned row.
    assert update.loaded.state is not None
    assert seed_digest(update.loaded.state.rng.seed) == row.seed_sha256
    for reread in (await service.load(row.id), await service.game_in(10)):
        assert reread is not None and reread.row.seed is None
    with pytest.raises(errors.GameStarted):
        await service.join(10, OTHER)
    with pytest.raises(errors.GameStarted):
        await service.start(10, NORTH)
    with pytest.raises(errors.GameStarted):
        await service.leave(10, SOUTH)


async def test_picked_sides_are_kept_at_start(service: GameService) -> None:
    update = await started_duel(service, north=7, south=8)
    assert update.loaded.roles_of(7) == ["north"] and update.loaded.roles_of(8) == ["south"]


async def test_one_user_may_hold_every_side(service: GameService) -> None:
    await service.open_lobby(GUILD, 10, "duel", NORTH, {})
    await service.choose_role(10, NORTH, "north")
    lobby = await service.join(10, NORTH, "south")
    assert lobby.roles_of(NORTH) == ["north", "south"]
    update = await service.start(10, NORTH)
    assert set(update.loaded.prompts_for(NORTH)) == {"north", "south"}


async def test_open_games_are_counted_by_status(service: GameService) -> None:
    """What the metrics line reports (bot.cogs.metrics), counted in the database."""
    assert await service.open_games() == {"lobby": 0, "running": 0, "paused": 0}
    await service.open_lobby(GUILD, 10, "duel", NORTH, {})
    await started_duel(service, channel=11)
    assert await service.open_games() == {"lobby": 1, "running": 1, "paused": 0}
