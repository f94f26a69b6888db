"""Where units may go: Imperial Normal and Slow Movement, the Opening advance, Insurgent Regroup.

Movement reads the board data: ``toward_camp`` (never backwards), ``slow`` (lagoon, southern
city and wall spaces cost a Slow Movement), ``thick`` (island borders crossed only while the
Empire holds the island), ``attack_only`` (neighbours for attacks only: the lagoon is never
entered from the wall or the beach), and the limits through ``pieces.room``.
"""

from __future__ import annotations

from engine.games.freedom.data import CAMP, SPACES
from engine.games.freedom.pieces import room
from engine.games.freedom.state import FreedomState, SpaceState


class _Edge:
    """What a step from one space to a neighbour needs (precomputed from the board)."""

    __slots__ = ("back", "blocked", "climb", "forward", "slow", "thick")

    def __init__(self, src: str, dst: str) -> None:
        a, b = SPACES[src], SPACES[dst]
        # the lagoon is entered only from its mainland entry spaces (5.3.2), never from the city
        self.blocked = b.kind in ("camp", "city centre") or dst in a.attack_only
        self.back = dst in a.toward_camp
        self.slow = b.slow
        self.forward = src == CAMP or (a.kind == "mainland" and b.row < a.row)
        self.climb = b.on_wall and not a.on_wall
        self.thick = b.thick


EDGES: dict[tuple[str, str], _Edge] = {
    (src, dst): _Edge(src, dst) for src, d in SPACES.items() for dst in d.neighbours
}


def _may_step(edge: _Edge, mode: str) -> bool:
    """The board's part of ``imperial_step``: what no position of the pieces changes."""
    if edge.blocked or edge.back or edge.slow != (mode == "slow"):
        return False
    return mode != "opening" or edge.forward


# mode -> space -> the neighbours (in board order) a step of that mode may ever reach: the
# listings below ask ``imperial_step`` about these only (it would refuse every other one).
REACH: dict[str, dict[str, tuple[str, ...]]] = {
    mode: {src: tuple(dst for dst in d.neighbours if _may_step(EDGES[src, dst], mode))
           for src, d in SPACES.items()}
    for mode in ("normal", "slow", "opening")
}


def imperial_step(
    state: FreedomState, src: str, dst: str, kind: str, mode: str, *, end: bool = True,
    spaces: list[str] | None = None,
) -> bool:
    """May an Imperial ``kind`` unit step from ``src`` to ``dst``?

    ``mode`` is "normal" (non-slow destinations), "slow" (slow destinations) or "opening"
    (forward only, no slow spaces, sideways only out of the Camp). ``end`` False checks a
    space a unit only passes through during a 2-space Normal Movement: full spaces and
    spaces of the other Imperial kind may be crossed, Insurgent-held ones never.
    """
    edge = EDGES.get((src, dst))
    if edge is None or edge.blocked or edge.back:
        return False
    if spaces is not None and (src not in spaces or dst not in spaces):
        return False
    target = state.spaces[dst]
    if target.ins > 0:
        return False
    if edge.slow != (mode == "slow"):
        return False
    if mode == "opening" and not edge.forward:
        return False
    if edge.climb and target.damage < 2:
        return False  # climb onto the wall only where it is destroyed
    if edge.thick is not None:
        held = state.spaces[edge.thick]
        if held.exp + held.ally == 0:
            return False
    if not end:
        return True
    return room(state, dst, kind) > 0


BOTH_KINDS: tuple[str, ...] = ("exp", "ally")
EXP_ONLY: tuple[str, ...] = ("exp",)
ALLY_ONLY: tuple[str, ...] = ("ally",)
NO_KIND: tuple[str, ...] = ()


def imperial_kinds(state: FreedomState, space_id: str) -> tuple[str, ...]:
    """The Imperial unit kinds on ``space_id``, Expeditionary first."""
    space = state.spaces[space_id].__dict__  # (asked for every unit of every listing)
    if space["exp"] > 0:
        return BOTH_KINDS if space["ally"] > 0 else EXP_ONLY
    return ALLY_ONLY if space["ally"] > 0 else NO_KIND


def chosen_unit(state: FreedomState, arg: str) -> tuple[str, str]:
    """The space and the unit kind of an Imperial "from" choice (``M64`` or ``M64:ally``):
    the kind is named only when both kinds stand there, else it is the one that does."""
    sid, _, kind = arg.partition(":")
    return sid, kind or imperial_kinds(state, sid)[0]


# mode -> space -> (neighbour, climb, thick, limit) of each step in ``REACH``: what
# ``imperial_step`` still asks of the pieces for those (``_may_step`` settled the rest; a Camp
# or City Centre is never a step's destination, so the room left is the space's limit less
# its Imperial units, when no unit of the other kind nor an Insurgent stands there).
STEPS: dict[str, dict[str, tuple[tuple[str, bool, str | None, int], ...]]] = {
    mode: {src: tuple((dst, EDGES[src, dst].climb, EDGES[src, dst].thick, SPACES[dst].limit)
                      for dst in reach)
           for src, reach in by_src.items()}
    for mode, by_src in REACH.items()
}
OTHER_KIND = {"exp": "ally", "ally": "exp"}


