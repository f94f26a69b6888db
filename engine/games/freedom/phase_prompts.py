"""The questions the round's phases ask: the Opening's moves toward the wall (the Empire's
five steps forward, the Insurgents' Regroup) and the Cannons phase's shots, with their odds."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core.game import Choice
from engine.games.freedom.cannon_fire import (
    FIXED_NEED,
    can_fire,
    cannon_bonus,
    cannon_targets,
    fire,
)
from engine.games.freedom.data import (
    ADJECTIVE,
    CAMP,
    SPACES,
    side_does,
)
from engine.games.freedom.flow import PromptState, choice, pop, prompt_state
from engine.games.freedom.movement import can_step, chosen_unit, imperial_kinds, step_destinations
from engine.games.freedom.pieces import move_units
from engine.games.freedom.state import Frame, FreedomState, remembered


def opening_sources(state: FreedomState, frame: Frame) -> list[Choice]:
    """The units that may still advance, as choices: of the ones that can step forward (once
    per position of the pieces), those the advance has not moved there."""
    moved: dict[str, int] = frame.data["moved"]
    steps = remembered(state, "opening", _forward_steps)
    if not moved:
        return [found for _, _, found in steps]
    spaces = state.spaces
    return [found for sid, kind, found in steps
            if getattr(spaces[sid], kind) - moved.get(f"{sid}:{kind}", 0) > 0]


def _forward_steps(state: FreedomState) -> tuple[tuple[str, str, Choice], ...]:
    """(space, kind, its choice) of the units that can step forward now, sorted."""
    found = []
    for sid in state.occupancy.imperial:
        if sid != CAMP and SPACES[sid].kind != "mainland":
            continue
        kinds = imperial_kinds(state, sid)
        for kind in kinds:
            if can_step(state, sid, kind, "opening"):
                found.append((sid, kind, len(kinds) > 1))
    return tuple((sid, kind, _advance_choice(sid, kind, several))
                 for sid, kind, several in sorted(found))


@cache
def _advance_choice(sid: str, kind: str, several: bool) -> Choice:
    """A unit to advance: its space, and its kind when both kinds stand there."""
    return choice(id=f"from:{sid}:{kind}" if several else f"from:{sid}",
                  label=SPACES[sid].name + (f" ({kind})" if several else ""),
                  group="Advance from")


@prompt_state
class Opening(PromptState):
    """The Empire moves up to 5 units (exactly 5 in v2.2) one space forward."""

    name = "opening"

    def limit(self, state: FreedomState, frame: Frame) -> int:
        return int(frame.data.get("limit") or 5)  # an event's advance sets its own limit

    def text(self, state: FreedomState, frame: Frame) -> str:
        title = frame.data.get("source") or "Opening"
        if frame.data.get("src"):
            return f"{title}: move the unit from {SPACES[frame.data['src']].name} forward to:"
        return (f"{title}: move units one space forward ({frame.data['count']}/"
                f"{self.limit(state, frame)} moved).")

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        if d.get("src"):
            return [choice(id=f"to:{t}", label=SPACES[t].name, group="Forward to")
                    for t in step_destinations(state, d["src"], d["kind"], "opening")] + [
                        choice(id="back", label="Back")]
        sources = choices = opening_sources(state, frame)
        if state.options.opening == "up_to_5" or not sources or d.get("source"):
            choices.append(choice(id="done", label="End the advance"))
        return choices

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"], frame.data["kind"] = chosen_unit(state, arg)

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = None

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        d = frame.data
        move_units(state, d["src"], arg, d["kind"])
        key = f"{arg}:{d['kind']}"
        d["moved"][key] = d["moved"].get(key, 0) + 1
        d["count"] += 1
        state.say(f"Opening: a unit advances {SPACES[d['src']].name} → {SPACES[arg].name}.",
                  role="empire")
        d["src"] = None
        if d["count"] >= self.limit(state, frame):
            pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)


def shot_odds(state: FreedomState, src: str, dst: str, need: int, extra: int) -> str:
    """What each die of a shot must show, bonuses counted (Allied crew, Bombard, an event's
    ``extra``; none on the Marmarou exchange's natural 6), 5.4 / 4.4."""
    if dst in FIXED_NEED.get(src, ()):
        return f"{need}+ on each die (only a natural {need})"
    bonus = cannon_bonus(state, src, dst, extra)
    return f"{need - bonus}+ on each die" + (f" ({need} {bonus:+d})" if bonus else "")


def shot_choices(state: FreedomState, src: str, extra: int) -> tuple[Choice, ...]:
    """The targets of the cannon on ``src`` (``extra``: an event's bonus to each die)."""
    return tuple(choice(id=f"at:{t}", group="Target", style="danger",
                        label=f"{SPACES[t].name} — {shot_odds(state, src, t, need, extra)}")
                 for t, need in cannon_targets(state, src))


def _firing(side: str) -> Callable[[FreedomState], tuple[str, ...]]:
    def firing(state: FreedomState) -> tuple[str, ...]:
        """``side``'s cannons that can fire now, sorted."""
        spaces = state.spaces
        return tuple(sorted(s for s in state.occupancy.cannons
                            if spaces[s].cannon == side and can_fire(state, s, side)))
    return firing


# side -> the cannons of that side that can fire now (a work of ``remembered``)
FIRING = {side: _firing(side) for side in ("empire", "insurgents")}


@prompt_state
class Cannons(PromptState):
    """Each side fires its cannons one by one; a cannon fires only with an own unit beside it."""

    name = "cannons"

    def text(self, state: FreedomState, frame: Frame) -> str:
        title = frame.data.get("source") or "Cannons phase"
        if frame.data.get("src"):
            return f"{title}: the cannon on {SPACES[frame.data['src']].name}: choose the target."
        return f"{title}: choose a cannon to fire."

    def ready(self, state: FreedomState, frame: Frame) -> list[str]:
        """Cannons that may still fire (an event may allow only ``limit`` of them)."""
        limit = frame.data.get("limit")
        if limit is not None and len(frame.data["fired"]) >= int(limit):
            return []
        fired = frame.data["fired"]
        return [s for s in remembered(state, ("firing", frame.role), FIRING[frame.role])
                if s not in fired]

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            src = frame.data["src"]
            bonus = int(frame.data.get("bonus") or 0)
            return list(remembered(state, ("shots", src, bonus),
                                   lambda board: shot_choices(board, src, bonus)))
        return [choice(id=f"fire:{s}", label=f"Fire from {SPACES[s].name}", group="Cannons",
                       style="primary") for s in self.ready(state, frame)] + [
                           choice(id="done", label="Stop firing")]

    def on_fire(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = arg

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        frame.data["src"] = None
        frame.data["fired"].append(src)
        if not self.ready(state, frame):
            pop(state, frame)
        fire(state, src, arg, int(frame.data.get("bonus") or 0))

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        # Said only when no shot was fired: a silent phase left the turn post empty.
        if not frame.data["fired"]:
            state.say(f"{side_does(frame.role, 'hold')} fire: no {ADJECTIVE[frame.role]} "
                      "cannon fires.", role=frame.role)
