"""The automatic player's troops at sea (used by ``ai.greedy``): transporters, voyage ships
with a secret destination, and construction ships. It reads the state, never changes it,
and never reads another player's secret (a voyage's destination is read for its own
voyages only).

* **When**: land expansion is *blocked* for some troops: at least ``IDLE`` soldiers that can
  still move stand in provinces with no empty neighbour (the seat keeps ``GARRISON``), the
  realm would still be fed with a province more, and an empty coastal province lies out of
  reach by land (no province of its own next to it), not already a voyage's destination.
  The best has the most empty neighbours (room to grow), fewer enemy neighbours.
* **A transporter** (5, 5 soldiers) when such a coast is at most ``NEAR`` sea zones from a
  zone off one of its open ports: launched on the zone where idle troops can board, loaded,
  sailed a zone at a time toward the coast and landed. It sails only where no enemy warship
  could reach it next turn, unless warships of its own sail with it (the ``all`` group); with
  enemy warships near and no escort, the player launches a frigate beside it first.
* **A voyage ship** (9, 10 soldiers, 2 turns) when the best coast is farther away: built
  in the port nearest its idle troops; the troops walk there; the destination, the best
  coast then, is picked in secret.
* **A construction ship** (13) builds a port "elsewhere": in a coastal province of its own
  that is cut off from the capital (a landing's colony), so that it is connected again. It
  costs 3 more than building the port there, so the player sends one only when the two cost
  the same (a terrible storm adds 3 to every building); otherwise it builds the port.
"""

from __future__ import annotations

from collections import deque

from engine.games.sixcontinents.army import movable
from engine.games.sixcontinents.army_prompts import affordable_groups
from engine.games.sixcontinents.board import ADJACENT, CONTINENT_OF, PROVINCES, SEA_ADJACENT
from engine.games.sixcontinents.content import UNITS, food_needed, price
from engine.games.sixcontinents.economy import building_cost, food_lines
from engine.games.sixcontinents.fleet import (
    construction_ports,
    construction_yards,
    fleet_moves,
    fleet_sites,
    port_sites,
    sailing_groups,
)
from engine.games.sixcontinents.fleet_ai import distances, fleet_move_plan, warship_plan
from engine.games.sixcontinents.fleet_prompts import loads, voyage_ports
from engine.games.sixcontinents.navy import (
    CONSTRUCTION,
    TRANSPORTER,
    enemy_warships,
    fleet_of,
    open_ports,
    warships,
)
from engine.games.sixcontinents.realm import connected_provinces, held, soldiers
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.transport import boarding, landing_places, transporters
from engine.games.sixcontinents.voyages import CAPACITY, SHIP, docked, shipyards

Plan = dict[str, str]
IDLE = 2  # idle soldiers that make a sea landing worth it
GARRISON = 3  # soldiers kept in the seat
NEAR = 2  # sea zones a transporter sails to a coast (a turn's sailing)
RESERVE = 4  # currency kept back (as ``ai.RESERVE``)


# What the player knows -------------------------------------------------------------------


def empty(state: SixState, province: str) -> bool:
    return not state.provinces[province].holder


def idle(state: SixState, role: str) -> dict[str, int]:
    """Provinces of ``role`` with no empty neighbour -> the soldiers there that may still
    move and could leave (the seat keeps its garrison)."""
    found = {}
    seat = state.realms[role].seat
    for province in held(state, role):
        if any(empty(state, p) for p in ADJACENT[province]):
            continue
        ready = soldiers([u for units in movable(state, role, province).values()
                          for u in units])
        if province == seat:
            here = soldiers([u for u in state.units if u.owner == role
                             and u.province == province])
            ready = min(ready, here - GARRISON)
        if ready > 0:
            found[province] = ready
    return found


def sailing_to(state: SixState, role: str) -> set[str]:
    """The destinations of ``role``'s own voyages (his secret, his to read)."""
    return {v.destination for v in state.voyages if v.owner == role and not v.transfer}


