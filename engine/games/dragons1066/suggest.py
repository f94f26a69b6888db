"""*Buy as suggested* and *March as suggested*: a whole purchase, and all the Reinforcement
moves toward the front, in one click each (rules revision 2, issue 13).

Simple rules, written here in the engine (the rules never ask the automatic player; the
greedy player reads these plans):

- **Purchase**: spend the Gold on the strongest land unit per Gold (Warbeasts: a d20 for 2
  Gold), a Legion with a Gold left, and a Galleon first when the kingdom has none and 3 Gold
  or more; each unit goes to the land nearest the enemy that has room (a Galleon to a sea
  next to such a land), ties to the one with the most room, then the map's order.
- **March**: one land unit stays in each Fortress the kingdom holds; every other land unit
  and air unit that can reach a zone nearer the enemy's lands (over land) moves to the
  nearest such zone, kind by kind, zone by zone in the map's order, until none can; an air
  unit outside an alliance-owned land flies to the one nearest the enemy, and one already
  on a land next to the enemy stays. Sea units stay.
"""

from __future__ import annotations

from collections import deque

from engine.games.dragons1066.data import (
    FORTRESSES,
    LANDS,
    UNITS,
    alliance_of,
    land_neighbours,
)
from engine.games.dragons1066.market import Market, Placed, market
from engine.games.dragons1066.movement import move
from engine.games.dragons1066.reach import (
    destinations,
    movable_groups,
    movable_zones,
    moves_left,
    private_situation,
    relocate,
)
from engine.games.dragons1066.situation import Moving, Situation
from engine.games.dragons1066.state import DragonsState, Piece

# A Galleon is bought first only with this much Gold (it leaves some for the land units).
GALLEON_GOLD = 3
# The distance given to a sea, and to a land no enemy land can be reached from by land.
FAR = 99
SEA_DISTANCE = 5


def front_distance(state: DragonsState) -> dict[str, int]:
    """Each land's distance over land to the nearest land the acting kingdom's enemies own."""
    alliance = alliance_of(state.kingdom)
    enemy = [z for z, k in state.owners.items() if alliance_of(k) != alliance]
    far = dict.fromkeys(enemy, 0)
    queue = deque(enemy)
    while queue:
        zone = queue.popleft()
        for near in land_neighbours(zone):
            if near not in far:
                far[near] = far[zone] + 1
                queue.append(near)
    return far


def wanted_kind(state: DragonsState, kinds: list[str], gold: int, has_galleon: bool) -> str:
    """The kind the rule buys next among the affordable ``kinds``."""
    if not has_galleon and "galleon" in kinds and gold >= GALLEON_GOLD:
        return "galleon"
    return max(kinds, key=lambda k: (UNITS[k].die / UNITS[k].cost
                                     if UNITS[k].domain == "land" else 0, -UNITS[k].cost))


def best_place(state: DragonsState, kind: str, far: dict[str, int],
               placed: Placed | None = None) -> str:
    """Where the rule places a new ``kind``: nearest the enemy, then most room."""
    return place_in(market(state, placed), kind, far)


def place_in(shop: Market, kind: str, far: dict[str, int]) -> str:
    """:func:`best_place` on the Market of the placements counted so far."""
    return min(shop.placements(kind), key=lambda z: (
        far.get(z, FAR) if z in LANDS else SEA_DISTANCE,
        -shop.room(z) if z in LANDS else 0, z))


def suggested_purchases(state: DragonsState) -> list[tuple[str, str]]:
    """The whole purchase the rule makes with the acting kingdom's Gold: (kind, zone) in the
    order bought. Worked out once per Market, Gold and Galleon owned (``market.py``)."""
    gold = state.gold[state.kingdom]
    shop = market(state)
    has_galleon = any(p.owner == state.kingdom and p.kind == "galleon" for p in state.pieces)
    plan = shop.plans.get((gold, has_galleon))
    if plan is None:
        plan = shop.plans[gold, has_galleon] = plan_purchase(state, shop, gold, has_galleon)
    return list(plan)


def plan_purchase(state: DragonsState, shop: Market, gold: int,
                  has_galleon: bool) -> list[tuple[str, str]]:
    far = front_distance(state)
    plan: list[tuple[str, str]] = []
    while kinds := shop.affordable(gold):
        kind = wanted_kind(state, kinds, gold, has_galleon)
        zone = place_in(shop, kind, far)
        gold -= UNITS[kind].cost
        has_galleon = has_galleon or kind == "galleon"
        plan.append((kind, zone))
        shop = shop.placing(shop.charged_land(zone))
    return plan


