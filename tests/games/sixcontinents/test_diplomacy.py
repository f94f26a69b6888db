"""The peace conference (General rules 5-6): occupied provinces are ceded to their
occupiers when the other side accepts; once a turn per player; capitals never ceded."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.diplomacy import peace_partners
from engine.games.sixcontinents.economy import buildable
from engine.games.sixcontinents.state import SixState
from tests.games.sixcontinents.helpers import asked, choose, give, ids, own, started, turn


def occupied() -> SixState:
    state = started(players=3)
    own(state, "blue", "germany", "danube")
    own(state, "red", "iberia")
    state.provinces["germany"].occupier = "red"
    state.provinces["danube"].occupier = "red"
    state.provinces["iberia"].occupier = "blue"
    state.provinces["poland"].occupier = "red"  # a capital: never ceded
    state.realms["blue"].seat = ""
    return state


def test_peace_cedes_each_sides_occupied_provinces_to_its_occupier() -> None:
    state = occupied()
    turn(state, "red", currency=40)
    assert peace_partners(state, "red") == ["blue"]  # Green has nothing to settle
    assert buildable(state, "red")["germany"] == ["road"]  # occupied: only a road
    choose(state, "peace:blue")
    assert asked(state) == "peace" and list(GAME.prompts(state)) == ["blue"]
    assert "Red keeps Germany, Danube Lands; Blue keeps Iberia" in \
        GAME.prompts(state)["blue"].text
    choose(state, "accept")
    assert (state.provinces["germany"].owner, state.provinces["germany"].occupier) == (
        "red", "")
    assert state.provinces["iberia"].owner == "blue"
    assert state.provinces["poland"].occupier == "red"
    assert list(GAME.prompts(state)) == ["red"] and asked(state) == "menu"
    give(state, "red", 40)
    assert "granary" in buildable(state, "red")["germany"]  # his own land now


def test_a_refused_peace_changes_nothing_and_is_offered_once_a_turn() -> None:
    state = occupied()
    turn(state, "red", currency=40)
    choose(state, "peace:blue", "refuse")
    assert state.provinces["germany"].occupier == "red"
    assert "peace:blue" not in ids(state)
    assert GAME.timeout_choice(state, "red") == "end"


def test_the_automatic_player_offers_a_peace_it_gains_by_and_accepts_a_fair_one() -> None:
    state = occupied()
    turn(state, "red", currency=0)
    menu = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", menu.choices, Rng(seed="ai")) == "peace:blue"
    choose(state, "peace:blue")
    offer = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", offer.choices, Rng(seed="ai")) == "refuse"


def test_a_player_pays_another_what_their_deal_says() -> None:
    state = started()
    turn(state, "red", currency=12)
    choose(state, "pay_player", "player:blue")
    assert ids(state)[:3] == ["amount:1", "amount:2", "amount:3"] and "amount:12" in ids(state)
    choose(state, "amount:5")
    assert state.realms["red"].currency == 7 and state.realms["blue"].currency == 45
    give(state, "red", 0)
    assert "pay_player" not in ids(state)
