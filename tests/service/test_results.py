"""Results, ratings, statistics, rematches and settings (the rating model: test_ratings.py)."""

from __future__ import annotations

import pytest

from bot import errors, rating
from bot.service import GameService
from tests.service.play import (
    GUILD,
    NORTH,
    OTHER,
    SOUTH,
    move,
    play_out,
    started_duel,
    started_relay,
)
from tests.service.ratings import one_game


async def test_results_ratings_stats_and_leaderboard(service: GameService) -> None:
    first = await started_duel(service)
    end = await play_out(service, first.loaded.id)
    winner_role = end.result.winners[0]  # type: ignore[union-attr]
    winner = NORTH if winner_role == "north" else SOUTH
    loser = SOUTH if winner == NORTH else NORTH
    won, lost = one_game("a", "b")
    board = await service.leaderboard(GUILD, "duel")
    assert [(e.rank, e.user_id, e.rating, e.uncertainty, e.wins, e.losses) for e in board] == [
        (1, winner, won.display, won.uncertainty, 1, 0),
        (2, loser, lost.display, lost.uncertainty, 0, 1),
    ]
    stats = await service.stats(GUILD, winner)
    assert [(k.kind, k.games, k.wins, k.rating, k.uncertainty) for k in stats.kinds] == [
        ("duel", 1, 1, won.display, won.uncertainty)
    ]
    line = stats.recent[0]
    assert (line.rating_before, line.rating_after) == (rating.INITIAL.display, won.display)
    assert line.outcome == "win"
    assert await service.leaderboard(GUILD + 1, None) == []  # ratings are per server
    assert (await service.stats(GUILD, OTHER)).kinds == []

    # The rematch: same players and options, a new lobby in the same channel.
    with pytest.raises(errors.NotInGame):
        await service.rematch(first.loaded.id, OTHER)
    row = await service.rematch(first.loaded.id, loser)
    assert (row.status, row.kind, row.host_id, row.rematch_of) == (
        "lobby", "duel", loser, first.loaded.id
    )
    lobby = await service.game_in(10)
    assert lobby is not None and sorted(lobby.user_ids()) == [NORTH, SOUTH]
    with pytest.raises(errors.ChannelBusy):
        await service.rematch(first.loaded.id, winner)  # a second click: already open
    second = await service.start(10, loser)
    await play_out(service, second.loaded.id)
    board = await service.leaderboard(GUILD)
    assert sum(e.games for e in board) == 4
    assert all(e.uncertainty < won.uncertainty for e in board)  # two games: surer


async def test_a_user_playing_both_sides_is_not_rated(service: GameService) -> None:
    start = await started_duel(service, north=NORTH, south=NORTH)
    await play_out(service, start.loaded.id)
    stats = await service.stats(GUILD, NORTH)
    assert [(k.games, k.rated_games, k.rating) for k in stats.kinds] == [(1, 0, None)]
    assert await service.leaderboard(GUILD, "duel") == []


async def test_settings(service: GameService) -> None:
    assert await service.moderator_role(GUILD) is None
    await service.set_moderator_role(GUILD, 555)
    assert await service.moderator_role(GUILD) == 555
    await service.set_moderator_role(GUILD, None)
    assert await service.moderator_role(GUILD) is None
    assert await service.notify_mode(NORTH) == "mention"
    await service.set_notify(NORTH, "dm")
    await service.set_notify(SOUTH, "both")
    assert await service.notify_modes([NORTH, SOUTH, OTHER]) == {
        NORTH: "dm", SOUTH: "both", OTHER: "mention"
    }
    with pytest.raises(errors.BadSetting):
        await service.set_notify(NORTH, "pigeon")
    assert (await service.user_settings(NORTH)).notify == "dm"


async def test_board_message_is_remembered(service: GameService) -> None:
    start = await started_duel(service)
    await service.set_board_message(start.loaded.id, 123456789012345678)
    assert (await service.load(start.loaded.id)).row.board_message_id == 123456789012345678
    with pytest.raises(errors.GameNotFound):
        await service.set_board_message(999, 1)


async def test_solo_games_are_won_or_lost_not_drawn(service: GameService) -> None:
    """One player alone against the game: a win counts as a win, a loss or a resignation
    as a loss; solo games are not rated (there is nobody to rate against)."""
    won = await started_relay(service, 31, users=(NORTH,), options={"turns": 1, "target": 1})
    end = await move(service, won.loaded.id, NORTH)
    for _ in range(2):
        end = await move(service, won.loaded.id, NORTH, "move:b")
    assert end.finished and end.result is not None and end.result.winners == ["red"]

    lost = await started_relay(service, 32, users=(NORTH,), options={"turns": 1, "target": 3})
    for _ in range(3):
        end = await move(service, lost.loaded.id, NORTH, "move:b")
    assert end.finished and end.result is not None and end.result.winners == []

    resigned = await started_relay(service, 33, users=(NORTH,))
    await service.resign(resigned.loaded.id, NORTH)

    stats = await service.stats(GUILD, NORTH)
    assert [(k.kind, k.games, k.wins, k.losses, k.draws, k.rated_games, k.rating)
            for k in stats.kinds] == [("relay", 3, 1, 2, 0, 0, None)]
    assert {(r.game_id, r.outcome) for r in stats.recent} == {
        (won.loaded.id, "win"), (lost.loaded.id, "loss"), (resigned.loaded.id, "loss")
    }
    assert all(r.rating_before is None for r in stats.recent)
    assert await service.leaderboard(GUILD, "relay") == []


async def test_a_tie_between_two_players_is_still_a_draw(service: GameService) -> None:
    start = await started_relay(service, options={"turns": 2, "steps": 1})
    await move(service, start.loaded.id, NORTH)
    end = await move(service, start.loaded.id, SOUTH)
    assert end.result is not None and sorted(end.result.winners) == ["blue", "red"]
    for user in (NORTH, SOUTH):
        (kind,) = (await service.stats(GUILD, user)).kinds
        assert (kind.games, kind.wins, kind.losses, kind.draws) == (1, 0, 0, 1)
