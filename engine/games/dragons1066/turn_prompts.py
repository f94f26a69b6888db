"""A kingdom's turn menus: the Attack phase (move into battle, carry, fight the battles) and
the Reinforce phase (buy and place, move, carry, end the turn)."""

from __future__ import annotations

from engine.core.errors import IllegalChoice
from engine.core.flow import Frame, PromptState
from engine.core.game import Choice
from engine.core.steps import StepAction, picked_of, start_action
from engine.games.dragons1066.board import odds_of, odds_text
from engine.games.dragons1066.carry_prompts import galleon_seas
from engine.games.dragons1066.data import LANDS, UNITS
from engine.games.dragons1066.flow import FLOW, kingdom_name, offer, units_text, zone_name
from engine.games.dragons1066.market import market
from engine.games.dragons1066.move_prompts import (
    LABEL,
    gather_all,
    gather_choices,
    go,
    movable_zones,
    move_said,
    pieces_text,
    sweep_choices,
)
from engine.games.dragons1066.reinforce import affordable, buy, placements, stranded
from engine.games.dragons1066.revisions import (
    buy_in_bulk,
    forced_menus_skipped,
    march_as_suggested,
    moves_from_to,
)
from engine.games.dragons1066.situation import Situation
from engine.games.dragons1066.state import DragonsState, Piece
from engine.games.dragons1066.suggest import (
    suggested_march,
    suggested_purchases,
)


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
        begin(state, "move", frame.role, "zone", movable_zones(state))

    def on_carry(self, state: DragonsState, frame: Frame, _: str) -> None:
        # revision 2 lists every transport as one pick: there is no sea to pick first
        start_action(FLOW, state, "carry", frame.role)

    def on_done(self, state: DragonsState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)

    def on_best(self, state: DragonsState, frame: Frame, _: str) -> None:
        """Revision 2: the battles are fought best odds first, without asking the order."""
        if not (moves_from_to(state) and state.phase == "attack" and len(state.battles) > 1):
            raise IllegalChoice("That is not one of the choices you have right now.")
        state.best_first = True
        FLOW.end(state, frame)

    def on_go(self, state: DragonsState, frame: Frame, arg: str) -> None:
        """Revision 2: a "from → to" choice."""
        go(state, frame.role, arg)

    def on_all(self, state: DragonsState, frame: Frame, to: str) -> None:
        """Revision 2: all that can reach a battle."""
        gather_all(state, frame.role, to)


def begin(state: DragonsState, action: str, role: str, first: str, options: list[str]) -> None:
    """Start a move; under revision 2 its first pick (the zone) is made when there is only
    one (and the later forced ones)."""
    frame = start_action(FLOW, state, action, role)
    steps = FLOW.states[action]
    assert isinstance(steps, StepAction)
    if forced_menus_skipped(state) and len(options) == 1:
        picked = picked_of(frame)
        picked[first] = options[0]
        steps.answer_forced_steps(state, frame)
        if len(picked) == len(steps.steps):  # nothing was left to choose
            steps.perform(state, frame, dict(picked))
            FLOW.end(state, frame, result=dict(picked))


@FLOW.state
class Attack(PhaseMenu):
    """"Move your units into enemy-controlled Lands and Seas to create battles.\""""

    name = "attack"

    def prompt(self, state: DragonsState, frame: Frame) -> tuple[str, list[Choice]]:
        choices = []
        sit = Situation(state)  # one index of the map for the whole menu
        if movable_zones(state, sit):
            choices.append(offer(id="move", label="Move units into battle", style="primary"))
        if galleon_seas(state, sit):
            choices.append(offer(id="carry", label="Carry a unit by Galleon"))
        count = len(state.battles)
        choices.append(offer(
            id="done", label=f"Fight the battles ({count})" if count else
            "No attack: go to Reinforce", style="success"))
        if count > 1 and moves_from_to(state):
            choices.append(offer(id="best", label="Fight them all, best odds first",
                                  style="success", detail="sea battles first (the rules); "
                                  "the order is not asked"))
        if moves_from_to(state):
            if choices[0].id == "move":
                choices[0] = offer(id="move", label="Pick the units to move")
            choices += gather_choices(state, sit) + sweep_choices(state, sit)
        return (f"Year {state.year}, {kingdom_name(state.kingdom)}: Attack. "
                f"{battles_text(state)}", choices)

    def over(self, state: DragonsState, frame: Frame) -> bool:
        """Revision 2: nothing can attack any more (no unit can move into a battle, no
        Galleon can carry): the Battle phase begins without asking."""
        return forced_menus_skipped(state) and not movable_zones(state) \
            and not galleon_seas(state)


