"""The fleet outside battle (Sea battles, Sea voyages): warships and transporters built in a
port onto a sea zone its coast touches, sailing from zone to zone, transporters sunk when an
enemy warship meets them unescorted, ships lost one soldier at a time, and construction
ships building a port elsewhere.

Every warship built or sunk goes through :func:`launch` and :func:`sink`, so the invariants
can account for the fleets' soldiers (``Realm.fleet_raised`` / ``fleet_lost``); a
transporter sunk takes its cargo with it (soldiers lost).
"""

from __future__ import annotations

from engine.games.sixcontinents.board import PROVINCES, SEA_ADJACENT
from engine.games.sixcontinents.content import SHIPS, level_allowing, price
from engine.games.sixcontinents.flow import colour, place
from engine.games.sixcontinents.navy import (
    CONSTRUCTION,
    FLEET,
    TRANSPORTER,
    cargo_soldiers,
    enemy_warships,
    fleet_of,
    movement_left,
    open_ports,
    sea_zones_of,
    warships,
    zone_name,
)
from engine.games.sixcontinents.realm import is_capital, pay, unharness
from engine.games.sixcontinents.state import Ship, SixState


def ship_name(kind: str) -> str:
    return SHIPS[kind].name


def fleet_text(ships: list[Ship]) -> str:
    """"2 Frigate, 1 Transporter" (the rule book's names, no plural)."""
    kinds: dict[str, int] = {}
    for ship in ships:
        kinds[ship.kind] = kinds.get(ship.kind, 0) + 1
    return ", ".join(f"{n} {ship_name(k)}" for k, n in kinds.items()) or "no ship"


# Building -------------------------------------------------------------------------------


def may_build_ships(state: SixState, role: str) -> bool:
    return state.realms[role].level >= level_allowing("ships")


def fleet_sites(state: SixState, role: str) -> list[str]:
    """Sea zones where ``role`` may launch a warship or a transporter: off a port of his
    that no enemy blockades, on a zone with no other player's warship or transporter."""
    if not may_build_ships(state, role):
        return []
    return [z for z in sea_zones_of(open_ports(state, role))
            if not any(s.owner != role for s in fleet_of(state, zone=z))]


def buildable_ships(state: SixState, role: str) -> list[str]:
    """The fleet's kinds ``role`` can afford now (where there is a site)."""
    if not fleet_sites(state, role):
        return []
    return [k for k in FLEET if price(k) <= state.realms[role].currency]


def launch(state: SixState, role: str, kind: str, zone: str) -> Ship:
    """A new ship of ``role`` on ``zone`` (built: it sails from the next turn)."""
    ship = Ship(id=state.next_unit, kind=kind, owner=role, zone=zone, fresh=True)
    state.next_unit += 1
    state.ships.append(ship)
    state.realms[role].fleet_raised += SHIPS[kind].soldiers
    return ship


def build_fleet_ship(state: SixState, role: str, kind: str, zone: str) -> None:
    if kind not in buildable_ships(state, role) or zone not in fleet_sites(state, role):
        raise ValueError(f"{role} may not build a {kind} on {zone}")
    pay(state, role, price(kind))
    launch(state, role, kind, zone)
    state.say(f"{colour(role)} builds a {ship_name(kind).lower()} on the {zone_name(zone)} "
              f"for {price(kind)}.", role=role)


# Losing ships ---------------------------------------------------------------------------


def sink(state: SixState, ship: Ship) -> None:
    """``ship`` goes down, with its cargo."""
    state.ships.remove(ship)
    realm = state.realms[ship.owner]
    realm.fleet_lost += SHIPS[ship.kind].soldiers
    if ship.cargo:
        realm.lost += cargo_soldiers(ship)
        for unit in ship.cargo:
            unharness(state, unit)
        ship.cargo = []


def break_ship(state: SixState, ship: Ship) -> list[Ship]:
    """A cruiser into 2 corvettes, a corvette into 3 frigates, in its place (Sea battles:
    "Casper must replace the corvette with 3 frigates")."""
    parts = []
    for kind in SHIPS[ship.kind].breaks_into:
        parts.append(Ship(id=state.next_unit, kind=kind, owner=ship.owner, zone=ship.zone,
                          used=ship.used, fresh=ship.fresh))
        state.next_unit += 1
    state.ships.remove(ship)
    state.ships.extend(parts)
    return parts


def lose_one_ship(state: SixState, ships: list[Ship]) -> Ship | None:
    """One soldier of the warships ``ships`` dies: the smallest ship goes, or the smallest
    bigger one breaks and one of its parts goes. ``ships`` is updated in place."""
    while ships:
        smallest = min(ships, key=lambda s: (SHIPS[s.kind].soldiers, s.id))
        ships.remove(smallest)
        if SHIPS[smallest.kind].soldiers == 1 or not SHIPS[smallest.kind].breaks_into:
            sink(state, smallest)
            return smallest
        ships.extend(break_ship(state, smallest))
    return None


def sink_unescorted(state: SixState, zone: str) -> None:
    """Sea battles: a transporter that an enemy warship meets with no warship of its own
    beside it dies at once, with the soldiers on board."""
    for ship in [s for s in state.ships if s.zone == zone and s.kind == TRANSPORTER]:
        if enemy_warships(state, ship.owner, zone) and not warships(
                fleet_of(state, ship.owner, zone)):
            cargo = cargo_soldiers(ship)
            sink(state, ship)
            state.say(f"{colour(ship.owner)}'s transporter on the {zone_name(zone)} meets an "
                      f"enemy warship unescorted and sinks"
                      + (f" with {cargo} soldiers on board." if cargo else "."))


