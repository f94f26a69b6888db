"""The Empire's actions, one prompt state each: Normal Movement, Slow Movement, Attack,
Support Area (both sides' Support shares its state), Build Cannon; and where each may start."""

from __future__ import annotations

from functools import cache

from engine.core.game import Choice
from engine.games.freedom.ap import BACK, BACK_STEP, DONE, C, affordable, pay, spend_frame, zone
from engine.games.freedom.combat import (
    imperial_attack,
    imperial_attack_modifier,
    imperial_attackers,
    imperial_targets,
)
from engine.games.freedom.data import (
    AREAS,
    SPACES,
    TRACKS,
    side_does,
)
from engine.games.freedom.flow import FromThenTo, PromptState, choice, pop, prompt_state
from engine.games.freedom.movement import (
    REACH,
    can_move_normally,
    can_step,
    chosen_unit,
    imperial_kinds,
    normal_destinations,
    step_destinations,
)
from engine.games.freedom.pieces import (
    move_units,
    support_area,
)
from engine.games.freedom.state import Frame, FreedomState, remembered


def empire_move_sources(state: FreedomState, exclude: str | None = None) -> list[tuple[str, str]]:
    """Spaces (and unit kinds) that can make a Normal Movement step (``any_empire_move``:
    whether there is one)."""
    return move_sources(state, zone(state), exclude)


def move_sources(
    state: FreedomState, spaces: list[str] | None, exclude: str | None = None
) -> list[tuple[str, str]]:
    """``empire_move_sources`` inside ``spaces`` (None: anywhere)."""
    found: list[tuple[str, str]] = []
    for sid in state.occupancy.imperial:
        space = state.spaces[sid]
        for kind in imperial_kinds(state, sid):
            count = getattr(space, kind) - (1 if exclude == sid else 0)
            if count > 0 and can_move_normally(state, sid, kind, spaces,
                                               allow_through=exclude is None):
                found.append((sid, kind))
    return sorted(found)


def empire_slow_sources(state: FreedomState) -> list[tuple[str, str]]:
    spaces = zone(state)
    slow = REACH["slow"]
    return sorted((sid, kind) for sid in state.occupancy.imperial if slow[sid]
                  for kind in imperial_kinds(state, sid)
                  if can_step(state, sid, kind, "slow", spaces))


def cannon_sites(state: FreedomState) -> list[tuple[str, int]]:
    if state.camp_cannons <= 0:
        return []
    spaces = state.spaces
    return [(sid, cost) for sid, cost in CANNON_COST.items()
            if spaces[sid].cannon is None and spaces[sid].exp + spaces[sid].ally > 0]


CANNON_COST = {
    sid: C.empire_cannon[str(d.row)] for sid, d in sorted(SPACES.items())
    if d.kind == "mainland" and str(d.row) in C.empire_cannon
}


def _unit_choices(state: FreedomState, sources: list[tuple[str, str]]) -> list[Choice]:
    return [_unit_choice(sid, kind, len(imperial_kinds(state, sid)) > 1) for sid, kind in sources]


@cache
def _unit_choice(sid: str, kind: str, several: bool) -> Choice:
    """A unit to move: its space, and its kind when both kinds stand there."""
    cid = f"from:{sid}:{kind}" if several else f"from:{sid}"
    label = SPACES[sid].name + (f" ({'Allied' if kind == 'ally' else 'Expeditionary'})"
                                if several else "")
    return choice(id=cid, label=label, group="Move a unit from")


def _move_choices(
    state: FreedomState, spaces: list[str] | None, exclude: str | None
) -> tuple[Choice, ...]:
    """The units that may make a Normal Movement step (``move_sources``); anywhere on the
    board: once per position of the pieces."""
    if spaces is not None:
        return tuple(_unit_choices(state, move_sources(state, spaces, exclude)))
    return remembered(state, ("move_from", exclude),
                      lambda board: tuple(_unit_choices(board, move_sources(board, None, exclude))))


