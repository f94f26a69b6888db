"""Transporters (Sea battles: "a transport ship, which can carry 5 soldiers on board and
decant them anywhere"): troops that can still move board a transporter of theirs from a
province of their own on the sea zone's coast, sail with it, and come ashore in any coastal
province of the zone it is on, as from a voyage ship (an empty province taken, one's own
joined, another attacked at -12 to the end, the march owed after an attack)."""

from __future__ import annotations

from engine.games.sixcontinents.army import movable
from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.content import SHIPS, UNITS
from engine.games.sixcontinents.economy import march_cost
from engine.games.sixcontinents.flow import colour, place
from engine.games.sixcontinents.landing import ashore
from engine.games.sixcontinents.navy import TRANSPORTER, cargo_soldiers, fleet_of, zone_name
from engine.games.sixcontinents.realm import capital_of, held, soldiers
from engine.games.sixcontinents.state import Ship, SixState, Unit
from engine.games.sixcontinents.voyages import cargo_text

CAPACITY = SHIPS[TRANSPORTER].capacity


def transporters(state: SixState, role: str) -> list[Ship]:
    return [s for s in fleet_of(state, role) if s.kind == TRANSPORTER]


def room(ship: Ship) -> int:
    return CAPACITY - cargo_soldiers(ship)


def boarding(state: SixState, role: str, ship: Ship) -> dict[str, dict[str, int]]:
    """Province on ``ship``'s coast -> movable group -> how many of it fit on board."""
    found: dict[str, dict[str, int]] = {}
    for province in held(state, role):
        if ship.zone not in PROVINCES[province].seas:
            continue
        for key, units in movable(state, role, province).items():
            most = min(len(units), room(ship) // UNITS[units[0].kind].soldiers)
            if most:
                found.setdefault(province, {})[key] = most
    return found


def loadable(state: SixState, role: str) -> list[Ship]:
    """Transporters of ``role`` with room for troops standing on their coast."""
    return [s for s in transporters(state, role) if boarding(state, role, s)]


def load(state: SixState, role: str, ship_id: int, province: str, key: str,
         count: int) -> None:
    ship = next((s for s in loadable(state, role) if s.id == ship_id), None)
    if ship is None or count < 1 or count > boarding(state, role, ship).get(
            province, {}).get(key, 0):
        raise ValueError(f"{role} may not load {count} {key} from {province}")
    units = movable(state, role, province)[key][:count]
    for unit in units:
        state.units.remove(unit)
        unit.province = ""
        ship.cargo.append(unit)
    state.say(f"{colour(role)} loads {cargo_text(units)} from {place(province)} onto a "
              f"transporter on the {zone_name(ship.zone)}.", role=role)


def unloadable(state: SixState, role: str) -> list[Ship]:
    return [s for s in transporters(state, role) if s.cargo]


def landing_places(ship: Ship) -> list[str]:
    """Every coastal province on the transporter's zone."""
    return sorted(p for p, info in PROVINCES.items() if ship.zone in info.seas)


def landing_march(state: SixState, target: str, units: list[Unit]) -> int:
    """The standard march of troops landing (none at a capital: Capital)."""
    return 0 if capital_of(state, target) else soldiers(units) * march_cost(state)


def unload(state: SixState, role: str, ship_id: int, target: str) -> None:
    ship = next((s for s in unloadable(state, role) if s.id == ship_id), None)
    if ship is None or target not in landing_places(ship):
        raise ValueError(f"{role} may not land troops in {target}")
    units, ship.cargo = ship.cargo, []
    state.say(f"{colour(role)}'s transporter on the {zone_name(ship.zone)} lands "
              f"{cargo_text(units)} in {place(target)}.", role=role)
    ashore(state, role, target, units, landing_march(state, target, units))
