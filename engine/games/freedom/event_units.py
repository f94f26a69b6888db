"""Card events on the pieces: units and cannons placed or removed (see ``events.py``)."""

from __future__ import annotations

from engine.core.game import Choice
from engine.games.freedom import pieces
from engine.games.freedom.card_effects import GainCannon, Reinforce, RemoveCannon, RemoveUnits
from engine.games.freedom.cards import CARDS
from engine.games.freedom.data import (
    CAMP,
    SIDE_NAME,
    SPACES,
    VASILADI_WATERS,
    side_does,
)
from engine.games.freedom.event_common import (
    check_legal,
    heading,
    side_of,
    space_choices,
    units_of,
    zone_spaces,
)
from engine.games.freedom.flow import (
    PromptState,
    pop,
    prompt_state,
    push,
    push_place_units,
)
from engine.games.freedom.state import Frame, FreedomState


def reinforce(state: FreedomState, effect: Reinforce, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    if effect.kind == "insurgent":
        count = min(effect.count, state.pool["ins"])
        if count <= 0 or not insurgent_places(state):
            state.say("No Insurgent unit can be placed.")
            return
        push_place_units(state, side, "ins", count, reason=CARDS[card_id].name)
        return
    kind = "exp" if effect.kind == "expeditionary" else "ally"
    if effect.place == "lagoon":
        spaces = [s for s in LAGOON_ENTRY_WATERS if pieces.room(state, s, kind) > 0]
        if not spaces or state.pool[kind] <= 0:
            state.say("No Imperial unit can be placed in the lagoon.")
            return
        push_place_units(state, side, kind, effect.count, spaces=LAGOON_ENTRY_WATERS,
                         reason=CARDS[card_id].name)
        return
    where = CAMP if effect.place == "camp" else VASILADI_WATERS
    n = pieces.add_units(state, where, kind, effect.count)
    label = "Expeditionary" if kind == "exp" else "Allied"
    state.say(f"{n} {label} unit{'s' if n != 1 else ''} placed in {SPACES[where].name}.")


# The lagoon waters next to the mainland, where boats launched from the shore come in.
LAGOON_ENTRY_WATERS = sorted(
    s for s, d in SPACES.items() if d.kind == "lagoon"
    and any(SPACES[n].kind == "mainland" for n in d.neighbours)
)


def insurgent_places(state: FreedomState) -> list[str]:
    return [s for s in SPACES if pieces.room(state, s, "ins") > 0]


def cannon(state: FreedomState, effect: GainCannon, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    for _ in range(effect.count):
        if state.pool["cannons"] <= 0:
            state.say("No cannon is left in the reserve.")
            return
        if side == "empire":
            pieces.place_cannon(state, CAMP, "empire")
            state.say("A cannon is placed in the Camp.")
        elif _cannon_places(state):
            push(state, "ev_cannon", side, card=card_id)
        else:
            state.say("No space can take a new Insurgent cannon.")


def _cannon_places(state: FreedomState) -> list[str]:
    return [
        s for s in zone_spaces("city") + zone_spaces("island")
        if state.spaces[s].ins > 0 and state.spaces[s].cannon is None
    ]


@prompt_state
class PlaceCannon(PromptState):
    """The Insurgents pick where a new cannon goes (own unit there, no cannon yet)."""

    name = "ev_cannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{heading(frame)}: choose a space with one of your units for the new cannon."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return space_choices(_cannon_places(state))

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        check_legal(space_id, _cannon_places(state))
        pieces.place_cannon(state, space_id, "insurgents")
        state.say(f"A new Insurgent cannon is placed on {SPACES[space_id].name}.")
        pop(state, frame)


def remove_units(state: FreedomState, effect: RemoveUnits, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    chooser = side_of(effect.chooser, role)
    if (why := idle_remove_units(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_remove", chooser, card=card_id, side=side, zone=effect.zone, kind=effect.kind,
         left=effect.count)


def idle_remove_units(state: FreedomState, effect: RemoveUnits, role: str) -> str | None:
    side = side_of(effect.who, role)
    if not _removable(state, effect.zone, side, effect.kind):
        return f"{side_does(side, 'have')} no such unit to remove."
    return None


def _removable(state: FreedomState, zone: str, side: str, kind: str) -> list[str]:
    return [s for s in zone_spaces(zone) if units_of(state, s, side, kind) > 0]


@prompt_state
class RemoveUnitsPrompt(PromptState):
    """Pick, one at a time, the spaces the event's units are removed from."""

    name = "ev_remove"

    def text(self, state: FreedomState, frame: Frame) -> str:
        whose = "your" if frame.data["side"] == frame.role else "an enemy"
        left = frame.data["left"]
        return f"{heading(frame)}: remove {whose} unit — choose a space ({left} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        return space_choices(_removable(state, d["zone"], d["side"], d["kind"]), "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        d = frame.data
        check_legal(space_id, _removable(state, d["zone"], d["side"], d["kind"]))
        _remove_one(state, space_id, d["side"], d["kind"])
        frame.data["left"] = int(d["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)


def _remove_one(state: FreedomState, space_id: str, side: str, kind: str) -> None:
    here = state.spaces[space_id]
    if side == "empire" and kind in ("expeditionary", "allied"):
        attr = "exp" if kind == "expeditionary" else "ally"
        setattr(here, attr, getattr(here, attr) - 1)
        state.pool[attr] += 1
        if state.attacked.get(space_id, 0) > here.imperial:
            state.attacked[space_id] = here.imperial
    else:
        pieces.remove_units(state, space_id, side, 1)
    state.say(f"A unit of {SIDE_NAME[side]} is removed from {SPACES[space_id].name}.")


def remove_cannon(state: FreedomState, effect: RemoveCannon, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    chooser = side_of(effect.chooser, role)
    if (why := idle_remove_cannon(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_uncannon", chooser, card=card_id, side=side, zone=effect.zone,
         left=effect.count)


def idle_remove_cannon(state: FreedomState, effect: RemoveCannon, role: str) -> str | None:
    side = side_of(effect.who, role)
    if not _cannons_in(state, effect.zone, side):
        return f"{side_does(side, 'have')} no cannon there."
    return None


def _cannons_in(state: FreedomState, zone: str, side: str) -> list[str]:
    return [
        s for s in zone_spaces(zone)
        if s != CAMP and state.spaces[s].cannon == side and not state.spaces[s].bombard
    ]


@prompt_state
class RemoveCannonPrompt(PromptState):
    name = "ev_uncannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{heading(frame)}: choose the cannon to remove."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return space_choices(_cannons_in(state, frame.data["zone"], frame.data["side"]), "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        check_legal(space_id, _cannons_in(state, frame.data["zone"], frame.data["side"]))
        pieces.remove_cannon(state, space_id)
        state.say(f"The cannon on {SPACES[space_id].name} is removed.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)


def idle_cannon(state: FreedomState, effect: GainCannon, role: str) -> str | None:
    if state.pool["cannons"] <= 0:
        return "No cannon is left in the reserve."
    if side_of(effect.who, role) == "insurgents" and not _cannon_places(state):
        return "No space can take a new Insurgent cannon."
    return None
