"""The peace conference (General rules 5-6): the offering player sets the terms (each
province in dispute to one of the two, a sum paid), the other accepts or refuses in his own
prompt; the quick default cedes the occupied provinces to their occupiers; once a turn per
player; capitals never ceded, but may be given back."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.rng import Rng
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.diplomacy import make_peace, offer_peace, peace_partners
from engine.games.sixcontinents.economy import buildable
from engine.games.sixcontinents.realm import recruit_limit, units_of
from engine.games.sixcontinents.state import SixState
from tests.games.sixcontinents.helpers import (
    asked,
    choose,
    give,
    ids,
    own,
    put,
    started,
    turn,
)


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
    assert asked(state) == "peace_draft" and list(GAME.prompts(state)) == ["red"]
    choose(state, "keep")
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
    choose(state, "peace:blue", "keep", "refuse")
    assert state.provinces["germany"].occupier == "red"
    assert "peace:blue" not in ids(state)
    assert GAME.timeout_choice(state, "red") == "end"


def test_the_automatic_player_offers_a_peace_it_gains_by_and_accepts_a_fair_one() -> None:
    state = occupied()
    turn(state, "red", currency=0)
    menu = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", menu.choices, Rng(seed="ai")) == "peace:blue"
    choose(state, "peace:blue")
    draft = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", draft.choices, Rng(seed="ai")) == "keep"
    choose(state, "keep")
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


def test_the_offering_player_chooses_who_gets_each_province_in_dispute() -> None:
    state = occupied()
    red = put(state, "red", "infantry", "germany", 2)
    put(state, "blue", "cavalry", "iberia")
    turn(state, "red", currency=20)
    choose(state, "peace:blue")
    draft = GAME.prompts(state)["red"]
    provinces = sorted(c.id for c in draft.choices if c.id.startswith("province:"))
    assert provinces == ["province:danube", "province:germany", "province:iberia",
                         "province:poland"]  # only the provinces in dispute
    labels = {c.id: c.label for c in draft.choices}
    assert labels["province:germany"] == "Give Germany back to Blue"
    assert labels["province:iberia"] == "Give Iberia back to Red"
    assert labels["province:danube"] == "Give Danube Lands back to Blue"
    assert labels["province:poland"] == "Give back Poland (capital)"
    assert "send" not in ids(state)  # the terms are still the default
    choose(state, "province:germany", "province:iberia")
    text = GAME.prompts(state)["red"].text
    assert "Red keeps Iberia, Danube Lands; Blue keeps Germany" in text
    assert "Poland stays occupied" in text
    choose(state, "send")
    assert list(GAME.prompts(state)) == ["blue"]
    assert "Red keeps Iberia, Danube Lands; Blue keeps Germany" in \
        GAME.prompts(state)["blue"].text
    choose(state, "accept")
    germany, iberia = state.provinces["germany"], state.provinces["iberia"]
    assert (germany.owner, germany.occupier) == ("blue", "")
    assert (iberia.owner, iberia.occupier) == ("red", "")
    assert state.provinces["danube"].owner == "red"
    # the occupiers leave what is given back, for the nearest province they hold
    assert {u.province for u in red} == {"france"}  # next door, first in map order
    assert [u.province for u in state.units if u.owner == "blue"] == ["germany"]
    assert asked(state) == "menu" and GAME.invariants(state) == []


def test_a_capital_is_never_ceded_but_may_be_given_back() -> None:
    state = occupied()
    put(state, "red", "infantry", "poland", 3)
    turn(state, "red", currency=20)
    choose(state, "peace:blue", "province:poland")
    labels = {c.id: c.label for c in GAME.prompts(state)["red"].choices}
    assert labels["province:poland"] == "Keep occupying Poland (capital)"
    choose(state, "send", "accept")
    poland = state.provinces["poland"]
    assert (poland.owner, poland.occupier) == ("blue", "")
    assert state.realms["blue"].seat == "poland"  # his seat again
    assert not any(u.province == "poland" for u in state.units)  # Red's garrison left
    assert GAME.invariants(state) == []
    # the default never cedes a capital: left occupied, it stays Blue's land
    state = occupied()
    turn(state, "red", currency=20)
    choose(state, "peace:blue", "keep", "accept")
    assert (state.provinces["poland"].owner, state.provinces["poland"].occupier) == (
        "blue", "red")


def test_a_sum_paid_goes_with_the_peace_and_only_if_accepted() -> None:
    state = occupied()
    turn(state, "red", currency=20)
    give(state, "blue", 7)
    choose(state, "peace:blue", "sum")
    assert ids(state) == ["payer:red", "payer:blue", "back"]
    choose(state, "payer:blue")
    assert ids(state)[-2:] == ["amount:7", "back"]  # no more than Blue has
    choose(state, "amount:5")
    assert "Blue pays Red 5" in GAME.prompts(state)["red"].text
    choose(state, "send", "refuse")
    assert state.realms["blue"].currency == 7 and state.provinces["germany"].occupier == "red"
    state = occupied()
    turn(state, "red", currency=20)
    give(state, "blue", 7)
    choose(state, "peace:blue", "sum", "payer:red", "amount:10", "send", "accept")
    assert (state.realms["red"].currency, state.realms["blue"].currency) == (10, 17)
    assert state.provinces["germany"].owner == "red"


def test_terms_outside_the_dispute_or_beyond_the_purse_are_refused() -> None:
    state = occupied()
    turn(state, "red", currency=5)
    with pytest.raises(ValueError):
        offer_peace(state, "red", "blue", {"germany": "red"})  # not every province
    terms = dict.fromkeys(("germany", "danube", "iberia", "poland"), "red")
    with pytest.raises(ValueError):
        offer_peace(state, "red", "blue", terms, payer="red", amount=6)
    with pytest.raises(IllegalChoice):
        choose(state, "peace:blue", "province:france")


def test_units_with_nowhere_to_go_disband_when_their_province_is_given_back() -> None:
    state = started()
    own(state, "blue", "germany")
    state.provinces["germany"].occupier = "red"
    state.provinces["france"].owner = "blue"
    state.provinces["france"].occupier = "blue"  # Red holds only Germany
    state.provinces["france"].occupier = ""
    state.realms["red"].seat = ""
    put(state, "red", "cavalry", "germany")
    make_peace(state, "red", "blue", {"germany": "blue"})
    assert not units_of(state, "red") and state.realms["red"].lost == 3
    assert GAME.invariants(state) == []


def test_the_automatic_player_weighs_provinces_and_the_sum() -> None:
    state = occupied()
    turn(state, "red", currency=20)
    # Blue gets Germany back and Red pays 10 for Danube: worth it to Blue
    choose(state, "peace:blue", "province:germany", "sum", "payer:red", "amount:10", "send")
    offer = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", offer.choices, Rng(seed="ai")) == "accept"
    choose(state, "refuse")
    state.realms["red"].offered = []
    # everything to Red and Blue pays: refused
    give(state, "blue", 10)
    choose(state, "peace:blue", "province:iberia", "sum", "payer:blue", "amount:5", "send")
    offer = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", offer.choices, Rng(seed="ai")) == "refuse"


def test_the_automatic_player_pays_for_the_provinces_it_gains_when_it_can() -> None:
    state = occupied()
    turn(state, "red", currency=40)
    picks: list[str] = []
    while asked(state) != "peace" and len(picks) < 8:
        prompt = GAME.prompts(state)["red"]
        picks.append(greedy(GAME, state, "red", prompt.choices, Rng(seed="ai")))
        if picks == ["end"]:
            break
        choose(state, picks[-1])
    # Red gains one province more than Blue (Germany, Danube Lands against Iberia): 5
    assert picks[-4:] == ["sum", "payer:red", "amount:5", "send"]
    offer = GAME.prompts(state)["blue"]
    assert greedy(GAME, state, "blue", offer.choices, Rng(seed="ai")) == "accept"


def test_recruits_made_stay_but_land_given_back_lowers_the_turns_limit() -> None:
    state = occupied()
    turn(state, "red", currency=40)  # Red holds France, Germany, Danube Lands, Poland
    state.realms["red"].recruited = 8  # 2 a province: the limit
    choose(state, "peace:blue", "province:germany", "send", "accept")
    assert state.realms["red"].recruited == 6 and recruit_limit(state, "red") == 0
    assert GAME.invariants(state) == []