def any_empire_move(state: FreedomState, imperial: set[str], spaces: list[str] | None) -> bool:
    """Whether ``empire_move_sources`` lists anything (``imperial``: the spaces with Imperial
    units, ``pieces.occupied``); anywhere on the board: once per position of the pieces."""
    if spaces is None:
        return remembered(state, "any_move", _any_move_anywhere)
    return any(can_move_normally(state, sid, kind, spaces)
               for sid in imperial for kind in imperial_kinds(state, sid))


def _any_move_anywhere(state: FreedomState) -> bool:
    return any(can_move_normally(state, sid, kind)
               for sid in state.occupancy.imperial for kind in imperial_kinds(state, sid))


def any_empire_slow(state: FreedomState, imperial: set[str], spaces: list[str] | None) -> bool:
    """Whether ``empire_slow_sources`` lists anything (as ``any_empire_move``)."""
    if spaces is None:
        return remembered(state, "any_slow", _any_slow_anywhere)
    return _any_slow(state, imperial, spaces)


def _any_slow(state: FreedomState, imperial: set[str], spaces: list[str] | None) -> bool:
    slow = REACH["slow"]
    return any(can_step(state, sid, kind, "slow", spaces)
               for sid in imperial if slow[sid] for kind in imperial_kinds(state, sid))


def _any_slow_anywhere(state: FreedomState) -> bool:
    return _any_slow(state, state.occupancy.imperial, None)


class UnitThenSpace(FromThenTo):
    """A move of the Empire's: pick a unit ("from": its space and kind), then where it goes."""

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"], frame.data["kind"] = chosen_unit(state, arg)


@prompt_state
class EmpireMove(UnitThenSpace):
    """Normal Movement: 2 units 1 space each, or 1 unit 2 spaces (1 AP)."""

    name = "emp_move"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"Move the unit from {SPACES[frame.data['src']].name} to:"
        if frame.data.get("at"):
            return (f"One unit moved to {SPACES[frame.data['at']].name}: move it on, move a "
                    "second unit 1 space, or stop.")
        return "Normal Movement (1 AP): choose a unit to move."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        spaces = zone(state)
        if d.get("src"):  # choosing where the selected unit goes
            final = bool(d.get("at"))
            dests = normal_destinations(state, d["src"], d["kind"], spaces,
                                        allow_through=not final)
            return [choice(id=f"to:{dst}", label=SPACES[dst].name + (" (passing)" if must else ""),
                           group="Move to") for dst, must in dests] + [BACK_STEP]
        if not d.get("at"):
            return [*_move_choices(state, spaces, None), BACK]
        choices = [
            choice(id=f"on:{dst}", label=f"Move it on to {SPACES[dst].name}", group="Move on")
            for dst in step_destinations(state, d["at"], d["at_kind"], "normal", spaces)
            if dst != d["came"]
        ]
        if not d.get("must"):
            choices += _move_choices(state, spaces, d["at"])
            choices.append(DONE)
        return choices

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        d = frame.data
        src, kind = d["src"], d["kind"]
        if d.get("at"):  # the second unit: one space
            move_units(state, src, arg, kind)
            state.say(f"Empire moves a unit {SPACES[src].name} → {SPACES[arg].name}.",
                      role="empire")
            pop(state, frame)
            return
        must = dict(normal_destinations(state, src, kind, zone(state))).get(arg, False)
        pay(state, C.empire_move)
        move_units(state, src, arg, kind)
        state.say(f"Empire moves a unit {SPACES[src].name} → {SPACES[arg].name}.", role="empire")
        d.update(src=None, at=arg, came=src, must=must, at_kind=kind)

    def on_on(self, state: FreedomState, frame: Frame, arg: str) -> None:
        d = frame.data
        move_units(state, d["at"], arg, d["at_kind"])
        state.say(f"Empire moves the unit on to {SPACES[arg].name}.", role="empire")
        pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)


