"""The Fleet actions of the turn menu, for now the fishing boats: put one on a sea zone, or
sail one. Choice ids: ``zone:<sea>``, ``from:<sea>``, ``to:<sea>``."""

from __future__ import annotations

from engine.core.flow import Frame
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.content import SHIPS, price
from engine.games.sixcontinents.fishing import (
    BOAT,
    boat_moves,
    boat_sites,
    build_boat,
    move_boat,
    sea_name,
)
from engine.games.sixcontinents.flow import FLOW
from engine.games.sixcontinents.state import SixState


@FLOW.state
class BuildBoat(StepAction[SixState]):
    """Fishing boats: 7, on a sea zone one's port touches, one boat per zone."""

    name = "boat"
    steps = ("zone",)
    cancel = "Back to the menu"

    def ask_zone(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        info = SHIPS[BOAT]
        return (f"Put a fishing boat ({price(BOAT)}: {info.food} food and {info.income} "
                "currency a turn) on which sea zone?",
                [choice(f"zone:{z}", sea_name(z), group="Sea zones")
                 for z in boat_sites(state, frame.role)])

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        build_boat(state, frame.role, picked["zone"])


@FLOW.state
class SailBoat(StepAction[SixState]):
    """Fishing boats: 2 movement points, one zone each, never onto another boat's zone."""

    name = "sail"
    steps = ("from", "to")
    cancel = "Back to the menu"

    def ask_from(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Sail which fishing boat?", [
            choice(f"from:{z}", sea_name(z), group="Boats")
            for z in boat_moves(state, frame.role)]

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        start = picked["from"]
        return f"Sail from the {sea_name(start)} to?", [
            choice(f"to:{z}", sea_name(z), group="Sea zones")
            for z in boat_moves(state, frame.role).get(start, [])]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        move_boat(state, frame.role, picked["from"], picked["to"])
