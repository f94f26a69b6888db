"""The peace conference (General rules 5-6): conquered land stays occupied until a peace
cedes it. A player may offer another, once a turn, peace on terms he chooses: each province
in dispute between them (one occupies what the other owns) goes to one of the two, and
either may pay the other a sum; the quick default is that each keeps the provinces he
occupies. The other accepts or refuses at once; accepted, everything in the terms happens
together. A capital is never ceded: it may stay occupied or be given back to its owner.
Deals beyond that are the players' own business (General rule 5): a player may pay another
what he promised, and nothing makes him.

Terms are plain data (a frame's): ``terms`` province -> the role that holds it afterwards,
``payer`` ("" no sum) and ``amount``.
"""

from __future__ import annotations

from typing import Any

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.army_prompts import counts
from engine.games.sixcontinents.board import DISTANCES
from engine.games.sixcontinents.content import BATTLE
from engine.games.sixcontinents.economy import sink_docked
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import (
    alive,
    capital_of,
    disband,
    held,
    is_capital,
    pay,
    receive,
    units_of,
)
from engine.games.sixcontinents.state import SixState

Terms = dict[str, str]
def disputed(state: SixState, one: str, other: str) -> list[str]:
    """The provinces in dispute between ``one`` and ``other``: owned by one, occupied by the
    other (capitals included: they may be given back), in map order."""
    return [p for p, land in state.provinces.items()
            if {land.owner, land.occupier} == {one, other}]


def default_terms(state: SixState, one: str, other: str) -> Terms:
    """Each keeps what he occupies (a capital stays occupied)."""
    return {p: state.provinces[p].occupier for p in disputed(state, one, other)}


def ceded(state: SixState, one: str, other: str,
          terms: Terms | None = None) -> dict[str, list[str]]:
    """What the ``terms`` (default: each keeps what he occupies) give each of the two:
    the provinces he holds afterwards of those in dispute. A capital left with its
    occupier is not ceded, so it is in nobody's list."""
    terms = default_terms(state, one, other) if terms is None else terms
    gains: dict[str, list[str]] = {one: [], other: []}
    for province, role in terms.items():
        if is_capital(state, province) and role != capital_of(state, province):
            continue
        gains[role].append(province)
    return gains


def changes(state: SixState, terms: Terms) -> bool:
    """Whether the terms change anything on the map (a capital kept occupied does not)."""
    return any(not is_capital(state, p) or role == capital_of(state, p)
               for p, role in terms.items())


def valid_terms(state: SixState, one: str, other: str, terms: Terms, payer: str,
                amount: int) -> bool:
    if sorted(terms) != sorted(disputed(state, one, other)) or \
            any(r not in (one, other) for r in terms.values()):
        return False
    if payer == "":
        return amount == 0
    return payer in (one, other) and 0 < amount <= state.realms[payer].currency


def peace_partners(state: SixState, role: str) -> list[str]:
    """The players ``role`` may offer peace now: someone with land in dispute, not offered
    this turn already."""
    return [r for r in state.order if r != role and alive(state, r)
            and r not in state.realms[role].offered
            and disputed(state, role, r)]


def offer_peace(state: SixState, role: str, other: str, terms: Terms | None = None,
                payer: str = "", amount: int = 0) -> None:
    """``role`` offers ``other`` peace; ``other`` is asked at once."""
    terms = default_terms(state, role, other) if terms is None else terms
    if other not in peace_partners(state, role) or \
            not valid_terms(state, role, other, terms, payer, amount):
        raise ValueError(f"{role} may not offer {other} peace on these terms")
    state.realms[role].offered.append(other)
    state.say(f"{colour(role)} offers {colour(other)} peace: "
              f"{terms_text(state, role, other, terms, payer, amount)}.", role=role)
    FLOW.push(state, "peace", other, offer=role, terms=dict(terms), payer=payer,
              amount=amount)


