"""Deals between players (General rule 5; Economy 2.0 3; overseas 16-18 and 30-35;
Revolts): sales of food, fruits and free roads as offers the buyer accepts or refuses, both
halves together; the sealed auction for rebels several players want."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.economy import food_lines
from engine.games.sixcontinents.state import REBELS, SixState
from engine.games.sixcontinents.view import SixPlayerView, SixSecrets
from tests.games.sixcontinents.helpers import (
    asked,
    choose,
    give,
    ids,
    kinds,
    own,
    put,
    started,
    turn,
)
from tests.support.views import split_views


def with_goods(players: int = 2) -> SixState:
    """Red's turn with 2 fruits, 3 free roads and food to spare (capital 2 for 1 needed)."""
    state = started(players=players)
    turn(state, "red", currency=10)
    lasting = state.realms["red"].lasting
    lasting.fruits, lasting.old_fruits, lasting.free_roads = 1, 1, 3
    return state


def test_a_sale_accepted_hands_over_the_goods_and_the_price_together() -> None:
    state = with_goods()
    give(state, "blue", 12)
    choose(state, "sell", "player:blue")
    assert ids(state) == ["what:food", "what:fruit", "what:road", "back"]
    choose(state, "what:road")
    assert ids(state) == ["count:1", "count:2", "count:3", "back"]
    choose(state, "count:2")
    assert ids(state)[-2:] == ["price:12", "back"]  # no more than Blue has
    choose(state, "price:7")
    assert asked(state) == "sale_answer" and list(GAME.prompts(state)) == ["blue"]
    assert "Red offers you 2 free roads for 7 currency" in GAME.prompts(state)["blue"].text
    choose(state, "accept")
    assert state.realms["red"].lasting.free_roads == 1
    assert state.realms["blue"].lasting.free_roads == 2
    assert (state.realms["red"].currency, state.realms["blue"].currency) == (17, 5)
    assert asked(state) == "menu"


def test_a_refused_sale_changes_nothing_and_is_offered_once_a_turn() -> None:
    state = with_goods()
    choose(state, "sell", "player:blue", "what:fruit", "count:2", "price:5", "refuse")
    assert state.realms["red"].lasting.fruits + state.realms["red"].lasting.old_fruits == 2
    assert state.realms["blue"].currency == 40 and state.realms["red"].currency == 10
    assert "sell" not in ids(state)  # one offer to Blue a turn
    assert GAME.timeout_choice(state, "red") == "end"


def test_fruits_sold_keep_their_age_the_older_first() -> None:
    state = with_goods()
    choose(state, "sell", "player:blue", "what:fruit", "count:1", "price:3", "accept")
    assert (state.realms["blue"].lasting.old_fruits, state.realms["blue"].lasting.fruits) == (
        1, 0)


def test_food_sold_is_the_sellers_surplus_and_feeds_the_buyer_next_turn() -> None:
    state = with_goods()
    assert (state.realms["red"].food, state.realms["red"].food_needed) == (2, 1)
    choose(state, "sell", "player:blue", "what:food")
    assert ids(state) == ["count:1", "back"]  # 1 to spare, never his own need
    choose(state, "count:1", "price:2", "accept")
    assert state.realms["red"].food == 1 and state.realms["blue"].food_bought == 1
    assert ("food bought", 1) in food_lines(state, "blue")
    turn(state, "blue")
    assert state.realms["blue"].food == 3 and state.realms["blue"].food_bought == 0


def test_a_player_without_currency_is_offered_nothing() -> None:
    state = with_goods()
    give(state, "blue", 0)
    assert "sell" not in ids(state)


def test_the_automatic_player_buys_what_it_needs_at_a_fair_price() -> None:
    state = with_goods()
    own(state, "blue", "germany", "danube")  # 3 provinces: 2 food needed, 2 from the capital
    choose(state, "sell", "player:blue", "what:food", "count:1", "price:3")
    offer = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", offer.choices, Rng(seed="ai")) == "refuse"  # fed
    choose(state, "refuse")
    own(state, "blue", "ukraine", "italy")  # 5 provinces: 3 food needed
    state.realms["red"].offered = []
    choose(state, "sell", "player:blue", "what:food", "count:1", "price:3")
    offer = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", offer.choices, Rng(seed="ai")) == "accept"
    choose(state, "accept")
    state.realms["red"].offered = []
    choose(state, "sell", "player:blue", "what:road", "count:3", "price:15")
    offer = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", offer.choices, Rng(seed="ai")) == "refuse"  # 5 a road


