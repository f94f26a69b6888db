"""Where units may go: Imperial Normal and Slow Movement, the Opening advance, Insurgent Regroup.

Movement reads the board data: ``toward_camp`` (never backwards), ``slow`` (lagoon, southern
city and wall spaces cost a Slow Movement), ``thick`` (island borders crossed only while the
Empire holds the island), ``attack_only`` (neighbours for attacks only: the lagoon is never
entered from the wall or the beach), and the limits through ``pieces.room``.
"""

from __future__ import annotations

from engine.games.freedom.data import CAMP, SPACES
from engine.games.freedom.pieces import room
from engine.games.freedom.state import FreedomState


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


def imperial_kinds(state: FreedomState, space_id: str) -> list[str]:
    """The Imperial unit kinds on ``space_id``, Expeditionary first."""
    space = state.spaces[space_id]
    if space.exp > 0:
        return ["exp", "ally"] if space.ally > 0 else ["exp"]
    return ["ally"] if space.ally > 0 else []


def normal_destinations(
    state: FreedomState, src: str, kind: str, spaces: list[str] | None = None,
    *, allow_through: bool = True,
) -> list[tuple[str, bool]]:
    """(destination, must_continue) pairs for one Normal Movement step from ``src``."""
    result: list[tuple[str, bool]] = []
    for dst in SPACES[src].neighbours:
        if imperial_step(state, src, dst, kind, "normal", spaces=spaces):
            result.append((dst, False))
        elif allow_through and imperial_step(
            state, src, dst, kind, "normal", end=False, spaces=spaces
        ) and any(
            imperial_step(state, dst, nxt, kind, "normal", spaces=spaces)
            for nxt in SPACES[dst].neighbours if nxt != src
        ):
            result.append((dst, True))
    return sorted(result)


def can_move_normally(
    state: FreedomState, src: str, kind: str, spaces: list[str] | None = None,
    *, allow_through: bool = True,
) -> bool:
    """Whether ``normal_destinations`` is not empty (stops at the first destination found)."""
    for dst in SPACES[src].neighbours:
        if imperial_step(state, src, dst, kind, "normal", spaces=spaces):
            return True
        if allow_through and imperial_step(
            state, src, dst, kind, "normal", end=False, spaces=spaces
        ) and any(
            imperial_step(state, dst, nxt, kind, "normal", spaces=spaces)
            for nxt in SPACES[dst].neighbours if nxt != src
        ):
            return True
    return False


def can_step(
    state: FreedomState, src: str, kind: str, mode: str, spaces: list[str] | None = None
) -> bool:
    """Whether ``step_destinations`` is not empty (stops at the first destination found)."""
    return any(imperial_step(state, src, dst, kind, mode, spaces=spaces)
               for dst in SPACES[src].neighbours)


def step_destinations(
    state: FreedomState, src: str, kind: str, mode: str, spaces: list[str] | None = None
) -> list[str]:
    return sorted(
        dst for dst in SPACES[src].neighbours
        if imperial_step(state, src, dst, kind, mode, spaces=spaces)
    )


CITY_SPACES = sorted(sid for sid, sdef in SPACES.items() if sdef.in_city)


def _free_for_insurgents(state: FreedomState, dst: str) -> bool:
    here = state.spaces[dst]
    return here.exp == 0 and here.ally == 0 and here.ins < SPACES[dst].limit


def regroup_destinations(state: FreedomState, src: str) -> list[str]:
    """Regroup: anywhere in the city (wall, forts, beach) or onto an island, within limits."""
    return [dst for dst in CITY_SPACES if dst != src and _free_for_insurgents(state, dst)]


def insurgent_placements(state: FreedomState) -> list[str]:
    """Where a new Insurgent unit may be put (wall, beach, islands; no Imperial units)."""
    return [dst for dst in CITY_SPACES if _free_for_insurgents(state, dst)]
