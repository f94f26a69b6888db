"""Card events on the wall: damage and repair (see ``events.py``)."""

from __future__ import annotations

from engine.core.game import Choice
from engine.games.freedom import pieces
from engine.games.freedom.card_effects import DamageWall, RepairWall
from engine.games.freedom.data import SPACES
from engine.games.freedom.event_common import (
    check_legal,
    heading,
    space_choices,
    zone_spaces,
)
from engine.games.freedom.flow import (
    PromptState,
    pop,
    prompt_state,
    push,
)
from engine.games.freedom.state import Frame, FreedomState

# ───────────────────────────── the wall ─────────────────────────────


def damage_wall(state: FreedomState, effect: DamageWall, role: str, card_id: str) -> None:
    if (why := idle_damage_wall(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_damage", "empire", card=card_id, near=effect.near, forts=effect.forts,
         left=effect.count)


def idle_damage_wall(state: FreedomState, effect: DamageWall, role: str) -> str | None:
    if not _damageable(state, effect.near, effect.forts):
        return "No wall space can be damaged."
    return None


def _damageable(state: FreedomState, near: str, forts: bool) -> list[str]:
    reach = _wall_reach(state, near)
    return [
        s for s in zone_spaces("wall")
        if state.spaces[s].damage < 2 and (forts or SPACES[s].kind != "fort")
        and (reach is None or s in reach)
    ]


def _wall_reach(state: FreedomState, near: str) -> set[str] | None:
    """The wall spaces a ``damage_wall`` effect may pick (None: any)."""
    if near == "any":
        return None
    found: set[str] = set()
    for sid, sdef in SPACES.items():
        here = state.spaces[sid]
        if sdef.kind != "mainland" or here.imperial == 0:
            continue
        if near == "cannon":  # what a manned cannon could fire at in the Cannons phase
            if here.cannon == "empire":
                found.update(t.space for t in sdef.targets
                             if SPACES[t.space].on_wall and t.distance <= 3)
        elif near == "approach":  # the cone of rows 4-5, as the cannons' pattern
            found.update(t.space for t in sdef.targets
                         if SPACES[t.space].on_wall and t.distance <= 2)
        else:  # "units": the row-4 spaces touching the wall
            found.update(n for n in sdef.neighbours if SPACES[n].on_wall)
    return found


@prompt_state
class DamageWallPrompt(PromptState):
    name = "ev_damage"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{heading(frame)}: choose a wall space to damage ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return space_choices(_damageable(state, frame.data["near"], frame.data["forts"]),
                              "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        check_legal(space_id, _damageable(state, frame.data["near"], frame.data["forts"]))
        destroyed = pieces.damage_wall(state, space_id, 1)
        word = "destroyed" if destroyed else "damaged"
        state.say(f"The wall at {SPACES[space_id].name} is {word}.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)


def repair_wall(state: FreedomState, effect: RepairWall, role: str, card_id: str) -> None:
    if (why := idle_repair_wall(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_repair", "insurgents", card=card_id, left=effect.count)


def idle_repair_wall(state: FreedomState, effect: RepairWall, role: str) -> str | None:
    return None if _repairable(state) else "No wall space needs repair."


def _repairable(state: FreedomState) -> list[str]:
    """Damaged wall spaces the Insurgents can reach: never one Imperial units hold (a breach
    the enemy stands in is not rebuilt behind his back)."""
    return [s for s in zone_spaces("wall")
            if state.spaces[s].damage > 0 and state.spaces[s].imperial == 0]


@prompt_state
class RepairWallPrompt(PromptState):
    name = "ev_repair"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{heading(frame)}: choose a wall space to repair ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return space_choices(_repairable(state), "success")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        check_legal(space_id, _repairable(state))
        pieces.repair_wall(state, space_id)
        word = "damaged" if state.spaces[space_id].damage == 1 else "intact"
        state.say(f"The wall at {SPACES[space_id].name} is repaired ({word}).")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)