def rebels(players: int = 2, red: int = 20, blue: int = 20, green: int = 20) -> SixState:
    """3 rebels hold Blue's Germany (price 9); Red's turn."""
    state = started(players=players)
    own(state, "blue", "germany")
    state.provinces["germany"].occupier = REBELS
    for unit in put(state, "blue", "infantry", "germany", 3):
        unit.owner = REBELS
    state.realms["blue"].lost += 3
    turn(state, "red", currency=red)
    give(state, "blue", blue)
    if players == 3:
        give(state, "green", green)
    return state


def bid(state: SixState, role: str, amount: int) -> None:
    prompts = GAME.prompts(state)
    act(GAME, state, role, f"bid:{amount}", prompts=prompts)
    assert GAME.invariants(state) == []


def test_rebels_several_can_pay_for_go_to_sealed_bids_asked_all_at_once() -> None:
    state = rebels(players=3, green=5)  # Green cannot pay 9: not asked
    choose(state, "bribe", "province:germany")
    prompts = GAME.prompts(state)
    assert sorted(prompts) == ["blue", "red"] and state.rebel_auction is not None
    assert [c.id for c in prompts["red"].choices][:2] == ["bid:9", "bid:10"]  # at least 9
    assert [c.id for c in prompts["blue"].choices][:2] == ["bid:0", "bid:9"]
    bid(state, "blue", 12)
    assert list(GAME.prompts(state)) == ["red"]
    bid(state, "red", 11)
    assert state.rebel_auction is None
    assert kinds(state, "germany", "blue") == ["infantry"] * 3
    assert state.provinces["germany"].occupier == ""  # Blue's own land back
    assert state.realms["blue"].currency == 8 and state.realms["red"].currency == 20
    assert any("The bids for the rebels of Germany: Red 11, Blue 12" in e.text
               for e in state.log)
    assert asked(state) == "menu" and list(GAME.prompts(state)) == ["red"]


def test_sealed_bids_stay_private_until_revealed() -> None:
    state = rebels()
    choose(state, "bribe", "province:germany")
    bid(state, "blue", 15)
    view = GAME.view(state, "blue")
    assert isinstance(view, SixPlayerView) and view.private.rebel_bid == 15
    secrets = split_views(GAME, state)  # the amount is in Blue's private part only
    assert [s.rebel_bid for s in secrets.values() if isinstance(s, SixSecrets)] == [None, 15]
    public = GAME.view(state, None)
    assert public.rebel_auction is not None and public.rebel_auction.bid == ["blue"]
    assert "15" not in public.model_dump_json()


def test_a_tie_goes_to_the_opener_and_an_uncontested_opener_pays_the_price() -> None:
    state = rebels()
    choose(state, "bribe", "province:germany")
    bid(state, "red", 12)
    bid(state, "blue", 12)
    assert kinds(state, "germany", "red") == ["infantry"] * 3
    assert state.realms["red"].currency == 8 and state.provinces["germany"].occupier == "red"
    state = rebels()
    choose(state, "bribe", "province:germany")
    bid(state, "red", 15)
    bid(state, "blue", 0)  # nobody else wants them: the price, not the bid
    assert state.realms["red"].currency == 11


def test_a_tie_between_others_goes_by_turn_order_after_the_opener() -> None:
    state = rebels(players=3)
    state.current = "blue"
    state.stack[-1].role = "blue"
    state.realms["blue"].offered = []
    choose(state, "bribe", "province:germany")
    bid(state, "blue", 9)
    bid(state, "green", 14)
    bid(state, "red", 14)  # Green plays right after Blue
    assert kinds(state, "germany", "green") == ["infantry"] * 3


def test_the_automatic_player_bids_for_its_own_land_and_near_it() -> None:
    state = rebels(players=3)
    own(state, "green", "danube")  # next to Germany
    choose(state, "bribe", "province:germany")
    prompts = GAME.prompts(state)
    answers = {r: greedy(GAME, state, r, prompts[r].choices, Rng(seed="ai")) for r in prompts}
    # Blue's own land: the price and a rebel each more; Green next door: the price; Red
    # (the opener, not next to it) the least it may
    assert answers == {"blue": "bid:12", "green": "bid:9", "red": "bid:9"}


def test_the_automatic_player_bribes_the_rebels_of_its_own_land() -> None:
    state = rebels(red=0)
    state.current = "blue"
    state.stack[-1].role = "blue"
    menu = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", menu.choices, Rng(seed="ai")) == "bribe"
    choose(state, "bribe")
    step = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", step.choices, Rng(seed="ai")) == "province:germany"
