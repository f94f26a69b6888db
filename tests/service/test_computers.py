"""Computer players through the service: the host seats the computer on sides in the lobby,
it plays its sides with the game's automatic player, each choice stored like a person's,
and a game with a computer changes no rating."""

from __future__ import annotations

import pytest

from bot import errors
from bot.models import COMPUTER, LoadedGame
from bot.service import GameService
from engine.core.record import verify
from tests.service.play import GUILD, first_choice

ANN, BEN = 1, 2


async def computer_plays_out(service: GameService, game_id: int) -> LoadedGame:
    """Ann answers her prompts (lowest choice first); the computer makes its own moves."""
    loaded = await service.load(game_id)
    for _ in range(5000):
        if loaded.row.status != "running":
            return loaded
        update = await service.computer_move(game_id)
        if update is None:
            for role in loaded.prompts_for(ANN):
                update = await service.act(
                    game_id, ANN, loaded.version, role, first_choice(loaded, role))
                break
        assert update is not None, "nobody moved, yet the game is running"
        loaded = update.loaded
    raise AssertionError("the game did not end")


async def test_the_host_seats_the_computer_and_it_plays_its_sides(
        service: GameService) -> None:
    await service.open_lobby(GUILD, 40, "alliance", ANN, {})
    await service.choose_roles(40, ANN, ["arden", "brisk"])
    lobby = await service.set_computer_sides(40, ANN, ["corin", "dunmor"])
    assert lobby.computer_roles() == ["corin", "dunmor"] and lobby.has_computers
    assert lobby.user_ids() == [ANN] and lobby.users_of("corin") == []
    update = await service.start(40, ANN)
    game_id = update.loaded.id
    assert sorted(update.loaded.computer_roles()) == ["corin", "dunmor"]

    end = await computer_plays_out(service, game_id)
    assert end.row.status == "finished"
    log = await service.log_lines(game_id)
    computer = [line for line in log if line.user_id == COMPUTER]
    assert computer and {line.role for line in computer} == {"corin", "dunmor"}
    assert all(line.kind == "choice" for line in computer)
    # The record replays: the computer's choices are ordinary actions of its sides.
    assert verify(await service.record(game_id)).ok
    # Not rated: nobody's rating moved, and the computer has no rating at all.
    stats = await service.stats(GUILD, ANN)
    assert stats.recent and stats.recent[0].rating_before is None
    assert all(kind.rated_games == 0 for kind in stats.kinds)
    assert all(kind.rated_games == 0 for kind in (await service.stats(GUILD, COMPUTER)).kinds)
    assert await service.leaderboard(GUILD, "alliance") == []


async def test_the_computer_waits_while_a_person_is_asked(service: GameService) -> None:
    await service.open_lobby(GUILD, 41, "alliance", ANN, {})
    await service.choose_roles(41, ANN, ["arden", "brisk", "corin"])
    await service.set_computer_sides(41, ANN, ["dunmor"])
    update = await service.start(41, ANN)
    # Arden leads the first round: the computer is not asked, so it does nothing.
    assert "dunmor" not in update.loaded.prompts
    assert await service.computer_move(update.loaded.id) is None
    assert await service.computer_games() == []


async def test_only_the_host_seats_it_and_never_on_a_persons_side(
        service: GameService) -> None:
    await service.open_lobby(GUILD, 42, "alliance", ANN, {})
    await service.choose_roles(42, BEN, ["brisk"])
    with pytest.raises(errors.NotHost):
        await service.set_computer_sides(42, BEN, ["corin"])
    with pytest.raises(errors.RoleTaken, match="plays Brisk"):
        await service.set_computer_sides(42, ANN, ["brisk"])
    with pytest.raises(errors.UnknownRole):
        await service.set_computer_sides(42, ANN, ["nowhere"])
    # Ann's own seat has no side yet: three more sides for the computer would overfill it.
    with pytest.raises(errors.LobbyFull):
        await service.set_computer_sides(42, ANN, ["arden", "corin", "dunmor"])
    lobby = await service.set_computer_sides(42, ANN, ["corin", "dunmor"])
    with pytest.raises(errors.RoleTaken, match="The computer plays Corin"):
        await service.choose_roles(42, BEN, ["corin"])
    # Changing its sides reuses its seats; none takes it off the table.
    lobby = await service.set_computer_sides(42, ANN, ["arden"])
    assert lobby.computer_roles() == ["arden"] and len(lobby.seats) == 3
    lobby = await service.set_computer_sides(42, ANN, [])
    assert not lobby.has_computers and len(lobby.seats) == 2


async def test_the_computer_never_keeps_a_lobby_nor_hosts_it(service: GameService) -> None:
    await service.open_lobby(GUILD, 43, "alliance", ANN, {})
    await service.choose_roles(43, BEN, ["brisk"])
    await service.set_computer_sides(43, ANN, ["corin"])
    lobby = await service.leave(43, ANN)
    assert lobby.row.host_id == BEN  # the host's role passes to a person
    lobby = await service.leave(43, BEN)
    assert lobby.row.status == "aborted"  # the computer alone does not keep it open


async def test_a_computer_asked_after_a_restart_is_found(service: GameService) -> None:
    """What the bot's sweep finds: a running game waiting for the computer (a bot that
    stopped mid-turn wakes it at start-up)."""
    await service.open_lobby(GUILD, 44, "alliance", ANN, {})
    await service.choose_roles(44, ANN, ["brisk", "corin", "dunmor"])
    await service.set_computer_sides(44, ANN, ["arden"])
    update = await service.start(44, ANN)
    assert "arden" in update.loaded.prompts
    assert await service.computer_games() == [update.loaded.id]
    moved = await service.computer_move(update.loaded.id)
    assert moved is not None and moved.loaded.version == update.loaded.version + 1
