"""Movement, as the rule book's "Movement" and "Galleons" sections say.

- Units may move as many Zones as their Move stat; land units only to lands (unless carried
  by Galleons), sea units only to seas; air units fly over any land or sea, enemies included.
- Units move freely into and out of zones occupied by allied forces; Knights move freely
  through lands with no enemy units, even enemy-owned ones; land and sea units must end
  their move when they enter an enemy-occupied zone. Bridges count as land borders (they
  are connections of the map).
- In the Attack phase units that move must move into battle (Galleons may instead carry a
  unit into battle); in the Reinforce phase units that move cannot move into battle.
- Once per turn a Galleon picks up one land unit from a bordering land and drops it in
  another: pick up, move, drop; or move, pick up, drop; or pick up and drop. Boarding costs
  the passenger one move; leaving is free but ends its move (Knights too); dropping ends
  the Galleon's move.

Every unit that moves in the Attack phase ends in a battle, so it is ``stopped`` until the
next turn; a land or sea unit may therefore move in only one of the two phases.
"""

from __future__ import annotations

from collections import deque

from engine.games.dragons1066.board import domain, loss_key
from engine.games.dragons1066.data import (
    LANDS,
    NEIGHBOURS,
    SEA_NEIGHBOURS,
    SEAS,
    UNITS,
    ZONES,
    land_neighbours,
    sea_neighbours,
)
from engine.games.dragons1066.reach import (
    DOMAIN,
    ZONE_ORDER,
    can_move,
    destinations,
    domain_may_end,
    kind_passes_through,
    movable_groups,
    movable_zones,
    moves_left,
)
from engine.games.dragons1066.situation import Carry, Situation
from engine.games.dragons1066.state import DragonsState, Piece


def battle_zone(sit: Situation, zone: str, piece: Piece) -> bool:
    """Ending ``piece``'s move in ``zone`` makes (or joins) a battle: enemies stand there,
    or it is an enemy-owned land a land unit enters (air units join only a battle made by
    enemy units there or by a land unit's attack)."""
    if zone in sit.enemy_zones or zone in sit.battles:
        return True
    return DOMAIN[piece.kind] == "land" and zone in sit.enemy_lands


def may_end(sit: Situation, zone: str, piece: Piece) -> bool:
    """Whether ``piece`` may end this phase's move in ``zone``."""
    return domain_may_end(sit, zone, DOMAIN[piece.kind])


def passes_through(sit: Situation, zone: str, piece: Piece) -> bool:
    """Whether ``piece`` may go on after entering ``zone``."""
    return kind_passes_through(sit, zone, piece.kind)


def steps_from(zone: str, piece: Piece) -> tuple[str, ...]:
    unit_domain = domain(piece)
    if unit_domain == "air":
        return NEIGHBOURS[zone]
    return land_neighbours(zone) if unit_domain == "land" else sea_neighbours(zone)


def may_enter(sit: Situation, zone: str, piece: Piece) -> bool:
    """In the Reinforce phase a land or sea unit may not enter an enemy-occupied zone."""
    if sit.attack or domain(piece) == "air":
        return True
    return not sit.enemy_occupied(zone)


def common_destinations(sit: Situation, pieces: list[Piece]) -> list[str]:
    """Zones every one of ``pieces`` may end in, in the map's order."""
    if not pieces:
        return list(ZONES)
    reach = [destinations(sit, p) for p in pieces]
    first, *others = reach
    shared = [zone for zone in first if all(zone in r for r in others)]
    return sorted(shared, key=ZONE_ORDER.__getitem__)


def sweep(sit: Situation, zone: str, to: str) -> list[Piece]:
    """The acting kingdom's units in ``zone`` that may end a move in ``to`` now: the units a
    "from → to" choice moves (the others stay), in the unit table's order."""
    # the units of a group reach alike (same kind, zone and moves left)
    return [p for group in movable_groups(sit, zone).values()
            if to in destinations(sit, group[0]) for p in group]


