"""Round start and turn start (Weather conditions, Currency, Costs, Economy 2.0 3, Capital,
Rules for 3 players): the weather, income, upkeep, food and the shortage; building,
demolishing and the capital's levels (Buildings, Price list)."""

from __future__ import annotations

import pytest

from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.economy import (
    build,
    buildable,
    income_lines,
    may_build,
    refund,
    upkeep_lines,
)
from engine.games.sixcontinents.phases import begin_round
from engine.games.sixcontinents.realm import soldiers, units_of
from tests.games.sixcontinents.helpers import asked, choose, give, ids, own, put, started, turn


def test_a_new_weather_is_rolled_when_the_last_has_run_out(dice: list[int]) -> None:
    state = started()
    state.weather.left = 0
    state.round = 0
    dice.extend([50, 2])  # unexpected winter (41-55) for 2 rounds
    begin_round(state)
    GAME.settle(state)
    assert (state.weather.id, state.weather.left) == ("unexpected_winter", 2)
    assert "rolled for Blue" in next(e.text for e in state.log if "weather" in e.text)
    state.weather.left = 1  # the round ended once
    begin_round(state)  # it lasts: no roll (the dice list is empty)
    assert state.weather.id == "unexpected_winter"


def test_the_weather_rolls_pass_clockwise() -> None:
    state = started()
    rollers = []
    for _ in range(12):
        state.weather.left = 0
        state.stack = []
        begin_round(state)
        rollers.append(state.weather.roller)
    assert rollers[:4] == [1, 0, 1, 0]


def test_income_capital_provinces_buildings_and_enemy_capitals() -> None:
    state = started()
    own(state, "red", "iberia", "italy", "low_countries", "germany", "british_isles")
    state.provinces["iberia"].building = "farm"
    state.provinces["italy"].building = "manufactory"
    assert dict(income_lines(state, "red")) == {
        "capital": 4, "6 provinces": 2, "1 farm": 1, "1 manufactory": 2}
    state.realms["red"].level = 3
    state.provinces["poland"].occupier = "red"
    lines = dict(income_lines(state, "red"))
    assert lines["capital"] == 5 and lines["1 enemy capital"] == 2


def test_three_players_capital_five_and_an_enemy_capital_four() -> None:
    state = started(players=3)
    state.provinces["poland"].occupier = "red"
    lines = dict(income_lines(state, "red"))
    assert lines["capital"] == 5 and lines["1 enemy capital"] == 4


@pytest.mark.parametrize(("weather", "farm", "manufactory"), [
    ("sunny", 1, 2), ("heat", 2, 2), ("severe_winter", 0, 1)])
def test_the_weather_changes_farms_and_manufactories(weather: str, farm: int,
                                                     manufactory: int) -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].building = "farm"
    state.provinces["italy"].building = "manufactory"
    state.weather.id = weather
    lines = dict(income_lines(state, "red"))
    assert lines.get("1 farm", 0) == farm and lines["1 manufactory"] == manufactory


def test_upkeep_ports_roads_slave_camps_and_units_over_the_cap() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].port = state.provinces["iberia"].road = True
    state.provinces["italy"].building = "slave_camp"
    put(state, "red", "infantry", "italy", 12)
    put(state, "red", "infantry", "france", 30)  # the capital has no cap
    state.provinces["italy"].red_tokens = 1  # cap 9: 3 over
    assert dict(upkeep_lines(state, "red")) == {
        "1 port": 1, "1 slave camp": 1, "1 road": 1, "3 units over the cap": 3}
    three = started(players=3)
    own(three, "red", "iberia")
    three.provinces["iberia"].road = True
    assert upkeep_lines(three, "red") == []  # infrastructure is free with three


def test_turn_start_collects_income_and_pays_upkeep() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].port = True
    turn(state, "red")
    assert state.realms["red"].currency == 40 + 4 + 1 - 1
    assert asked(state) == "menu"


def test_food_capital_farms_granaries_against_one_per_two_provinces(dice: list[int]) -> None:
    state = started()
    own(state, "red", "iberia", "italy", "germany", "low_countries", "british_isles")
    state.provinces["iberia"].building = "granary"
    turn(state, "red")
    assert (state.realms["red"].food, state.realms["red"].food_needed) == (4, 3)
    assert asked(state) == "menu"


def test_a_shortage_costs_d4_soldiers_or_their_price(dice: list[int]) -> None:
    state = started()
    own(state, "red", "iberia", "italy", "germany", "low_countries", "british_isles",
        "iceland")
    put(state, "red", "cavalry", "italy")
    put(state, "red", "infantry", "iberia", 2)
    dice.append(3)
    turn(state, "red")  # 6 provinces need 3, the capital gives 2
    assert asked(state) == "shortage" and ids(state) == ["pay", "lose"]
    choose(state, "lose")
    assert soldiers(units_of(state, "red")) == 2  # the two infantry and one of the horse's
    assert state.realms["red"].lost == 3
    again = started()
    own(again, "red", "iberia", "italy", "germany", "low_countries", "british_isles",
        "iceland")
    dice.append(4)
    turn(again, "red")
    before = again.realms["red"].currency
    choose(again, "pay")
    assert again.realms["red"].currency == before - 8


