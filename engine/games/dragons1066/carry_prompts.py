"""A Galleon's transport (Attack and Reinforce): the Galleon's sea, the passenger, then where
the Galleon drops it; under rules revision 2 one pick among every transport possible now
("Knight: Normandy → Flanders by the English Channel").

In the Attack phase each drop shows the odds of its battle with the passenger joining it.
"""

from __future__ import annotations

from typing import Literal

from engine.core.errors import IllegalChoice
from engine.core.flow import Frame
from engine.core.game import Choice
from engine.core.steps import StepAction, answers_of
from engine.games.dragons1066.board import enemy_occupied, odds_of, odds_text
from engine.games.dragons1066.data import UNITS
from engine.games.dragons1066.flow import FLOW, kingdom_name, offer, zone_name
from engine.games.dragons1066.movement import carries, carry, carrying_seas, passengers
from engine.games.dragons1066.reach import moves_left
from engine.games.dragons1066.revisions import forced_menus_skipped, moves_from_to
from engine.games.dragons1066.situation import Carry, Situation
from engine.games.dragons1066.state import DragonsState, Piece

Picked = dict[str, str]


def galleon_seas(state: DragonsState, sit: Situation | None = None) -> list[str]:
    return carrying_seas(Situation(state) if sit is None else sit)


def find_carry(state: DragonsState, picked: Picked) -> tuple[Carry, Piece] | None:
    start, _, kind = picked["passenger"].partition(".")
    sea, _, land = picked["drop"].partition(".")
    sit = Situation(state)
    for option in carries(sit, picked["sea"]):
        if (option.start, option.kind, option.sea, option.land) == (start, kind, sea, land):
            return option, passengers(sit, start)[kind]
    return None


@FLOW.state
class Transport(StepAction[DragonsState]):
    """A Galleon carries one land unit from a bordering land to another (once per turn)."""

    name = "carry"
    steps = ("sea", "passenger", "drop")
    cancel = "Back to the menu"

    def ask_sea(self, state: DragonsState, frame: Frame,
                picked: Picked) -> tuple[str, list[Choice]]:
        if moves_from_to(state):
            return ("Which unit does a Galleon carry, and where (boarding costs it one move; "
                    "leaving ends its move)?", trip_choices(state))
        return "Which sea's Galleon carries a unit?", [
            offer(id=f"sea:{sea}", label=zone_name(sea), group="Galleon in")
            for sea in galleon_seas(state)]

    def on_trip(self, state: DragonsState, frame: Frame, arg: str) -> None:
        """Revision 2: a whole transport in one pick (``trip:<start>.<kind>.<sea>.<land>``,
        the sea the Galleon drops it from)."""
        found = find_trip(state, arg) if moves_from_to(state) else None
        if found is None or answers_of(frame):
            raise IllegalChoice("That is not one of the choices you have right now.")
        carry_said(state, frame.role, *found)
        FLOW.end(state, frame)

    def handle(self, state: DragonsState, frame: Frame, choice_id: str) -> None:
        if choice_id.startswith("trip:"):
            self.on_trip(state, frame, choice_id.partition(":")[2])
        else:
            super().handle(state, frame, choice_id)

    def ask_passenger(self, state: DragonsState, frame: Frame,
                      picked: Picked) -> tuple[str, list[Choice]]:
        options = carries(Situation(state), picked["sea"])
        seen = dict.fromkeys((o.start, o.kind) for o in options)
        return "Which unit goes aboard (boarding costs it one move)?", [
            offer(id=f"passenger:{start}.{kind}",
                   label=f"{UNITS[kind].name} from {zone_name(start)}", group="Passenger")
            for start, kind in seen]

    def ask_drop(self, state: DragonsState, frame: Frame,
                 picked: Picked) -> tuple[str, list[Choice]]:
        start, _, kind = picked["passenger"].partition(".")
        sit = Situation(state)
        options = [o for o in carries(sit, picked["sea"]) if (o.start, o.kind) == (start, kind)]
        passenger = passengers(sit, start)[kind]
        choices = []
        for option in options:
            label = f"{zone_name(option.land)} (Galleon to {zone_name(option.sea)})"
            choice = offer(id=f"drop:{option.sea}.{option.land}", label=label,
                            group="Drop in")
            if state.phase == "attack":
                odds = odds_of(state, option.land, state.kingdom, joining=[passenger])
                risk = " (enemy sea: lost if the Galleon sinks)" if enemy_occupied(
                    state, option.sea, state.kingdom) else ""
                choice = offer(id=choice.id, label=label, group="Drop in", style="danger",
                                detail=odds_text(odds, True) + risk)
            choices.append(choice)
        return (f"Where does the Galleon drop the {UNITS[kind].name} "
                f"({moves_left(passenger)} move{'s' * (moves_left(passenger) != 1)} left; "
                "leaving ends its move)?", choices)

    def perform(self, state: DragonsState, frame: Frame, picked: Picked) -> None:
        found = find_carry(state, picked)
        if found is None:  # the prompt lists only carries that exist
            raise IllegalChoice("That Galleon cannot make this transport.")
        carry_said(state, frame.role, *found)

    def skips_forced(self, state: DragonsState, frame: Frame) -> bool:
        """Revision 2: as a move's steps (an attack's drop shows its odds first)."""
        if not forced_menus_skipped(state):
            return False
        return state.phase != "attack" or len(answers_of(frame)) < len(self.steps) - 1


def carry_said(state: DragonsState, role: str, option: Carry, passenger: Piece) -> None:
    state.say(f"{kingdom_name(state.kingdom)}'s Galleon carries a "
              f"{UNITS[option.kind].name} from {zone_name(option.start)} by the "
              f"{zone_name(option.sea)} to {zone_name(option.land)}.", role=role)
    carry(state, option, passenger)


def trips(state: DragonsState) -> dict[str, tuple[Carry, Piece]]:
    """Every transport possible now by its ``trip`` id (the passenger's land and kind, the
    sea it is dropped from, the land): the first Galleon able to make it, seas in the
    map's order."""
    sit = Situation(state)
    found: dict[str, tuple[Carry, Piece]] = {}
    for sea in galleon_seas(state):
        for option in carries(sit, sea):
            key = f"{option.start}.{option.kind}.{option.sea}.{option.land}"
            if key not in found:
                found[key] = (option, passengers(sit, option.start)[option.kind])
    return found


def find_trip(state: DragonsState, key: str) -> tuple[Carry, Piece] | None:
    return trips(state).get(key)


def trip_choices(state: DragonsState) -> list[Choice]:
    choices = []
    for key, (option, passenger) in trips(state).items():
        label = (f"{UNITS[option.kind].name}: {zone_name(option.start)} → "
                 f"{zone_name(option.land)} by the {zone_name(option.sea)}")
        detail = f"the Galleon from the {zone_name(option.galleon.zone)}"
        style: Literal["danger", "secondary"] = "secondary"
        if state.phase == "attack":
            odds = odds_of(state, option.land, state.kingdom, joining=[passenger])
            label += f", {odds.conquer:.0%}"
            risk = " (enemy sea: lost if the Galleon sinks)" if enemy_occupied(
                state, option.sea, state.kingdom) else ""
            detail = odds_text(odds, True) + risk
            style = "danger"
        choices.append(offer(id=f"trip:{key}", label=label, detail=detail[:100],
                              group="Carry: unit, from → to", style=style))
    return choices