def garrisoned(sit: Situation, zone: str, pieces: list[Piece]) -> list[Piece] | None:
    """A Fortress's sweep that would take every land unit of the kingdom out of it, less the
    cheapest of them (it stays as the garrison: "an ungarrisoned Fortress falls to any
    attacker"); None for any other sweep."""
    if zone not in LANDS or not LANDS[zone].fortress or len(pieces) < 2:
        return None
    home = [p for p in sit.pieces(zone) if p.owner == sit.kingdom and domain(p) == "land"]
    leaving = [p for p in pieces if domain(p) == "land"]
    if not leaving or len(leaving) < len(home):
        return None
    stays = min(leaving, key=lambda p: (loss_key(p), p.id))
    return [p for p in pieces if p is not stays]


def gather(sit: Situation, to: str) -> list[tuple[str, list[Piece]]]:
    """Every origin's units that may end in ``to`` now, a Fortress keeping its garrison
    (:func:`garrisoned`): what "All that can reach" moves, origins in the map's order."""
    found = []
    for zone in movable_zones(sit):
        pieces = sweep(sit, zone, to)
        kept = garrisoned(sit, zone, pieces) if pieces else None
        pieces = pieces if kept is None else kept
        if pieces:
            found.append((zone, pieces))
    return found


def sweeps(sit: Situation) -> list[tuple[str, str]]:
    """Every (origin, destination) pair some unit may move along now, origins in the map's
    order, then destinations in the map's order."""
    pairs = []
    for zone in movable_zones(sit):
        reach: set[str] = set()
        for group in movable_groups(sit, zone).values():
            reach.update(destinations(sit, group[0]))  # its units reach alike
        pairs += [(zone, to) for to in ZONES if to in reach]
    return pairs


def move(state: DragonsState, pieces: list[Piece], to: str,
         sit: Situation | None = None) -> None:
    """Move ``pieces`` to ``to``; in the Attack phase this makes (or joins) its battle
    (``sit``: the map as indexed already, when the caller has it)."""
    sit = Situation(state) if sit is None else sit
    for piece in pieces:
        piece.used += destinations(sit, piece)[to]
        piece.moved = True
    attack = state.phase == "attack"
    for piece in pieces:
        piece.zone = to
        if attack:
            piece.attacking = True
            piece.stopped = True
        elif domain(piece) != "air" and moves_left(piece) == 0:
            piece.stopped = True
    if attack and to not in state.battles:
        state.battles.append(to)


def sea_reach(sit: Situation, galleon: Piece) -> dict[str, int]:
    """Seas the Galleon may end in (it may also stay), with the moves it costs (shared by
    the Galleons alike: read it, do not change it)."""
    key = (galleon.kind, galleon.zone, moves_left(galleon))
    known = sit.map.seas.get(key)
    if known is None:
        known = sit.map.seas[key] = _sea_reach(sit, *key)
    return known


def _sea_reach(sit: Situation, kind: str, start: str, budget: int) -> dict[str, int]:
    reached = {start: 0}
    blocked = sit.enemy_zones if not sit.attack else frozenset()
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        if reached[zone] >= budget or (zone != start and not kind_passes_through(
                sit, zone, kind)):
            continue
        for near in SEA_NEIGHBOURS[zone]:
            if near not in reached and near not in blocked:
                reached[near] = reached[zone] + 1
                queue.append(near)
    return reached


def may_carry(piece: Piece) -> bool:
    return UNITS[piece.kind].carries > 0 and not piece.carried and not piece.stopped \
        and not piece.new


def passengers(sit: Situation, land: str) -> dict[str, Piece]:
    """One boardable unit of each kind in ``land``: the acting kingdom's land units with a
    move left (boarding costs one). Worked out once per Situation: read it, do not change
    it."""
    found = sit.passengers.get(land)
    if found is not None:
        return found
    found = sit.passengers[land] = {}
    for piece in sit.pieces(land):
        if DOMAIN[piece.kind] == "land" and can_move(sit, piece):
            best = found.get(piece.kind)
            if best is None or moves_left(piece) > moves_left(best):
                found[piece.kind] = piece
    return found


