"""Prompt states shared by rules and card events: morale choice, removing and placing units."""

from __future__ import annotations

from engine.core.game import Choice
from engine.games.freedom.data import (
    ADJECTIVE,
    CAMP,
    POSSESSIVE,
    SPACES,
    TRACKS,
    other,
    side_does,
)
from engine.games.freedom.flow import PromptState, choice, pop, prompt_state
from engine.games.freedom.movement import insurgent_placements
from engine.games.freedom.pieces import (
    add_units,
    change_morale,
    place_cannon,
    remove_cannon,
    remove_units,
    room,
    units,
)
from engine.games.freedom.revisions import allied_overflow_when_full
from engine.games.freedom.state import Frame, FreedomState

KIND_NAMES = {"exp": "Expeditionary", "ally": "Allied", "ins": "Insurgent"}
OWN = {"empire": "its", "insurgents": "their"}


@prompt_state
class MoraleChoice(PromptState):
    """After emptying a space or destroying a wall: raise own Morale or lower the enemy's."""

    name = "morale_choice"

    def text(self, state: FreedomState, frame: Frame) -> str:
        reason = frame.data.get("reason") or "A space was emptied (or a wall destroyed)"
        enemy = other(frame.role)
        return (f"{reason}: raise your Morale by 1 or lower {POSSESSIVE[enemy]} Morale by 1 "
                f"(Morale now: yours {state.morale[frame.role]}, theirs {state.morale[enemy]}).")

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        enemy = other(frame.role)
        own = state.morale[frame.role]
        up = (f"Raise your Morale to {own + 1}" if own < TRACKS.morale.max
              else f"Raise your Morale (already {own}, the top: no change)")
        down = state.morale[enemy] - 1
        return [
            choice(id="morale:up", label=up, group="Morale", style="success"),
            choice(id="morale:down", label=f"Lower {POSSESSIVE[enemy]} Morale to {down}"
                   + (" (you win)" if down <= 0 else ""), group="Morale", style="danger"),
        ]

    def on_morale(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        if arg == "up":
            change_morale(state, frame.role, +1)
            state.say(f"{side_does(frame.role, 'raise')} {OWN[frame.role]} Morale to "
                      f"{state.morale[frame.role]}.",
                      role=frame.role)
        else:
            enemy = other(frame.role)
            change_morale(state, enemy, -1)
            state.say(f"{side_does(frame.role, 'lower')} {POSSESSIVE[enemy]} Morale to "
                      f"{state.morale[enemy]}.", role=frame.role)


def removal_candidates(state: FreedomState, frame: Frame) -> list[str]:
    side = frame.data["side"]
    allowed = frame.data.get("spaces")
    board = state.occupancy
    found = sorted(
        sid for sid in (board.insurgent if side == "insurgents" else board.imperial)
        if (allowed is None or sid in allowed) and sid != CAMP
    )
    if not found and (allowed is None or CAMP in allowed) and units(state.spaces[CAMP], side):
        found = [CAMP]  # the Camp only when no unit is left on the city map
    return found


@prompt_state
class RemoveUnits(PromptState):
    """``role`` removes ``count`` units of ``side`` one by one."""

    name = "remove_units"

    def text(self, state: FreedomState, frame: Frame) -> str:
        reason = frame.data.get("reason") or "losses"
        return (f"Remove {frame.data['count']} {ADJECTIVE[frame.data['side']]} unit(s) "
                f"({reason}).")

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [
            choice(id=f"space:{sid}", label=f"{SPACES[sid].name} "
                   f"({units(state.spaces[sid], frame.data['side'])})", group="Remove from")
            for sid in removal_candidates(state, frame)
        ]

    def on_space(self, state: FreedomState, frame: Frame, arg: str) -> None:
        remove_units(state, arg, frame.data["side"], 1)
        state.say(f"An {ADJECTIVE[frame.data['side']]} unit is removed from "
                  f"{SPACES[arg].name}.",
                  role=frame.role)
        frame.data["count"] -= 1
        if frame.data["count"] <= 0 or not removal_candidates(state, frame):
            pop(state, frame)


def placement_candidates(state: FreedomState, frame: Frame) -> list[str]:
    kind = frame.data["kind"]
    allowed = frame.data.get("spaces")
    if state.pool[kind] <= 0:
        return []
    if allowed is None:
        allowed = insurgent_placements(state) if kind == "ins" else [CAMP]
    return sorted(s for s in allowed if room(state, s, kind) > 0)


@prompt_state
class PlaceUnits(PromptState):
    """``role`` places ``count`` new units of ``kind`` from the pool, one by one.

    With ``overflow`` set (a space id), units that fit nowhere go there."""

    name = "place_units"

    def text(self, state: FreedomState, frame: Frame) -> str:
        reason = frame.data.get("reason") or "new units"
        return f"Place {frame.data['count']} {KIND_NAMES[frame.data['kind']]} unit(s) ({reason})."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        spaces = placement_candidates(state, frame)
        found = [choice(id=f"space:{sid}", label=SPACES[sid].name, group="Place one on")
                 for sid in spaces]
        # Several at once (issue 13: ten Allied units took ten picks): as many as fit there.
        for sid in spaces:
            several = self.fits(state, frame, sid)
            if several > 1:
                found.append(choice(id=f"all:{sid}", label=f"{several} on {SPACES[sid].name}",
                                    group="Place several on"))
        overflow = frame.data.get("overflow")
        if not found and overflow and allied_overflow_when_full(state):
            # the rules' remainder goes to the Camp (6): the "pass" says so and does it
            return [choice(id="pass", label=f"No room left: {frame.data['count']} unit(s) go "
                           f"to {SPACES[overflow].name}", group="Place on")]
        return found

    def fits(self, state: FreedomState, frame: Frame, space_id: str) -> int:
        """How many of the units still to place may go on ``space_id`` now."""
        kind = frame.data["kind"]
        return min(int(frame.data["count"]), state.pool[kind], room(state, space_id, kind))

    def on_space(self, state: FreedomState, frame: Frame, arg: str) -> None:
        self.place(state, frame, arg, 1)

    def on_all(self, state: FreedomState, frame: Frame, arg: str) -> None:
        self.place(state, frame, arg, self.fits(state, frame, arg))

    def place(self, state: FreedomState, frame: Frame, space_id: str, count: int) -> None:
        """``count`` units on ``space_id`` (one by one, or several: the same as one by one
        ``count`` times, in one line of the log)."""
        kind = frame.data["kind"]
        add_units(state, space_id, kind, count)
        if count == 1:
            state.say(f"A new {KIND_NAMES[kind]} unit is placed on {SPACES[space_id].name}.",
                      role=frame.role)
        else:
            state.say(f"{count} new {KIND_NAMES[kind]} units are placed on "
                      f"{SPACES[space_id].name}.", role=frame.role)
        frame.data["count"] -= count
        if frame.data["count"] <= 0:
            pop(state, frame)
        elif not placement_candidates(state, frame):
            finish_placement(state, frame)

    def on_pass(self, state: FreedomState, frame: Frame, arg: str) -> None:
        finish_placement(state, frame)


def finish_placement(state: FreedomState, frame: Frame) -> None:
    overflow = frame.data.get("overflow")
    if overflow and frame.data["count"] > 0:
        placed = add_units(state, overflow, frame.data["kind"], frame.data["count"])
        if placed:
            state.say(f"{placed} {KIND_NAMES[frame.data['kind']]} unit(s) go to "
                      f"{SPACES[overflow].name}.", role=frame.role)
    pop(state, frame)


@prompt_state
class PlaceCannon(PromptState):
    """The Insurgents place a reward cannon in the city or on an island."""

    name = "place_cannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Place a new cannon in the city or on an island."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if state.pool["cannons"] <= 0:
            return []
        return [
            choice(id=f"space:{sid}", label=SPACES[sid].name, group="Place the cannon on")
            for sid, sdef in SPACES.items()
            if sdef.in_city and state.spaces[sid].cannon is None
            and state.spaces[sid].imperial == 0
        ]

    def on_space(self, state: FreedomState, frame: Frame, arg: str) -> None:
        place_cannon(state, arg, "insurgents")
        state.say(f"A new Insurgent cannon stands on {SPACES[arg].name}.", role=frame.role)
        frame.data["count"] = frame.data.get("count", 1) - 1
        if frame.data["count"] <= 0:
            pop(state, frame)


@prompt_state
class CannonRemoval(PromptState):
    """v2.2 5.4.2 (revision 2): an Insurgent hit on an Imperial cannon with no unit beside it
    "may remove a Cannon"."""

    name = "cannon_removal"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return (f"Your shot hit {SPACES[frame.data['space']].name}, where an Imperial cannon "
                "stands without a unit: remove it?")

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id="cannon:remove", label="Remove the cannon", group="Cannon",
                       style="danger"),
                choice(id="cannon:keep", label="Leave it", group="Cannon")]

    def on_cannon(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        where = SPACES[frame.data["space"]].name
        if arg == "remove" and state.spaces[frame.data["space"]].cannon == "empire":
            remove_cannon(state, frame.data["space"])
            state.say(f"The Imperial cannon on {where} is destroyed.", role=frame.role)
        else:
            state.say(f"The Insurgents leave the Imperial cannon on {where}.", role=frame.role)
