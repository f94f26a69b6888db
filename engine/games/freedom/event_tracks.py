"""Card events on the tracks and the support areas: Supplies, Money, Morale, the plea
and Preparation tracks, Civilians, Support markers (see ``events.py``)."""

from __future__ import annotations

from engine.core.errors import IllegalChoice
from engine.core.game import Choice
from engine.games.freedom import pieces
from engine.games.freedom.card_effects import Adjust, Civilians, StripSupport, Support
from engine.games.freedom.data import (
    AREAS,
    CITY,
    SIDE_NAME,
    TRACKS,
    side_title,
)
from engine.games.freedom.event_common import (
    AREA_ID,
    heading,
    refuse,
    side_of,
)
from engine.games.freedom.flow import (
    PromptState,
    pop,
    prompt_state,
    push,
)
from engine.games.freedom.state import Frame, FreedomState

TRACK_NAME = {
    "supplies": "Supplies", "money": "Money", "morale": "Morale", "plea": "Plea track",
    "preparation": "Preparation",
}


# ───────────────────────────── tracks and pieces ─────────────────────────────


def adjust(state: FreedomState, effect: Adjust, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    if (why := idle_adjust(state, effect, role)) is not None:
        state.say(why)
        return
    amount, track = effect.amount, effect.track
    before, top = _track(state, track, side)  # an answered plea does not move: idle above
    if track == "supplies":
        pieces.gain_supplies(state, side, amount)
    elif track == "money":
        pieces.gain_money(state, amount)
    elif track == "morale":
        pieces.change_morale(state, side, amount)
    elif track == "plea":
        state.plea[side] = max(0, min(top, before + amount))
    else:
        state.prep[side] = max(0, min(top, before + amount))
    moved = _track(state, track, side)[0] - before
    state.say(f"{side_title(side)}: {TRACK_NAME[effect.track]} {moved:+d}.")


def idle_adjust(state: FreedomState, effect: Adjust, role: str) -> str | None:
    """Why the track cannot move (already at its end, or the plea answered), else None."""
    side = side_of(effect.who, role)
    if effect.track == "plea" and state.plea[side] is None:
        return "The Government has already answered the Insurgents' plea: no effect."
    value, top = _track(state, effect.track, side)
    if max(0, min(top, value + effect.amount)) != value:
        return None
    return (f"{side_title(side)}: {TRACK_NAME[effect.track]} cannot move "
            f"{'up' if effect.amount > 0 else 'down'} any further (no effect).")


def _track(state: FreedomState, track: str, side: str) -> tuple[int, int]:
    """A track's value for ``side`` and its top (its bottom is 0)."""
    if track == "supplies":
        return state.supplies[side], TRACKS.limits.supplies_max
    if track == "money":
        return state.money, TRACKS.limits.money_max
    if track == "morale":
        return state.morale[side], TRACKS.morale.max
    if track == "plea":
        top = TRACKS.plea.empire_max if side == "empire" else TRACKS.plea.insurgents_max
        return state.plea[side] or 0, top
    return state.prep[side], TRACKS.limits.preparation_max


def civilians(state: FreedomState, effect: Civilians, role: str, card_id: str) -> None:
    city = state.spaces[CITY]
    if effect.amount > 0:
        n = min(effect.amount, state.pool["civ"])
        state.pool["civ"] -= n
        city.civ += n
        state.say(f"{n} Civilians enter the city.")
    else:
        n = min(-effect.amount, city.civ)
        city.civ -= n
        state.pool["civ"] += n
        state.say(f"{n} Civilians leave the city.")


def support(state: FreedomState, effect: Support, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    for name in effect.areas:
        for _ in range(effect.times):
            what = pieces.support_area(state, AREA_ID[name], side)
            state.say(f"Support Area for {SIDE_NAME[side]} in {name}: {what}.")
    if effect.choose:
        push(state, "ev_support", side, card=card_id, left=effect.choose, times=effect.times,
             done=[])


@prompt_state
class ChooseSupport(PromptState):
    """Pick the areas of a "Support Area in N areas of your choice" event, one at a time."""

    name = "ev_support"

    def text(self, state: FreedomState, frame: Frame) -> str:
        left = frame.data["left"]
        return f"{heading(frame)}: choose an area for a free Support Area ({left} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [
            Choice(id=f"area:{a.id}", label=f"{a.name} ({_area_label(state, a.id)})",
                   group="Areas", style="primary")
            for a in AREAS.values() if a.id not in frame.data["done"]
        ]

    def on_area(self, state: FreedomState, frame: Frame, area_id: str) -> None:
        if area_id not in AREAS or area_id in frame.data["done"]:
            raise IllegalChoice("That area is not one of the choices.")
        for _ in range(int(frame.data["times"])):
            what = pieces.support_area(state, area_id, frame.role)
            state.say(f"Support Area for {SIDE_NAME[frame.role]} in {AREAS[area_id].name}: {what}.")
        frame.data["done"] = [*frame.data["done"], area_id]
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0:
            pop(state, frame)


def _area_label(state: FreedomState, area_id: str) -> str:
    area = state.areas[area_id]
    owner = "Empire" if area.side == "empire" else "Insurgents"
    return f"{owner}, {area.support} support"


def strip_support(state: FreedomState, effect: StripSupport, role: str, card_id: str) -> None:
    areas = [AREA_ID[name] for name in effect.areas] or None
    if (why := idle_strip_support(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_strip", role, card=card_id, left=effect.count, areas=areas,
         up_to=effect.up_to)


def idle_strip_support(state: FreedomState, effect: StripSupport, role: str) -> str | None:
    areas = [AREA_ID[name] for name in effect.areas] or AREAS
    if not any(state.areas[a].support > 0 for a in areas):
        return "No Support marker to remove."
    return None


@prompt_state
class StripSupportMarkers(PromptState):
    """Remove Support markers of either colour, one at a time; tiles are never turned."""

    name = "ev_strip"

    def text(self, state: FreedomState, frame: Frame) -> str:
        left = frame.data["left"]
        return f"{heading(frame)}: remove a Support marker from an area ({left} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        allowed = frame.data.get("areas")
        found = [
            Choice(id=f"area:{a.id}", label=f"{a.name} ({_area_label(state, a.id)})",
                   group="Areas", style="primary")
            for a in AREAS.values() if state.areas[a.id].support > 0
            and (allowed is None or a.id in allowed)
        ]
        if found and frame.data.get("up_to"):  # "remove up to N": the player may stop
            found.append(Choice(id="done", label="Remove no more", style="secondary"))
        return found

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if not frame.data.get("up_to"):
            refuse()
        pop(state, frame)

    def on_area(self, state: FreedomState, frame: Frame, area_id: str) -> None:
        allowed = frame.data.get("areas")
        if area_id not in AREAS or state.areas[area_id].support <= 0 or (
                allowed is not None and area_id not in allowed):
            raise IllegalChoice("That area has no Support marker.")
        state.areas[area_id].support -= 1
        state.say(f"A Support marker is removed from {AREAS[area_id].name}.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not any(c.id != "done" for c in self.choices(state, frame)):
            pop(state, frame)


def idle_civilians(state: FreedomState, effect: Civilians, role: str) -> str | None:
    if effect.amount > 0 and state.pool["civ"] == 0:
        return "No Civilian is left to enter the city."
    if effect.amount < 0 and state.spaces[CITY].civ == 0:
        return "No Civilian is in the city to leave it."
    return None
