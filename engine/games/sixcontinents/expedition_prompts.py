"""Internal expeditions' questions: where to send one, whether to buy a mineral found, and
whether the soldiers meeting savages fight them or leave (Economy 2.0, Expeditions).

Choice ids: ``province:<id>``; mineral ``buy``, ``leave``; savages ``fight``,
``leave:<province>``.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.battle import Attack, fight
from engine.games.sixcontinents.conquest import spend_moves, take
from engine.games.sixcontinents.expeditions import (
    INTERNAL,
    buy_mineral,
    expedition_sites,
    retreats,
    send,
)
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import soldiers, units_in, units_of
from engine.games.sixcontinents.state import NEUTRAL, SixState
from engine.games.sixcontinents.turn_prompts import province_choices


@FLOW.state
class SendExpedition(StepAction[SixState]):
    """An internal expedition into a province of one's own without a building."""

    name = "expedition"
    steps = ("province",)
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return (f"Send an internal expedition ({INTERNAL.cost}) where? It comes back in "
                f"{INTERNAL.turns} turns; one per province in the whole game.",
                province_choices(expedition_sites(state, frame.role), {}))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        send(state, frame.role, picked["province"])


@FLOW.state
class Mineral(PromptState[SixState]):
    """"To get bonuses for the terrain, you must buy them at the end of the action,
    otherwise they are lost.\""""

    name = "mineral"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        row = next(r for r in INTERNAL.row if r.id == frame.data["row"])
        province = str(frame.data["province"])
        choices = []
        if row.cost <= state.realms[frame.role].currency:
            choices.append(choice("buy", f"Pay {row.cost} for +{row.income} a turn",
                                  style="primary"))
        choices.append(choice("leave", "Leave it"))
        return f"{row.name} in {place(province)}: {row.text}", choices

    def on_buy(self, state: SixState, frame: Frame, _: str) -> None:
        row = next(r for r in INTERNAL.row if r.id == frame.data["row"])
        buy_mineral(state, frame.role, str(frame.data["province"]), row.cost, row.income,
                    row.marker)
        FLOW.end(state, frame)

    def on_leave(self, state: SixState, frame: Frame, _: str) -> None:
        state.say(f"{colour(frame.role)} leaves the mineral of "
                  f"{place(str(frame.data['province']))}.", role=frame.role)
        FLOW.end(state, frame)


@FLOW.state
class Savages(PromptState[SixState]):
    """"All of the owner's soldiers in the area may attack or retreat without
    casualties.\""""

    name = "savages"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        province = str(frame.data["province"])
        mine = soldiers(units_of(state, frame.role, province))
        theirs = soldiers([u for u in units_in(state, province) if u.owner == NEUTRAL])
        choices = [choice("fight", f"Fight them ({mine} against {theirs})", style="danger")]
        choices += [choice(f"leave:{p}", f"Leave for {place(p)}", group="Leave")
                    for p in retreats(state, frame.role, province)]
        return (f"Savages in {place(province)}: your {mine} soldiers there fight them or "
                "leave without losses.", choices)

    def on_fight(self, state: SixState, frame: Frame, _: str) -> None:
        province = str(frame.data["province"])
        attack = Attack(attacker=frame.role, target=province,
                        units=units_of(state, frame.role, province),
                        defenders=[u for u in units_in(state, province) if u.owner == NEUTRAL],
                        withdraw_at=0)
        FLOW.end(state, frame)
        won = fight(state, attack)
        spend_moves(state, attack.units)
        if won:
            take(state, frame.role, province, attack.units)

    def on_leave(self, state: SixState, frame: Frame, to: str) -> None:
        province = str(frame.data["province"])
        if to not in retreats(state, frame.role, province):
            raise ValueError(f"{frame.role} may not leave {province} for {to}")
        for unit in units_of(state, frame.role, province):
            unit.province = to
        state.say(f"{colour(frame.role)}'s soldiers leave {place(province)} for {place(to)}.",
                  role=frame.role)
        FLOW.end(state, frame)
