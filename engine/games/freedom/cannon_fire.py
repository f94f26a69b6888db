"""Cannon shots (the Cannons phase and the events that fire): which cannons can fire, at
what, the roll each shot needs, and what a hit does to the wall, a unit or a cannon."""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.freedom.combat import kill
from engine.games.freedom.data import (
    ADJECTIVE,
    SPACES,
)
from engine.games.freedom.flow import push, push_morale_choice, top
from engine.games.freedom.pieces import remove_cannon, units
from engine.games.freedom.revisions import cannon_removal_optional
from engine.games.freedom.state import FreedomState

SHOT_NEED = {1: 4, 2: 5, 3: 6, 4: 7}


def can_fire(state: FreedomState, space_id: str, side: str) -> bool:
    space = state.spaces[space_id]
    if space.cannon != side or units(space, side) == 0:
        return False
    if side == "empire" and SPACES[space_id].on_wall:
        return False  # v2.2 5.4: an Imperial cannon on the wall may not fire
    return next(_shots(state, space_id), None) is not None


def cannon_targets(state: FreedomState, space_id: str) -> list[tuple[str, int]]:
    """(target, roll needed) for the cannon on ``space_id``, before bonuses."""
    return list(_shots(state, space_id))


def _shots(state: FreedomState, space_id: str) -> Iterator[tuple[str, int]]:
    """``cannon_targets`` one at a time (``can_fire`` stops at the first)."""
    space = state.spaces[space_id]
    side = space.cannon
    reach = 4 if space.bombard else 3
    for target_id, distance, need, on_wall in SHOTS[space_id]:
        if distance > reach:
            continue
        target = state.spaces[target_id]
        if side == "empire":
            if on_wall:
                useful = target.damage < 2 or target.ins > 0 or target.cannon is not None
            else:
                useful = target.ins > 0 or target.cannon == "insurgents"
        else:
            if on_wall and target.cannon == "insurgents":
                useful = target.exp + target.ally > 0
            else:
                useful = target.exp + target.ally > 0 or target.cannon == "empire"
        if useful:
            yield target_id, need


# space -> (target, distance, roll needed, target on the wall) of its cannon's shots, from the
# board's targets (the Cannons phase lists them for every cannon after every shot)
SHOTS: dict[str, tuple[tuple[str, int, int, bool], ...]] = {
    sid: tuple((t.space, t.distance, t.need or SHOT_NEED[t.distance], SPACES[t.space].on_wall)
               for t in d.targets)
    for sid, d in SPACES.items()
}


def cannon_bonus(state: FreedomState, space_id: str, dst: str | None = None,
                 extra: int = 0) -> int:
    """The bonus to each die of a shot from ``space_id`` (at ``dst``, when known): the Allied
    crew's or the Bombard's, plus ``extra``, an event's."""
    if dst is not None and dst in FIXED_NEED.get(space_id, ()):
        return 0  # the Marmarou exchange hits on a natural 6 only (v2.2 5.4, Polish 4.4)
    space = state.spaces[space_id]
    if space.cannon == "empire":
        return extra + (1 if space.ally > 0 else 0)
    return extra + (1 if space.bombard else 0)


# Shots with a fixed need ("only rolls of 6"): source -> targets.
FIXED_NEED: dict[str, frozenset[str]] = {
    sid: frozenset(t.space for t in d.targets if t.need is not None)
    for sid, d in SPACES.items() if any(t.need is not None for t in d.targets)
}


def fire(state: FreedomState, src: str, dst: str, extra: int = 0) -> int:
    """One cannon shot: 2d6, each die at or above the need is a hit. Returns the hits.

    ``extra`` is an event's bonus to each die (never on a fixed-need shot)."""
    need = dict(cannon_targets(state, src))[dst]
    bonus = cannon_bonus(state, src, dst, extra)
    dice = state.rng.dice(2, 6)
    hits = sum(1 for d in dice if d + bonus >= need)
    side = state.spaces[src].cannon or "empire"
    name = "Bombard" if state.spaces[src].bombard else "cannon"
    mod = f" {bonus:+d}" if bonus else ""
    state.say(
        f"{ADJECTIVE[side]} {name} on {SPACES[src].name} fires at {SPACES[dst].name}: "
        f"2d6 {dice}{mod}, need {need}: {hits} hit{'s' if hits != 1 else ''}.",
        role=side, dice=dice,
    )
    for _ in range(hits):
        if side == "empire":
            imperial_shot(state, dst)
        else:
            insurgent_shot(state, dst)
    return hits


def imperial_shot(state: FreedomState, dst: str) -> None:
    target = state.spaces[dst]
    if SPACES[dst].on_wall and target.damage < 2:
        target.damage += 1
        if target.damage == 2:
            state.say(f"The wall at {SPACES[dst].name} is destroyed.")
            push_morale_choice(state, "empire", f"The wall at {SPACES[dst].name} is destroyed")
        else:
            state.say(f"The wall at {SPACES[dst].name} is damaged.")
        return
    if target.ins > 0:
        kill(state, dst, "insurgents", "empire")
    elif target.cannon is not None:
        remove_cannon(state, dst)
        state.say(f"The cannon on {SPACES[dst].name} is destroyed.")


def insurgent_shot(state: FreedomState, dst: str) -> None:
    target = state.spaces[dst]
    if target.imperial > 0:
        kill(state, dst, "empire", "insurgents")
    elif target.cannon == "empire" and cannon_removal_optional(state):
        asked = top(state)
        if asked is None or asked.name != "cannon_removal" or asked.data["space"] != dst:
            push(state, "cannon_removal", "insurgents", space=dst)  # once for the shot
    elif target.cannon == "empire":
        remove_cannon(state, dst)
        state.say(f"The Imperial cannon on {SPACES[dst].name} is destroyed.")
