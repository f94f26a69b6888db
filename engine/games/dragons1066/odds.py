"""Exact battle odds: the chance the attacker wins and each side's expected losses.

Every unit hits with its own chance each round (a die of n sides hits on 6 or more:
(n - 5) / n; a Castle never hits), so the hits of a side in a round follow a Poisson-binomial
distribution. A battle is a walk over (attackers lost, defenders lost): each round both sides
roll with every unit still standing (a defender killed this round rolls too), then the losses
are taken, the attacker's cheapest first and the defender's in the rules' fixed order, so the
units standing are always a suffix of each side's list. Rounds where nobody hits change
nothing and are divided out. Pure: no state, no randomness.
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
                value[i][j] = (float(won), float(won and any(is_land[i:])), float(i), float(j))
                continue
            a_hits = hits_distribution(attackers[i:])
            d_hits = hits_distribution(defenders[j:])
            stay = a_hits[0] * d_hits[0]
            totals = [0.0, 0.0, 0.0, 0.0]
            for ha, pa in enumerate(a_hits):
                for hd, pd in enumerate(d_hits):
                    if ha == 0 and hd == 0:
                        continue
                    p = pa * pd
                    after = value[min(a_count, i + hd)][min(d_count, j + ha)]
                    for n in range(4):
                        totals[n] += p * after[n]
            value[i][j] = (totals[0] / (1 - stay), totals[1] / (1 - stay),
                           totals[2] / (1 - stay), totals[3] / (1 - stay))
    win, conquer, a_lost, d_lost = value[0][0]
    # defenders lost count Castles first: the units lost are the ones past them
    unit_losses = _unit_losses(attackers, defenders, castles, d_lost)
    return Odds(win=win, conquer=conquer, attacker_losses=a_lost, defender_losses=unit_losses)


def _unit_losses(attackers: tuple[int, ...], defenders: tuple[int, ...], castles: int,
                 expected_lost: float) -> float:
    """Expected defender units lost: with no Castles every loss is a unit; with Castles the
    expectation of max(0, j - castles) needs the distribution of the final j."""
    if castles == 0:
        return expected_lost
    final = final_distribution(attackers, defenders)
    return sum(p * max(0, j - castles) for (_, j), p in final.items())


@lru_cache(maxsize=1024)
def final_distribution(attackers: tuple[int, ...],
                       defenders: tuple[int, ...]) -> dict[tuple[int, int], float]:
    """P(the battle ends with i attackers and j defenders lost), forward over the rounds."""
    a_count, d_count = len(attackers), len(defenders)
    reach: dict[tuple[int, int], float] = {(0, 0): 1.0}
    final: dict[tuple[int, int], float] = {}
    for total in range(a_count + d_count + 1):
        for i in range(a_count + 1):
            j = total - i
            p_here = reach.pop((i, j), 0.0) if 0 <= j <= d_count else 0.0
            if p_here == 0.0:
                continue
            if i == a_count or j == d_count:
                final[(i, j)] = final.get((i, j), 0.0) + p_here
                continue
            a_hits = hits_distribution(attackers[i:])
            d_hits = hits_distribution(defenders[j:])
            stay = a_hits[0] * d_hits[0]
            for ha, pa in enumerate(a_hits):
                for hd, pd in enumerate(d_hits):
                    if ha == 0 and hd == 0:
                        continue
                    key = (min(a_count, i + hd), min(d_count, j + ha))
                    reach[key] = reach.get(key, 0.0) + p_here * pa * pd / (1 - stay)
    return final
