"""Exact odds against small battles worked out by hand, and against a plain recursion."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from engine.games.dragons1066.odds import CASTLE, battle_odds, hit_chance, hits_distribution


def close(value: float, exact: Fraction) -> bool:
    return abs(value - float(exact)) < 1e-12


def test_hit_chances_are_the_public_facts() -> None:
    assert hit_chance(6) == Fraction(1, 6)
    assert hit_chance(12) == Fraction(7, 12)
    assert hit_chance(20) == Fraction(3, 4)
    assert hit_chance(CASTLE) == 0


def test_hits_of_two_dice() -> None:
    none, one, two = hits_distribution((6, 20))
    assert close(none, Fraction(5, 6) * Fraction(1, 4))
    assert close(one, Fraction(1, 6) * Fraction(1, 4) + Fraction(5, 6) * Fraction(3, 4))
    assert close(two, Fraction(1, 6) * Fraction(3, 4))


def test_one_legion_against_one_legion() -> None:
    # a round decides when someone hits (11/36); the attacker wins if only it hits (5/36);
    # both hitting at once kills both, and the land stays the defender's
    odds = battle_odds((6,), (6,))
    assert close(odds.win, Fraction(5, 11))
    assert close(odds.attacker_losses, Fraction(6, 11))
    assert close(odds.defender_losses, Fraction(6, 11))


def test_a_warbeast_against_a_legion() -> None:
    odds = battle_odds((20,), (6,))
    assert close(odds.win, Fraction(15, 19))  # (3/4 * 5/6) / (1 - 1/4 * 5/6)


def test_a_lone_castle_never_hits_and_is_not_a_unit_lost() -> None:
    odds = battle_odds((6,), (CASTLE,))
    assert close(odds.win, Fraction(1)) and odds.attacker_losses == 0
    assert odds.defender_losses == 0


def test_castles_are_lost_first() -> None:
    # a Castle before a Legion: the first hit takes the Castle, so the Legion gets more rolls
    with_castle = battle_odds((12,), (CASTLE, 6))
    without = battle_odds((12,), (6,))
    assert with_castle.win < without.win
    assert with_castle.defender_losses <= 1


def test_air_attackers_alone_cannot_conquer() -> None:
    odds = battle_odds((12,), (6,), land=(False,))
    assert odds.conquer == 0 and odds.win > 0


def test_an_empty_side() -> None:
    assert battle_odds((6,), ()).win == 1
    assert battle_odds((), (6,)).win == 0


@cache
def recursion(attackers: tuple[int, ...], defenders: tuple[int, ...]) -> Fraction:
    """The chance to win, exactly, straight from the rules: every standing unit rolls."""
    if not defenders:
        return Fraction(int(bool(attackers)))
    if not attackers:
        return Fraction(0)
    total, stay = Fraction(0), Fraction(0)
    for a_mask in range(1 << len(attackers)):
        pa = Fraction(1)
        for n, die in enumerate(attackers):
            p = hit_chance(die)
            pa *= p if a_mask >> n & 1 else 1 - p
        for d_mask in range(1 << len(defenders)):
            pd = Fraction(1)
            for n, die in enumerate(defenders):
                p = hit_chance(die)
                pd *= p if d_mask >> n & 1 else 1 - p
            ha, hd = bin(a_mask).count("1"), bin(d_mask).count("1")
            if ha == 0 and hd == 0:
                stay += pa * pd
                continue
            total += pa * pd * recursion(attackers[hd:], defenders[ha:])
    return total / (1 - stay)


@pytest.mark.parametrize(("attackers", "defenders"), [
    ((6, 6), (6,)), ((6, 12), (CASTLE, 6)), ((6, 6, 20), (6, 12)), ((12,), (CASTLE, 20)),
])
def test_odds_match_a_plain_recursion(attackers: tuple[int, ...],
                                      defenders: tuple[int, ...]) -> None:
    assert close(battle_odds(attackers, defenders).win, recursion(attackers, defenders))
