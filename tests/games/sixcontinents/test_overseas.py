"""Overseas expeditions (Economy 2.0): 15 with a port, one at a time, 4 turns, the whole
d100 table and its lasting effects where they act."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.battle import Attack, attacker_modifiers, defender_modifiers
from engine.games.sixcontinents.economy import building_cost, income_lines, upkeep_lines
from engine.games.sixcontinents.robbery import end_robbery
from engine.games.sixcontinents.state import SixState
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


def harbour(currency: int = 40) -> SixState:
    """Red holds Iberia with a port, at the start of its turn."""
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].port = True
    state.weather.left = 50
    turn(state, "red", currency=currency)
    return state


def back(dice: list[int], roll: int, *more: int) -> SixState:
    """Red's expedition comes back at the start of its turn and rolls ``roll``."""
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].port = True
    state.realms["red"].overseas = [1]
    state.weather.left = 50
    dice.extend([roll, *more])
    turn(state, "red")
    return state


def label(state: SixState, choice_id: str) -> str:
    return next(c.label for p in GAME.prompts(state).values() for c in p.choices
                if c.id == choice_id)


def test_sent_with_a_port_one_at_a_time_back_after_four_turns(dice: list[int]) -> None:
    state = harbour()
    assert label(state, "overseas") == "Overseas expedition (15, back in 4 turns)"
    choose(state, "overseas")
    assert state.realms["red"].currency == 25 and state.realms["red"].overseas == [4]
    assert "overseas" not in ids(state)  # one at a time
    for left in (3, 2, 1):
        choose(state, "end", "end")
        assert state.realms["red"].overseas == [left]
    dice.extend([1])  # treasure
    before = state.realms["red"].currency
    choose(state, "end", "end")
    assert state.realms["red"].overseas == [] and state.realms["red"].currency >= before + 50


def test_no_port_no_money_or_a_storm_no_expedition() -> None:
    state = harbour(currency=14)
    assert "overseas" not in ids(state)
    give(state, "red", 15)
    assert "overseas" in ids(state)
    state.weather.id = "storm"
    assert "overseas" not in ids(state)
    state.weather.id = "sunny"
    state.provinces["iberia"].port = False
    assert "overseas" not in ids(state)


def test_treasure_and_mercenaries(dice: list[int]) -> None:
    state = back(dice, 1)
    assert state.realms["red"].received >= 50
    state = back(dice, 8)
    assert kinds(state, "france", "red") == ["artillery", "artillery"]
    assert GAME.invariants(state) == []


def test_lost_and_rich_income_for_five_turns(dice: list[int]) -> None:
    state = back(dice, 3)
    # this turn's income was the first of five: four to come
    assert ("The expedition died (4 turns)", 1) in upkeep_lines(state, "red")
    state = back(dice, 42)
    assert ("Rich tribe (4 turns)", 5) in income_lines(state, "red")
    for _ in range(3):
        choose(state, "end", "end")
        assert any(w.startswith("Rich tribe") for w, _ in income_lines(state, "red"))
    choose(state, "end", "end")  # the fifth income was this turn's: over
    assert not any(w.startswith("Rich tribe") for w, _ in income_lines(state, "red"))


def test_unruly_captives_destroy_one_province_of_the_players_choice(dice: list[int]) -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].port = True
    state.provinces["italy"].building = "granary"
    state.provinces["italy"].road = True
    state.realms["red"].overseas = [1]
    dice.append(12)
    turn(state, "red")
    assert asked(state) == "overseas_destroy"
    assert ids(state) == ["province:iberia", "province:italy"]
    choose(state, "province:italy")
    assert state.provinces["italy"].buildings() == [] and state.provinces["iberia"].port


def test_the_coconut_tree(dice: list[int]) -> None:
    state = back(dice, 17)
    assert asked(state) == "plant_tree"
    choose(state, "province:italy")
    assert "L" in state.provinces["italy"].markers
    assert ("1 coconut tree", 2) in income_lines(state, "red")
    choose(state, "end", "end")
    lasting = state.realms["red"].lasting
    assert lasting.fruits == 2 and lasting.old_fruits == 0
    give(state, "red", 60)
    choose(state, "overseas", "overseas")  # the tree: two at once
    assert "Overseas expedition (15, a fruit" in label(state, "overseas")
    choose(state, "overseas")  # a fruit: a third
    assert len(state.realms["red"].overseas) == 3 and lasting.fruits == 1
    choose(state, "end", "end")
    assert lasting.old_fruits == 1 and lasting.fruits == 2  # last turn's rot at its end
    choose(state, "end", "end")
    assert lasting.old_fruits == 2


