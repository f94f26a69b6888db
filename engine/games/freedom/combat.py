"""Attacks and Raids: who may hit what, the dice, and what a hit does.

Every success that empties a space (and a cannon shot that destroys a wall: ``cannon_fire``)
lets the side that hit choose: raise its own Morale by 1 or lower the enemy's by 1
(``flow.push_morale_choice``).
"""

from __future__ import annotations

import math

from engine.games.freedom.data import (
    KLISOVA,
    KLISOVA_INNER,
    KLISOVA_OUTER,
    SPACES,
    TRACKS,
)
from engine.games.freedom.flow import push_morale_choice
from engine.games.freedom.pieces import remove_units, units
from engine.games.freedom.state import FreedomState


def imperial_attackers(state: FreedomState, spaces: list[str] | None = None) -> list[str]:
    """Spaces with an Imperial unit that has not yet used its attacks and an Insurgent
    neighbour (``any_imperial_attacker``: whether there is one)."""
    result: list[str] = []
    everything = state.spaces
    board = state.occupancy
    # the Insurgent-held spaces that may be attacked (inside ``spaces``)
    held = {sid for sid in board.insurgent if spaces is None or sid in spaces}
    if not held:
        return result
    for sid in board.imperial:
        space = everything[sid]
        units_here = space.exp + space.ally
        if sid == "CAMP":
            continue
        if units_here * state.attacks_per_unit <= state.attacked.get(sid, 0):
            continue
        if spaces is not None and sid not in spaces:
            continue
        if not held.isdisjoint(SPACES[sid].neighbours):
            result.append(sid)
    return sorted(result)


def any_imperial_attacker(
    state: FreedomState, imperial: set[str], insurgent: set[str], spaces: list[str] | None
) -> bool:
    """Whether ``imperial_attackers`` lists any space, from ``pieces.occupied``'s lists."""
    held = insurgent if spaces is None else {sid for sid in insurgent if sid in spaces}
    if not held:
        return False
    everything = state.spaces
    attacked = state.attacked
    for sid in imperial:
        if sid == "CAMP" or (spaces is not None and sid not in spaces):
            continue
        space = everything[sid]
        if (space.exp + space.ally) * state.attacks_per_unit <= attacked.get(sid, 0):
            continue
        if not held.isdisjoint(SPACES[sid].neighbours):
            return True
    return False


def imperial_attacker_anywhere(
    state: FreedomState, attacked: dict[str, int], per_unit: int
) -> bool:
    """``any_imperial_attacker`` on the whole board, after the attacks ``attacked`` (space ->
    attacks made from there) with ``per_unit`` attacks allowed to each unit."""
    held = state.occupancy.insurgent
    if not held:
        return False
    everything = state.spaces
    for sid in state.occupancy.imperial:
        if sid == "CAMP":
            continue
        space = everything[sid]
        if (space.exp + space.ally) * per_unit <= attacked.get(sid, 0):
            continue
        if not held.isdisjoint(SPACES[sid].neighbours):
            return True
    return False


def imperial_targets(state: FreedomState, src: str, spaces: list[str] | None = None) -> list[str]:
    return sorted(
        n for n in SPACES[src].neighbours
        if state.spaces[n].ins > 0 and (spaces is None or n in spaces)
    )


def imperial_attack_modifier(state: FreedomState, src: str, dst: str) -> tuple[int, int]:
    """(needed roll on a d8, modifier) for an Imperial attack from ``src`` on ``dst``."""
    a, b = SPACES[src], SPACES[dst]
    bonus = 2 if state.reward else 0
    bonus += int(state.flags.get("attack_bonus", 0))
    inside = a.kind in ("wall", "fort", "beach")
    if inside and b.kind in ("wall", "fort", "beach"):
        return 5, bonus - wall_guard(state, dst)  # fighting on the wall or in the city: 5+
    if b.on_wall and a.kind == "mainland":
        # only attacks "from the main land area" (v2.2 5.3.2; Polish: from row 4) get the wall
        # modifiers; attacks from the lagoon are a plain 8+
        bonus += state.spaces[dst].damage  # +1 damaged, +2 destroyed
        if b.kind == "fort":
            bonus -= 1
    return 8, bonus - wall_guard(state, dst)