def terms_text(state: SixState, one: str, other: str, terms: Terms | None = None,
               payer: str = "", amount: int = 0) -> str:
    gains = ceded(state, one, other, terms)
    parts = [f"{colour(r)} keeps " + (", ".join(place(p) for p in gains[r]) or "nothing")
             for r in (one, other)]
    kept = [p for p in (terms or {}) if p not in gains[one] + gains[other]]
    if kept:
        parts.append(", ".join(place(p) for p in kept)
                     + (" stays" if len(kept) == 1 else " stay") + " occupied")
    if payer:
        receiver = other if payer == one else one
        parts.append(f"{colour(payer)} pays {colour(receiver)} {amount}")
    return "; ".join(parts)


def withdraw(state: SixState, role: str, province: str) -> None:
    """``role`` leaves ``province`` given back at a peace: his units there go to the
    nearest province he holds (map order on ties), or are disbanded if he holds none; his
    ships docked there are lost with the port; a temporary seat there is lost."""
    mine = [p for p in held(state, role) if p != province]
    leaving = units_of(state, role, province)
    slaves = [s for s in state.slaves if s.owner == role and s.province == province]
    if mine:
        to = min(mine, key=lambda p: (DISTANCES[province][p], list(state.provinces).index(p)))
        for unit in leaving:
            unit.province = to
        for slave in slaves:
            slave.province = to
        if leaving:
            state.say(f"{colour(role)}'s units leave {place(province)} for {place(to)}.")
    else:
        for unit in leaving:
            disband(state, unit)
        for slave in slaves:
            state.slaves.remove(slave)
        if leaving:
            state.say(f"{colour(role)}'s units in {place(province)} have nowhere to go and "
                      "disband.")
    sink_docked(state, province, role)
    if state.realms[role].seat == province:
        state.realms[role].seat = ""


def make_peace(state: SixState, one: str, other: str, terms: Terms | None = None,
               payer: str = "", amount: int = 0) -> None:
    """Everything in the terms at once: the provinces ceded or given back, the sum paid."""
    terms = default_terms(state, one, other) if terms is None else terms
    if not valid_terms(state, one, other, terms, payer, amount):
        raise ValueError("these terms no longer hold")
    leaving: list[tuple[str, str]] = []
    for province, role in terms.items():
        land = state.provinces[province]
        if land.occupier == role:
            if not is_capital(state, province):  # ceded to its occupier
                land.owner, land.occupier = role, ""
            continue
        leaving.append((land.occupier, province))  # given back to its owner
        land.occupier = ""
    for role, province in leaving:  # once the map is settled: to what they hold after
        withdraw(state, role, province)
        owner = state.provinces[province].owner
        if capital_of(state, province) == owner:
            state.realms[owner].seat = province
    for role in (one, other):  # recruits made stay; the limit is the land left (Army 9)
        realm = state.realms[role]
        realm.recruited = min(realm.recruited,
                              BATTLE.army.recruits_per_province * len(held(state, role)))
    if payer:
        receiver = other if payer == one else one
        pay(state, payer, amount)
        receive(state, receiver, amount)
    state.say(f"Peace between {colour(one)} and {colour(other)}: "
              f"{terms_text(state, one, other, terms, payer, amount)}.")


def frame_terms(frame: Frame) -> tuple[Terms, str, int]:
    data: dict[str, Any] = frame.data
    return dict(data.get("terms", {})), str(data.get("payer", "")), int(data.get("amount", 0))


@FLOW.state
class Peace(PromptState[SixState]):
    """The player offered peace answers at once."""

    name = "peace"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        offer = str(frame.data["offer"])
        terms, payer, amount = frame_terms(frame)
        choices = []
        if valid_terms(state, offer, frame.role, terms, payer, amount):
            choices.append(choice("accept", "Accept the peace", style="success"))
        choices.append(choice("refuse", "Refuse", style="danger"))
        return (f"{colour(offer)} offers you peace: "
                f"{terms_text(state, offer, frame.role, terms, payer, amount)}.", choices)

    def on_accept(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        terms, payer, amount = frame_terms(frame)
        make_peace(state, str(frame.data["offer"]), frame.role, terms, payer, amount)

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