def targets(state: SixState, role: str) -> list[str]:
    """Empty coastal provinces out of reach by land, best first."""
    mine = set(held(state, role))
    taken = sailing_to(state, role)
    found = []
    for province, info in PROVINCES.items():
        if not info.coastal or not empty(state, province) or province in taken:
            continue
        if any(p in mine for p in ADJACENT[province]):
            continue
        room = sum(1 for p in ADJACENT[province] if empty(state, p))
        enemies = sum(1 for p in ADJACENT[province]
                      if state.provinces[p].holder not in ("", role))
        found.append((-(room - 2 * enemies), province))
    return [p for _, p in sorted(found)]


def fed_for_one_more(state: SixState, role: str) -> bool:
    """Whether the realm would still be fed with a province more (as ``ai.fed_with``)."""
    made = sum(amount for _, amount in food_lines(state, role))
    return food_needed(len(held(state, role)) + 1) <= made


def wants_sea(state: SixState, role: str) -> bool:
    return fed_for_one_more(state, role) and sum(idle(state, role).values()) >= IDLE \
        and bool(targets(state, role))


def zone_distance(state: SixState, role: str, province: str) -> int:
    """Sea zones from a zone off one of ``role``'s open ports to ``province``'s coast."""
    far = distances(set(PROVINCES[province].seas))
    starts = fleet_sites(state, role)
    return min((far.get(z, 99) for z in starts), default=99)


def near_targets(state: SixState, role: str) -> list[str]:
    return [p for p in targets(state, role) if zone_distance(state, role, p) <= NEAR]


# Transporters ----------------------------------------------------------------------------


def threatened(state: SixState, role: str, zone: str) -> bool:
    """An enemy warship on ``zone`` or within two zones (a frigate's sailing)."""
    near = {zone} | SEA_ADJACENT[zone] | {z for n in SEA_ADJACENT[zone] for z in SEA_ADJACENT[n]}
    return any(enemy_warships(state, role, z) for z in near)


def transporter_plan(state: SixState, role: str) -> Plan | None:
    """Launch a transporter where idle troops can board, toward a near coast; or a frigate
    beside a loaded transporter that enemy warships threaten."""
    currency = state.realms[role].currency
    sites = fleet_sites(state, role)
    for ship in transporters(state, role):
        if ship.cargo and threatened(state, role, ship.zone) and \
                not warships(fleet_of(state, role, ship.zone)) and ship.zone in sites and \
                currency >= price("frigate") + RESERVE:
            return {"kind": "frigate", "zone": ship.zone}
    if transporters(state, role) or not wants_sea(state, role) or \
            currency < price(TRANSPORTER) + RESERVE or not near_targets(state, role):
        return None
    ready = idle(state, role)
    for zone in sites:
        if any(zone in PROVINCES[p].seas for p in ready) and not threatened(state, role, zone):
            return {"kind": TRANSPORTER, "zone": zone}
    return None