def guards(sit: Situation) -> set[int]:
    """One land unit stays in each Fortress the kingdom holds (the last by id, listed last
    in its group, so that a group's first units leave)."""
    kept = set()
    for fortress in FORTRESSES:
        home = [p for p in sit.pieces(fortress)
                if p.owner == sit.kingdom and UNITS[p.kind].domain == "land"]
        if home:
            kept.add(max(home, key=lambda p: p.id).id)
    return kept


def march_step(state: DragonsState, sit: Situation | None = None,
               far: dict[str, int] | None = None) -> tuple[str, str, list[Piece]] | None:
    """The march's next move (Reinforce phase): the origin, the destination and the units
    (one kind, the same moves left), or None when the march is over. ``sit`` and ``far``:
    the map as indexed already (a march's own moves change neither its enemies nor who owns
    what, only where its units stand: see :func:`suggested_march`)."""
    sit = Situation(state) if sit is None else sit
    far = front_distance(state) if far is None else far
    # where a group goes depends on the map alone when ``far`` is the map's: kept there
    known = sit.map.marches if far is sit.map.front else None
    kept = guards(sit)
    for zone in movable_zones(sit):  # the zones with a group to move, in the map's order
        for group in movable_groups(sit, zone).values():
            piece = group[0]
            key = (piece.kind, zone, moves_left(piece))
            if known is not None and key in known:
                nearest = known[key]
            else:
                nearest = march_target(sit, far, zone, piece)
                if known is not None:
                    known[key] = nearest
            if nearest is None:
                continue
            leaving = [p for p in group if p.id not in kept]
            if leaving:
                return zone, nearest, leaving
    return None


def march_target(sit: Situation, far: dict[str, int], zone: str, piece: Piece) -> str | None:
    """Where the march takes ``piece``'s group from ``zone``: the zone it can reach nearest
    the enemy (ties: the first zone id), when that is nearer than where it stands or it
    stands outside the alliance's lands; None when it stays."""
    unit = UNITS[piece.kind]
    here = far.get(zone, FAR) if zone in LANDS else FAR
    if unit.domain == "sea":
        return None
    if unit.domain == "air" and zone in LANDS and sit.friendly_land(zone) and here <= 1:
        return None
    reach = destinations(sit, piece)
    if not reach:
        return None
    nearest = min(reach, key=lambda z: (far.get(z, FAR), z))
    if far.get(nearest, FAR) >= here and sit.friendly_land(zone):
        return None
    return nearest


# More moves than a march can make (each spends a move of its units): a guard, not a rule.
MARCH_LIMIT = 500


def suggested_march(state: DragonsState) -> list[tuple[str, str, list[Piece]]]:
    """The whole march: (origin, destination, the units moving) for each move, in order.
    Worked out once per Situation (the menu lists it, "March as suggested" makes it)."""
    if state.phase != "reinforce":
        return []  # Reinforcement moves only (an attack's moves would make battles)
    shared = Situation(state)
    if shared.march is None:
        shared.march = march_of(state)
    return [(zone, to, list(pieces)) for zone, to, pieces in shared.march]


def march_of(state: DragonsState) -> list[tuple[str, str, list[Piece]]]:
    """:func:`suggested_march` worked out. It is tried on the state's own units and every
    moved unit is put back as it was before this returns, its count of writes too (asking
    must not change the state; copying every unit cost more than the march). One index of
    the map serves the whole march: in the Reinforce phase a kingdom's own moves change no
    zone's enemies, battles or owner, so only the moved units are indexed again."""
    sit = private_situation(state)  # moved on below: never the Situation others share
    far = sit.map.front  # the enemy lands are the map's: so is the distance to them
    if far is None:
        far = sit.map.front = front_distance(state)
    moves: list[tuple[str, str, list[Piece]]] = []
    saved: dict[int, tuple[Piece, str, int, bool, bool, int]] = {}
    with Moving(state):
        try:
            for _ in range(MARCH_LIMIT):
                step = march_step(state, sit, far)
                if step is None:
                    break
                zone, to, pieces = step
                for p in pieces:
                    saved.setdefault(p.id, (p, p.zone, p.used, p.moved, p.stopped,
                                            getattr(p, "writes", 0)))
                moves.append((zone, to, list(pieces)))
                move(state, pieces, to, sit)
                relocate(sit, pieces, zone)
        finally:
            for piece, zone, used, moved, stopped, writes in saved.values():
                piece.zone, piece.used, piece.moved, piece.stopped = zone, used, moved, stopped
                object.__setattr__(piece, "writes", writes)  # as if never moved
    return moves
