"""Land battles (Battles, Modifiers, Army 1-2, Capital, Buildings): d100 each side plus the
modifiers of ``battle.toml``, the defender wins ties, the loser loses one soldier a roll; the
attack goes on until one side is gone or the attacker is down to the withdraw point he set.
Then the capture: the province changes hands, bunkers lose a level, a capital falls.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.sixcontinents.army import movement, step_cost
from engine.games.sixcontinents.board import ADJACENT
from engine.games.sixcontinents.content import BATTLE, BUILDINGS, MODIFIERS, UNITS
from engine.games.sixcontinents.economy import weather
from engine.games.sixcontinents.flow import FLOW, colour, counted, place
from engine.games.sixcontinents.lasting import battle_bonus, bunker_damage
from engine.games.sixcontinents.realm import (
    capital_of,
    connected_provinces,
    lose_one,
    soldiers,
    units_in,
    units_of,
)
from engine.games.sixcontinents.state import REBELS, BattleRecord, SixState, Unit

Lines = list[tuple[str, int]]


@dataclass
class Attack:
    """An attack being fought: who, where, and the attacking units (they stay in their own
    provinces until the target is taken, so a withdrawal sends them nowhere)."""

    attacker: str
    target: str
    units: list[Unit]
    defenders: list[Unit]
    withdraw_at: int  # the attacker withdraws when down to this many soldiers (0: never)
    landing: bool = False  # troops landing from a ship (Modifiers 5)


def amount(modifier: str) -> int:
    return MODIFIERS[modifier].amount


def attacker_modifiers(state: SixState, attack: Attack) -> Lines:
    """The attacker's modifiers for the next roll (counts taken anew at every roll)."""
    lines: Lines = []
    origins: dict[str, int] = {}
    for unit in attack.units:
        origins[unit.province] = origins.get(unit.province, 0) + UNITS[unit.kind].soldiers
    if len(origins) > 1 and not attack.landing:
        lines.append(("several provinces", amount("several_provinces") * (len(origins) - 1)))
    more = soldiers(attack.units) - soldiers(attack.defenders)
    if more > 0:
        cap = MODIFIERS["more_soldiers"].max or 0
        lines.append(("more soldiers", min(cap, amount("more_soldiers") * more)))
    # Land Battles: where groups differ in a modifier, the larger group's counts
    largest = max(sorted(origins), key=lambda p: origins[p])
    if attack.landing:  # not added to the cut-off's -10 (Modifiers 6)
        lines.append(("landing", amount("landing")))
    # soldiers fighting in their own province (savages) are where they stand
    elif largest != attack.target and \
            largest not in connected_provinces(state, attack.attacker):
        lines.append(("cut off", amount("cut_off")))
    if state.provinces[attack.target].port:
        lines.append(("port", amount("port")))
    storm = weather(state).attack
    if storm:
        lines.append((weather(state).name.lower(), storm))
    against = state.provinces[attack.target].holder
    return lines + rebellious(state, attack.attacker, against) + weapon(state, attack.attacker)


def weapon(state: SixState, side: str) -> Lines:
    """Overseas 81-85: the new weapon's bonus to every battle roll of its owner."""
    bonus = battle_bonus(state, side)
    return [("new weapon", bonus)] if bonus else []


def rebellious(state: SixState, side: str, against: str) -> Lines:
    """Modifiers 4: -4 for each of ``side``'s provinces held by rebels, against a player."""
    if side not in state.realms or against not in state.realms:
        return []
    count = sum(1 for land in state.provinces.values()
                if land.owner == side and land.occupier == REBELS)
    return [("rebellious provinces", amount("rebellious_provinces") * count)] if count else []


def defender_modifiers(state: SixState, attack: Attack) -> Lines:
    land = state.provinces[attack.target]
    defender = land.holder
    lines: Lines = []
    bunkers = BUILDINGS[land.building].defence if land.building.startswith("bunker") else 0
    if bunkers:
        cannons = sum(1 for u in attack.units if UNITS[u.kind].cannon)
        off = (bunker_damage(state, attack.attacker) - amount("cannons_against_bunkers")) \
            * cannons
        lines.append(("bunkers", max(0, bunkers - off)))
    owner_of_capital = capital_of(state, attack.target)
    if owner_of_capital == defender:
        lines.append(("capital defence", amount("capital_defence")))
    elif owner_of_capital and owner_of_capital == attack.attacker:
        lines.append(("recapture", amount("recapture")))
    diggers = set(BATTLE.army.digging_in_units)
    if not bunkers and any(u.kind in diggers for u in attack.defenders):
        lines.append(("dug in", amount("digging_in")))
    if defender in state.realms and attack.target not in connected_provinces(state, defender):
        lines.append(("cut off", amount("cut_off")))
    return lines + rebellious(state, defender, attack.attacker) + weapon(state, defender)


