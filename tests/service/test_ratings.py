"""The rating model (OpenSkill's Plackett–Luce through bot.rating) and its recomputation:
ratings recomputed from the stored results equal the ratings updated game by game."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import rating
from bot.rating import Place, Skill
from bot.service import GameService
from bot.service.results import rate_game, ratings_are_current, recompute_ratings
from bot.storage import available_migrations, queries
from bot.storage.conn import SqliteConn, drive
from tests.service.play import GUILD, NORTH, OTHER, SOUTH, play_out, started_duel
from tests.service.ratings import library, one_game

NEW, SIDE = rating.INITIAL, rating.SIDE_INITIAL
PINNED_MU = 27.52545  # the winner's skill after a first game, from openskill 6.2


def test_one_against_one_from_the_start() -> None:
    new = rating.update([Place(1, "a", "win"), Place(2, "b", "loss")], {}, {})
    assert new is not None
    # Pinned: a library update that changes these numbers needs a new MODEL_VERSION.
    assert new.players[1].mu == pytest.approx(PINNED_MU, abs=1e-5)
    assert new.players[2].mu == pytest.approx(50.0 - PINNED_MU, abs=1e-5)
    assert NEW.display == 1000.0
    assert (new.players[1], new.players[2]) == one_game("a", "b")
    # The sides moved too, about a ninth as far as the players (sigma squared 1 : 9).
    assert new.sides["a"].mu == pytest.approx(-new.sides["b"].mu)
    assert new.sides["a"].mu == pytest.approx((new.players[1].mu - 25.0) / 9.0, rel=0.01)


def test_teams_several_teams_and_draws_match_the_library() -> None:
    ann, ben, cid, dan = Skill(30.0, 4.0), Skill(22.0, 6.0), Skill(25.0, 8.0), Skill(18.0, 3.0)
    current = {1: ann, 2: ben, 3: cid, 4: dan}
    x, y = Skill(0.5, 2.0), Skill(-0.5, 2.5)
    # Two against one; the lone player wins.
    new = rating.update([Place(1, "x", "loss"), Place(2, "x", "loss"), Place(3, "y", "win")],
                        current, {"x": x, "y": y})
    assert new is not None
    [[a, b, side_x], [c, side_y]] = library([[ann, ben, x], [cid, y]], [2, 1])
    assert (new.players, new.sides) == ({1: a, 2: b, 3: c}, {"x": side_x, "y": side_y})
    # Three teams, one winner: the two losers share a rank; an unseen side starts equal.
    places = [Place(1, "a", "loss"), Place(2, "b", "win"), Place(3, "c", "loss")]
    new = rating.update(places, current, {"a": x})
    assert new is not None
    [[a, _], [b, _], [c, _]] = library([[ann, x], [ben, SIDE], [cid, SIDE]], [2, 1, 2])
    assert new.players == {1: a, 2: b, 3: c}
    # A draw: the stronger player loses a little to the weaker.
    new = rating.update([Place(1, "a", "draw"), Place(4, "b", "draw")], current, {})
    assert new is not None
    [[a, _], [d, _]] = library([[ann, SIDE], [dan, SIDE]], [1, 1])
    assert new.players == {1: a, 4: d}
    assert a.mu < ann.mu and d.mu > dan.mu


def test_a_side_that_wins_more_gives_its_winners_less() -> None:
    """The same two players; in one world the winner's side has been winning more."""
    places = [Place(1, "empire", "win"), Place(2, "insurgents", "loss")]
    even = rating.update(places, {}, {})
    favoured = rating.update(places, {}, {"empire": Skill(3.0, 2.0),
                                          "insurgents": Skill(-3.0, 2.0)})
    assert even is not None and favoured is not None
    assert 25.0 < favoured.players[1].mu < even.players[1].mu
    assert even.players[2].mu < favoured.players[2].mu < 25.0


def test_one_user_holding_a_whole_team_counts_once() -> None:
    new = rating.update([Place(1, "a", "win"), Place(1, "a", "win"), Place(2, "b", "loss")],
                        {}, {})
    assert new is not None and (new.players[1], new.players[2]) == one_game("a", "b")


@pytest.mark.parametrize("places", [
    [Place(1, "a", "win"), Place(1, "b", "loss")],  # one user on both teams
    [Place(1, "a", "win"), Place(2, "b", "loss"), Place(2, "a", "win")],  # ... and a team mate
    [Place(1, "a", "win"), Place(2, "a", "win")],  # one team against the game
    [],
])
def test_unrated_games(places: list[Place]) -> None:
    assert rating.update(places, {}, {}) is None


def test_an_uncertain_player_moves_more_than_a_settled_one() -> None:
    new = rating.update([Place(1, "a", "win"), Place(2, "b", "loss")],
                        {1: Skill(25.0, 8.0), 2: Skill(25.0, 2.0)}, {})
    assert new is not None
    assert new.players[1].mu - 25.0 > 25.0 - new.players[2].mu > 0


