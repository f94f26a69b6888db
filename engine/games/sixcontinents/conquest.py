"""What an attack leads to: the province taken (bunkers lose a level, capitals change
hands), the plunder or the march paid (General rules 6-7, Buildings, Capital)."""

from __future__ import annotations

from engine.games.sixcontinents.army import movement
from engine.games.sixcontinents.content import REALM
from engine.games.sixcontinents.economy import remove_building, sink_docked
from engine.games.sixcontinents.flow import building_name, colour, place
from engine.games.sixcontinents.lasting import TREE_MARKER
from engine.games.sixcontinents.realm import capital_of, pay
from engine.games.sixcontinents.robbery import end_robbery
from engine.games.sixcontinents.slavery import province_taken
from engine.games.sixcontinents.state import SixState, Unit


def spend_moves(state: SixState, units: list[Unit]) -> None:
    """Units that attacked have spent their movement, whatever the outcome."""
    for unit in units:
        unit.used = movement(state, unit)


def take(state: SixState, attacker: str, target: str, survivors: list[Unit]) -> None:
    """``attacker``'s ``survivors`` march into ``target``, which he now holds."""
    land = state.provinces[target]
    loser = land.holder
    for unit in survivors:
        unit.province = target
    province_taken(state, attacker, target)
    if land.building == "bunker_2":
        land.building = "bunker_1"
        state.say(f"The bunkers of {place(target)} fall to level 1.")
    elif land.building == "bunker_1":
        land.building = ""
        state.say(f"The bunkers of {place(target)} are destroyed.")
    if land.robbery:
        end_robbery(state, target)
    for other in state.realms:
        if other != attacker:
            sink_docked(state, target, other)
    land.occupier = "" if land.owner == attacker else attacker
    state.say(f"{colour(attacker)} takes {place(target)} from {colour(loser)}"
              + (" and occupies it." if land.occupier else "."), role=attacker)
    for role, realm in state.realms.items():
        if role != attacker and realm.seat == target:
            realm.seat = ""
            state.say(f"{colour(role)} has lost the seat of government in {place(target)}: "
                      "a temporary capital is chosen at the start of his turn.")
    if capital_of(state, target) == attacker:
        state.realms[attacker].seat = target
        state.say(f"{colour(attacker)} recaptures the capital.", role=attacker)


def plunder_fine(state: SixState, province: str) -> int:
    """Currency owed for the red tokens that do not fit (General rule 7)."""
    room = REALM.provinces.max_red_tokens - state.provinces[province].red_tokens
    missing = max(0, REALM.provinces.plunder_tokens - room)
    return missing * REALM.provinces.missing_token_fine


def plunder(state: SixState, role: str, province: str) -> None:
    """Every building destroyed, 2 red tokens (at most 5; the rest paid for, as far as the
    treasury goes)."""
    land = state.provinces[province]
    gone = land.buildings()
    for building in gone:
        remove_building(state, province, building)
    if TREE_MARKER in land.markers:  # overseas 16-18: "destroyed by a pillaging attack"
        land.markers.remove(TREE_MARKER)
        state.say(f"The coconut tree of {place(province)} is cut down.")
    fine = min(plunder_fine(state, province), state.realms[role].currency)
    placed = min(REALM.provinces.plunder_tokens,
                 REALM.provinces.max_red_tokens - land.red_tokens)
    land.red_tokens += placed
    pay(state, role, fine)
    what = ", ".join(building_name(b).lower() for b in gone) or "no building"
    state.say(f"{colour(role)} plunders {place(province)}: {what} destroyed, {placed} red "
              f"token{'s' if placed != 1 else ''} placed" + (f", {fine} paid" if fine else "")
              + ".", role=role)