def test_a_plundering_attack_cuts_the_tree_down(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    state.provinces["danube"].markers.append("L")
    put(state, "red", "infantry", "germany", 2)
    turn(state, "red", currency=10)
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "plunder")
    assert "L" not in state.provinces["danube"].markers


def test_cannonball_material_and_the_new_weapon(dice: list[int]) -> None:
    state = back(dice, 19)
    assert state.realms["red"].lasting.bunker_damage == 2
    state.realms["red"].lasting.battle_bonus = 3
    own(state, "blue", "germany")
    state.provinces["germany"].building = "bunker_2"
    cannon = put(state, "red", "artillery", "france")
    guard = put(state, "blue", "infantry", "germany")
    attack = Attack(attacker="red", target="germany", units=cannon, defenders=guard,
                    withdraw_at=0)
    assert ("bunkers", 20 - 6) in defender_modifiers(state, attack)
    assert ("new weapon", 3) in attacker_modifiers(state, attack)
    state.realms["blue"].lasting.battle_bonus = 3
    assert ("new weapon", 3) in defender_modifiers(state, attack)


def test_the_next_expedition_costs_less_or_more_once(dice: list[int]) -> None:
    state = back(dice, 22)  # ghost ship
    assert label(state, "overseas").startswith("Overseas expedition (5,")
    choose(state, "overseas")
    assert state.realms["red"].lasting.next_cost == 0
    state = back(dice, 77)  # cannibals
    assert label(state, "overseas").startswith("Overseas expedition (20,")


def test_new_technology_four_free_roads(dice: list[int]) -> None:
    state = back(dice, 31)
    assert label(state, "free_road") == "Build a free road (4 left)"
    before = state.realms["red"].currency
    choose(state, "free_road", "province:italy")
    assert state.provinces["italy"].road and state.realms["red"].currency == before
    assert state.realms["red"].lasting.free_roads == 3


def test_tropical_disease_the_player_chooses_who_dies(dice: list[int]) -> None:
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    put(state, "red", "infantry", "france", 3)
    put(state, "red", "cavalry", "iberia")
    state.realms["red"].overseas = [1]
    dice.append(38)
    turn(state, "red")
    assert asked(state) == "losses" and ids(state) == ["province:france", "province:iberia"]
    choose(state, "province:france", "province:france", "province:france", "province:iberia")
    assert kinds(state, "france") == [] and kinds(state, "iberia") == ["infantry", "infantry"]
    assert asked(state) == "menu"


def test_unfavourable_winds_pay_or_lose(dice: list[int]) -> None:
    state = back(dice, 47)
    assert ids(state) == ["pay", "leave"]
    choose(state, "pay")
    assert state.realms["red"].overseas == [1]
    state = back(dice, 47)
    choose(state, "leave")
    assert state.realms["red"].overseas == []


def test_farm_builders_four_farms_four_less(dice: list[int]) -> None:
    state = back(dice, 52)
    state.realms["red"].level = 2
    assert building_cost(state, "farm", "red") == 10 and building_cost(state, "farm") == 14
    give(state, "red", 30)
    choose(state, "build", "site:italy.farm")
    assert state.realms["red"].currency == 20 and state.realms["red"].lasting.farm_discounts == 3


def test_environmentalists_three_closing_tokens(dice: list[int]) -> None:
    state = back(dice, 56, 4)  # d6: 4 turns, this one included
    assert state.realms["red"].lasting.green_turns == 4
    state.provinces["italy"].robbery = 2
    state.provinces["italy"].red_tokens = 1
    end_robbery(state, "italy")
    assert state.provinces["italy"].red_tokens == 4


def test_the_captains_idea(dice: list[int]) -> None:
    state = back(dice, 65)
    assert ids(state) == ["upgrade", "take"]
    choose(state, "upgrade")
    assert state.realms["red"].level == 2
    state = back(dice, 65)
    before = state.realms["red"].currency
    choose(state, "take")
    assert state.realms["red"].currency == before + 10


