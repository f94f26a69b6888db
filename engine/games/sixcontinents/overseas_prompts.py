"""Overseas expeditions' questions (Economy 2.0): the unfavourable winds (pay or lose it),
the captain's idea (the capital up a level or its price), where the captives destroy, where
the coconut tree grows, where the poisonous wonder's markers go, where soldiers die of a
disease or the plague, the turncoat captain's sealed bids, and the free roads.

Choice ids: winds ``pay``, ``leave``; captain's idea ``upgrade``, ``take``; destroy, tree,
losses and free road ``province:<id>``; poison ``province:<id>``, ``destroy:<id>``, ``pay``;
bids ``bid:<amount>``.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.content import price
from engine.games.sixcontinents.economy import remove_building, upgrade_cost
from engine.games.sixcontinents.flow import FLOW, building_name, colour, place
from engine.games.sixcontinents.lasting import TREE_MARKER
from engine.games.sixcontinents.overseas import bidders, close_auction, road_sites
from engine.games.sixcontinents.realm import (
    held,
    is_capital,
    lose_one,
    pay,
    receive,
    soldiers,
    units_of,
)
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.turn_prompts import province_choices

POISON = "black"
BID_STEPS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 100)


def built(state: SixState, province: str) -> str:
    return ", ".join(building_name(b) for b in state.provinces[province].buildings())


@FLOW.state
class Winds(PromptState[SixState]):
    """Overseas 46-50: "extended by 1 turn and the cost increases by 5. If you don't pay,
    the expedition returns with nothing.\""""

    name = "winds"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        cost, turns = int(frame.data["cost"]), int(frame.data["turns"])
        choices = []
        if cost <= state.realms[frame.role].currency:
            choices.append(choice("pay", f"Pay {cost}: back in {turns} more turn"
                                  f"{'s' if turns > 1 else ''}", style="primary"))
        choices.append(choice("leave", "Let it come back with nothing"))
        return "Unfavourable winds hold the expedition at sea.", choices

    def on_pay(self, state: SixState, frame: Frame, _: str) -> None:
        pay(state, frame.role, int(frame.data["cost"]))
        state.realms[frame.role].overseas.append(int(frame.data["turns"]))
        state.say(f"{colour(frame.role)} pays {frame.data['cost']} to keep the expedition "
                  "at sea.", role=frame.role)
        FLOW.end(state, frame)

    def on_leave(self, state: SixState, frame: Frame, _: str) -> None:
        state.say(f"{colour(frame.role)}'s expedition comes back with nothing.",
                  role=frame.role)
        FLOW.end(state, frame)


def idea_price(state: SixState, role: str) -> int:
    """The price of the next capital level (at level 3, the last upgrade's: decision)."""
    level = state.realms[role].level
    return price(f"capital_{min(level + 1, 3)}")


@FLOW.state
class CaptainsIdea(PromptState[SixState]):
    """Overseas 61-70: the capital one level up for free, or the value of the upgrade."""

    name = "captains_idea"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        choices = []
        if upgrade_cost(state, frame.role) is not None:
            level = state.realms[frame.role].level + 1
            choices.append(choice("upgrade", f"Raise the capital to level {level} for free",
                                  style="primary"))
        choices.append(choice("take", f"Take {idea_price(state, frame.role)} currency"))
        return "The captain's idea: a free capital level, or its price.", choices

    def on_upgrade(self, state: SixState, frame: Frame, _: str) -> None:
        if upgrade_cost(state, frame.role) is None:
            raise ValueError("the capital cannot rise")
        state.realms[frame.role].level += 1
        state.say(f"{colour(frame.role)}'s capital rises to level "
                  f"{state.realms[frame.role].level} for free.", role=frame.role)
        FLOW.end(state, frame)

    def on_take(self, state: SixState, frame: Frame, _: str) -> None:
        amount = idea_price(state, frame.role)
        receive(state, frame.role, amount)
        state.say(f"{colour(frame.role)} takes {amount} for the captain's idea.",
                  role=frame.role)
        FLOW.end(state, frame)


def with_buildings(state: SixState, role: str) -> list[str]:
    return [p for p in held(state, role) if state.provinces[p].buildings()]


def destroy_all(state: SixState, province: str) -> str:
    gone = state.provinces[province].buildings()
    for building in gone:
        remove_building(state, province, building)
    return ", ".join(building_name(b).lower() for b in gone)


@FLOW.state
class OverseasDestroy(PromptState[SixState]):
    """Overseas 11-15: "in one of the player's provinces, the infrastructure is destroyed,
    the player chooses where"."""

    name = "overseas_destroy"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        places = with_buildings(state, frame.role)
        detail = {p: built(state, p)[:100] for p in places}
        return ("Unruly captives: every building of one of your provinces is destroyed. "
                "Which?", province_choices(places, detail))

    def on_province(self, state: SixState, frame: Frame, province: str) -> None:
        if province not in with_buildings(state, frame.role):
            raise ValueError(f"nothing to destroy in {province}")
        gone = destroy_all(state, province)
        state.say(f"Captives destroy the {gone} of {place(province)}.", role=frame.role)
        frame.data["count"] = int(frame.data["count"]) - 1
        if frame.data["count"] <= 0 or not with_buildings(state, frame.role):
            FLOW.end(state, frame)


def tree_sites(state: SixState, role: str) -> list[str]:
    return [p for p in held(state, role) if TREE_MARKER not in state.provinces[p].markers]


@FLOW.state
class PlantTree(PromptState[SixState]):
    """Overseas 16-18: the L goes on "any space he occupies", buildings or not."""

    name = "plant_tree"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        return ("Where does the coconut tree grow? It gives its income and fruits to "
                "whoever holds the province; a plundering attack destroys it.",
                province_choices(tree_sites(state, frame.role), {}))

    def on_province(self, state: SixState, frame: Frame, province: str) -> None:
        if province not in tree_sites(state, frame.role):
            raise ValueError(f"no tree may grow in {province}")
        state.provinces[province].markers.append(TREE_MARKER)
        state.say(f"{colour(frame.role)} plants a coconut tree in {place(province)}.")
        FLOW.end(state, frame)


def poison_sites(state: SixState, role: str) -> list[str]:
    """Provinces of ``role``'s own without buildings and not poisoned yet."""
    return [p for p in held(state, role)
            if (land := state.provinces[p]).owner == role and not land.occupier
            and not land.buildings() and POISON not in land.markers
            and not is_capital(state, p)]


def poison_ruins(state: SixState, role: str) -> list[str]:
    """Where a building could be destroyed for the marker instead."""
    return [p for p in with_buildings(state, role)
            if state.provinces[p].owner == role and not state.provinces[p].occupier
            and POISON not in state.provinces[p].markers]


@FLOW.state
class Poison(PromptState[SixState]):
    """Overseas 91-98: black markers on provinces without buildings; for one that does not
    fit, the buildings of a province are destroyed, or 10 paid."""

    name = "poison"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        left, cost = int(frame.data["count"]), int(frame.data["cost"])
        sites = poison_sites(state, frame.role)
        if sites:
            return (f"The poisonous wonder: {left} black marker{'s' if left > 1 else ''} "
                    "(no farm or granary ever). Where does the next go?",
                    province_choices(sites, {}))
        choices = [choice(f"destroy:{p}", f"Destroy in {place(p)}", group="Destroy",
                          detail=built(state, p)[:100])
                   for p in poison_ruins(state, frame.role)]
        if cost <= state.realms[frame.role].currency:
            choices.append(choice("pay", f"Pay {cost}", style="primary"))
        return ("No province of yours is free of buildings for the black marker: destroy "
                f"the buildings of one, or pay {cost}.", choices)

    def placed(self, state: SixState, frame: Frame) -> None:
        frame.data["count"] = int(frame.data["count"]) - 1
        if frame.data["count"] <= 0:
            FLOW.end(state, frame)

    def on_province(self, state: SixState, frame: Frame, province: str) -> None:
        if province not in poison_sites(state, frame.role):
            raise ValueError(f"no marker may go on {province}")
        state.provinces[province].markers.append(POISON)
        state.say(f"A black marker on {place(province)}.")
        self.placed(state, frame)

    def on_destroy(self, state: SixState, frame: Frame, province: str) -> None:
        if poison_sites(state, frame.role) or province not in poison_ruins(state, frame.role):
            raise ValueError(f"no building is to be destroyed in {province}")
        gone = destroy_all(state, province)
        state.provinces[province].markers.append(POISON)
        state.say(f"The poison destroys the {gone} of {place(province)}; a black marker "
                  "goes there.")
        self.placed(state, frame)

    def on_pay(self, state: SixState, frame: Frame, _: str) -> None:
        if poison_sites(state, frame.role):
            raise ValueError("a marker still fits")
        pay(state, frame.role, int(frame.data["cost"]))
        state.say(f"{colour(frame.role)} pays {frame.data['cost']} for a black marker that "
                  "does not fit.", role=frame.role)
        self.placed(state, frame)

    def over(self, state: SixState, frame: Frame) -> bool:
        """Nowhere to put it and nothing to pay with: the marker is lost."""
        return not poison_sites(state, frame.role) and not poison_ruins(state, frame.role) \
            and int(frame.data["cost"]) > state.realms[frame.role].currency


def manned(state: SixState, role: str) -> list[str]:
    return sorted({u.province for u in units_of(state, role)})


@FLOW.state
class Losses(PromptState[SixState]):
    """Overseas 36-40 and 99-100: "the player loses 4 soldiers, he chooses which ones": one
    soldier at a time, from the province chosen (a bigger unit broken as in battle)."""

    name = "losses"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        left = int(frame.data["count"])
        detail = {p: f"{soldiers(units_of(state, frame.role, p))} soldiers"
                  for p in manned(state, frame.role)}
        return (f"{str(frame.data['cause']).capitalize()}: {left} soldier"
                f"{'s' if left > 1 else ''} still to die. Where does the next?",
                province_choices(manned(state, frame.role), detail))

    def on_province(self, state: SixState, frame: Frame, province: str) -> None:
        here = units_of(state, frame.role, province)
        if not here:
            raise ValueError(f"no soldier of {frame.role} in {province}")
        lose_one(state, here)
        state.say(f"{colour(frame.role)} loses a soldier in {place(province)} to "
                  f"{frame.data['cause']}.", role=frame.role)
        frame.data["count"] = int(frame.data["count"]) - 1
        if frame.data["count"] <= 0 or not units_of(state, frame.role):
            FLOW.end(state, frame)

    def over(self, state: SixState, frame: Frame) -> bool:
        return not units_of(state, frame.role)


def bid_amounts(state: SixState, role: str) -> list[int]:
    money = state.realms[role].currency
    return [0] + [b for b in BID_STEPS if b <= money] + \
        ([money] if money > BID_STEPS[-1] else [])


@FLOW.state
class CaptainBid(PromptState[SixState]):
    """Overseas 86-90: "the players bid against each other (the original owner can too)",
    sealed and all at once."""

    name = "captain_bid"
    simultaneous = True
    secret = "Bidding in secret for the turncoat captain."

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        owner = state.auction.owner if state.auction else ""
        return (f"The captain of {colour(owner)}'s overseas expedition serves the highest "
                f"bidder, who rolls its result (ties: {colour(owner)}, then turn order; "
                "no bid: he returns to its owner). Your sealed bid "
                f"({state.realms[frame.role].currency} currency):",
                [choice(f"bid:{b}", "No bid" if not b else f"Bid {b}", group="Bids")
                 for b in bid_amounts(state, frame.role)])

    def on_bid(self, state: SixState, frame: Frame, amount: str) -> None:
        bid = int(amount)
        if state.auction is None or bid not in bid_amounts(state, frame.role):
            raise ValueError(f"{frame.role} cannot bid {amount}")
        state.auction.bids[frame.role] = bid
        state.say(f"{colour(frame.role)} has bid for the captain.")
        FLOW.end(state, frame)


@FLOW.state
class CaptainClose(PromptState[SixState]):
    """Every bid is in: the captain serves the highest bidder, who rolls."""

    name = "captain_close"
    auto = True

    def run(self, state: SixState, frame: Frame) -> None:
        if state.auction is not None:
            state.auction.bids = {r: b for r, b in state.auction.bids.items()
                                  if r in bidders(state)}
        close_auction(state)


@FLOW.state
class FreeRoad(StepAction[SixState]):
    """Overseas 30-35: "the player can build four roads for free"."""

    name = "free_road"
    steps = ("province",)
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        left = state.realms[frame.role].lasting.free_roads
        return (f"Build a free road where? {left} left.",
                province_choices(road_sites(state, frame.role), {}))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        province = picked["province"]
        if province not in road_sites(state, frame.role):
            raise ValueError(f"no free road may go to {province}")
        state.provinces[province].road = True
        state.realms[frame.role].lasting.free_roads -= 1
        state.say(f"{colour(frame.role)} builds a free road in {place(province)}.",
                  role=frame.role)