@FLOW.state
class Reinforce(PhaseMenu):
    """"Collect Gold, buy new units, and make Reinforcement moves.\""""

    name = "reinforce"

    def prompt(self, state: DragonsState, frame: Frame) -> tuple[str, list[Choice]]:
        gold = state.gold[state.kingdom]
        choices = []
        kinds = affordable(state)
        bulk = buy_in_bulk(state)
        plan = suggested_purchases(state) if bulk and kinds else []
        if plan:
            choices.append(suggested_choice(plan))
        if kinds:
            choices.append(offer(id="buy", label=f"Buy a unit ({gold} Gold left)",
                                  style="secondary" if bulk else "primary"))
        again = repeat_purchase(state, frame, kinds)
        if again is not None:
            kind, zone = again
            choices.append(offer(
                id="again", style="primary",
                label=f"Another {UNITS[kind].name} in {zone_name(zone)} "
                      f"({UNITS[kind].cost} Gold)"))
        sit = Situation(state)  # one index of the map for the whole menu
        movable = movable_zones(state, sit)
        march = suggested_march(state) if movable and march_as_suggested(state) else []
        if march:
            choices.insert(len(plan[:1]), offer(
                id="march", style="primary", group=SUGGESTED,
                label=f"March to the front as suggested ({len(march)} "
                      f"move{'s' * (len(march) != 1)})",
                detail=march_text(march)[:100]))
        if plan or march:
            choices.insert(len(plan[:1]) + len(march[:1]), offer(
                id="finish", style="success", group=SUGGESTED,
                label="Buy, march and end the turn as suggested" if plan and march else
                "Buy as suggested and end the turn" if plan else
                "March as suggested and end the turn"))
        if movable:
            choices.append(offer(id="move", label="Pick the units to move" if
                                  moves_from_to(state) else "Move units"))
        if galleon_seas(state, sit):
            choices.append(offer(id="carry", label="Carry a unit by Galleon"))
        warnings = []
        if gold and kinds:
            warnings.append(f"{gold} unspent Gold will be lost")
        lost = stranded(state)
        if lost:
            warnings.append("air units in " + ", ".join(zone_name(z) for z in lost)
                            + " will be lost")
        choices.append(offer(id="done", label="End the turn", style="success",
                              detail="; ".join(warnings)[:100]))
        text = (f"Year {state.year}, {kingdom_name(state.kingdom)}: Reinforce. {gold} Gold. "
                "New units: one per Castle in a land, any number at a Fortress. "
                "Units that have not moved may move, air units again; no move into battle.")
        if plan:
            text += f" Suggested purchase: {purchase_text(plan)}."
        if march:
            text += f" Suggested march: {clip(march_text(march), 600)}."
        if warnings:
            text += " Careful: " + "; ".join(warnings) + "."
        if movable and moves_from_to(state):
            choices += sweep_choices(state, sit)
        return text, choices

    def over(self, state: DragonsState, frame: Frame) -> bool:
        """Revision 2: nothing is left to buy, move or carry: the turn ends without asking
        (what "End the turn" would warn of is lost either way)."""
        return forced_menus_skipped(state) and not affordable(state) \
            and not movable_zones(state) and not galleon_seas(state)

    def on_buy(self, state: DragonsState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "buy", frame.role)

    def on_march(self, state: DragonsState, frame: Frame, _: str) -> None:
        """Every move of the suggested march, as shown (the same rule on the same units)."""
        march = suggested_march(state) if march_as_suggested(state) else []
        if not march:
            raise IllegalChoice("That is not one of the choices you have right now.")
        pieces = {p.id: p for p in state.pieces}
        for zone, to, copies in march:
            move_said(state, frame.role, zone, to, [pieces[p.id] for p in copies])

    def on_finish(self, state: DragonsState, frame: Frame, _: str) -> None:
        """The suggested purchase, the suggested march, then the end of the turn."""
        if not buy_in_bulk(state):
            raise IllegalChoice("That is not one of the choices you have right now.")
        if suggested_purchases(state):
            self.on_suggested(state, frame, "")
        if movable_zones(state) and suggested_march(state):
            self.on_march(state, frame, "")
        self.on_done(state, frame, "")

    def on_suggested(self, state: DragonsState, frame: Frame, _: str) -> None:
        plan = suggested_purchases(state) if buy_in_bulk(state) else []
        if not plan:
            raise IllegalChoice("That is not one of the choices you have right now.")
        for kind, zone in plan:
            buy(state, kind, zone, frame.role, say=False)
        state.say(f"{kingdom_name(state.kingdom)} buys {purchase_text(plan)}.",
                  role=frame.role)

    def on_again(self, state: DragonsState, frame: Frame, _: str) -> None:
        again = repeat_purchase(state, frame)
        assert again is not None  # the prompt listed it
        buy(state, *again, frame.role)

    def resume(self, state: DragonsState, frame: Frame, ended: Frame, result: object) -> None:
        if ended.name == "buy" and isinstance(result, dict):
            frame.data["again"] = [result["unit"], result["at"].partition(".")[0]]


