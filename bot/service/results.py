"""Results and Elo, stored when a game ends (in the database thread, inside ``_commit``)."""

from __future__ import annotations

import sqlite3

from bot import rating
from bot.models import LoadedGame
from bot.storage import queries
from engine.core.game import GameState


def store_result(raw: sqlite3.Connection, loaded: LoadedGame, state: GameState, now: str) -> None:
    """Results per seat and, for a fair game, Elo updates per team (database thread)."""
    assert state.result is not None
    game = loaded.game
    team_of = {info.id: info.team for info in game.roles_of(state)}
    winners = set(state.result.winners)
    teams: dict[str, list[int]] = {}
    for seat in loaded.seats:
        if seat.role is None:
            continue
        members = teams.setdefault(team_of.get(seat.role, seat.role), [])
        if seat.user_id not in members:
            members.append(seat.user_id)
    team_won = {
        team: any(r in winners for r, t in team_of.items() if t == team) for team in teams
    }
    # Several teams that all won or all lost: a draw. One team alone (a solo game, or
    # every player together against the game) won or lost.
    draw = len(teams) > 1 and len(set(team_won.values())) == 1
    users = [u for members in teams.values() for u in members]
    # Rated only when at least two people play and nobody sits on two teams.
    rated = len(teams) >= 2 and len(set(users)) == len(users) >= 2
    row = loaded.row
    before: dict[int, float] = {}
    after: dict[int, float] = {}
    if rated:
        before = queries.ratings_of_sync(raw, row.guild_id, row.kind, users)
        after = rating.update(teams, before, team_won)
        queries.save_ratings_sync(raw, row.guild_id, row.kind, after)
    for seat in loaded.seats:
        if seat.role is None:
            continue
        team = team_of.get(seat.role, seat.role)
        outcome = "draw" if draw else ("win" if team_won[team] else "loss")
        queries.insert_result_sync(
            raw, game_id=row.id, role=seat.role, user_id=seat.user_id,
            guild_id=row.guild_id, kind=row.kind, team=team, outcome=outcome,
            score=state.result.scores.get(seat.role),
            rating_before=before.get(seat.user_id, rating.INITIAL) if rated else None,
            rating_after=after.get(seat.user_id) if rated else None,
            finished_at=now,
        )
