"""Sales between players as offers (General rule 5; Economy 2.0 3 "food can be sold
abroad"; overseas 16-18 fruits and 30-35 free roads "sell ... to another player"): on his
turn a player offers another some food, fruits or free roads for a price; the buyer accepts
or refuses at once in a prompt of his own. Accepted, the goods and the price change hands
together; that is all the engine enforces (any later promise is the players' own).

Food is the seller's surplus of this turn's count (what he has beyond his need, so a sale
never starves him into a revolt); the buyer counts it at the start of his next turn.

Choice ids: ``player:<role>``, ``what:food|fruit|road``, ``count:<n>``, ``price:<n>``;
the answer ``accept``, ``refuse``.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.army_prompts import counts
from engine.games.sixcontinents.flow import FLOW, colour
from engine.games.sixcontinents.gifts import hand_over
from engine.games.sixcontinents.realm import alive, pay, receive
from engine.games.sixcontinents.state import SixState

GOODS = ("food", "fruit", "road")
NAMES = {"food": "food", "fruit": "fruit", "road": "free road"}


def goods_text(what: str, count: int) -> str:
    if what == "food":
        return f"{count} food"
    return f"{count} {NAMES[what]}{'s' if count != 1 else ''}"


def stock(state: SixState, role: str) -> dict[str, int]:
    """What ``role`` can sell now, and how much of each."""
    realm = state.realms[role]
    have = {"food": max(0, realm.food - realm.food_needed),
            "fruit": realm.lasting.fruits + realm.lasting.old_fruits,
            "road": realm.lasting.free_roads}
    return {what: n for what, n in have.items() if n > 0}


def buyers(state: SixState, role: str) -> list[str]:
    """The players ``role`` can offer a sale: alive, with currency to pay, not offered one
    this turn already (one offer a buyer a turn, as a peace)."""
    if not stock(state, role):
        return []
    return [r for r in state.order if r != role and alive(state, r)
            and not state.realms[r].out and state.realms[r].currency > 0
            and f"sale:{r}" not in state.realms[role].offered]


def may_sell(state: SixState, seller: str, buyer: str, what: str, count: int,
             price: int) -> bool:
    return 0 < count <= stock(state, seller).get(what, 0) and \
        0 < price <= state.realms[buyer].currency and buyer != seller


def offer_sale(state: SixState, seller: str, buyer: str, what: str, count: int,
               price: int) -> None:
    if buyer not in buyers(state, seller) or not may_sell(state, seller, buyer, what, count,
                                                          price):
        raise ValueError(f"{seller} cannot offer {buyer} {count} {what} for {price}")
    state.realms[seller].offered.append(f"sale:{buyer}")
    state.say(f"{colour(seller)} offers {colour(buyer)} {goods_text(what, count)} for "
              f"{price} currency.", role=seller)
    FLOW.push(state, "sale_answer", buyer, seller=seller, what=what, count=count, price=price)


def complete_sale(state: SixState, seller: str, buyer: str, what: str, count: int,
                  price: int) -> None:
    """Both halves at once: the goods to the buyer, the price to the seller."""
    if not may_sell(state, seller, buyer, what, count, price):
        raise ValueError("this sale no longer holds")
    if what == "food":
        state.realms[seller].food -= count
        state.realms[buyer].food_bought += count
    else:
        for _ in range(count):
            hand_over(state, seller, buyer, what)
    pay(state, buyer, price)
    receive(state, seller, price)
    state.say(f"{colour(buyer)} buys {goods_text(what, count)} from {colour(seller)} for "
              f"{price} currency.")


@FLOW.state
class Sale(StepAction[SixState]):
    """Offer another player food, fruits or free roads for a price."""

    name = "sale"
    steps = ("player", "what", "count", "price")
    cancel = "Back to the menu"

    def ask_player(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Offer a sale to whom?", [
            choice(f"player:{r}", colour(r), group="Players",
                   detail=f"{state.realms[r].currency} currency")
            for r in buyers(state, frame.role)]

    def ask_what(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        notes = {"food": "your surplus this turn; counted at his next turn",
                 "fruit": "one more overseas expedition each",
                 "road": "a road built for nothing each"}
        return f"Sell {colour(picked['player'])} what?", [
            choice(f"what:{w}", NAMES[w].capitalize(), group="Goods",
                   detail=f"{n} to sell: {notes[w]}")
            for w, n in stock(state, frame.role).items()]

    def ask_count(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        have = stock(state, frame.role).get(picked["what"], 0)
        return f"How many? You have {have} to sell.", [
            choice(f"count:{n}", str(n), group="Count") for n in counts(have)]

    def ask_price(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        buyer = picked["player"]
        have = state.realms[buyer].currency
        return (f"For what price? {colour(buyer)} has {have}; he accepts or refuses.", [
            choice(f"price:{n}", str(n), group="Price") for n in counts(have)])

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        offer_sale(state, frame.role, picked["player"], picked["what"], int(picked["count"]),
                   int(picked["price"]))


def sale_of(frame: Frame) -> tuple[str, str, int, int]:
    return (str(frame.data["seller"]), str(frame.data["what"]), int(frame.data["count"]),
            int(frame.data["price"]))


@FLOW.state
class SaleAnswer(PromptState[SixState]):
    """The buyer answers at once."""

    name = "sale_answer"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        seller, what, count, price = sale_of(frame)
        choices = []
        if may_sell(state, seller, frame.role, what, count, price):
            choices.append(choice("accept", f"Buy for {price}", style="success"))
        choices.append(choice("refuse", "Refuse", style="danger"))
        return (f"{colour(seller)} offers you {goods_text(what, count)} for {price} currency "
                f"(you have {state.realms[frame.role].currency}).", choices)

    def on_accept(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        seller, what, count, price = sale_of(frame)
        complete_sale(state, seller, frame.role, what, count, price)

    def on_refuse(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        state.say(f"{colour(frame.role)} refuses the sale.", role=frame.role)