def test_a_large_realm_rolls_d6_for_its_shortage(monkeypatch: pytest.MonkeyPatch) -> None:
    state = started()
    provinces = [p for p in state.provinces if p not in ("france", "poland")][:11]
    own(state, "red", *provinces)
    sides: list[int] = []

    def roll(self: object, n: int) -> int:
        sides.append(n)
        return 1

    monkeypatch.setattr("engine.core.rng.Rng.roll", roll)
    turn(state, "red")
    assert sides == [6]


def test_buildings_one_per_province_besides_a_port_and_a_road() -> None:
    state = started()
    own(state, "red", "iberia", "mongolia")
    give(state, "red", 100)
    state.realms["red"].level = 3
    assert set(buildable(state, "red")["iberia"]) == {
        "port", "farm", "bunker_1", "manufactory", "granary", "road", "slave_camp"}
    build(state, "red", "iberia", "farm")
    build(state, "red", "iberia", "port")
    assert set(buildable(state, "red")["iberia"]) == {"road"}
    assert "port" not in buildable(state, "red")["mongolia"]  # inland
    assert "france" not in buildable(state, "red")  # nothing is built in a capital
    assert state.realms["red"].currency == 100 - 14 - 10


def test_bunkers_level_two_is_an_upgrade_and_demolition_refunds_half() -> None:
    state = started()
    own(state, "red", "iberia")
    give(state, "red", 50)
    build(state, "red", "iberia", "bunker_1")
    assert "bunker_2" in buildable(state, "red")["iberia"]
    build(state, "red", "iberia", "bunker_2")
    assert state.realms["red"].currency == 50 - 11 - 19
    assert refund("bunker_2") == 15 and refund("farm") == 7 and refund("port") == 5


def test_capital_levels_allow_buildings_and_the_storm_adds_three() -> None:
    state = started()
    own(state, "red", "iberia")
    give(state, "red", 50)
    assert not may_build(state, "red", "iberia", "farm")  # level 2
    assert not may_build(state, "red", "iberia", "manufactory")  # level 3
    assert may_build(state, "red", "iberia", "granary")
    state.weather.id = "storm"
    build(state, "red", "iberia", "granary")
    assert state.realms["red"].currency == 50 - 15


def test_occupied_land_takes_only_a_road() -> None:
    state = started()
    own(state, "blue", "germany")
    state.provinces["germany"].occupier = "red"
    give(state, "red", 50)
    assert buildable(state, "red")["germany"] == ["road"]


def test_a_building_is_one_choice_of_what_and_where_in_menus_named_by_building() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    turn(state, "red", currency=30)
    state.realms["red"].level = 2  # farms and granaries
    choose(state, "build")
    prompt = GAME.prompts(state)["red"]
    sites = {c.id: c for c in prompt.choices if c.id.startswith("site:")}
    offered = {f"site:{p}.{b}" for p, kinds in buildable(state, "red").items() for b in kinds}
    assert set(sites) == offered  # every legal building and place, nothing else
    farm = sites["site:italy.farm"]
    assert farm.label == "Farm in Italy (14)" and "Farm" in farm.group
    assert farm.detail and "food" in farm.detail
    assert "Farm (14): 1 currency, 1 food" in prompt.text
    choose(state, "site:italy.farm")
    assert state.provinces["italy"].building == "farm"
    assert state.realms["red"].currency == 30 - 14 and asked(state) == "menu"


def test_the_menu_builds_demolishes_and_upgrades_with_costs_shown() -> None:
    state = started()
    own(state, "red", "iberia")
    turn(state, "red", currency=30)
    menu = {c.id: c for c in GAME.prompts(state)["red"].choices}
    assert menu["upgrade"].label == "Raise the capital to level 2 (10)"
    assert menu["build"].group == "Build and economy" and "end" in menu
    assert "demolish" not in menu and "attack" not in menu and "move" not in menu
    choose(state, "upgrade")
    assert state.realms["red"].level == 2 and state.realms["red"].currency == 20
    choose(state, "build")
    labels = [c.label for c in GAME.prompts(state)["red"].choices]
    assert "Farm in Iberia (14)" in labels and "Granary in Iberia (12)" in labels
    choose(state, "site:iberia.farm", "demolish", "province:iberia", "building:farm")
    assert state.realms["red"].currency == 20 - 14 + 7
    menu = {c.id: c for c in GAME.prompts(state)["red"].choices}
    assert "upgrade" not in menu  # level 3 costs 19, 13 left
