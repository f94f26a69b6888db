"""The attacker's questions in the Battle phase: which battle next (with its exact odds),
whether attacking air units retreat before a roll, and which units take the hits."""

from __future__ import annotations

from engine.core.errors import IllegalChoice
from engine.core.flow import Frame, PromptState
from engine.core.game import Choice
from engine.games.dragons1066.battle import (
    allowed_battles,
    casualty_choice_matters,
    fight_on,
    retreat_air,
    start_battle,
    take_attacker_loss,
)
from engine.games.dragons1066.board import attackers_in, odds_of, odds_text
from engine.games.dragons1066.data import LANDS, UNITS
from engine.games.dragons1066.flow import FLOW, kingdom_name, offer, units_text, zone_name
from engine.games.dragons1066.revisions import moves_from_to
from engine.games.dragons1066.state import DragonsState


@FLOW.state
class ChooseBattle(PromptState[DragonsState]):
    """"The Attacker chooses a Battle they created. They must fight all Sea Battles before
    any Land battles, but may otherwise freely choose.\""""

    name = "choose_battle"

    def prompt(self, state: DragonsState, frame: Frame) -> tuple[str, list[Choice]]:
        choices = []
        for zone in allowed_battles(state):
            odds = odds_of(state, zone, state.kingdom)
            land = zone in LANDS
            chance = odds.conquer if land else odds.win
            choices.append(offer(id=f"battle:{zone}", label=f"{zone_name(zone)}: {chance:.0%}",
                                  detail=odds_text(odds, land), group="Battle"))
        if moves_from_to(state):
            choices.append(offer(id="best", label="Fight them all, best odds first",
                                  style="success", detail="the order is not asked again"))
        sea = "" if all(zone in LANDS for zone in state.battles) else \
            " (sea battles come first)"
        return f"{kingdom_name(state.kingdom)}: which battle is fought next{sea}?", choices

    def on_battle(self, state: DragonsState, frame: Frame, zone: str) -> None:
        FLOW.end(state, frame)
        start_battle(state, zone)

    def on_best(self, state: DragonsState, frame: Frame, _: str) -> None:
        """Revision 2: this one and the rest of the turn's battles best odds first."""
        if not moves_from_to(state):
            raise IllegalChoice("That is not one of the choices you have right now.")
        state.best_first = True
        FLOW.end(state, frame)


@FLOW.state
class AirRetreat(PromptState[DragonsState]):
    """"Attacker Air units may retreat before rolling their attack die each round.\""""

    name = "air_retreat"

    def prompt(self, state: DragonsState, frame: Frame) -> tuple[str, list[Choice]]:
        assert state.battle is not None
        zone = state.battle.zone
        fliers = [p for p in attackers_in(state, zone) if UNITS[p.kind].domain == "air"]
        odds = odds_of(state, zone, state.kingdom)
        return (f"Battle of {zone_name(zone)}, round {state.battle.round + 1}: "
                f"{odds_text(odds, zone in LANDS)}. Do your "
                f"{units_text(fliers[0].kind, len(fliers))} fight this round or retreat?", [
                    offer(id="fight", label="Fight on", style="primary"),
                    offer(id="retreat", label="Retreat the air units", style="danger")])

    def on_fight(self, state: DragonsState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        fight_on(state)

    def on_retreat(self, state: DragonsState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        retreat_air(state)
        fight_on(state)


@FLOW.state
class Casualty(PromptState[DragonsState]):
    """"When a Defender gets a hit against an Attacker, the Attacker selects which of
    their units receive the hits.\" One hit at a time, or all at once cheapest first."""

    name = "casualty"

    def prompt(self, state: DragonsState, frame: Frame) -> tuple[str, list[Choice]]:
        assert state.battle is not None
        hits = state.battle.hits
        attackers = attackers_in(state, state.battle.zone)
        kinds = dict.fromkeys(p.kind for p in attackers)
        choices = [offer(id="cheapest", label=f"Cheapest first ({hits} hit"
                          f"{'s' * (hits != 1)})", style="primary")]
        for kind in kinds:
            left = sum(1 for p in attackers if p.kind == kind)
            choices.append(offer(id=f"lose:{kind}", label=f"Lose a {UNITS[kind].name}",
                                  detail=f"{units_text(kind, left)} in the battle",
                                  group="Take a hit"))
        return (f"Battle of {zone_name(state.battle.zone)}: the defenders hit {hits} time"
                f"{'s' * (hits != 1)}. Which of your units are lost?", choices)

    def on_cheapest(self, state: DragonsState, frame: Frame, _: str) -> None:
        assert state.battle is not None
        for _hit in range(state.battle.hits):
            take_attacker_loss(state, None)
        state.battle.hits = 0
        FLOW.end(state, frame)

    def on_lose(self, state: DragonsState, frame: Frame, kind: str) -> None:
        assert state.battle is not None
        take_attacker_loss(state, kind)
        state.battle.hits -= 1
        if not casualty_choice_matters(state, state.battle.hits):
            self.on_cheapest(state, frame, "")
