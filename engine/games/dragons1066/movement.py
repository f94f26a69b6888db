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
from typing import NamedTuple

from engine.games.dragons1066.board import domain, loss_key
from engine.games.dragons1066.data import (
    LANDS,
    NEIGHBOURS,
    SEAS,
    UNITS,
    ZONES,
    alliance_of,
    land_neighbours,
    sea_neighbours,
)
from engine.games.dragons1066.state import DragonsState, Piece


class Situation:
    """The map as the acting kingdom sees it, indexed once per question (prompts ask about
    every unit and zone, and scanning every unit each time was most of a game's time)."""

    def __init__(self, state: DragonsState) -> None:
        self.state = state
        self.kingdom = state.kingdom
        self.alliance = alliance_of(state.kingdom)
        self.attack = state.phase == "attack"
        self.enemy_zones = {p.zone for p in state.pieces
                            if alliance_of(p.owner) != self.alliance and not p.retreated}
        self.battles = set(state.battles)
        self.by_zone: dict[str, list[Piece]] = {}
        for piece in state.pieces:
            self.by_zone.setdefault(piece.zone, []).append(piece)
        self._reach: dict[int, dict[str, int]] = {}

    def enemy_occupied(self, zone: str) -> bool:
        return zone in self.enemy_zones

    def enemy_owned(self, zone: str) -> bool:
        owner = self.state.owners.get(zone)
        return owner is not None and alliance_of(owner) != self.alliance

    def friendly_land(self, zone: str) -> bool:
        owner = self.state.owners.get(zone)
        return owner is not None and alliance_of(owner) == self.alliance

    def pieces(self, zone: str) -> list[Piece]:
        return self.by_zone.get(zone, [])

    def relocate(self, pieces: list[Piece], origin: str) -> None:
        """``pieces`` have moved from ``origin`` to where they stand now (their own moves:
        nothing else indexed here changes in the Reinforce phase)."""
        moved = {p.id for p in pieces}
        self.by_zone[origin] = [p for p in self.by_zone.get(origin, []) if p.id not in moved]
        for piece in pieces:
            self.by_zone.setdefault(piece.zone, []).append(piece)
            self._reach.pop(piece.id, None)


class Carry(NamedTuple):
    """A Galleon's transport: the passenger's land and kind, the sea the Galleon ends in
    (where it drops) and the land the passenger is dropped in; ``cost`` the Galleon's moves."""

    galleon: Piece
    start: str
    kind: str
    sea: str
    land: str
    cost: int


def moves_left(piece: Piece) -> int:
    if piece.stopped or piece.new:
        return 0
    return max(0, UNITS[piece.kind].move - piece.used)


def can_move(sit: Situation, piece: Piece) -> bool:
    return piece.owner == sit.kingdom and moves_left(piece) > 0


def battle_zone(sit: Situation, zone: str, piece: Piece) -> bool:
    """Ending ``piece``'s move in ``zone`` makes (or joins) a battle: enemies stand there,
    or it is an enemy-owned land a land unit enters (air units join only a battle made by
    enemy units there or by a land unit's attack)."""
    if sit.enemy_occupied(zone) or zone in sit.battles:
        return True
    return domain(piece) == "land" and sit.enemy_owned(zone)


def may_end(sit: Situation, zone: str, piece: Piece) -> bool:
    """Whether ``piece`` may end this phase's move in ``zone``."""
    if sit.attack:
        return battle_zone(sit, zone, piece)
    if domain(piece) == "air":
        return sit.friendly_land(zone)  # "Fliers must land in a Friendly Land"
    return not sit.enemy_occupied(zone) and not (zone in LANDS and sit.enemy_owned(zone))


def passes_through(sit: Situation, zone: str, piece: Piece) -> bool:
    """Whether ``piece`` may go on after entering ``zone``."""
    kind = UNITS[piece.kind]
    if kind.domain == "air":
        return True  # air units fly over anything
    if sit.enemy_occupied(zone):
        return False  # land and sea units stop on entering an enemy-occupied zone
    if zone in LANDS and sit.enemy_owned(zone):
        return kind.passes_empty_lands
    return True


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


def destinations(sit: Situation, piece: Piece) -> dict[str, int]:
    """Where ``piece`` may end a move now, with the moves it costs (the fewest)."""
    known = sit._reach.get(piece.id)
    if known is None:
        known = sit._reach[piece.id] = _destinations(sit, piece)
    return known


