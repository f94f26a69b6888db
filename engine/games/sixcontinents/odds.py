"""The chance that an attack wins, shown on the one-choice attacks (rules revision 2, issue
13: odds on the choice itself), on land and at sea.

A battle is a run of d100 rolls, the loser of each losing one soldier (``battle.fight``,
``sea_battle.fight``: "conducted in the same way as land battles"). The modifiers of the
first roll are kept for the whole battle except "more soldiers", which is worked out anew for
every count of soldiers, as the rules do; the others (provinces, bunkers against cannons)
change only when a whole group falls, so the figure is exact for most battles and close for
the rest. A pure function of its numbers, remembered.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.games.sixcontinents.battle import (
    Attack,
    attack_forces,
    attacker_modifiers,
    defender_modifiers,
    defenders_of,
)
from engine.games.sixcontinents.content import BATTLE, MODIFIERS
from engine.games.sixcontinents.navy import strength, warships
from engine.games.sixcontinents.realm import soldiers
from engine.games.sixcontinents.sea_battle import SeaAttack, sea_defenders, sea_modifiers
from engine.games.sixcontinents.state import Ship, SixState

MORE = "more soldiers"  # the modifier's line in ``attacker_modifiers``


@cache
def roll_won(edge: int) -> float:
    """The chance that one roll goes to the attacker whose total is ``edge`` above the
    defender's before the dice (ties as ``battle.toml`` says)."""
    die = BATTLE.die
    wins = sum(1 for a in range(1, die + 1) for d in range(1, die + 1)
               if a + edge > d or (a + edge == d and not BATTLE.defender_wins_ties))
    return wins / (die * die)


@lru_cache(maxsize=4096)
def chance_to_take(attackers: int, defenders: int, edge: int,
                   more_soldiers: str = "more_soldiers") -> float:
    """The chance that ``attackers`` soldiers fighting to the end beat ``defenders``, with
    ``edge`` (every modifier but ``more_soldiers``, the land's or the sea's) on each roll."""
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    per = MODIFIERS[more_soldiers].amount
    cap = MODIFIERS[more_soldiers].max or 0
    # won[d]: the chance to win with the current number of attackers against d defenders
    won = [1.0] + [0.0] * defenders  # no attacker left: every d > 0 is lost
    for a in range(1, attackers + 1):
        row = [1.0]
        for d in range(1, defenders + 1):
            more = min(cap, per * (a - d)) if a > d else 0
            p = roll_won(edge + more)
            row.append(p * row[d - 1] + (1 - p) * won[d])
        won = row
    return won[defenders]


def attack_odds(state: SixState, role: str, target: str, origin: str = "all") -> float:
    """The chance that every unit of ``role`` able to attack ``target`` from ``origin``,
    fighting to the end, takes it."""
    units = attack_forces(state, role, target, origin)
    defenders = defenders_of(state, target)
    attack = Attack(attacker=role, target=target, units=units, defenders=defenders,
                    withdraw_at=0)
    edge = sum(a for line, a in attacker_modifiers(state, attack) if line != MORE) - sum(
        a for _, a in defender_modifiers(state, attack))
    return chance_to_take(soldiers(units), soldiers(defenders), edge)


def sea_attack_odds(state: SixState, role: str, origin: str, ships: list[Ship],
                    zone: str) -> float:
    """The chance that ``ships`` of ``role`` on ``origin``, fighting to the end, beat the
    fleet on ``zone`` (its warships fight; transporters do not)."""
    defenders = sea_defenders(state, role, zone)
    attack = SeaAttack(attacker=role, origin=origin, zone=zone, ships=list(ships),
                       defenders=defenders, withdraw_at=0)
    edge = sum(a for line, a in sea_modifiers(state, attack, "attacker") if line != MORE) - sum(
        a for line, a in sea_modifiers(state, attack, "defender") if line != MORE)
    return chance_to_take(strength(warships(ships)), strength(warships(defenders)), edge,
                          "more_soldiers_at_sea")


def percent(chance: float) -> str:
    """"87%", never a sure "100%" or "0%" while a die can still say otherwise."""
    shown = round(100 * chance)
    if chance < 1:
        shown = min(shown, 99)
    if chance > 0:
        shown = max(shown, 1)
    return f"{shown}%"
