"""Fishing boats (Fishing boats; Sea voyages): a player with a port and a capital at level 2
("ships") builds one for 7 on a sea zone his port touches, one boat per zone whoever owns
it; it moves 2 zones a turn and brings 1 food and 1 currency a turn while its owner holds a
port to land the catch that no enemy warship blockades (Sea battles)."""

from __future__ import annotations

from engine.games.sixcontinents.board import PROVINCES, SEA_ADJACENT, SEAS
from engine.games.sixcontinents.content import SHIPS, level_allowing, price
from engine.games.sixcontinents.flow import colour
from engine.games.sixcontinents.navy import open_ports
from engine.games.sixcontinents.realm import held, pay
from engine.games.sixcontinents.state import Ship, SixState

BOAT = "fishing_boat"


def sea_name(zone: str) -> str:
    return SEAS[zone].name


def ports(state: SixState, role: str) -> list[str]:
    return [p for p in held(state, role) if state.provinces[p].port]


def boats(state: SixState, role: str | None = None) -> list[Ship]:
    return [s for s in state.ships if s.kind == BOAT and (role is None or s.owner == role)]


def fished(state: SixState) -> set[str]:
    """Sea zones with a fishing boat on them (one each: ``max_per_sea_zone``)."""
    return {s.zone for s in boats(state)}


def boat_sites(state: SixState, role: str) -> list[str]:
    """Sea zones where ``role`` may put a new fishing boat now (affordable included): off
    a port of his that is not blockaded."""
    realm = state.realms[role]
    if realm.level < level_allowing("ships") or realm.currency < price(BOAT):
        return []
    taken = fished(state)
    return sorted({z for p in open_ports(state, role) for z in PROVINCES[p].seas} - taken)


def build_boat(state: SixState, role: str, zone: str) -> None:
    if zone not in boat_sites(state, role):
        raise ValueError(f"{role} may not put a fishing boat on {zone}")
    pay(state, role, price(BOAT))
    state.ships.append(Ship(id=state.next_unit, kind=BOAT, owner=role, zone=zone, fresh=True))
    state.next_unit += 1
    state.say(f"{colour(role)} puts a fishing boat on the {sea_name(zone)} for "
              f"{price(BOAT)}.", role=role)


def boat_moves(state: SixState, role: str) -> dict[str, list[str]]:
    """Zone of a boat of ``role`` with a movement point left -> the zones it may enter."""
    taken = fished(state)
    found: dict[str, list[str]] = {}
    for boat in boats(state, role):
        if boat.fresh or boat.used >= SHIPS[BOAT].movement:
            continue
        free = sorted(z for z in SEA_ADJACENT[boat.zone] if z not in taken)
        if free:
            found[boat.zone] = free
    return found


def move_boat(state: SixState, role: str, start: str, to: str) -> None:
    if to not in boat_moves(state, role).get(start, []):
        raise ValueError(f"{role} may not sail from {start} to {to}")
    boat = next(b for b in boats(state, role) if b.zone == start)
    boat.zone = to
    boat.used += 1
    state.say(f"{colour(role)}'s fishing boat sails from the {sea_name(start)} to the "
              f"{sea_name(to)}.", role=role)


def catch(state: SixState, role: str) -> int:
    """Boats bringing their catch this turn: all of them while ``role`` holds a port that
    is not blockaded ("unless the player has another port": Sea battles, Fishing boats)."""
    return len(boats(state, role)) if open_ports(state, role) else 0


def refresh_boats(state: SixState, role: str) -> None:
    for boat in boats(state, role):
        boat.used, boat.fresh = 0, False
