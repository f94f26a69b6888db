"""The army outside battle (Army, Costs 3, General rules 2 and 4, Economy 2.0 1, Capital):
recruiting at the seat with the per-turn limit, exchanging, disbanding, moving."""

from __future__ import annotations

from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.army import movable, recruitable
from engine.games.sixcontinents.realm import lose_one, soldiers, units_of
from engine.games.sixcontinents.state import SixState
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


def test_recruits_at_the_capital_two_soldiers_per_province_a_turn() -> None:
    state = started()
    own(state, "red", "iberia")
    turn(state, "red", currency=100)
    assert recruitable(state, "red") == {"infantry": 4}  # 2 provinces; level 1: infantry
    choose(state, "recruit", "unit:infantry")
    assert ids(state)[:4] == ["count:1", "count:2", "count:3", "count:4"]
    choose(state, "count:3")
    assert kinds(state, "france") == ["infantry"] * 3
    assert recruitable(state, "red") == {"infantry": 1}
    assert state.realms["red"].currency == 100 - 6


def test_cavalry_needs_level_two_and_counts_three_soldiers_of_the_limit() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    turn(state, "red", currency=100)
    state.realms["red"].level = 2
    assert recruitable(state, "red") == {"infantry": 6, "cavalry": 2}


def test_a_temporary_capital_costs_one_more_per_soldier() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["france"].occupier = "blue"
    state.realms["red"].seat = ""
    turn(state, "red")
    assert asked(state) == "seat"
    choose(state, "seat:iberia")
    give(state, "red", 30)
    state.realms["red"].level = 2
    choose(state, "recruit")
    labels = [c.label for c in GAME.prompts(state)["red"].choices]
    assert "Infantry (3)" in labels and "Cavalry (9)" in labels


def test_recruits_do_not_move_the_turn_they_are_bought() -> None:
    state = started()
    turn(state, "red", currency=20)
    choose(state, "recruit", "unit:infantry", "count:2")
    assert movable(state, "red", "france") == {}
    assert "move" not in ids(state)


def test_moving_into_an_empty_province_takes_it_and_costs_the_march() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "cavalry", "germany")
    turn(state, "red", currency=10)
    choose(state, "move", "from:germany", "units:cavalry.3.1", "to:danube")
    assert state.provinces["danube"].owner == "red" and kinds(state, "danube") == ["cavalry"]
    assert state.realms["red"].currency == 10 - 3  # a horse is 3 soldiers
    choose(state, "move", "from:danube", "units:cavalry.2.1")
    assert "to:germany" in ids(state)


def test_marching_is_free_out_of_a_road_or_a_capital_and_in_frost() -> None:
    state = started()
    own(state, "red", "germany")
    state.provinces["germany"].road = True
    put(state, "red", "infantry", "germany", 2)
    put(state, "red", "infantry", "france", 2)
    turn(state, "red", currency=10)
    choose(state, "move", "from:germany", "units:infantry.2.2", "to:italy")
    choose(state, "move", "from:france", "units:infantry.2.2", "to:iberia")
    assert state.realms["red"].currency == 10
    state.weather.id = "frost"
    choose(state, "move", "from:italy")
    assert "units:infantry.2.2" in ids(state)  # 3 points in frost, 1 spent
    choose(state, "units:infantry.2.2", "to:libya")
    assert state.realms["red"].currency == 10


def test_the_storm_makes_marching_cost_two() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "infantry", "germany", 2)
    turn(state, "red", currency=10)
    state.weather.id = "storm"
    choose(state, "move", "from:germany", "units:infantry.2.2", "to:danube")
    assert state.realms["red"].currency == 6


def test_movement_points_artillery_one_infantry_two() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "artillery", "germany")
    turn(state, "red", currency=40)
    choose(state, "move", "from:germany", "units:artillery.1.1", "to:danube")
    assert movable(state, "red", "danube") == {}


def test_only_affordable_marches_are_offered() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "infantry", "germany", 3)
    turn(state, "red", currency=2)
    choose(state, "move", "from:germany")
    assert [i for i in ids(state) if i.startswith("units:")] == [
        "units:infantry.2.1", "units:infantry.2.2"]


def test_a_province_of_another_player_is_not_a_move_destination() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "infantry", "germany", 2)
    turn(state, "red", currency=10)
    choose(state, "move", "from:germany", "units:infantry.2.2")
    assert "to:poland" not in ids(state) and "to:danube" in ids(state)


def labels(state: SixState) -> dict[str, str]:
    return {c.id: c.label for prompt in GAME.prompts(state).values() for c in prompt.choices}