def load_plan(state: SixState, role: str) -> Plan | None:
    """Idle troops board an empty transporter of their own."""
    if not wants_sea(state, role):
        return None
    ready = idle(state, role)
    for ship in transporters(state, role):
        if ship.cargo:
            continue
        for province, groups in sorted(boarding(state, role, ship).items()):
            if province not in ready:
                continue
            key, most = max(groups.items(), key=lambda g: (UNITS[g[0].split(".")[0]].soldiers
                                                           * g[1], g[0]))
            each = UNITS[key.split(".")[0]].soldiers
            count = min(most, max(1, ready[province] // each))
            return {"ship": str(ship.id), "province": province, "units": f"{key}.{count}"}
    return None


def best_landing(state: SixState, role: str, zone: str) -> str | None:
    """The empty coast of ``zone`` with the most room, if any."""
    coasts = [p for p in sorted(PROVINCES) if zone in PROVINCES[p].seas and empty(state, p)]
    return max(coasts, key=lambda p: (sum(1 for q in ADJACENT[p] if empty(state, q)), p),
               default=None)


def unload_plan(state: SixState, role: str) -> Plan | None:
    for ship in transporters(state, role):
        if not ship.cargo:
            continue
        to = best_landing(state, role, ship.zone)
        if to is not None and to in landing_places(ship):
            return {"ship": str(ship.id), "to": to}
    return None


def transport_sail_plan(state: SixState, role: str) -> Plan | None:
    """A loaded transporter sails a zone nearer the nearest empty coast, escorted (its
    zone's ``all`` group with warships) where enemy warships could reach it; an empty one
    sails back toward idle troops."""
    coasts = {z for p, info in PROVINCES.items() if info.coastal and empty(state, p)
              for z in info.seas}
    home = {z for p in idle(state, role) for z in PROVINCES[p].seas} \
        if wants_sea(state, role) else set()
    for loaded in (True, False):
        goals = coasts if loaded else home
        plan = sail_toward(state, role, loaded, distances(goals)) if goals else None
        if plan:
            return plan
    return None


def sail_toward(state: SixState, role: str, loaded: bool, far: dict[str, int]) -> Plan | None:
    moves = fleet_moves(state, role)
    for ship in transporters(state, role):
        if bool(ship.cargo) != loaded or ship.zone not in moves or far.get(ship.zone, 0) == 0:
            continue
        groups = moves[ship.zone]
        key = "all" if "all" in groups else TRANSPORTER
        if key not in groups or ship not in sailing_groups(state, role, ship.zone)[key]:
            continue
        escorted = bool(warships(sailing_groups(state, role, ship.zone)[key]))
        here = far.get(ship.zone, 99)
        for to in groups[key]:
            if far.get(to, 99) < here and (escorted or not threatened(state, role, to)):
                return {"from": ship.zone, "ships": key, "to": to}
    return None


# Voyage ships ----------------------------------------------------------------------------


def port_path(state: SixState, role: str, start: str, port: str) -> list[str]:
    """The shortest walk from ``start`` to ``port`` over ``role``'s provinces ([] none)."""
    mine = set(held(state, role))
    back = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == port:
            path = [here]
            while path[-1] != start:
                path.append(back[path[-1]])
            return path[::-1]
        for there in sorted(ADJACENT[here]):
            if there in mine and there not in back:
                back[there] = here
                queue.append(there)
    return []


def ship_port(state: SixState, role: str) -> str | None:
    """The open port nearest the idle troops (fewest steps over its own land)."""
    ready = idle(state, role)
    best: tuple[int, str] | None = None
    for port in open_ports(state, role):
        for start in ready:
            path = port_path(state, role, start, port)
            if path and (best is None or (len(path), port) < best):
                best = (len(path), port)
    return best[1] if best else None


def has_voyage_ship(state: SixState, role: str) -> bool:
    return any(s.kind == SHIP and s.owner == role for s in state.ships)


def ship_plan(state: SixState, role: str) -> Plan | None:
    """A voyage ship when the best coast to land on is beyond a transporter's reach."""
    if has_voyage_ship(state, role) or not wants_sea(state, role) or \
            targets(state, role)[0] in near_targets(state, role):
        return None
    port = ship_port(state, role)
    if port is None or port not in shipyards(state, role) or \
            state.realms[role].currency < price(SHIP) + RESERVE:
        return None
    return {"port": port}


def voyage_plan(state: SixState, role: str) -> Plan | None:
    """Troops in a port with a ship ready sail for the best coast, in secret."""
    places = targets(state, role)
    if not places or not fed_for_one_more(state, role):
        return None
    for port in voyage_ports(state, role):
        groups = loads(state, role, port)
        key, most = max(groups.items(), key=lambda g: (UNITS[g[0].split(".")[0]].soldiers
                                                       * g[1], g[0]))
        to = next((p for p in places if p != port), None)
        if to is None:
            return None
        return {"port": port, "units": f"{key}.{most}", "continent": CONTINENT_OF[to],
                "to": to}
    return None


def muster_plan(state: SixState, role: str) -> Plan | None:
    """Idle troops walk toward a port where a ship of theirs waits with nobody to carry."""
    ready = idle(state, role)
    for port in sorted(open_ports(state, role)):
        if docked(state, role, port) is None or loads(state, role, port):
            continue
        for start in sorted(ready, key=lambda p: -ready[p]):
            path = port_path(state, role, start, port)
            groups = affordable_groups(state, role, start)
            if len(path) < 2 or not groups:
                continue
            key = max(groups, key=lambda k: (groups[k], k))
            each = UNITS[key.split(".")[0]].soldiers
            count = min(groups[key], max(1, min(ready[start], CAPACITY) // each))
            return {"from": start, "units": f"{key}.{count}", "to": path[1]}
    return None


# Construction ships ----------------------------------------------------------------------


def colonies(state: SixState, role: str) -> list[str]:
    """Coastal provinces of ``role`` cut off from his seat where a port could stand."""
    linked = connected_provinces(state, role)
    return [p for p in port_sites(state, role) if p not in linked]


def construction_wanted(state: SixState, role: str) -> bool:
    return bool(colonies(state, role)) and \
        price(CONSTRUCTION) <= building_cost(state, "port", role)


def construction_plan(state: SixState, role: str) -> Plan | None:
    yards = construction_yards(state, role)
    if not yards or not construction_wanted(state, role) or \
            state.realms[role].currency < price(CONSTRUCTION) + RESERVE or \
            any(s.kind == CONSTRUCTION and s.owner == role for s in state.ships):
        return None
    return {"port": yards[0]}


def found_port_plan(state: SixState, role: str) -> Plan | None:
    ports, sites = construction_ports(state, role), colonies(state, role)
    if not ports or not sites:
        return None
    return {"port": ports[0], "to": sites[0]}


def colony_port_wanted(state: SixState, role: str) -> bool:
    """Build the port of a cut-off colony directly (when no construction ship is cheaper)."""
    return bool(colonies(state, role)) and not construction_wanted(state, role)


def port_order(state: SixState, role: str, province: str) -> tuple[int, int, str]:
    """Where a first port serves best: on a sea zone the seat's coast touches (troops board
    a transporter from the seat), then nearest the seat."""
    seat = state.realms[role].seat
    shares = bool(seat) and bool(set(PROVINCES[province].seas) & set(PROVINCES[seat].seas))
    steps = len(port_path(state, role, seat, province)) if seat else 0
    return (0 if shares else 1, steps or 99, province)


# The automatic player's entries ----------------------------------------------------------


def build_ship_plan(state: SixState, role: str) -> Plan | None:
    """The Fleet's *Build a warship or transporter*: a transporter (or its escort) first."""
    return transporter_plan(state, role) or warship_plan(state, role)


def sail_plan(state: SixState, role: str) -> Plan | None:
    """*Sail ships*: a transporter's troops first, then the warships."""
    return transport_sail_plan(state, role) or fleet_move_plan(state, role)


PLANS = {
    "load": (load_plan, ("ship", "province", "units")),
    "unload": (unload_plan, ("ship", "to")),
    "ship": (ship_plan, ("port",)),
    "voyage": (voyage_plan, ("port", "units", "continent", "to")),
    "construction": (construction_plan, ("port",)),
    "found_port": (found_port_plan, ("port", "to")),
}


def menu_action(state: SixState, role: str, ids: set[str]) -> str | None:
    for action in ("unload", "load", "voyage", "found_port", "construction", "ship"):
        if action in ids and PLANS[action][0](state, role):
            return action
    return None
