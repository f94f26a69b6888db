"""Results and ratings, stored when a game ends (in the database thread, inside ``_commit``),
and every rating recomputed from the stored results when the rating model changed."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from bot import rating
from bot.models import COMPUTER, LoadedGame
from bot.storage import Conn, queries
from engine.core.game import GameState


async def store_result(conn: Conn, loaded: LoadedGame, state: GameState, now: str) -> None:
    """Results per seat and, for a rated game, the players' new ratings (database thread)."""
    assert state.result is not None
    game = loaded.game
    team_of = {info.id: info.team for info in game.roles_of(state)}
    winners = set(state.result.winners)
    seats = [seat for seat in loaded.seats if seat.role is not None]
    teams = {team_of.get(seat.role, seat.role) for seat in seats if seat.role is not None}
    team_won = {
        team: any(r in winners for r, t in team_of.items() if t == team) for team in teams
    }
    # Several teams that all won or all lost: a draw. One team alone (a solo game, or
    # every player together against the game) won or lost.
    draw = len(teams) > 1 and len(set(team_won.values())) == 1
    row = loaded.row
    places = []
    for seat in seats:
        assert seat.role is not None
        team = team_of.get(seat.role, seat.role)
        outcome = "draw" if draw else ("win" if team_won[team] else "loss")
        await queries.insert_result(conn, game_id=row.id, role=seat.role, user_id=seat.user_id,
            guild_id=row.guild_id, kind=row.kind, team=team, outcome=outcome,
            score=state.result.scores.get(seat.role),
            rating_before=None, rating_after=None, finished_at=now,
        )
        places.append(rating.Place(user_id=seat.user_id, team=team, outcome=outcome))
    # Rated from what was just stored, exactly as a recomputation reads it back.
    await rate_game(conn, row.id, row.guild_id, row.kind, places)


async def rate_game(conn: Conn, game_id: int, guild_id: int, kind: str,
              places: Sequence[rating.Place]) -> None:
    """Rate one finished game from its places: the players' ratings and the game's results
    (rating before and after, None when unrated: a game with a computer player is never
    rated). The one path both a game's end and a recomputation take, so that both give the
    same numbers."""
    users = sorted({p.user_id for p in places})
    if COMPUTER in users:  # a game with computer players rates nobody
        await queries.set_result_ratings(conn, game_id, {u: None for u in users})
        return
    before = await queries.ratings_of(conn, guild_id, kind, users)
    sides = await queries.side_ratings_of(conn, guild_id, kind, sorted({p.team for p in places}))
    after = rating.update(places, before, sides)
    if after is None:
        await queries.set_result_ratings(conn, game_id, {u: None for u in users})
        return
    await queries.save_ratings(conn, guild_id, kind, after.players)
    await queries.save_side_ratings(conn, guild_id, kind, after.sides)
    await queries.set_result_ratings(conn, game_id, {
        u: (before.get(u, rating.INITIAL).display, after.players[u].display) for u in users
    })


async def recompute_ratings(conn: Conn, now: str) -> int:
    """Every rating again from the stored results, game by game in the order they finished,
    with the current model (which is then recorded); returns the number of games read."""
    await queries.delete_ratings(conn)
    games = 0
    rows = await queries.results_in_game_order(conn)
    for game_id, seats in groupby(rows, key=lambda r: r[0]):
        listed = list(seats)
        _, guild_id, kind = listed[0][:3]
        await rate_game(conn, game_id, guild_id, kind,
                  [rating.Place(user_id=r[3], team=r[4], outcome=r[5]) for r in listed])
        games += 1
    await queries.set_rating_model(conn, rating.MODEL_VERSION, now)
    return games


async def ratings_are_current(conn: Conn) -> bool:
    return await queries.rating_model(conn) == rating.MODEL_VERSION
