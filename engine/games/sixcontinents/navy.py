"""What the rules read about the fleets (Sea battles): the kinds of ship, who sails where,
and the blockades of ports.

A *warship* (frigate, corvette, cruiser) fights and has soldiers; a *transporter* carries 5
soldiers and cannot fight; both sail the sea zones. A port is *blockaded* while a warship of
another player stands on a sea zone its coast touches ("at least 1 enemy ship in a sea
province that borders the port"): it loses its sea functions (docs/games/sixcontinents.md).

This module reads only the map, the tables and the state, so that ``realm`` (the connection
to the capital) may ask it about blockades.
"""

from __future__ import annotations

from engine.games.sixcontinents.board import PROVINCES, SEAS
from engine.games.sixcontinents.content import SHIPS, UNITS
from engine.games.sixcontinents.state import Ship, SixState

WARSHIPS = tuple(kind for kind, info in SHIPS.items() if info.soldiers)
TRANSPORTER = next(kind for kind, info in SHIPS.items()
                   if info.capacity and info.movement and not info.soldiers)
CONSTRUCTION = "construction_ship"
# The ships that sail the sea zones as a fleet (fishing boats go their own way).
FLEET = (*WARSHIPS, TRANSPORTER)


def is_warship(kind: str) -> bool:
    return SHIPS[kind].soldiers > 0


def fleet_of(state: SixState, role: str | None = None, zone: str | None = None) -> list[Ship]:
    """Warships and transporters (of ``role``, on ``zone``), by id."""
    return [s for s in state.ships if s.kind in FLEET and (role is None or s.owner == role)
            and (zone is None or s.zone == zone)]


def warships(ships: list[Ship]) -> list[Ship]:
    return [s for s in ships if is_warship(s.kind)]


def strength(ships: list[Ship]) -> int:
    """The combat value of ``ships`` (transporters count nothing)."""
    return sum(SHIPS[s.kind].soldiers for s in ships)


def cargo_soldiers(ship: Ship) -> int:
    return sum(UNITS[u.kind].soldiers for u in ship.cargo)


def warship_owners(state: SixState) -> dict[str, set[str]]:
    """Sea zone -> the players with a warship on it."""
    found: dict[str, set[str]] = {}
    for ship in state.ships:
        if ship.zone and is_warship(ship.kind):
            found.setdefault(ship.zone, set()).add(ship.owner)
    return found


def enemy_warships(state: SixState, role: str, zone: str) -> list[Ship]:
    return [s for s in state.ships if s.zone == zone and s.owner != role
            and is_warship(s.kind)]


def blockaders(state: SixState, province: str) -> set[str]:
    """The players blockading the port of ``province`` (none if it has no port)."""
    land = state.provinces[province]
    if not land.port or not land.holder:
        return set()
    owners = warship_owners(state)
    return {o for z in PROVINCES[province].seas for o in owners.get(z, set())
            if o != land.holder}


def blockaded(state: SixState, province: str) -> bool:
    return bool(blockaders(state, province))


def open_ports(state: SixState, role: str) -> list[str]:
    """Provinces ``role`` holds with a port that no enemy warship blockades."""
    owners = warship_owners(state)
    return [p for p, land in state.provinces.items()
            if land.port and (land.occupier or land.owner) == role
            and not any(o != role for z in PROVINCES[p].seas for o in owners.get(z, set()))]


def zone_name(zone: str) -> str:
    return SEAS[zone].name


def sea_zones_of(ports: list[str]) -> list[str]:
    """The sea zones the coasts of ``ports`` touch."""
    return sorted({z for p in ports for z in PROVINCES[p].seas})


def movement_left(ship: Ship) -> int:
    return 0 if ship.fresh else max(0, SHIPS[ship.kind].movement - ship.used)

