"""Exact battle odds: the chance the attacker wins and each side's expected losses.

Every unit hits with its own chance each round (a die of n sides hits on 6 or more:
(n - 5) / n; a Castle never hits), so the hits of a side in a round follow a Poisson-binomial
distribution. A battle is a walk over (attackers lost, defenders lost): each round both sides
roll with every unit still standing (a defender killed this round rolls too), then the losses
are taken, the attacker's cheapest first and the defender's in the rules' fixed order, so the
units standing are always a suffix of each side's list. Rounds where nobody hits change
nothing and are divided out; hit counts below 1e-15 are left out (their weight cannot
show). Pure: no state, no randomness.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from pydantic import BaseModel

CASTLE = 0  # a Castle in a list of dice: it never hits


class Odds(BaseModel):
    """``win``: the defenders are all gone and an attacker stands; ``conquer``: and one of
    the attacker's land units stands (a land changes hands only then); losses count units,
    not Castles (they are never destroyed)."""

    win: float
    conquer: float
    attacker_losses: float
    defender_losses: float


def hit_chance(die: int) -> Fraction:
    """A roll of 6 or more: 1/6 on a d6, 7/12 on a d12, 3/4 on a d20; a Castle never hits."""
    return Fraction(0) if die == CASTLE else Fraction(die - 5, die)


# Hit counts less likely than this are left out of a round's outcomes: in a big battle the
# far tails hold no visible probability, and walking them was most of the time.
NEGLIGIBLE = 1e-15


@lru_cache(maxsize=4096)
def hits_distribution(dice: tuple[int, ...]) -> tuple[float, ...]:
    """P(k hits) for k = 0 .. len(dice) when each die rolls once (Poisson-binomial)."""
    dist = [1.0]
    for die in dice:
        p = float(hit_chance(die))
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return tuple(dist)


@lru_cache(maxsize=4096)
def likely_hits(dice: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """(hits, chance) for every hit count that is not negligible (0 hits always kept)."""
    return tuple((k, q) for k, q in enumerate(hits_distribution(dice))
                 if k == 0 or q > NEGLIGIBLE)


@lru_cache(maxsize=4096)
def battle_odds(attackers: tuple[int, ...], defenders: tuple[int, ...],
                land: tuple[bool, ...] = ()) -> Odds:
    """Odds of a battle fought to the end. ``attackers``: their dice in the order they are
    lost (cheapest first); ``defenders``: in the rules' loss order (Castles, as 0, first);
    ``land``: for each attacker, whether it is a land unit (default: all are)."""
    a_count, d_count = len(attackers), len(defenders)
    is_land = land or (True,) * a_count
    castles = sum(1 for die in defenders if die == CASTLE)
    if a_count == 0 or d_count == 0:
        won = a_count > 0
        return Odds(win=float(won), conquer=float(won and any(is_land)),
                    attacker_losses=0.0, defender_losses=0.0)
    # value[i][j]: (win, conquer, final attackers lost, final defenders lost) from (i, j)
    value: list[list[tuple[float, float, float, float]]] = [
        [(0.0, 0.0, 0.0, 0.0)] * (d_count + 1) for _ in range(a_count + 1)]
    for i in range(a_count, -1, -1):
        for j in range(d_count, -1, -1):
            if i == a_count or j == d_count:
                won = i < a_count and j == d_count
                # defender losses count units only: Castles are lost first and restored
                value[i][j] = (float(won), float(won and any(is_land[i:])), float(i),
                               float(max(0, j - castles)))
                continue
            a_hits = likely_hits(attackers[i:])
            d_hits = likely_hits(defenders[j:])
            win = conquer = a_lost = d_lost = mass = 0.0
            for ha, pa in a_hits:
                for hd, pd in d_hits:
                    if ha == 0 and hd == 0:
                        continue
                    p = pa * pd
                    after = value[min(a_count, i + hd)][min(d_count, j + ha)]
                    win += p * after[0]
                    conquer += p * after[1]
                    a_lost += p * after[2]
                    d_lost += p * after[3]
                    mass += p
            # ``mass``: 1 - P(nobody hits), but for the negligible tails left out
            value[i][j] = (win / mass, conquer / mass, a_lost / mass, d_lost / mass)
    win, conquer, a_lost, d_lost = value[0][0]
    return Odds(win=win, conquer=conquer, attacker_losses=a_lost, defender_losses=d_lost)