def wall_guard(state: FreedomState, dst: str) -> int:
    """An event's penalty to Imperial attacks on the wall until the end of the round."""
    guard = state.flags.get("guard")
    if guard and guard.get("round") == state.round and SPACES[dst].on_wall:
        return int(guard.get("amount", 0))
    return 0


def imperial_attack(state: FreedomState, src: str, dst: str) -> bool:
    need, bonus = imperial_attack_modifier(state, src, dst)
    dice = state.rng.dice(2, 8)
    state.attacked[src] = state.attacked.get(src, 0) + 1
    hit = any(d + bonus >= need for d in dice)
    mod = f" {bonus:+d}" if bonus else ""
    state.say(
        f"Empire attacks {SPACES[dst].name} from {SPACES[src].name}: 2d8 {dice}{mod}, "
        f"need {need}: {'hit' if hit else 'miss'}.", role="empire", dice=dice,
    )
    if hit:
        kill(state, dst, "insurgents", "empire")
    return hit


def insurgent_targets(state: FreedomState) -> list[str]:
    board = state.occupancy
    held = board.insurgent
    return sorted(sid for sid in board.imperial
                  if sid != "CAMP" and not held.isdisjoint(SPACES[sid].neighbours))


def any_insurgent_target(imperial: set[str], insurgent: set[str]) -> bool:
    """Whether ``insurgent_targets`` lists any space, from ``pieces.occupied``'s sets."""
    if not insurgent:
        return False
    return any(sid != "CAMP" and not insurgent.isdisjoint(SPACES[sid].neighbours)
               for sid in imperial)


def insurgent_need(dst: str) -> int:
    """An Insurgent Attack hits on 6+, on 5+ against the wall or a beach (5.3.2 / 4.3)."""
    return 5 if SPACES[dst].kind in ("wall", "fort", "beach") else 6


def insurgent_attack(state: FreedomState, dst: str) -> bool:
    need = insurgent_need(dst)
    die = state.rng.roll(8)
    hit = die >= need
    state.say(
        f"Insurgents attack {SPACES[dst].name}: 1d8 [{die}], need {need}: "
        f"{'hit' if hit else 'miss'}.", role="insurgents", dice=[die],
    )
    if hit:
        kill(state, dst, "empire", "insurgents")
    return hit


def raid_path(src: str, dst: str) -> list[str] | None:
    """The spaces between a wall space and a mainland target (None: not a raid target).

    The target lies in rows 5+ (never the row next to the wall) within the cannons' cone:
    |column difference| <= distance. The lane steps one row at a time toward it."""
    a, b = SPACES[src], SPACES[dst]
    if not a.on_wall or b.kind != "mainland" or b.row < 5:
        return None
    d = b.row - 3
    dc = b.col - a.col
    if abs(dc) > d:
        return None
    path = []
    for k in range(1, d):
        col = a.col + math.floor(dc * k / d + 0.5)
        path.append(f"M{3 + k}{col}")
    return path


def _raid_lanes() -> dict[str, list[tuple[str, list[str], int]]]:
    lanes: dict[str, list[tuple[str, list[str], int]]] = {}
    for src in SPACES:
        for dst in SPACES:
            path = raid_path(src, dst)
            if path is not None:
                lanes.setdefault(src, []).append((dst, path, SPACES[dst].row - 3))
    for found in lanes.values():
        found.sort(key=lambda lane: (lane[2], lane[0]))  # cheapest first
    return lanes


