"""*Buy as suggested*: a whole purchase in one click (rules revision 2, issue 13).

A simple rule, written here in the engine (the rules never ask the automatic player): spend
the Gold on the strongest land unit per Gold (Warbeasts: a d20 for 2 Gold), a Legion with a
Gold left, and a Galleon first when the kingdom has none and 3 Gold or more; each unit goes
to the land nearest the enemy that has room (a Galleon to the sea bordering the most
frontline such land), ties to the one with the most room, then the map's order. The greedy
player buys the same (``ai.py`` reads this plan).
"""

from __future__ import annotations

from collections import deque

from engine.games.dragons1066.data import LANDS, UNITS, alliance_of, land_neighbours
from engine.games.dragons1066.reinforce import Placed, affordable, charged_land, placements, room
from engine.games.dragons1066.state import DragonsState

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
    return min(placements(state, kind, placed), key=lambda z: (
        far.get(z, FAR) if z in LANDS else SEA_DISTANCE,
        -room(state, z, placed) if z in LANDS else 0, z))


def suggested_purchases(state: DragonsState) -> list[tuple[str, str]]:
    """The whole purchase the rule makes with the acting kingdom's Gold: (kind, zone) in the
    order bought."""
    gold = state.gold[state.kingdom]
    placed = dict(state.placed)
    has_galleon = any(p.owner == state.kingdom and p.kind == "galleon" for p in state.pieces)
    far = front_distance(state)
    plan: list[tuple[str, str]] = []
    while kinds := affordable(state, gold, placed):
        kind = wanted_kind(state, kinds, gold, has_galleon)
        zone = best_place(state, kind, far, placed)
        land = charged_land(state, zone, placed)
        placed[land] = placed.get(land, 0) + 1
        gold -= UNITS[kind].cost
        has_galleon = has_galleon or kind == "galleon"
        plan.append((kind, zone))
    return plan