def _destinations(sit: Situation, piece: Piece) -> dict[str, int]:
    budget = moves_left(piece)
    if budget <= 0:
        return {}
    reached = {piece.zone: 0}
    queue = deque([piece.zone])
    while queue:
        zone = queue.popleft()
        cost = reached[zone]
        if cost >= budget or (zone != piece.zone and not passes_through(sit, zone, piece)):
            continue
        for near in steps_from(zone, piece):
            if near not in reached and may_enter(sit, near, piece):
                reached[near] = cost + 1
                queue.append(near)
    return {zone: cost for zone, cost in reached.items()
            if zone != piece.zone and may_end(sit, zone, piece)}


def group_key(piece: Piece) -> str:
    """Units that move alike: same kind, same moves left."""
    return f"{piece.kind}.{moves_left(piece)}"


ORDER = {kind: n for n, kind in enumerate(UNITS)}


def movable_groups(sit: Situation, zone: str) -> dict[str, list[Piece]]:
    """The acting kingdom's units in ``zone`` that can go somewhere, by :func:`group_key`,
    in the unit table's order."""
    groups: dict[str, list[Piece]] = {}
    able = [p for p in sit.pieces(zone) if can_move(sit, p) and destinations(sit, p)]
    for piece in sorted(able, key=lambda p: (ORDER[p.kind], -moves_left(p), p.id)):
        groups.setdefault(group_key(piece), []).append(piece)
    return groups


def movable_zones(sit: Situation) -> list[str]:
    return [zone for zone in ZONES if any(
        can_move(sit, p) and destinations(sit, p) for p in sit.pieces(zone))]


def common_destinations(sit: Situation, pieces: list[Piece]) -> list[str]:
    """Zones every one of ``pieces`` may end in, in the map's order."""
    reach = [destinations(sit, p) for p in pieces]
    return [zone for zone in ZONES if all(zone in r for r in reach)]


def sweep(sit: Situation, zone: str, to: str) -> list[Piece]:
    """The acting kingdom's units in ``zone`` that may end a move in ``to`` now: the units a
    "from → to" choice moves (the others stay), in the unit table's order."""
    return [p for group in movable_groups(sit, zone).values() for p in group
            if to in destinations(sit, p)]


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
            for piece in group:
                reach.update(destinations(sit, piece))
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
    """Seas the Galleon may end in (it may also stay), with the moves it costs."""
    reached = {galleon.zone: 0}
    budget = moves_left(galleon)
    queue = deque([galleon.zone])
    while queue:
        zone = queue.popleft()
        if reached[zone] >= budget or (zone != galleon.zone and not passes_through(
                sit, zone, galleon)):
            continue
        for near in sea_neighbours(zone):
            if near not in reached and may_enter(sit, near, galleon):
                reached[near] = reached[zone] + 1
                queue.append(near)
    return reached


def may_carry(piece: Piece) -> bool:
    return UNITS[piece.kind].carries > 0 and not piece.carried and not piece.stopped \
        and not piece.new


def passengers(sit: Situation, land: str) -> dict[str, Piece]:
    """One boardable unit of each kind in ``land``: the acting kingdom's land units with a
    move left (boarding costs one)."""
    found: dict[str, Piece] = {}
    for piece in sit.pieces(land):
        if domain(piece) == "land" and can_move(sit, piece):
            best = found.get(piece.kind)
            if best is None or moves_left(piece) > moves_left(best):
                found[piece.kind] = piece
    return found


def carries(sit: Situation, sea: str) -> list[Carry]:
    """Every transport one of the acting kingdom's Galleons in ``sea`` may make now."""
    galleons = [p for p in sit.pieces(sea) if p.owner == sit.kingdom and may_carry(p)]
    if not galleons:
        return []
    galleon = max(galleons, key=lambda p: (moves_left(p), -p.id))
    found: list[Carry] = []
    for end, cost in sea_reach(sit, galleon).items():
        # pick up where it starts (then move), or where it ends (move, then pick up)
        starts = dict.fromkeys([*SEAS[sea].coasts, *SEAS[end].coasts])
        for start in starts:
            if start not in SEAS[sea].coasts and start not in SEAS[end].coasts:
                continue
            for kind, passenger in passengers(sit, start).items():
                for land in SEAS[end].coasts:
                    if land != start and may_drop(sit, end, land, passenger):
                        found.append(Carry(galleon, start, kind, end, land, cost))
    return found


def may_drop(sit: Situation, sea: str, land: str, passenger: Piece) -> bool:
    if sit.attack:
        # the passenger moves into battle; the Galleon may carry it from any sea
        return battle_zone(sit, land, passenger)
    return may_end(sit, land, passenger) and not sit.enemy_occupied(sea)


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
