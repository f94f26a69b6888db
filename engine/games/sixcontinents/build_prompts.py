"""Building and demolishing (Buildings, Capital): a building is one choice of what and
where, ``site:<province>.<building>``, its price on the label; demolishing asks
``province:<id>`` then ``building:<id>``."""

from __future__ import annotations

from engine.core.flow import Frame
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.content import BUILDINGS
from engine.games.sixcontinents.economy import (
    build,
    buildable,
    building_cost,
    demolish,
    demolishable,
    refund,
)
from engine.games.sixcontinents.flow import FLOW, building_name, place
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.turn_prompts import province_choices

# A prompt's rows beside the way back (Discord shows 5), and a select menu's options.
ROWS = 4
OPTIONS = 25


def gives(building: str) -> str:
    """What a building brings: "2 food, upkeep 1"."""
    info = BUILDINGS[building]
    return ", ".join(x for x in (
        f"{info.income} currency" if info.income else "",
        f"{info.food} food" if info.food else "",
        f"defence +{info.defence}" if info.defence else "",
        f"upkeep {info.upkeep}" if info.upkeep else "") if x)


def site_choices(state: SixState, role: str, places: dict[str, list[str]]) -> list[Choice]:
    """Every building ``role`` may put up now, where, building by building: buildings that
    fit in one menu together share it (named after them) when the menus fit beside the way
    back, else all are in one list. ``places``: ``buildable(state, role)``."""
    kinds = [b for b in BUILDINGS if any(b in found for found in places.values())]
    where = {b: sorted(p for p, found in places.items() if b in found) for b in kinds}
    packs: list[list[str]] = []
    for b in kinds:
        if packs and sum(len(where[k]) for k in packs[-1]) + len(where[b]) <= OPTIONS:
            packs[-1].append(b)
        else:
            packs.append([b])
    rows = sum(-(-sum(len(where[k]) for k in pack) // OPTIONS) for pack in packs)
    choices = []
    for pack in packs:
        group = "Build " + "; ".join(BUILDINGS[b].name for b in pack) + ": where?" \
            if rows <= ROWS else "Build what, where?"
        for b in pack:
            cost = building_cost(state, b, role)
            choices += [choice(f"site:{p}.{b}", f"{BUILDINGS[b].name} in {place(p)} ({cost})",
                               group=group, detail=gives(b)) for p in where[b]]
    return choices


@FLOW.state
class Build(StepAction[SixState]):
    """Buildings: on one's own land (a road also on occupied land), one building per
    province besides a port and a road, as the capital's level allows."""

    name = "build"
    steps = ("site",)
    cancel = "Back to the menu"

    def ask_site(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        role = frame.role
        places = buildable(state, role)
        offered = dict.fromkeys(b for found in places.values() for b in found)
        lines = "; ".join(f"{BUILDINGS[b].name} ({building_cost(state, b, role)})"
                          + (f": {gives(b)}" if gives(b) else "")
                          for b in BUILDINGS if b in offered)
        return (f"Build what, where? {state.realms[role].currency} currency. {lines}.",
                site_choices(state, role, places))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        province, _, building = picked["site"].partition(".")
        build(state, frame.role, province, building)


@FLOW.state
class Demolish(StepAction[SixState]):
    """Buildings: demolition returns half the nominal price."""

    name = "demolish"
    steps = ("province", "building")
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        places = demolishable(state, frame.role)
        detail = {p: ", ".join(building_name(b) for b in kinds) for p, kinds in places.items()}
        return "Demolish in which province?", province_choices(sorted(places), detail)

    def ask_building(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        province = picked["province"]
        return f"Demolish what in {place(province)}?", [
            choice(f"building:{b}", f"{building_name(b)} ({refund(b)} back)",
                   group="Buildings")
            for b in demolishable(state, frame.role).get(province, [])]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        demolish(state, frame.role, picked["province"], picked["building"])
