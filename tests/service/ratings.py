"""Expected ratings computed straight with the rating library, for the tests to compare with."""

from __future__ import annotations

from bot import rating


def one_game(winner: str, loser: str) -> tuple[rating.Skill, rating.Skill]:
    """The skills of two new players after one of them beat the other."""
    model = rating.MODEL
    (won,), (lost,) = model.rate([[model.rating(name=winner)], [model.rating(name=loser)]],
                                 ranks=[1, 2])
    return rating.Skill(won.mu, won.sigma), rating.Skill(lost.mu, lost.sigma)