def test_a_move_is_one_from_to_choice_taking_all_that_can_go() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "infantry", "germany", 2)
    put(state, "red", "cavalry", "germany")
    turn(state, "red", currency=20)
    choose(state, "move")
    offered = labels(state)
    assert offered["go:germany.danube"] == "Germany → Danube Lands: 2 Infantry, 1 Cavalry (5)"
    assert "go:germany.poland" not in offered  # Blue's: entering it is an attack
    assert "from:germany" in offered  # the units may still be chosen, for a split
    choose(state, "go:germany.danube")
    assert sorted(kinds(state, "danube")) == ["cavalry", "infantry", "infantry"]
    assert state.provinces["danube"].owner == "red" and not units_of(state, "red", "germany")
    assert state.realms["red"].currency == 20 - 5
    assert asked(state) == "menu"


def test_a_from_to_move_takes_what_the_money_pays_for_and_leaves_the_rest() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "infantry", "germany", 3)
    turn(state, "red", currency=2)
    choose(state, "move")
    assert labels(state)["go:germany.danube"].endswith(": 2 Infantry (2)")
    choose(state, "go:germany.danube")
    assert kinds(state, "danube") == ["infantry"] * 2 and kinds(state, "germany") == ["infantry"]
    assert state.realms["red"].currency == 0


def test_a_from_to_move_out_of_the_capital_is_free_and_ends_with_the_movement_points() -> None:
    state = started()
    put(state, "red", "infantry", "france", 2)
    turn(state, "red", currency=0)
    choose(state, "move")
    assert labels(state)["go:france.iberia"] == "France → Iberia: 2 Infantry (free)"
    choose(state, "go:france.iberia")
    assert "move" not in ids(state)  # out of Iberia the march costs 2: nothing pays it
    give(state, "red", 10)
    choose(state, "move", "go:iberia.france")
    assert kinds(state, "france") == ["infantry"] * 2 and state.realms["red"].currency == 8
    assert "move" not in ids(state)  # both movement points spent


def test_exchanges_in_the_capital_merge_and_split() -> None:
    state = started()
    put(state, "red", "infantry", "france", 3)
    turn(state, "red")
    assert "exchange" not in ids(state)  # cavalry needs level 2
    state.realms["red"].level = 2
    choose(state, "exchange")
    assert ids(state) == ["how:merge.cavalry", "back"]
    choose(state, "how:merge.cavalry")
    assert kinds(state, "france") == ["cavalry"]
    assert movable(state, "red", "france") == {}  # exchanged: no movement this turn
    choose(state, "exchange", "how:split.cavalry")
    assert kinds(state, "france") == ["infantry"] * 3
    assert soldiers(units_of(state, "red")) == 3


def test_disbanding_gives_nothing_back() -> None:
    state = started()
    put(state, "red", "cavalry", "france", 2)
    turn(state, "red", currency=10)
    choose(state, "disband", "province:france", "units:cavalry.1")
    assert kinds(state, "france") == ["cavalry"] and state.realms["red"].currency == 10
    assert state.realms["red"].lost == 3


def test_the_menu_groups_every_action_one_pick_away() -> None:
    state = started()
    own(state, "red", "germany", "iberia")
    put(state, "red", "infantry", "germany", 3)
    put(state, "blue", "infantry", "poland")
    turn(state, "red", currency=60)
    state.realms["red"].level = 2
    menu = {c.id: c.group for c in GAME.prompts(state)["red"].choices}
    economy = "Build and economy"
    assert menu == {"build": economy, "upgrade": economy, "robbery": economy,
                    "expedition": economy, "pay_player": "Diplomacy", "spy": "Diplomacy",
                    "recruit": "Army", "move": "Army", "attack": "Army", "disband": "Army",
                    "end": ""}


def test_a_horse_and_a_cannon_form_a_caravan_and_come_apart() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "cavalry", "germany")
    put(state, "red", "artillery", "germany")
    turn(state, "red", currency=10)
    choose(state, "caravan")
    assert ids(state) == ["how:form.germany", "back"]
    choose(state, "how:form.germany")
    assert kinds(state, "germany") == ["caravan"]
    assert soldiers(units_of(state, "red")) == 6  # the horse pulls and does not fight
    assert movable(state, "red", "germany") == {"caravan.1": units_of(state, "red")}
    choose(state, "move", "from:germany", "units:caravan.1.1", "to:danube")
    assert "caravan" not in ids(state)  # no point left to unhitch
    choose(state, "end", "end")  # Blue's turn too
    assert movable(state, "red", "danube").keys() == {"caravan.2"}
    choose(state, "caravan", "how:unhitch.danube")
    assert kinds(state, "danube") == ["artillery", "cavalry"]
    assert movable(state, "red", "danube") == {}  # 2 - 2 for the horse, none for the cannon


def test_a_caravan_moves_three_with_three_players_and_its_horse_dies_with_it() -> None:
    state = started(players=3)
    wagons = put(state, "red", "caravan", "germany")
    assert movable(state, "red", "germany").keys() == {"caravan.3"}
    lose_one(state, list(wagons))
    assert kinds(state, "germany") == ["cavalry", "infantry", "infantry"]
    assert state.realms["red"].harnessed == 0 and GAME.invariants(state) == []
