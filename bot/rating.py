"""Elo ratings per game kind, for teams as well as for single players.

A team plays at the average rating of its members. Every pair of teams is one Elo
match: the winner scores 1, the loser 0, a tie (both won or both lost) 0.5. A team's
change is K times the sum over its opponents of (score - expected), divided by the
number of opponents, so a two-team game is exactly classic Elo. Every member of a
team moves by the team's change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

INITIAL = 1200.0
K = 32.0


def expected(rating: float, opponent: float) -> float:
    """Expected score of ``rating`` against ``opponent`` (0..1)."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def team_rating(members: Sequence[float]) -> float:
    return sum(members) / len(members)


def team_changes(
    ratings: Mapping[str, Sequence[float]], won: Mapping[str, bool], k: float = K
) -> dict[str, float]:
    """Rating change per team, given each team's members' ratings and whether it won."""
    teams = [t for t in ratings if ratings[t]]
    if len(teams) < 2:
        return {t: 0.0 for t in ratings}
    strength = {t: team_rating(ratings[t]) for t in teams}
    changes: dict[str, float] = {}
    for team in teams:
        total = 0.0
        for other in teams:
            if other == team:
                continue
            score = 0.5 if won[team] == won[other] else (1.0 if won[team] else 0.0)
            total += score - expected(strength[team], strength[other])
        changes[team] = k * total / (len(teams) - 1)
    return changes


def update(
    teams: Mapping[str, Sequence[int]],
    current: Mapping[int, float],
    won: Mapping[str, bool],
    k: float = K,
) -> dict[int, float]:
    """New rating of every user, from team membership (team -> user ids) and who won.

    Users without a rating yet start at :data:`INITIAL`.
    """
    ratings = {t: [current.get(u, INITIAL) for u in users] for t, users in teams.items()}
    changes = team_changes(ratings, won, k)
    return {
        user: current.get(user, INITIAL) + changes.get(team, 0.0)
        for team, users in teams.items()
        for user in users
    }