# --- recomputed from the stored results == updated game by game ------------------------


@contextmanager
def schema() -> Iterator[SqliteConn]:
    """A SQLite database in memory, its statements run at once (``drive``): the property
    test below runs hundreds of games per example."""
    raw = sqlite3.connect(":memory:")
    try:
        conn = SqliteConn(raw)
        for migration in available_migrations():
            drive(conn.script(migration.sql))
        yield conn
    finally:
        raw.close()


def snapshot(conn: SqliteConn) -> list[list[tuple[object, ...]]]:
    results = conn.raw.execute("SELECT game_id, role, user_id, rating_before, rating_after"
                               " FROM results ORDER BY game_id, role").fetchall()
    return [drive(queries.all_ratings(conn)), drive(queries.all_side_ratings(conn)), results]


OUTCOMES = st.sampled_from(["win-loss", "draw"])
# A game: 1 to 4 teams of 1 to 3 seats, each seat held by one of 6 users (so some games
# have a user on two teams: unrated), on one of two servers and two game kinds.
GAMES = st.lists(
    st.tuples(
        st.sampled_from([GUILD, GUILD + 1]),
        st.sampled_from(["duel", "relay"]),
        st.lists(st.lists(st.integers(1, 6), min_size=1, max_size=3), min_size=1, max_size=4),
        st.integers(0, 3),  # which team won (beyond the last: nobody, a draw)
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_recomputed_ratings_equal_the_ratings_updated_game_by_game(
    games: list[tuple[int, str, list[list[int]], int]]
) -> None:
    with schema() as conn:
        for game_id, (guild, kind, teams, winner) in enumerate(games, start=1):
            draw = len(teams) > 1 and winner >= len(teams)
            places = []
            for t, users in enumerate(teams):
                outcome = "draw" if draw else ("win" if t == winner else "loss")
                for seat, user in enumerate(users):
                    role = f"t{t}s{seat}"
                    drive(queries.insert_result(
                        conn, game_id=game_id, role=role, user_id=user, guild_id=guild,
                        kind=kind, team=f"team{t}", outcome=outcome, score=None,
                        rating_before=None, rating_after=None,
                        finished_at=f"2026-11-{1 + game_id // 24:02d} {game_id % 24:02d}:00:00",
                    ))
                    places.append(Place(user, f"team{t}", outcome))
            drive(rate_game(conn, game_id, guild, kind, places))  # as store_result does
        by_game = snapshot(conn)
        assert not drive(ratings_are_current(conn))  # never recomputed yet
        assert drive(recompute_ratings(conn, "2026-12-01 00:00:00")) == len(games)
        assert drive(ratings_are_current(conn))
        assert snapshot(conn) == by_game


async def test_a_new_model_version_recomputes_what_the_service_stored(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games played through the service, then the ratings recomputed at the next start
    (another model version stored): the same leaderboard, records and recent lines."""
    for channel, (north, south) in enumerate([(NORTH, SOUTH), (SOUTH, OTHER), (OTHER, NORTH),
                                              (NORTH, SOUTH)], start=20):
        start = await started_duel(service, channel=channel, north=north, south=south)
        await play_out(service, start.loaded.id)
    board = await service.leaderboard(GUILD, "duel")
    records = [await service.stats(GUILD, user) for user in (NORTH, SOUTH, OTHER)]
    assert len(board) == 3 and sum(e.games for e in board) == 8
    assert await service.refresh_ratings() == 4  # never recorded: recomputed once
    assert await service.refresh_ratings() is None
    assert await service.leaderboard(GUILD, "duel") == board
    assert [await service.stats(GUILD, user) for user in (NORTH, SOUTH, OTHER)] == records
    monkeypatch.setattr(rating, "MODEL_VERSION", "a-later-model")
    assert await service.refresh_ratings() == 4
    assert await service.leaderboard(GUILD, "duel") == board


async def test_a_side_that_keeps_winning_is_rated_stronger(service: GameService) -> None:
    """North wins six duels, the two players taking turns at it: the side learns the
    advantage from the stored results."""
    for n in range(6):
        north, south = (NORTH, SOUTH) if n % 2 else (SOUTH, NORTH)
        start = await started_duel(service, channel=40 + n, north=north, south=south)
        await service.resign(start.loaded.id, south)
    async with service.db.read() as conn:
        sides = await queries.side_ratings_of(conn, GUILD, "duel", ["north", "south"])
        players = await queries.ratings_of(conn, GUILD, "duel", [NORTH, SOUTH])
    assert sides["north"].mu > 1.0 and sides["south"].mu == pytest.approx(-sides["north"].mu)
    # One more win as North is worth less than it would be were the sides still even.
    places = [Place(NORTH, "north", "win"), Place(SOUTH, "south", "loss")]
    learned, even = rating.update(places, players, sides), rating.update(places, players, {})
    assert learned is not None and even is not None
    assert players[NORTH].mu < learned.players[NORTH].mu < even.players[NORTH].mu
