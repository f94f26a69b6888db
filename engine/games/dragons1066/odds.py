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
from operator import mul

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
def likely_hits(dice: tuple[int, ...]) -> tuple[float, int, tuple[float, ...]]:
    """P(0 hits), and the band of hit counts that are not negligible: its first count and
    their chances (the distribution has one peak, so the band is contiguous)."""
    dist = hits_distribution(dice)
    kept = [k for k, q in enumerate(dist) if q > NEGLIGIBLE]
    low, high = (kept[0], kept[-1]) if kept else (0, 0)
    return dist[0], low, dist[low:high + 1]


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
    # table[c][j][i]: component c (win, conquer, attackers lost, defender units lost) at the
    # end of a battle from (i attackers lost, j defenders lost); i runs past a_count (as
    # many as a round can kill) holding the value at a_count, so a slice needs no clipping
    width = a_count + 1 + d_count
    table = [[[0.0] * width for _ in range(d_count + 1)] for _ in range(4)]
    for j in range(d_count + 1):
        # all attackers lost: the defender holds (units lost count Castles out: restored)
        for i in range(a_count, width):
            table[2][j][i], table[3][j][i] = float(a_count), float(max(0, j - castles))
    for i in range(a_count):
        won_land = float(any(is_land[i:]))
        table[0][d_count][i], table[1][d_count][i] = 1.0, won_land
        table[2][d_count][i], table[3][d_count][i] = float(i), float(d_count - castles)
    # conquer is win when every attacker is a land unit, and 0 when none is: the same
    # sums would be made again (the same floats), so they are copied or left at 0
    all_land = all(is_land)
    components = (0, 2, 3) if all_land or not any(is_land) else (0, 1, 2, 3)
    for i in range(a_count - 1, -1, -1):
        a_zero, a_low, a_band = likely_hits(attackers[i:])
        a_outcomes = [(0, a_zero)] if a_low > 0 else []
        a_outcomes += [(a_low + n, p) for n, p in enumerate(a_band)]
        a_mass = sum(p for _, p in a_outcomes)
        for j in range(d_count - 1, -1, -1):
            d_zero, d_low, d_band = likely_hits(defenders[j:])
            start, stop = i + d_low, i + d_low + len(d_band)
            # the (0 hits, 0 hits) round changes nothing: its cell is still 0 here, and
            # ``mass`` leaves it out (and the negligible tails)
            mass = a_mass * (sum(d_band) + (d_zero if d_low else 0.0)) - a_zero * d_zero
            rows = [(pa, min(d_count, j + ha)) for ha, pa in a_outcomes]
            for c in components:
                part = table[c]
                total = 0.0
                for pa, row in rows:
                    column = part[row]
                    after = sum(map(mul, d_band, column[start:stop]))
                    if d_low:
                        after += d_zero * column[i]
                    total += pa * after
                part[j][i] = total / mass
            if all_land:
                table[1][j][i] = table[0][j][i]
    win, conquer, a_lost, d_lost = (table[c][0][0] for c in range(4))
    return Odds(win=win, conquer=conquer, attacker_losses=a_lost, defender_losses=d_lost)