def drops(sit: Situation, sea: str) -> tuple[str, ...]:
    """The coasts of ``sea`` where a Galleon ending there may drop a land unit now (the
    same for every land unit: :func:`may_drop`), in the map's order."""
    found = sit.map.drops.get(sea)
    if found is None:
        found = sit.map.drops[sea] = tuple(
            land for land in SEAS[sea].coasts if _may_drop(sit, sea, land))
    return found


def carries(sit: Situation, sea: str) -> list[Carry]:
    """Every transport one of the acting kingdom's Galleons in ``sea`` may make now
    (worked out once per Situation: read it, do not change it)."""
    known = sit.sea_carries.get(sea)
    if known is not None:
        return known
    found: list[Carry] = []
    sit.sea_carries[sea] = found
    galleons = [p for p in sit.pieces(sea) if p.owner == sit.kingdom and may_carry(p)]
    if not galleons:
        return found
    galleon = max(galleons, key=lambda p: (moves_left(p), -p.id))
    here = SEAS[sea].coasts
    boarding = {land: passengers(sit, land) for land in here}
    for end, cost in sea_reach(sit, galleon).items():
        lands = drops(sit, end)
        if not lands:
            continue
        # pick up where it starts (then move), or where it ends (move, then pick up)
        for start in dict.fromkeys([*here, *SEAS[end].coasts]):
            aboard = boarding.get(start)
            if aboard is None:
                aboard = passengers(sit, start)
            for kind in aboard:
                for land in lands:
                    if land != start:
                        found.append(Carry(galleon, start, kind, end, land, cost))
    return found


def can_carry(sit: Situation, sea: str) -> bool:
    """Whether :func:`carries` lists anything for ``sea``, found without listing them all."""
    known = sit.sea_carries.get(sea)
    if known is not None:
        return bool(known)
    galleons = [p for p in sit.pieces(sea) if p.owner == sit.kingdom and may_carry(p)]
    if not galleons:
        return False
    galleon = max(galleons, key=lambda p: (moves_left(p), -p.id))
    here = SEAS[sea].coasts
    for end in sea_reach(sit, galleon):
        lands = drops(sit, end)
        if lands:
            for start in dict.fromkeys([*here, *SEAS[end].coasts]):
                if passengers(sit, start) and any(land != start for land in lands):
                    return True
    return False


def carrying_seas(sit: Situation) -> list[str]:
    """The seas where one of the acting kingdom's Galleons may carry a unit now, in the
    map's order."""
    if sit.carrying_seas is None:
        seas = {p.zone for p in sit.state.pieces
                if p.owner == sit.kingdom and may_carry(p)}
        sit.carrying_seas = [sea for sea in SEAS if sea in seas and can_carry(sit, sea)]
    return list(sit.carrying_seas)


def may_drop(sit: Situation, sea: str, land: str, passenger: Piece) -> bool:
    if sit.attack:
        # the passenger moves into battle; the Galleon may carry it from any sea
        return battle_zone(sit, land, passenger)
    return may_end(sit, land, passenger) and not sit.enemy_occupied(sea)


def _may_drop(sit: Situation, sea: str, land: str) -> bool:
    """:func:`may_drop` for a land unit (every passenger is one)."""
    if sit.attack:
        return land in sit.enemy_zones or land in sit.battles or land in sit.enemy_lands
    return sea not in sit.enemy_zones and domain_may_end(sit, land, "land")


def carry(state: DragonsState, transport: Carry, passenger: Piece) -> None:
    """Pick up, sail, drop: both moves end. From an enemy-occupied sea the passenger stays
    at risk in that sea battle (the Enemy Seas rule: ``via``)."""
    galleon = transport.galleon
    galleon.zone = transport.sea
    galleon.used += transport.cost
    galleon.moved = galleon.carried = galleon.stopped = True
    passenger.zone = transport.land
    passenger.moved = passenger.stopped = True
    attack = state.phase == "attack"
    if Situation(state).enemy_occupied(transport.sea):
        galleon.attacking = True
        passenger.via = galleon.id
        if transport.sea not in state.battles:
            state.battles.append(transport.sea)
    if attack:
        passenger.attacking = True
        if transport.land not in state.battles:
            state.battles.append(transport.land)
