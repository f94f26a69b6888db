"""Internal expeditions (Economy 2.0, Expeditions): 10 currency sends one to a province of
one's own without a building, once per province in the whole game; at the start of the
sender's turn 2 turns later, d100 on the internal table: a mineral to buy (K: 6 for +3 a
turn, K+: 10 for +4), nothing, an artifact (16), poisoned water (no farm or granary ever) or
d10 savages who take the province (the owner's soldiers there fight them or leave)."""

from __future__ import annotations

from engine.games.sixcontinents.board import ADJACENT
from engine.games.sixcontinents.economy import sink_docked
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import (
    held,
    is_capital,
    pay,
    receive,
    units_of,
)
from engine.games.sixcontinents.state import NEUTRAL, SixState, Unit
from engine.games.sixcontinents.tables import D100, expedition, expedition_outcome

INTERNAL = expedition("internal")


def expedition_sites(state: SixState, role: str) -> list[str]:
    """Provinces ``role`` owns (not occupies) with no building, never explored, no robbery."""
    if state.realms[role].currency < INTERNAL.cost:
        return []
    return [p for p in held(state, role)
            if (land := state.provinces[p]).owner == role and not land.occupier
            and not land.buildings() and not land.explorer and not land.robbery
            and not land.fading and not is_capital(state, p)]


def send(state: SixState, role: str, province: str) -> None:
    if province not in expedition_sites(state, role):
        raise ValueError(f"{role} may not send an expedition to {province}")
    pay(state, role, INTERNAL.cost)
    land = state.provinces[province]
    land.explorer, land.expedition = role, INTERNAL.turns
    state.say(f"{colour(role)} sends an expedition into {place(province)} for "
              f"{INTERNAL.cost}: back in {INTERNAL.turns} turns.", role=role)


def expeditions_due(state: SixState, role: str) -> None:
    """At the start of ``role``'s turn: a turn less for each of his expeditions; those due
    come back and roll d100. One whose province he no longer holds comes back empty."""
    for province, land in state.provinces.items():
        if land.explorer != role or not land.expedition:
            continue
        land.expedition -= 1
        if land.expedition:
            continue
        if land.holder != role:
            state.say(f"The expedition into {place(province)} comes back to a province "
                      f"{colour(role)} no longer holds: nothing.", role=role)
            continue
        roll = state.rng.roll(D100)
        row = expedition_outcome("internal", roll)
        state.say(f"{colour(role)}'s expedition into {place(province)}: {roll}, {row.name}.",
                  role=role, dice=[roll])
        if row.kind == "mineral":
            FLOW.push(state, "mineral", role, province=province, row=row.id)
        elif row.kind == "currency":
            receive(state, role, row.currency)
        elif row.kind == "poison":
            land.markers.append(row.marker)
        elif row.kind == "savages":
            savages(state, role, province, row.die)


def buy_mineral(state: SixState, role: str, province: str, cost: int, income: int,
                marker: str) -> None:
    pay(state, role, cost)
    land = state.provinces[province]
    land.mineral = income
    land.markers.append(marker)
    state.say(f"{colour(role)} pays {cost} for the mineral of {place(province)}: "
              f"+{income} a turn ({marker}).", role=role)


def savages(state: SixState, role: str, province: str, die: int) -> None:
    """d``die`` neutral infantry take the province; the owner's soldiers there are asked to
    fight or leave."""
    count = state.rng.roll(die)
    for _ in range(count):
        state.units.append(Unit(id=state.next_unit, kind="infantry", owner=NEUTRAL,
                                province=province))
        state.next_unit += 1
    state.provinces[province].occupier = NEUTRAL
    state.say(f"{count} savages take {place(province)}.", dice=[count])
    sink_docked(state, province)  # a port taken loses the ships docked there (Sea voyages)
    for other, realm in state.realms.items():
        if realm.seat == province:  # a temporary capital
            realm.seat = ""
            state.say(f"{colour(other)} has lost the seat of government in "
                      f"{place(province)}: a temporary capital is chosen at the start of "
                      "his turn.")
    if units_of(state, role, province):
        FLOW.push(state, "savages", role, province=province)


def retreats(state: SixState, role: str, province: str) -> list[str]:
    """Where the owner's soldiers may leave the savages for: his adjacent provinces."""
    return sorted(p for p in ADJACENT[province] if state.provinces[p].holder == role)