def _passable(
    spaces: dict[str, SpaceState], dst: str, climb: bool, thick: str | None,
    zone: list[str] | None,
) -> SpaceState | None:
    """``dst``'s pieces when a step of ``STEPS`` may pass it (``imperial_step`` with ``end``
    False), else None."""
    if zone is not None and dst not in zone:
        return None
    target = spaces[dst]
    if target.ins > 0 or (climb and target.damage < 2):
        return None
    if thick is not None:
        held = spaces[thick]
        if held.exp + held.ally == 0:
            return None
    return target


def _may_end(
    spaces: dict[str, SpaceState], src: str, kind: str, mode: str, zone: list[str] | None,
    skip: str | None = None,
) -> bool:
    """Whether any step of ``mode`` from ``src`` but to ``skip`` may end (``imperial_step``)."""
    if zone is not None and src not in zone:
        return False
    other = OTHER_KIND[kind]
    for dst, climb, thick, limit in STEPS[mode][src]:
        if dst == skip:
            continue
        target = _passable(spaces, dst, climb, thick, zone)
        if target is not None and getattr(target, other) <= 0 \
                and limit - target.exp - target.ally > 0:
            return True
    return False


def normal_destinations(
    state: FreedomState, src: str, kind: str, spaces: list[str] | None = None,
    *, allow_through: bool = True,
) -> list[tuple[str, bool]]:
    """(destination, must_continue) pairs for one Normal Movement step from ``src``."""
    result: list[tuple[str, bool]] = []
    board = state.spaces
    if spaces is not None and src not in spaces:
        return result
    other = OTHER_KIND[kind]
    for dst, climb, thick, limit in STEPS["normal"][src]:
        target = _passable(board, dst, climb, thick, spaces)
        if target is None:
            continue
        if getattr(target, other) <= 0 and limit - target.exp - target.ally > 0:
            result.append((dst, False))
        elif allow_through and _may_end(board, dst, kind, "normal", spaces, skip=src):
            result.append((dst, True))
    return sorted(result)


def can_move_normally(
    state: FreedomState, src: str, kind: str, spaces: list[str] | None = None,
    *, allow_through: bool = True,
) -> bool:
    """Whether ``normal_destinations`` is not empty (stops at the first destination found)."""
    board = state.spaces
    if spaces is not None and src not in spaces:
        return False
    other = OTHER_KIND[kind]
    for dst, climb, thick, limit in STEPS["normal"][src]:
        target = _passable(board, dst, climb, thick, spaces)
        if target is None:
            continue
        if getattr(target, other) <= 0 and limit - target.exp - target.ally > 0:
            return True
        if allow_through and _may_end(board, dst, kind, "normal", spaces, skip=src):
            return True
    return False


def can_step(
    state: FreedomState, src: str, kind: str, mode: str, spaces: list[str] | None = None
) -> bool:
    """Whether ``step_destinations`` is not empty (stops at the first destination found)."""
    return _may_end(state.spaces, src, kind, mode, spaces)


def step_destinations(
    state: FreedomState, src: str, kind: str, mode: str, spaces: list[str] | None = None
) -> list[str]:
    board = state.spaces
    if spaces is not None and src not in spaces:
        return []
    other = OTHER_KIND[kind]
    found = []
    for dst, climb, thick, limit in STEPS[mode][src]:
        target = _passable(board, dst, climb, thick, spaces)
        if target is not None and getattr(target, other) <= 0 \
                and limit - target.exp - target.ally > 0:
            found.append(dst)
    return sorted(found)


CITY_SPACES = sorted(sid for sid, sdef in SPACES.items() if sdef.in_city)
# (space, its limit) of the city, for the listings below (asked after every action)
CITY_LIMITS = tuple((sid, SPACES[sid].limit) for sid in CITY_SPACES)


def regroup_destinations(state: FreedomState, src: str) -> list[str]:
    """Regroup: anywhere in the city (wall, forts, beach) or onto an island, within limits."""
    return [dst for dst in insurgent_placements(state) if dst != src]


def any_insurgent_placement(state: FreedomState) -> bool:
    """Whether ``insurgent_placements`` lists any space (stops at the first)."""
    spaces = state.spaces
    for dst, limit in CITY_LIMITS:
        here = spaces[dst]
        if here.exp == 0 and here.ally == 0 and here.ins < limit:
            return True
    return False


def insurgent_placements(state: FreedomState) -> list[str]:
    """Where a new Insurgent unit may be put (wall, beach, islands; no Imperial units)."""
    spaces = state.spaces
    free = []
    for dst, limit in CITY_LIMITS:
        here = spaces[dst]
        if here.exp == 0 and here.ally == 0 and here.ins < limit:
            free.append(dst)
    return free