def test_the_turncoat_captain_goes_to_the_highest_sealed_bid(dice: list[int]) -> None:
    state = back(dice, 88)
    prompts = GAME.prompts(state)
    assert sorted(prompts) == ["blue", "red"] and state.auction is not None
    assert prompts["blue"].choices[0].id == "bid:0"
    act(GAME, state, "blue", "bid:10", prompts=prompts)
    view = GAME.view(state, "blue")
    assert isinstance(view, SixPlayerView) and view.private.bid == 10
    secrets = split_views(GAME, state)  # the amount is in Blue's private part only
    bids = [s.bid for s in secrets.values() if isinstance(s, SixSecrets)]
    assert bids == [None, 10]
    public = GAME.view(state, None)
    assert public.auction is not None and public.auction.bid == ["blue"]
    assert "10" not in str(public.auction)
    dice.append(1)  # Blue rolls: the treasure
    blue = state.realms["blue"].currency
    act(GAME, state, "red", "bid:5", prompts=GAME.prompts(state))
    assert state.realms["blue"].currency == blue - 10 + 50
    assert state.auction is None and GAME.invariants(state) == []


def test_a_tie_or_no_bid_leaves_the_captain_with_his_owner(dice: list[int]) -> None:
    state = back(dice, 90)
    dice.extend([88, 1])  # a second 86-90 is rolled again
    before = state.realms["red"].currency
    choose_all(state, {"red": "bid:0", "blue": "bid:0"})
    assert state.realms["red"].currency == before + 50
    state = back(dice, 90)
    dice.append(1)
    before = state.realms["red"].currency
    choose_all(state, {"red": "bid:5", "blue": "bid:5"})
    assert state.realms["red"].currency == before - 5 + 50


def choose_all(state: SixState, bids: dict[str, str]) -> None:
    for role, bid in bids.items():
        act(GAME, state, role, bid, prompts=GAME.prompts(state))
        assert GAME.invariants(state) == []


def test_the_poisonous_wonder(dice: list[int]) -> None:
    state = back(dice, 95)
    assert asked(state) == "poison" and ids(state) == ["province:italy"]
    choose(state, "province:italy")  # Iberia has a port: not free
    assert ids(state) == ["destroy:iberia", "pay"]
    choose(state, "pay")
    assert "black" in state.provinces["italy"].markers and asked(state) == "menu"


def test_the_worldwide_plague(dice: list[int]) -> None:
    state = back(dice, 100)
    assert state.realms["red"].lasting.plague == 3 and state.realms["blue"].lasting.plague == 3
    put(state, "blue", "infantry", "poland", 3)
    dice.extend([2])
    choose(state, "end")
    assert asked(state) == "losses" and state.current == "blue"
    choose(state, "province:poland", "province:poland")
    assert kinds(state, "poland") == ["infantry"]
    assert state.realms["blue"].lasting.plague == 2


def test_the_automatic_player_sends_bids_and_answers(dice: list[int]) -> None:
    state = harbour(currency=40)
    prompt = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", prompt.choices, Rng(seed="ai")) in {
        "overseas", "recruit", "build", "upgrade"}
    state = back(dice, 88)
    give(state, "blue", 30)
    prompts = GAME.prompts(state)
    assert greedy(GAME, state, "blue", prompts["blue"].choices, Rng(seed="ai")) == "bid:10"
    state = back(dice, 65)
    prompt = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", prompt.choices, Rng(seed="ai")) == "upgrade"


def test_the_views_show_the_lasting_effects(dice: list[int]) -> None:
    state = back(dice, 83)  # the new weapon
    state.realms["red"].overseas = [3]
    realm = next(r for r in GAME.view(state, None).realms if r.role == "red")
    assert realm.effects.battle_bonus == 3 and realm.overseas == [3]


def test_fruits_and_free_roads_can_be_given_to_another_player(dice: list[int]) -> None:
    state = back(dice, 31)  # four free roads
    state.realms["red"].lasting.old_fruits = 1
    state.realms["red"].lasting.fruits = 2
    choose(state, "gift", "player:blue")
    assert ids(state) == ["what:fruit", "what:road", "back"]
    choose(state, "what:fruit", "gift", "player:blue", "what:road")
    red, blue = state.realms["red"].lasting, state.realms["blue"].lasting
    assert (red.old_fruits, red.fruits, red.free_roads) == (0, 2, 3)
    assert (blue.old_fruits, blue.free_roads) == (1, 1)