# Sailing --------------------------------------------------------------------------------


def sailing_groups(state: SixState, role: str, zone: str) -> dict[str, list[Ship]]:
    """The groups of ``role``'s ships on ``zone`` that may sail now: ``all`` of them with a
    movement point left, and each kind."""
    ready = [s for s in fleet_of(state, role, zone) if movement_left(s) > 0]
    if not ready:
        return {}
    groups = {"all": ready}
    for ship in ready:
        groups.setdefault(ship.kind, []).append(ship)
    if len(groups) == 2:  # one kind: "all" says the same
        del groups["all"]
    return groups


def sail_targets(state: SixState, role: str, zone: str, group: list[Ship]) -> list[str]:
    """Zones next to ``zone`` where ``group`` may sail without a battle: no enemy warship
    there (sailing in is an attack, and transporters alone do not sail to their death)."""
    return sorted(z for z in SEA_ADJACENT[zone] if not enemy_warships(state, role, z))


def attack_targets_at_sea(state: SixState, role: str, zone: str,
                          group: list[Ship]) -> list[str]:
    """Zones next to ``zone`` holding an enemy warship that ``group`` may attack (it has a
    warship of its own)."""
    if not warships(group):
        return []
    return sorted(z for z in SEA_ADJACENT[zone] if enemy_warships(state, role, z))


def fleet_moves(state: SixState, role: str) -> dict[str, dict[str, list[str]]]:
    """Zone -> group -> the zones it may sail into now (no battle)."""
    found: dict[str, dict[str, list[str]]] = {}
    for zone in sorted({s.zone for s in fleet_of(state, role)}):
        for key, group in sailing_groups(state, role, zone).items():
            targets = sail_targets(state, role, zone, group)
            if targets:
                found.setdefault(zone, {})[key] = targets
    return found


def sail_fleet(state: SixState, role: str, start: str, key: str, to: str) -> None:
    group = sailing_groups(state, role, start).get(key, [])
    if to not in fleet_moves(state, role).get(start, {}).get(key, []):
        raise ValueError(f"{role} may not sail {key} from {start} to {to}")
    for ship in group:
        ship.zone = to
        ship.used += 1
    state.say(f"{colour(role)} sails {fleet_text(group)} from the {zone_name(start)} to the "
              f"{zone_name(to)}.", role=role)
    sink_unescorted(state, to)


def scuttle(state: SixState, role: str) -> None:
    """A player out of the game (he holds nothing and has no unit) loses every ship he
    still has: no port is left to keep them."""
    gone = [s for s in state.ships if s.owner == role]
    for ship in gone:
        if ship.kind in FLEET:
            sink(state, ship)
        else:
            state.ships.remove(ship)
    if gone:
        state.say(f"{colour(role)}'s ships ({len(gone)}) are lost with his realm.")


def refresh_fleet(state: SixState, role: str) -> None:
    """At the start of ``role``'s turn his ships afloat, and those docked in a port (a
    voyage ship built or back home last turn), may sail again."""
    for ship in state.ships:
        if ship.owner == role and (ship.zone or ship.port):
            ship.used, ship.fresh = 0, False


# Construction ships (Sea voyages) -------------------------------------------------------


def construction_yards(state: SixState, role: str) -> list[str]:
    """Ports of ``role`` (not blockaded) where he may build a construction ship now."""
    if not may_build_ships(state, role) or state.realms[role].currency < price(CONSTRUCTION):
        return []
    return open_ports(state, role)


def build_construction_ship(state: SixState, role: str, port: str) -> None:
    if port not in construction_yards(state, role):
        raise ValueError(f"{role} may not build a construction ship in {port}")
    pay(state, role, price(CONSTRUCTION))
    state.ships.append(Ship(id=state.next_unit, kind=CONSTRUCTION, owner=role, port=port))
    state.next_unit += 1
    state.say(f"{colour(role)} builds a construction ship in {place(port)} for "
              f"{price(CONSTRUCTION)}.", role=role)


def construction_ports(state: SixState, role: str) -> list[str]:
    """Ports (not blockaded) where a construction ship of ``role`` lies, when there is
    somewhere to send it."""
    if not port_sites(state, role):
        return []
    harbours = set(open_ports(state, role))
    return sorted({s.port for s in state.ships if s.kind == CONSTRUCTION
                   and s.owner == role and s.port in harbours})


def port_sites(state: SixState, role: str) -> list[str]:
    """Coastal provinces where a construction ship of ``role`` may build a port: his own
    land (not occupied), not a capital, no port yet, no robbery economy (Buildings)."""
    return [p for p, land in state.provinces.items()
            if land.owner == role and not land.occupier and PROVINCES[p].coastal
            and not land.port and not land.robbery and not land.fading
            and not is_capital(state, p)]


def found_port(state: SixState, role: str, port: str, to: str) -> None:
    if port not in construction_ports(state, role) or to not in port_sites(state, role):
        raise ValueError(f"{role} may not send a construction ship from {port} to {to}")
    ship = next(s for s in state.ships if s.kind == CONSTRUCTION and s.owner == role
                and s.port == port)
    state.ships.remove(ship)
    state.provinces[to].port = True
    state.say(f"{colour(role)}'s construction ship sails from {place(port)} and builds a "
              f"port in {place(to)}.", role=role)
