"""A kingdom's turn menus: the Attack phase (move into battle, carry, fight the battles) and
the Reinforce phase (buy and place, move, carry, end the turn)."""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice
from engine.core.steps import StepAction, start_action
from engine.games.dragons1066.board import odds_of, odds_text
from engine.games.dragons1066.data import LANDS, UNITS
from engine.games.dragons1066.flow import FLOW, kingdom_name, zone_name
from engine.games.dragons1066.move_prompts import galleon_seas, movable_zones
from engine.games.dragons1066.reinforce import affordable, buy, placements, room, stranded
from engine.games.dragons1066.state import DragonsState


def battles_text(state: DragonsState) -> str:
    if not state.battles:
        return "No battle yet."
    lines = []
    for zone in state.battles:
        odds = odds_of(state, zone, state.kingdom)
        lines.append(f"{zone_name(zone)}: {odds_text(odds, zone in LANDS)}")
    return "Battles: " + "; ".join(lines) + "."


class PhaseMenu(PromptState[DragonsState]):
    """What the Attack and Reinforce menus both offer: move, carry by Galleon, and end."""

    def on_move(self, state: DragonsState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "move", frame.role)

    def on_carry(self, state: DragonsState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "carry", frame.role)

    def on_done(self, state: DragonsState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)


@FLOW.state
class Attack(PhaseMenu):
    """"Move your units into enemy-controlled Lands and Seas to create battles.\""""

    name = "attack"

    def prompt(self, state: DragonsState, frame: Frame) -> tuple[str, list[Choice]]:
        choices = []
        if movable_zones(state):
            choices.append(Choice(id="move", label="Move units into battle", style="primary"))
        if galleon_seas(state):
            choices.append(Choice(id="carry", label="Carry a unit by Galleon"))
        count = len(state.battles)
        choices.append(Choice(
            id="done", label=f"Fight the battles ({count})" if count else
            "No attack: go to Reinforce", style="success"))
        return (f"Year {state.year}, {kingdom_name(state.kingdom)}: Attack. "
                f"{battles_text(state)}", choices)


@FLOW.state
class Reinforce(PhaseMenu):
    """"Collect Gold, buy new units, and make Reinforcement moves.\""""

    name = "reinforce"

    def prompt(self, state: DragonsState, frame: Frame) -> tuple[str, list[Choice]]:
        gold = state.gold[state.kingdom]
        choices = []
        kinds = affordable(state)
        if kinds:
            choices.append(Choice(id="buy", label=f"Buy a unit ({gold} Gold left)",
                                  style="primary"))
        again = repeat_purchase(state, frame, kinds)
        if again is not None:
            kind, zone = again
            choices.append(Choice(
                id="again", style="primary",
                label=f"Another {UNITS[kind].name} in {zone_name(zone)} "
                      f"({UNITS[kind].cost} Gold)"))
        if movable_zones(state):
            choices.append(Choice(id="move", label="Move units"))
        if galleon_seas(state):
            choices.append(Choice(id="carry", label="Carry a unit by Galleon"))
        warnings = []
        if gold and kinds:
            warnings.append(f"{gold} unspent Gold will be lost")
        lost = stranded(state)
        if lost:
            warnings.append("air units in " + ", ".join(zone_name(z) for z in lost)
                            + " will be lost")
        choices.append(Choice(id="done", label="End the turn", style="success",
                              detail="; ".join(warnings)[:100]))
        text = (f"Year {state.year}, {kingdom_name(state.kingdom)}: Reinforce. {gold} Gold. "
                "New units: one per Castle in a land, any number at a Fortress. "
                "Units that have not moved may move, air units again; no move into battle.")
        if warnings:
            text += " Careful: " + "; ".join(warnings) + "."
        return text, choices

    def on_buy(self, state: DragonsState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "buy", frame.role)

    def on_again(self, state: DragonsState, frame: Frame, _: str) -> None:
        again = repeat_purchase(state, frame)
        assert again is not None  # the prompt listed it
        buy(state, *again, frame.role)

    def resume(self, state: DragonsState, frame: Frame, ended: Frame, result: object) -> None:
        if ended.name == "buy" and isinstance(result, dict):
            frame.data["again"] = [result["unit"], result["at"]]


def repeat_purchase(state: DragonsState, frame: Frame,
                    kinds: list[str] | None = None) -> tuple[str, str] | None:
    """The unit and place of this turn's last purchase, when one more may be bought there:
    one click for each further unit of the same kind in the same place (``kinds``: the
    affordable ones, when the caller has them already)."""
    last = frame.data.get("again")
    if not last:
        return None
    kind, zone = str(last[0]), str(last[1])
    if kind in (affordable(state) if kinds is None else kinds) \
            and zone in placements(state, kind):
        return kind, zone
    return None


@FLOW.state
class Buy(StepAction[DragonsState]):
    """"Buy and place new units from your supply.\""""

    name = "buy"
    steps = ("unit", "at")
    cancel = "Back to the menu"
    skip_when_forced = True

    def ask_unit(self, state: DragonsState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return f"Buy which unit? {state.gold[state.kingdom]} Gold.", [
            Choice(id=f"unit:{kind}", group="Unit",
                   label=f"{UNITS[kind].name}: {UNITS[kind].cost} Gold, d{UNITS[kind].die}, "
                         f"move {UNITS[kind].move} ({UNITS[kind].domain})")
            for kind in affordable(state)]

    def ask_at(self, state: DragonsState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        kind = picked["unit"]
        choices = []
        for zone in placements(state, kind):
            left = room(state, zone) if zone in LANDS else 0
            note = "" if zone not in LANDS else (
                " (Fortress)" if LANDS[zone].fortress else f" ({left} left)")
            choices.append(Choice(id=f"at:{zone}", label=zone_name(zone) + note, group="Place"))
        return f"Place the {UNITS[kind].name} where?", choices

    def perform(self, state: DragonsState, frame: Frame, picked: dict[str, str]) -> None:
        buy(state, picked["unit"], picked["at"], frame.role)
