"""Bribing rebels (Revolts: "pay 3 currency for each mutinous soldier ... this can be done
by any player on their turn, if more than one player wants to do it, there is an auction.
The player who wins gets the province with the soldiers").

On his turn a player picks rebels to bribe. If nobody else could pay their price he pays it
and takes them at once. Otherwise everyone who could is asked at once, in secret (no one
waits on another's message), whether he wants them too and what he bids; the opener bids as
well, at least the price. Only the opener wanting them: he pays the price, no more. Several:
the highest bid wins and pays what it bid; ties go to the opener, then to the players in turn
order after him. The bids are shown in the log when all are in; until then views show who
has answered, never how much (a player's own bid is in his private view).

Choice ids: ``province:<id>`` (the menu's step), ``bid:<amount>`` (0: no bid).
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.board import CONTINENT_OF, CONTINENTS
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import alive
from engine.games.sixcontinents.revolts import bribable, bribe, bribe_cost, buy_rebels
from engine.games.sixcontinents.state import REBELS, RebelAuction, SixState

# Bids above the price offered (a list fit for Discord's 25 options), and all one has.
RAISES = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 75, 100)


def rotation(state: SixState, role: str) -> list[str]:
    """The players in turn order from ``role`` on."""
    order = state.order or state.roles
    start = order.index(role)
    return order[start:] + order[:start]


def rivals(state: SixState, role: str, province: str) -> list[str]:
    """The other players who could pay the rebels of ``province`` their price now."""
    price = bribe_cost(state, province)
    return [r for r in rotation(state, role)[1:] if alive(state, r)
            and not state.realms[r].out and state.realms[r].currency >= price]


def open_bribe(state: SixState, role: str, province: str) -> None:
    """``role`` wants the rebels of ``province``: bought at once, or sealed bids."""
    if province not in bribable(state, role):
        raise ValueError(f"{role} cannot bribe the rebels of {province}")
    others = rivals(state, role, province)
    if not others:
        bribe(state, role, province)
        return
    price = bribe_cost(state, province)
    state.rebel_auction = RebelAuction(province=province, opener=role, price=price)
    state.say(f"{colour(role)} wants to bribe the rebels of {place(province)} ({price}): "
              + ", ".join(colour(r) for r in others)
              + " may want them too. Sealed bids, all at once.", role=role)
    FLOW.push(state, "rebel_close", role)
    for bidder in reversed([role, *others]):
        FLOW.push(state, "rebel_bid", bidder)


def bid_amounts(state: SixState, role: str) -> list[int]:
    """What ``role`` may bid: nothing (but the opener), the price, more, all he has."""
    auction = state.rebel_auction
    if auction is None:
        return []
    money = state.realms[role].currency
    amounts = [auction.price + r for r in RAISES if auction.price + r <= money]
    if money > auction.price and money not in amounts:
        amounts.append(money)
    return ([] if role == auction.opener else [0]) + amounts


def close_rebel_auction(state: SixState) -> None:
    """Every bid is in: the rebels go to the winner (see the module's docstring)."""
    auction = state.rebel_auction
    if auction is None:
        return
    state.rebel_auction = None
    province = auction.province
    ranked = rotation(state, auction.opener)
    state.say(f"The bids for the rebels of {place(province)}: " + ", ".join(
        f"{colour(r)} {auction.bids.get(r, 0) or 'none'}" for r in ranked
        if r in auction.bids) + ".")
    if state.provinces[province].occupier != REBELS:
        return
    wanting = {r: b for r, b in auction.bids.items()
               if b >= auction.price and b <= state.realms[r].currency}
    if not wanting:
        return
    if list(wanting) == [auction.opener]:
        winner, cost = auction.opener, auction.price
    else:
        cost = max(wanting.values())
        winner = next(r for r in ranked if wanting.get(r) == cost)
    buy_rebels(state, winner, province, cost)


@FLOW.state
class Bribe(StepAction[SixState]):
    """Revolts: 3 currency a rebel buys the province with its soldiers (sealed bids when
    others could pay too)."""

    name = "bribe"
    steps = ("province",)
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        choices = []
        for p in bribable(state, frame.role):
            others = rivals(state, frame.role, p)
            choices.append(choice(
                f"province:{p}", f"{place(p)} ({bribe_cost(state, p)})",
                group=CONTINENTS[CONTINENT_OF[p]].name,
                detail=f"{colour(state.provinces[p].owner)}'s province"
                + (f"; sealed bids with {', '.join(colour(r) for r in others)}"
                   if others else "")))
        return "Bribe which rebels?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        open_bribe(state, frame.role, picked["province"])


@FLOW.state
class RebelBid(PromptState[SixState]):
    """A sealed bid for the rebels, asked of every player who could pay at once."""

    name = "rebel_bid"
    simultaneous = True
    secret = "Bidding in secret for rebels."

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        auction = state.rebel_auction
        if auction is None:
            return "The bids are closed.", []
        opener = auction.opener == frame.role
        return (("You want" if opener else f"{colour(auction.opener)} wants")
                + f" to bribe the rebels of {place(auction.province)} (price "
                f"{auction.price}). Sealed bids: the highest wins and pays it (ties: "
                f"{colour(auction.opener)}, then turn order); if nobody else bids, "
                f"{colour(auction.opener)} pays the price only. Your bid "
                f"({state.realms[frame.role].currency} currency):",
                [choice(f"bid:{b}", "No bid" if not b else f"Bid {b}", group="Bids")
                 for b in bid_amounts(state, frame.role)])

    def on_bid(self, state: SixState, frame: Frame, amount: str) -> None:
        bid = int(amount)
        if state.rebel_auction is None or bid not in bid_amounts(state, frame.role):
            raise ValueError(f"{frame.role} cannot bid {amount}")
        state.rebel_auction.bids[frame.role] = bid
        state.say(f"{colour(frame.role)} has made a sealed bid for the rebels.")
        FLOW.end(state, frame)


@FLOW.state
class RebelClose(PromptState[SixState]):
    """Every bid for the rebels is in."""

    name = "rebel_close"
    auto = True

    def run(self, state: SixState, frame: Frame) -> None:
        close_rebel_auction(state)
