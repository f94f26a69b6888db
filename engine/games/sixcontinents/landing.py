"""A voyage's arrival and troops coming ashore from a ship or a transporter (Sea voyages,
Sea battles, Modifiers 5): the destination is shown, the troops land: an empty province is
taken, one's own is joined, anyone else's is attacked at -12, to the end (there is nowhere
to withdraw to). The march is standard: plundered or paid after a victory, paid even after
a defeat (as far as the treasury goes)."""

from __future__ import annotations

from engine.games.sixcontinents.battle import Attack, defenders_of, fight
from engine.games.sixcontinents.conquest import spend_moves, take
from engine.games.sixcontinents.economy import march_cost
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import capital_of, pay
from engine.games.sixcontinents.state import SixState, Unit, Voyage
from engine.games.sixcontinents.victory import check_capitals
from engine.games.sixcontinents.voyages import (
    arrive_by_port,
    cargo_text,
    dock,
    march_at_landing,
)


def land(state: SixState, voyage: Voyage) -> None:
    if voyage.transfer:
        arrive_by_port(state, voyage)
        return
    role, target = voyage.owner, voyage.destination
    state.reveals += 1
    march = march_at_landing(state, voyage, march_cost(state))
    state.say(f"{colour(role)}'s ship from {place(voyage.port)} arrives at {place(target)} "
              f"with {cargo_text(voyage.units)}.", role=role)
    dock(state, voyage)
    ashore(state, role, target, voyage.units, march)


def ashore(state: SixState, role: str, target: str, units: list[Unit], march: int) -> None:
    """Troops off a ship or a transporter step ashore in ``target``: they take it if it is
    empty, join their own, or attack at -12 to the end; ``march`` is owed after an
    attack."""
    for unit in units:
        unit.province = target
        state.units.append(unit)
    land = state.provinces[target]
    if land.holder in ("", role):
        if not land.holder:
            land.owner = role
            state.say(f"{colour(role)} takes {place(target)}.", role=role)
        spend_moves(state, units)
        return
    attack = Attack(attacker=role, target=target, units=list(units),
                    defenders=defenders_of(state, target), withdraw_at=0, landing=True)
    won = fight(state, attack)
    spend_moves(state, attack.units)
    if not won:
        paid = min(march, state.realms[role].currency)
        pay(state, role, paid)
        if paid:
            state.say(f"{colour(role)} pays {paid} for the march of the landing.", role=role)
        return
    take(state, role, target, attack.units)
    if check_capitals(state) or capital_of(state, target):
        return
    FLOW.push(state, "plunder", role, province=target, march=march)