@prompt_state
class EmpireSlow(UnitThenSpace):
    """Slow Movement: 1 unit 1 space into the lagoon, the southern city or the wall (1 AP)."""

    name = "emp_slow"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Slow Movement (1 AP): choose a unit, then where it goes."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            return [choice(id=f"to:{dst}", label=SPACES[dst].name, group="Move to")
                    for dst in step_destinations(state, frame.data["src"], frame.data["kind"],
                                                 "slow", zone(state))] + [BACK_STEP]
        return [*_unit_choices(state, empire_slow_sources(state)), BACK]

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        pop(state, frame)
        pay(state, C.empire_slow)
        move_units(state, src, arg, frame.data["kind"])
        state.say(f"Empire moves a unit slowly {SPACES[src].name} → {SPACES[arg].name}.",
                  role="empire")


@prompt_state
class EmpireAttack(FromThenTo):
    """Attack (1 AP): one unit attacks an adjacent Insurgent-held space with 2d8."""

    name = "emp_attack"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"Attack from {SPACES[frame.data['src']].name}: choose the target."
        return "Attack (1 AP): choose the attacking unit's space."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            src = frame.data["src"]
            return [choice(id=f"at:{t}", group="Attack", style="danger",
                           label=f"{SPACES[t].name} — {_imperial_odds(state, src, t)}")
                    for t in imperial_targets(state, src, zone(state))] + [BACK_STEP]
        return [choice(id=f"from:{s}", label=SPACES[s].name, group="Attack from")
                for s in imperial_attackers(state, zone(state))] + [BACK]

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = arg

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        pop(state, frame)
        pay(state, C.empire_attack)
        imperial_attack(state, src, arg)


def _imperial_odds(state: FreedomState, src: str, dst: str) -> str:
    """What a die of the 2d8 must show, with every modifier counted (5.3.2 / 4.3)."""
    need, bonus = imperial_attack_modifier(state, src, dst)
    natural = need - bonus
    if natural > 8:
        return f"cannot succeed: {need} {bonus:+d} is out of reach of a d8"
    if natural <= 1:
        return "succeeds on any roll"
    mods = f" ({need} {bonus:+d})" if bonus else ""
    return f"{natural}+ on either die{mods}"


class SupportBase(PromptState):
    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Support Area (2 AP): choose an area."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [
            choice(id=f"area:{aid}", label=f"{a.name} ({state.areas[aid].side.title()} "
                   f"{state.areas[aid].support})", group="Area")
            for aid, a in AREAS.items()
            if not (state.areas[aid].side == frame.role
                    and state.areas[aid].support >= TRACKS.limits.support_max)
        ] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_area(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.empire_support if frame.role == "empire" else C.insurgents_support)
        what = support_area(state, arg, frame.role)
        state.say(f"{side_does(frame.role, 'support')} {AREAS[arg].name}: {what}.",
                  role=frame.role)


@prompt_state
class EmpireSupport(SupportBase):
    name = "emp_support"


@prompt_state
class InsurgentSupport(SupportBase):
    name = "ins_support"


@prompt_state
class EmpireCannon(PromptState):
    """Build Cannon: a cannon from the Camp onto a mainland space of rows 4-6 with a unit."""

    name = "emp_cannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Build Cannon: choose the space (row 6: 3 AP, row 5: 5 AP, row 4: 7 AP)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        spend = spend_frame(state)
        return [choice(id=f"at:{s}", label=f"{SPACES[s].name} ({cost} AP)", group="Build on")
                for s, cost in cannon_sites(state) if affordable(state, spend, cost)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.empire_cannon[str(SPACES[arg].row)])
        state.camp_cannons -= 1
        state.spaces[arg].cannon = "empire"
        state.say(f"Empire builds a cannon on {SPACES[arg].name}.", role="empire")
