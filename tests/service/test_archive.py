"""Ended games for ``/game history``: which are listed (only games that are over, of the
scope asked), and a game at move N replayed from its seed equals the game as it was played
at that point, undone moves left out."""

from __future__ import annotations

import pytest

from bot import errors
from bot.service import GameService
from engine.core.runner import state_digest
from tests.service.play import (
    GUILD,
    NORTH,
    OTHER,
    SOUTH,
    Clock,
    first_choice,
    play_card,
    play_out,
    started_duel,
)

MOD = 99


async def test_a_replayed_move_is_the_game_as_it_was_then(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    assert start.loaded.state is not None
    digests = [state_digest(start.loaded.state)]  # after 0, 1, 2, ... actions
    views = [start.loaded.view(None)]
    turn_ends: list[int] = []
    loaded = start.loaded
    while loaded.row.status == "running":
        role = sorted(loaded.prompts)[0]
        update = await service.act(game_id, loaded.users_of(role)[0], loaded.version, role,
                                   first_choice(loaded, role))
        loaded = update.loaded
        assert loaded.state is not None
        if update.turn_ended:
            turn_ends.append(loaded.state.actions)
        digests.append(state_digest(loaded.state))
        views.append(loaded.view(None))
    end = await service.position(GUILD, game_id)
    assert turn_ends == [2, 4] or turn_ends == [2, 4, 6]  # a reveal every two cards
    assert end.move == end.moves == len(digests) - 1
    for move, digest in enumerate(digests):
        position = await service.position(GUILD, game_id, move)
        assert state_digest(position.state) == digest
        assert position.previous == (views[move - 1] if move else None)
        assert position.moves == end.moves and position.turn_ends == turn_ends
        assert position.turn_back() == max([0, *(e for e in turn_ends if e < move)])
        assert position.turn_forward() == min([end.moves, *(e for e in turn_ends if e > move)])
        assert all(line.action == move and line.visible_to is None for line in position.lines)
    assert [line.text for line in (await service.position(GUILD, game_id, 0)).lines] == [
        "Each player is dealt three secret cards."]


async def test_undone_moves_are_not_moves(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    await service.undo(game_id, NORTH)  # North takes the card back: it never happened
    final = await play_out(service, game_id)
    assert final.loaded.state is not None
    position = await service.position(GUILD, game_id)
    assert position.moves == final.loaded.state.actions
    assert state_digest(position.state) == state_digest(final.loaded.state)


async def test_only_games_that_are_over_and_the_scope_asked(service: GameService,
                                                            clock: Clock) -> None:
    first = (await started_duel(service, channel=10)).loaded.id
    second = (await started_duel(service, channel=11, north=OTHER)).loaded.id
    await play_out(service, second)
    clock.advance(1)
    await play_out(service, first)  # started first, ended later: listed before #2
    clock.advance(1)
    stopped = (await started_duel(service, channel=12)).loaded.id
    await play_card(service, stopped, NORTH, "north")
    await service.abort(stopped, MOD)
    running = (await started_duel(service, channel=10)).loaded.id  # a new game in channel 10
    await service.open_lobby(GUILD, 13, "duel", NORTH, {})
    await service.cancel(13, NORTH)  # a lobby closed before its start: never played

    async def listed(**scope: int) -> list[int]:
        games, total = await service.ended_games(GUILD, **scope)
        assert total == len(games)
        return [game.loaded.id for game in games]

    assert await listed() == [stopped, first, second]  # the last ended first
    assert await listed(channel_id=10) == [first]
    assert await listed(user_id=NORTH) == [stopped, first]
    assert await listed(user_id=SOUTH) == [stopped, first, second]
    assert await listed(user_id=SOUTH, channel_id=11) == [second]
    assert running not in await listed()
    assert (await service.ended_games(GUILD + 1))[0] == []
    page, total = await service.ended_games(GUILD, limit=2, offset=2)
    assert [game.loaded.id for game in page] == [second] and total == 3
    stopped_game = (await service.position(GUILD, stopped)).moves
    assert stopped_game == 1


async def test_refusals_are_one_sentence(service: GameService) -> None:
    done = (await started_duel(service, channel=10)).loaded.id
    await play_out(service, done)
    running = (await started_duel(service, channel=11)).loaded.id
    moves = (await service.position(GUILD, done)).moves
    for guild, game_id in ((GUILD, running), (GUILD + 1, done), (GUILD, 999)):
        with pytest.raises(errors.NotEnded, match=f"Game #{game_id} is not a finished game"):
            await service.position(guild, game_id)
    with pytest.raises(errors.NoSuchMove, match=f"has moves 0 to {moves}; there is no move"):
        await service.position(GUILD, done, moves + 1)
