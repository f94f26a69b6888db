"""Where a unit may go, read on a :class:`~engine.games.dragons1066.situation.Situation`: its
moves left, the search outward from its zone (kept on the map, shared by equal maps), the groups
that may move from a zone and the zones that hold one; and a private Situation that the
suggested march moves units on (``private_situation``, ``relocate``)."""

from __future__ import annotations

from collections import deque

from engine.games.dragons1066.data import LAND_NEIGHBOURS, NEIGHBOURS, SEA_NEIGHBOURS, UNITS, ZONES
from engine.games.dragons1066.situation import Situation
from engine.games.dragons1066.state import DragonsState, Piece

# Static tables from the unit table and the map, read on every unit of every question.
MOVE: dict[str, int] = {kind: unit.move for kind, unit in UNITS.items()}
DOMAIN: dict[str, str] = {kind: unit.domain for kind, unit in UNITS.items()}
# the zones a unit of each domain steps to from each zone (air units: every border)
STEPS: dict[str, dict[str, tuple[str, ...]]] = {
    "air": NEIGHBOURS, "land": LAND_NEIGHBOURS, "sea": SEA_NEIGHBOURS}
ZONE_ORDER: dict[str, int] = {zone: n for n, zone in enumerate(ZONES)}


def moves_left(piece: Piece) -> int:
    if piece.stopped or piece.new:
        return 0
    left = MOVE[piece.kind] - piece.used
    return left if left > 0 else 0


def can_move(sit: Situation, piece: Piece) -> bool:
    return piece.owner == sit.kingdom and moves_left(piece) > 0


def domain_may_end(sit: Situation, zone: str, unit_domain: str) -> bool:
    if sit.attack:
        if zone in sit.enemy_zones or zone in sit.battles:
            return True
        return unit_domain == "land" and zone in sit.enemy_lands
    if unit_domain == "air":
        return sit.friendly_land(zone)  # "Fliers must land in a Friendly Land"
    return zone not in sit.enemy_zones and zone not in sit.enemy_lands


def kind_passes_through(sit: Situation, zone: str, kind: str) -> bool:
    unit = UNITS[kind]
    if unit.domain == "air":
        return True  # air units fly over anything
    if zone in sit.enemy_zones:
        return False  # land and sea units stop on entering an enemy-occupied zone
    if zone in sit.enemy_lands:
        return unit.passes_empty_lands
    return True


def destinations(sit: Situation, piece: Piece) -> dict[str, int]:
    """Where ``piece`` may end a move now, with the moves it costs (the fewest), in the
    order a search outward from its zone reaches them. Shared by the units alike: read it,
    do not change it."""
    budget = moves_left(piece)
    if budget <= 0:
        return {}
    key = (piece.kind, piece.zone, budget)
    known = sit.map.reach.get(key)
    if known is None:
        known = sit.map.reach[key] = _destinations(sit, piece.kind, piece.zone, budget)
    return known


def _destinations(sit: Situation, kind: str, start: str, budget: int) -> dict[str, int]:
    """A search outward from ``start`` (fewest moves first, the map's order of borders)."""
    unit_domain = DOMAIN[kind]
    steps = STEPS[unit_domain]
    # in the Reinforce phase a land or sea unit may not enter an enemy-occupied zone
    blocked = sit.enemy_zones if not sit.attack and unit_domain != "air" else frozenset()
    reached = {start: 0}
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        cost = reached[zone]
        if cost >= budget or (zone != start and not kind_passes_through(sit, zone, kind)):
            continue
        for near in steps[zone]:
            if near not in reached and near not in blocked:
                reached[near] = cost + 1
                queue.append(near)
    return {zone: cost for zone, cost in reached.items()
            if zone != start and domain_may_end(sit, zone, unit_domain)}


def group_key(piece: Piece) -> str:
    """Units that move alike: same kind, same moves left."""
    return f"{piece.kind}.{moves_left(piece)}"


ORDER = {kind: n for n, kind in enumerate(UNITS)}


def movable_groups(sit: Situation, zone: str) -> dict[str, list[Piece]]:
    """The acting kingdom's units in ``zone`` that can go somewhere, by :func:`group_key`,
    in the unit table's order (worked out once per Situation: read it, do not change it)."""
    groups = sit.groups.get(zone)
    if groups is not None:
        return groups
    groups = sit.groups[zone] = {}
    able = [p for p in sit.pieces(zone) if can_move(sit, p) and destinations(sit, p)]
    for piece in sorted(able, key=lambda p: (ORDER[p.kind], -moves_left(p), p.id)):
        groups.setdefault(group_key(piece), []).append(piece)
    return groups


def movable_zones(sit: Situation) -> list[str]:
    """The zones holding a unit of the acting kingdom that can go somewhere, in the map's
    order."""
    if sit.movable is None:
        found: set[str] = set()
        kingdom = sit.kingdom
        for piece in sit.state.pieces:
            if piece.owner == kingdom and piece.zone not in found and not piece.stopped \
                    and not piece.new and piece.used < MOVE[piece.kind] \
                    and destinations(sit, piece):
                found.add(piece.zone)
        sit.movable = sorted(found, key=ZONE_ORDER.__getitem__)
    return list(sit.movable)


def private_situation(state: DragonsState) -> Situation:
    """A Situation of the caller's own, never given to anyone else: for one that moves
    units on it (:func:`relocate`) and puts them back (inside :class:`Moving`). A copy of
    the shared one: its own index of where units stand, what it worked out so far."""
    shared = Situation(state)
    for zone in movable_zones(shared):
        movable_groups(shared, zone)  # worked out once, for both
    return shared.private_copy()


def relocate(sit: Situation, pieces: list[Piece], origin: str) -> None:
    """``pieces`` have moved from ``origin`` to where they stand now (their own moves:
    nothing else indexed here changes in the Reinforce phase; where a unit may go
    depends on the map alone and is kept). Only on a :func:`private_situation`."""
    moved = {p.id for p in pieces}
    by_zone = sit.by_zone  # its lists may be the shared Situation's: never changed
    by_zone[origin] = [p for p in by_zone.get(origin, []) if p.id not in moved]
    changed = {origin}
    for piece in pieces:
        by_zone[piece.zone] = [*by_zone.get(piece.zone, []), piece]
        changed.add(piece.zone)
    # what depends on where the units stand is worked out again, for the zones changed
    for zone in changed:
        sit.groups.pop(zone, None)
    if sit.movable is not None:
        still = [zone for zone in sit.movable if zone not in changed]
        still += [zone for zone in changed if movable_groups(sit, zone)]
        sit.movable = sorted(still, key=ZONE_ORDER.__getitem__)
    sit.passengers = {}
    sit.sea_carries = {}
    sit.carrying_seas = None
