"""The peace conference (General rules 5-6): conquered land stays occupied until a peace
cedes it. A player may offer another, once a turn, peace in which each keeps the provinces
he occupies of the other's (capitals excepted); the other accepts or refuses at once. Deals
beyond that are the players' own business (General rule 5): a player may pay another what
he promised, and nothing makes him."""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.army_prompts import counts
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import alive, is_capital, pay, receive
from engine.games.sixcontinents.state import SixState


def ceded(state: SixState, one: str, other: str) -> dict[str, list[str]]:
    """What a peace between ``one`` and ``other`` would give each: the provinces of the
    other's that he occupies, capitals excepted."""
    gains: dict[str, list[str]] = {one: [], other: []}
    for province, land in state.provinces.items():
        if is_capital(state, province):
            continue
        if {land.owner, land.occupier} == {one, other}:
            gains[land.occupier].append(province)
    return gains


def peace_partners(state: SixState, role: str) -> list[str]:
    """The players ``role`` may offer peace now: someone with land to settle, not offered
    this turn already."""
    return [r for r in state.order if r != role and alive(state, r)
            and r not in state.realms[role].offered
            and any(ceded(state, role, r).values())]


def offer_peace(state: SixState, role: str, other: str) -> None:
    if other not in peace_partners(state, role):
        raise ValueError(f"{role} may not offer {other} peace")
    state.realms[role].offered.append(other)
    state.say(f"{colour(role)} offers {colour(other)} peace: {terms(state, role, other)}.",
              role=role)
    FLOW.push(state, "peace", other, offer=role)


def terms(state: SixState, one: str, other: str) -> str:
    gains = ceded(state, one, other)
    parts = [f"{colour(r)} keeps " + (", ".join(place(p) for p in gains[r]) or "nothing")
             for r in (one, other)]
    return "; ".join(parts)


def make_peace(state: SixState, one: str, other: str) -> None:
    for role, provinces in ceded(state, one, other).items():
        for province in provinces:
            land = state.provinces[province]
            land.owner, land.occupier = role, ""
    state.say(f"Peace between {colour(one)} and {colour(other)}: the occupied provinces are "
              "ceded to their occupiers.")


@FLOW.state
class Peace(PromptState[SixState]):
    """The player offered peace answers at once."""

    name = "peace"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        offer = str(frame.data["offer"])
        return (f"{colour(offer)} offers you peace: {terms(state, offer, frame.role)}.", [
            choice("accept", "Accept the peace", style="success"),
            choice("refuse", "Refuse", style="danger")])

    def on_accept(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        make_peace(state, str(frame.data["offer"]), frame.role)

    def on_refuse(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        state.say(f"{colour(frame.role)} refuses the peace.", role=frame.role)


def payees(state: SixState, role: str) -> list[str]:
    """The players ``role`` may pay now (General rule 5: deals are the players' to keep)."""
    if state.realms[role].currency < 1:
        return []
    return [r for r in state.order if r != role and alive(state, r)]


def pay_player(state: SixState, role: str, other: str, amount: int) -> None:
    if other not in payees(state, role) or not 0 < amount <= state.realms[role].currency:
        raise ValueError(f"{role} may not pay {amount} to {other}")
    pay(state, role, amount)
    receive(state, other, amount)
    state.say(f"{colour(role)} pays {colour(other)} {amount} currency.", role=role)


@FLOW.state
class PayPlayer(StepAction[SixState]):
    """General rule 5: "The player must provide the payment himself": one player pays
    another what their deal says; nothing enforces it."""

    name = "pay_player"
    steps = ("player", "amount")
    cancel = "Back to the menu"

    def ask_player(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Pay which player?", [choice(f"player:{r}", colour(r), group="Players")
                                     for r in payees(state, frame.role)]

    def ask_amount(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        have = state.realms[frame.role].currency
        return f"Pay {colour(picked['player'])} how much? You have {have}.", [
            choice(f"amount:{n}", str(n), group="Amount") for n in counts(have)]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        pay_player(state, frame.role, picked["player"], int(picked["amount"]))