def lines_text(lines: Lines) -> str:
    return "".join(f" {a:+d} {w}" for w, a in lines)


def fight(state: SixState, attack: Attack) -> bool:
    """Roll until one side is gone or the attacker withdraws; True when the attacker won.
    Every roll goes to the battle record and the log."""
    defender = state.provinces[attack.target].holder
    record = BattleRecord(province=attack.target, attacker=attack.attacker, defender=defender)
    state.battle = record
    state.say(f"{colour(attack.attacker)} attacks {place(attack.target)} ({colour(defender)}) "
              f"with {counted(soldiers(attack.units), 'soldier')} against "
              f"{soldiers(attack.defenders)}.", role=attack.attacker)
    at_start = {attack.attacker: soldiers(attack.units), defender: soldiers(attack.defenders)}
    while attack.units and attack.defenders:
        if attack.withdraw_at and soldiers(attack.units) <= attack.withdraw_at:
            record.outcome = "withdrawn"
            state.say(f"{colour(attack.attacker)} withdraws from {place(attack.target)} "
                      f"with {soldiers(attack.units)} soldiers.", role=attack.attacker)
            after_battle(state, attack, defender, attack.defenders, at_start)
            return False
        mine, theirs = attacker_modifiers(state, attack), defender_modifiers(state, attack)
        a_roll, d_roll = state.rng.roll(BATTLE.die), state.rng.roll(BATTLE.die)
        a_total = a_roll + sum(x for _, x in mine)
        d_total = d_roll + sum(x for _, x in theirs)
        won = a_total > d_total or (a_total == d_total and not BATTLE.defender_wins_ties)
        loser = attack.defenders if won else attack.units
        dead = lose_one(state, loser)
        text = (f"{a_roll}{lines_text(mine)} = {a_total} against "
                f"{d_roll}{lines_text(theirs)} = {d_total}: "
                f"{colour(attack.attacker if not won else defender)} loses "
                f"{'a' if dead else 'no'} soldier")
        record.rolls.append(text)
        state.say(f"{place(attack.target)}: {text}.", dice=[a_roll, d_roll])
    won = not attack.defenders
    record.outcome = "taken" if won else "repulsed"
    winner, left = (attack.attacker, attack.units) if won else (defender, attack.defenders)
    after_battle(state, attack, winner, left, at_start)
    return won


def after_battle(state: SixState, attack: Attack, winner: str, left: list[Unit],
                 at_start: dict[str, int]) -> None:
    """Between two players, what slavery makes of a battle (``slavery_prompts``): the winner
    with a slave camp may capture, the loser with slaves rolls for a mutiny. Asked once the
    questions the battle leads to (plunder or march) are answered."""
    loser = next((side for side in at_start if side != winner), "")
    if winner not in state.realms or loser not in state.realms:
        return
    camp = any(land.building == "slave_camp" and land.holder == winner
               for land in state.provinces.values())
    if not camp and not any(s.owner == loser for s in state.slaves):
        return
    kinds: dict[str, int] = {}
    for unit in left:
        kinds[unit.kind] = kinds.get(unit.kind, 0) + 1
    FLOW.push(state, "after_battle", winner, loser=loser, province=attack.target,
              enemy=at_start[loser], left=kinds, camp=camp)


def march_owed(state: SixState, units: list[Unit]) -> int:
    """The march of every attacking soldier from its province (the fallen included:
    computed before the battle)."""
    by_origin: dict[str, int] = {}
    for unit in units:
        by_origin[unit.province] = by_origin.get(unit.province, 0) + UNITS[unit.kind].soldiers
    return sum(step_cost(state, origin, n) for origin, n in by_origin.items())


def attack_forces(state: SixState, role: str, target: str, origin: str) -> list[Unit]:
    """The units of ``role`` that may attack ``target`` from ``origin`` ("all": every
    adjacent province): not fresh, a movement point left."""
    return [u for u in units_of(state, role)
            if (origin == "all" or u.province == origin)
            and u.province != target and movement(state, u) - u.used > 0 and not u.fresh
            and target in ADJACENT[u.province]]


def defenders_of(state: SixState, target: str) -> list[Unit]:
    holder = state.provinces[target].holder
    return [u for u in units_in(state, target) if u.owner == holder]
