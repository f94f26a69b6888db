"""Expected ratings computed straight with the rating library, for the tests to compare with."""

from __future__ import annotations

from bot import rating
from bot.rating import Skill


def library(teams: list[list[Skill]], ranks: list[float]) -> list[list[Skill]]:
    """The library itself, called directly (each team's side is its last member)."""
    model = rating.MODEL
    rated = model.rate([[model.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
                       ranks=ranks)
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]


def one_game(winner: str, loser: str) -> tuple[Skill, Skill]:
    """The skills of two new players after one of them beat the other, in the first rated
    game of its kind on the server (both sides still at their equal start); the names only
    document who is who."""
    side = rating.SIDE_INITIAL
    [[won, _], [lost, _]] = library([[rating.INITIAL, side], [rating.INITIAL, side]], [1, 2])
    return won, lost