RAID_LANES = _raid_lanes()
# The same lanes by target (src -> target -> (path, cost)), for ``raid_costs``: only the
# targets that hold Imperial units are looked at.
RAID_LANES_TO: dict[str, dict[str, tuple[list[str], int]]] = {
    src: {dst: (path, cost) for dst, path, cost in lanes}
    for src, lanes in RAID_LANES.items() if src != KLISOVA
}
# cost -> target -> (raider, lane) of every Raid of that cost but Klisova's, for
# ``cheapest_raid``: the costs are tried cheapest first.
RAIDS_BY_COST: dict[int, dict[str, list[tuple[str, list[str]]]]] = {}
for _src, _lanes in RAID_LANES_TO.items():
    for _dst, (_path, _cost) in _lanes.items():
        RAIDS_BY_COST.setdefault(_cost, {}).setdefault(_dst, []).append((_src, _path))
RAID_COSTS = sorted({*RAIDS_BY_COST, TRACKS.costs.klisova_raid})


def raid_costing(state: FreedomState, cost: int) -> bool:
    """Whether the Insurgents can make a Raid of ``cost`` AP now (a cost of ``raid_costs``)."""
    spaces = state.spaces
    held = state.occupancy.imperial
    if cost == TRACKS.costs.klisova_raid and spaces[KLISOVA].ins \
            and KLISOVA_OUTER in held and KLISOVA_INNER not in held:
        return True
    by_target = RAIDS_BY_COST.get(cost)
    if not by_target:
        return False
    for dst in held.intersection(by_target):
        for src, path in by_target[dst]:
            if spaces[src].ins and held.isdisjoint(path):
                return True
    return False


def raid_costs(state: FreedomState) -> set[int]:
    """The AP costs of every Raid the Insurgents can make now: the costs of ``raid_targets``
    of every raider, in one pass over the lanes (the action menu asks after every action)."""
    spaces = state.spaces
    held = state.occupancy.imperial
    costs: set[int] = set()
    if not held:
        return costs
    for src in state.occupancy.insurgent.intersection(RAID_LANES_TO):
        lanes = RAID_LANES_TO[src]
        for dst in held.intersection(lanes):
            path, cost = lanes[dst]
            if cost not in costs and held.isdisjoint(path):
                costs.add(cost)
    if spaces[KLISOVA].ins and KLISOVA_OUTER in held and KLISOVA_INNER not in held:
        costs.add(TRACKS.costs.klisova_raid)
    return costs


def raid_targets(state: FreedomState, src: str) -> list[tuple[str, int]]:
    """(target, AP cost) for a Raid by the Insurgent unit(s) on ``src``."""
    result: list[tuple[str, int]] = []
    if state.spaces[src].ins == 0:
        return result
    if src == KLISOVA:
        if state.spaces[KLISOVA_OUTER].imperial > 0 and state.spaces[KLISOVA_INNER].imperial == 0:
            result.append((KLISOVA_OUTER, TRACKS.costs.klisova_raid))
        return result
    held = state.occupancy.imperial
    for dst, path, cost in RAID_LANES.get(src, ()):
        # a lane is blocked by any Imperial unit on the way
        if dst in held and held.isdisjoint(path):
            result.append((dst, cost))
    return sorted(result)


RAID_HITS_ON = 5  # a raid hits on 5+ on 1d8, whatever the distance


def raid(state: FreedomState, src: str, dst: str) -> bool:
    die = state.rng.roll(8)
    hit = die >= RAID_HITS_ON
    state.say(
        f"Insurgents raid {SPACES[dst].name} from {SPACES[src].name}: 1d8 [{die}], "
        f"need {RAID_HITS_ON}: "
        f"{'hit' if hit else 'miss'}.", role="insurgents", dice=[die],
    )
    if hit:
        kill(state, dst, "empire", "insurgents")
    return hit


def kill(state: FreedomState, space_id: str, victim: str, hitter: str) -> None:
    """Remove one ``victim`` unit; an emptied space gives ``hitter`` the morale choice."""
    if remove_units(state, space_id, victim, 1) and units(state.spaces[space_id], victim) == 0:
        state.say(f"{SPACES[space_id].name} is emptied.")
        push_morale_choice(state, hitter, f"{SPACES[space_id].name} is emptied")
