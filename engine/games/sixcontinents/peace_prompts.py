"""Drafting a peace offer (General rules 5-6): the offering player sets the terms, province
by province, and optionally a sum paid by one of the two, then sends them; the other answers
in a prompt of his own (``diplomacy.Peace``).

The draft starts at the quick default, each keeps what he occupies, which one click offers
at once. Choice ids: ``keep`` (offer the default now), ``send`` (offer the terms drafted),
``province:<id>`` (give that province to the other side: a capital can only be given back
to its owner or left occupied), ``sum`` (who pays how much: a :class:`PeaceSum` step
action), ``nosum``, ``back``.
"""

from __future__ import annotations

from typing import Any

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction, start_action
from engine.games.sixcontinents.army_prompts import counts
from engine.games.sixcontinents.diplomacy import (
    changes,
    default_terms,
    disputed,
    frame_terms,
    offer_peace,
    terms_text,
)
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import capital_of, is_capital
from engine.games.sixcontinents.state import SixState


def open_draft(state: SixState, role: str, other: str) -> None:
    """The menu's *Offer peace*: the draft, at the default terms."""
    FLOW.push(state, "peace_draft", role, other=other,
              terms=default_terms(state, role, other), payer="", amount=0)


def province_label(state: SixState, province: str, to: str) -> str:
    land = state.provinces[province]
    if is_capital(state, province):
        verb = "Give back" if to == capital_of(state, province) else "Keep occupying"
        return f"{verb} {place(province)} (capital)"
    if to == land.owner:
        return f"Give {place(province)} back to {colour(to)}"
    return f"Cede {place(province)} to {colour(to)}"


@FLOW.state
class PeaceDraft(PromptState[SixState]):
    """The offering player's terms: one click per province changes who gets it."""

    name = "peace_draft"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        role, other = frame.role, str(frame.data["other"])
        terms, payer, amount = frame_terms(frame)
        default = default_terms(state, role, other)
        choices = []
        if changes(state, default):
            choices.append(choice("keep", "Offer: each keeps what he occupies",
                                  group="Offer", style="success"))
        if terms != default or payer:
            choices.append(choice("send", "Offer these terms", group="Offer",
                                  style="primary"))
        for province in disputed(state, role, other):
            now = terms[province]
            to = other if now == role else role
            choices.append(choice(
                f"province:{province}", province_label(state, province, to),
                group=f"Now {colour(now)}'s",
                detail=f"owned by {colour(state.provinces[province].owner)}, occupied by "
                       f"{colour(state.provinces[province].occupier)}"))
        choices.append(choice("sum", "Change the sum paid" if payer else "Add a sum paid",
                              group="Sum"))
        if payer:
            choices.append(choice("nosum", "No sum", group="Sum"))
        choices.append(choice("back", "Back to the menu"))
        return (f"Peace with {colour(other)}. The terms now: "
                f"{terms_text(state, role, other, terms, payer, amount)}. Pick a province to "
                "give it to the other side.", choices)

    def on_keep(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        offer_peace(state, frame.role, str(frame.data["other"]))

    def on_send(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        terms, payer, amount = frame_terms(frame)
        offer_peace(state, frame.role, str(frame.data["other"]), terms, payer, amount)

    def on_province(self, state: SixState, frame: Frame, province: str) -> None:
        terms: dict[str, str] = frame.data["terms"]
        if province not in terms:
            raise ValueError(f"{province} is not in dispute")
        other = str(frame.data["other"])
        terms[province] = other if terms[province] == frame.role else frame.role

    def on_sum(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "peace_sum", frame.role, other=frame.data["other"])

    def on_nosum(self, state: SixState, frame: Frame, _: str) -> None:
        frame.data["payer"], frame.data["amount"] = "", 0

    def on_back(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)

    def resume(self, state: SixState, frame: Frame, ended: Frame, result: Any) -> None:
        if ended.name == "peace_sum" and result:
            frame.data["payer"] = str(result["payer"])
            frame.data["amount"] = int(result["amount"])


@FLOW.state
class PeaceSum(StepAction[SixState]):
    """The sum in a peace: who pays (either side, if he has currency), then how much."""

    name = "peace_sum"
    steps = ("payer", "amount")
    cancel = "Back to the terms"

    def ask_payer(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        other = str(frame.data["other"])
        return "Who pays?", [
            choice(f"payer:{r}", "You pay" if r == frame.role else f"{colour(r)} pays",
                   group="Payer", detail=f"{state.realms[r].currency} currency")
            for r in (frame.role, other) if state.realms[r].currency > 0]

    def ask_amount(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        payer = picked["payer"]
        have = state.realms[payer].currency
        return f"How much does {colour(payer)} pay? He has {have}.", [
            choice(f"amount:{n}", str(n), group="Amount") for n in counts(have)]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        payer, amount = picked["payer"], int(picked["amount"])
        if payer not in (frame.role, frame.data["other"]) or \
                not 0 < amount <= state.realms[payer].currency:
            raise ValueError(f"{payer} cannot pay {amount}")