# The row of the Reinforce menu's suggestions (revision 2).
SUGGESTED = "Suggested"


def purchase_text(plan: list[tuple[str, str]]) -> str:
    """"3 Warbeasts in England, 1 Legion in Normandy" (places in the order first bought)."""
    counts: dict[tuple[str, str], int] = {}
    for kind, zone in plan:
        counts[kind, zone] = counts.get((kind, zone), 0) + 1
    return ", ".join(f"{units_text(kind, n)} in {zone_name(zone)}"
                     for (kind, zone), n in counts.items())


def march_text(march: list[tuple[str, str, list[Piece]]]) -> str:
    """"France → Aquitaine (2 Legions); Kiev → Poland (1 Knight)"."""
    return "; ".join(f"{zone_name(zone)} → {zone_name(to)} ({pieces_text(pieces)})"
                     for zone, to, pieces in march)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def suggested_choice(plan: list[tuple[str, str]]) -> Choice:
    cost = sum(UNITS[kind].cost for kind, _ in plan)
    text = purchase_text(plan)
    label = f"Buy {text} ({cost} Gold)"
    if len(label) > LABEL:
        label = f"Buy as suggested: {len(plan)} units ({cost} Gold)"
    return offer(id="suggested", label=label, style="primary", group=SUGGESTED,
                  detail=("As suggested: " + text)[:100])


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
            offer(id=f"unit:{kind}", group="Unit",
                   label=f"{UNITS[kind].name}: {UNITS[kind].cost} Gold, d{UNITS[kind].die}, "
                         f"move {UNITS[kind].move} ({UNITS[kind].domain})")
            for kind in affordable(state)]

    def ask_at(self, state: DragonsState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        kind = picked["unit"]
        choices = []
        shop = market(state)
        for zone in shop.placements(kind):
            left = shop.room(zone) if zone in LANDS else 0
            note = "" if zone not in LANDS else (
                " (Fortress)" if LANDS[zone].fortress else f" ({left} left)")
            choices.append(offer(id=f"at:{zone}", label=zone_name(zone) + note, group="Place"))
        many = bulk_counts(state, kind) if buy_in_bulk(state) else {}
        for zone, count in many.items():
            choices.append(offer(
                id=f"at:{zone}.{count}", group="Place several",
                label=f"{units_text(kind, count)} in {zone_name(zone)} "
                      f"({count * UNITS[kind].cost} Gold)"))
        return f"Place the {UNITS[kind].name} where?", choices

    def perform(self, state: DragonsState, frame: Frame, picked: dict[str, str]) -> None:
        zone, _, many = picked["at"].partition(".")
        count = int(many) if many else 1
        if count > 1 and bulk_counts(state, picked["unit"]).get(zone) != count:
            raise IllegalChoice("That is not one of the choices you have right now.")
        for _ in range(count):
            buy(state, picked["unit"], zone, frame.role, say=count == 1)
        if count > 1:
            state.say(f"{kingdom_name(state.kingdom)} buys {units_text(picked['unit'], count)}"
                      f" in {zone_name(zone)}.", role=frame.role)


def bulk_counts(state: DragonsState, kind: str) -> dict[str, int]:
    """Revision 2: the lands where the Gold buys more than one new ``kind`` with room for
    them, with as many as it buys there (one pick for all of them)."""
    most = state.gold[state.kingdom] // UNITS[kind].cost
    if most < 2 or UNITS[kind].domain == "sea":
        return {}
    shop = market(state)
    return {land: min(most, shop.room(land)) for land in shop.placements(kind)
            if min(most, shop.room(land)) > 1}
