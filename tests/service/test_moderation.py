"""Moderation: abort, kick, replace, pause/resume, timers; each logged with the moderator."""

from __future__ import annotations

import pytest

from bot import errors
from bot.service import GameService
from tests.service.play import GUILD, NORTH, OTHER, SOUTH, play_card, started_duel

MOD = 99


async def test_abort_frees_the_channel_and_is_logged(service: GameService) -> None:
    start = await started_duel(service)
    row = await service.abort(start.loaded.id, MOD)
    assert row.status == "aborted" and row.seed is None  # an aborted game keeps its seed
    assert await service.game_in(10) is None
    assert (await service.log_lines(row.id))[-1].detail == {"abort": True}
    with pytest.raises(errors.GameOver):
        await service.abort(row.id, MOD)
    with pytest.raises(errors.NotFinished):
        await service.record(row.id)


async def test_pause_and_resume(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    paused = await service.pause(game_id, MOD)
    assert paused.row.status == "paused"
    with pytest.raises(errors.GamePaused):
        await service.act(game_id, NORTH, paused.version, "north", "card:1")
    with pytest.raises(errors.GamePaused):
        await service.undo(game_id, NORTH)
    with pytest.raises(errors.GamePaused):
        await service.pause(game_id, MOD)
    resumed = await service.resume(game_id, MOD)
    assert resumed.row.status == "running"
    # A prompt shown before the pause is still the current prompt after it.
    assert resumed.version == start.loaded.version + 2
    assert resumed.row.prompt_version("north") == start.loaded.version
    with pytest.raises(errors.NotRunning):
        await service.resume(game_id, MOD)
    await service.act(
        game_id, NORTH, start.loaded.version, "north", start.loaded.prompts["north"].choices[0].id
    )
    kinds = [(line.kind, line.user_id) for line in await service.log_lines(game_id)]
    assert kinds[1:3] == [("mod", MOD), ("mod", MOD)]


async def test_replace_hands_the_seat_over(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    loaded = await service.replace(game_id, MOD, SOUTH, OTHER)
    assert loaded.roles_of(OTHER) == ["south"] and not loaded.is_player(SOUTH)
    with pytest.raises(errors.NotInGame):
        await play_card(service, game_id, SOUTH, "south")
    await play_card(service, game_id, OTHER, "south")
    loaded = await service.replace(game_id, MOD, NORTH, SOUTH)
    assert loaded.row.host_id == SOUTH  # the host's seat carries the host role
    with pytest.raises(errors.NotInGame):
        await service.replace(game_id, MOD, NORTH, OTHER)
    assert (await service.log_lines(game_id))[-1].detail == {"replace": [NORTH, SOUTH]}


async def test_kick_from_a_lobby_and_from_a_running_game(service: GameService) -> None:
    lobby = await service.open_lobby(GUILD, 20, "duel", NORTH, {})
    await service.join(20, SOUTH)
    update = await service.kick(lobby.id, MOD, SOUTH)
    assert update.loaded.user_ids() == [NORTH]
    with pytest.raises(errors.NotInGame):
        await service.kick(lobby.id, MOD, SOUTH)

    # In a running game a kick is refused unless the moderator asks for the resignation:
    # resigning a side ends the game for everyone; /mod replace keeps it going.
    start = await started_duel(service)
    with pytest.raises(errors.SeatsHeld, match="/mod replace") as refused:
        await service.kick(start.loaded.id, MOD, SOUTH)
    assert "end the game for everyone" in str(refused.value)
    loaded = await service.load(start.loaded.id)
    assert loaded.row.status == "running" and loaded.version == start.loaded.version
    assert [line.kind for line in await service.log_lines(start.loaded.id)] == ["start"]
    update = await service.kick(start.loaded.id, MOD, SOUTH, resign=True)
    assert update.finished and update.result is not None
    assert update.result.winners == ["north"]
    line = (await service.log_lines(start.loaded.id))[-1]
    assert (line.kind, line.user_id, line.choice, line.detail) == (
        "mod", MOD, "!resign", {"kick": SOUTH}
    )


async def test_set_timeout_is_validated_and_logged(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    with pytest.raises(errors.BadSetting):
        await service.set_timeout(game_id, MOD, 10_000)
    row = await service.set_timeout(game_id, MOD, 24)
    assert row.timeout_hours == 24 and row.deadline is not None
    row = await service.set_timeout(game_id, MOD, 0)
    assert row.timeout_hours is None and row.deadline is None
    details = [line.detail for line in await service.log_lines(game_id)][-2:]
    assert details == [{"timeout_hours": 24.0}, {"timeout_hours": None}]
