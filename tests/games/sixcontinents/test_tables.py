"""The d100 tables against the rule book: Weather conditions, Economy 2.0 (Internal and Overseas
expeditions), Agents (Action types), Slavery."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from pydantic import ValidationError

from engine.games.sixcontinents.tables import (
    AGENTS,
    CARDS,
    DATA,
    EXPEDITIONS,
    SLAVERY,
    WEATHER,
    Expeditions,
    Outcome,
    Ranged,
    WeatherTable,
    capture_chance,
    catch_die,
    coverage_problems,
    expedition_outcome,
    mutiny_chance,
    spy_killed,
    spy_succeeds,
    success_threshold,
    weather_for,
)


def raw(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


def rows(ranges: list[tuple[int, int]]) -> list[Ranged]:
    return [Ranged(low=lo, high=hi, id=f"r{i}", name="r", text="r")
            for i, (lo, hi) in enumerate(ranges)]


@pytest.mark.parametrize("table", [
    WEATHER.weather, EXPEDITIONS.internal.row, EXPEDITIONS.overseas.row,
])
def test_every_d100_table_covers_1_to_100_once(table: tuple[Ranged, ...]) -> None:
    assert coverage_problems(table) == []
    for roll in range(1, 101):
        assert sum(r.low <= roll <= r.high for r in table) == 1


def test_the_coverage_check_finds_the_rule_books_own_faults() -> None:
    printed_weather = [(1, 40), (41, 55), (55, 65), (65, 75), (75, 85), (85, 100)]
    assert [p.split(":")[0] for p in coverage_problems(rows(printed_weather))] == [
        "55", "65", "75", "85"]
    printed_overseas = [(1, 1), (2, 6), (7, 10), (11, 15), (16, 18), (19, 20), (21, 25),
                        (30, 35), (35, 40), (41, 45), (46, 50), (51, 54), (55, 60), (61, 70),
                        (76, 80), (81, 85), (86, 90), (91, 98), (99, 100)]
    faults = [p.split(":")[0] for p in coverage_problems(rows(printed_overseas))]
    assert faults == ["26", "27", "28", "29", "35", "71", "72", "73", "74", "75"]


def test_loader_refuses_a_weather_table_with_a_gap() -> None:
    data = raw("weather.toml")
    WeatherTable.model_validate(data)
    data["weather"][1]["high"] = 54
    with pytest.raises(ValidationError, match="55: no row"):
        WeatherTable.model_validate(data)


def test_loader_refuses_an_overlapping_expedition_table() -> None:
    data = raw("expeditions.toml")
    Expeditions.model_validate(data)
    data["overseas"]["row"][9]["low"] = 35  # "35-40" as printed
    with pytest.raises(ValidationError, match="35: new_technology, tropical_disease"):
        Expeditions.model_validate(data)


def test_an_outcome_gives_exactly_the_numbers_its_kind_uses() -> None:
    base = {"low": 1, "high": 1, "id": "x", "name": "x", "text": "x"}
    Outcome.model_validate({**base, "kind": "currency", "currency": 50})
    with pytest.raises(ValidationError):
        Outcome.model_validate({**base, "kind": "currency"})
    with pytest.raises(ValidationError):
        Outcome.model_validate({**base, "kind": "currency", "currency": 50, "turns": 2})


def test_weather_conditions_table() -> None:
    """Weather conditions: every row's effects and the d6 duration (55 is our decision)."""
    assert WEATHER.duration_die == 6
    assert weather_for(1).id == weather_for(40).id == "sunny"
    assert weather_for(1).attack == 0 and weather_for(1).march_cost is None
    winter = weather_for(41)
    assert winter.attack == -4 and weather_for(55) == winter
    heat = weather_for(56)
    assert (heat.attack, heat.farm_income, heat.march_cost) == (4, 1, 0)
    frost = weather_for(70)
    assert (frost.extra_movement, frost.march_cost) == (1, 0)
    storm = weather_for(80)
    assert storm.no_overseas_expeditions and storm.building_surcharge == 3
    assert storm.march_cost == 2
    severe = weather_for(100)
    assert (severe.attack, severe.farm_food, severe.march_cost) == (-8, -1, 0)
    assert severe.farm_income == severe.manufactory_income == -1


def test_internal_expeditions_table() -> None:
    """Economy 2.0, Internal Expeditions: cost 10, 2 turns, rows 1-3 to 99-100."""
    assert (EXPEDITIONS.internal.cost, EXPEDITIONS.internal.turns) == (10, 2)
    rare = expedition_outcome("internal", 3)
    assert (rare.kind, rare.cost, rare.income, rare.marker) == ("mineral", 10, 4, "K+")
    common = expedition_outcome("internal", 4)
    assert (common.cost, common.income, common.marker) == (6, 3, "K")
    assert expedition_outcome("internal", 29) == common
    assert expedition_outcome("internal", 30).kind == "nothing"
    assert expedition_outcome("internal", 70).kind == "nothing"
    assert expedition_outcome("internal", 71).currency == 16
    assert expedition_outcome("internal", 90).kind == "poison"
    savages = expedition_outcome("internal", 99)
    assert savages.kind == "savages" and savages.die == 10
    assert expedition_outcome("internal", 100) == savages


def test_overseas_expeditions_table() -> None:
    """Economy 2.0, Overseas expeditions: cost 15, 4 turns, one at a time, every printed row."""
    overseas = EXPEDITIONS.overseas
    assert (overseas.cost, overseas.turns, overseas.limit) == (15, 4, 1)
    assert overseas.extra_per_tree == 1  # 16-18: "allow you to send 2 expeditions at once"
    assert expedition_outcome("overseas", 1).currency == 50
    died = expedition_outcome("overseas", 2)
    assert (died.income, died.turns) == (-1, 5)
    mercenaries = expedition_outcome("overseas", 10)
    assert (mercenaries.count, mercenaries.unit) == (2, "artillery")
    tree = expedition_outcome("overseas", 16)
    assert (tree.currency, tree.income, tree.count, tree.marker) == (10, 2, 2, "L")
    assert expedition_outcome("overseas", 20).amount == 2
    assert expedition_outcome("overseas", 21).amount == -10
    assert expedition_outcome("overseas", 35).kind == "free_roads"
    assert expedition_outcome("overseas", 35).count == 4
    assert expedition_outcome("overseas", 36).count == 4  # tropical disease: 4 soldiers
    rich = expedition_outcome("overseas", 45)
    assert (rich.income, rich.turns) == (5, 5)
    winds = expedition_outcome("overseas", 46)
    assert (winds.turns, winds.cost) == (1, 5)
    farms = expedition_outcome("overseas", 54)
    assert (farms.count, farms.amount) == (4, 4)
    green = expedition_outcome("overseas", 55)
    assert (green.count, green.die) == (3, 6)
    assert expedition_outcome("overseas", 61).kind == "capital_upgrade"
    assert expedition_outcome("overseas", 80).amount == 5
    assert expedition_outcome("overseas", 85).amount == 3
    assert expedition_outcome("overseas", 86).kind == "captain_auction"
    poison = expedition_outcome("overseas", 98)
    assert (poison.count, poison.cost, poison.marker) == (2, 10, "black")
    assert expedition_outcome("overseas", 100).kind == "plague"
    for gap in (26, 29, 71, 75):
        assert expedition_outcome("overseas", gap).kind == "nothing"


def test_agents_action_types() -> None:
    """Agents: a spy 8 at capital level 1; Action types and their success rolls."""
    assert (AGENTS.spy_cost, AGENTS.capital_level) == (8, 1)
    sabotage, incitement = CARDS["sabotage"], CARDS["incitement"]
    assert sabotage.amount == 6 and sabotage.success_above == 60
    assert not spy_succeeds(sabotage, 60, protected=False)
    assert spy_succeeds(sabotage, 61, protected=False)
    assert incitement.die == 3
    assert success_threshold(incitement, protected=False) == 80
    assert success_threshold(incitement, protected=False, slave_there=True) == 60
    assert CARDS["burn_food"].amount == 1 and CARDS["burn_food"].success_above == 60
    assert success_threshold(CARDS["counterintelligence"], protected=False) is None
    assert success_threshold(CARDS["nothing"], protected=True) is None


def test_agents_counterintelligence_sabotage_needs_more_than_75() -> None:
    """Action types: "Counterintelligence Sabotage is only successful with a score > 75"."""
    assert success_threshold(CARDS["sabotage"], protected=True) == 75
    assert not spy_succeeds(CARDS["sabotage"], 75, protected=True)
    assert spy_succeeds(CARDS["sabotage"], 76, protected=True)


def test_agents_a_roll_of_1_to_10_kills_the_spy() -> None:
    """Agents: "If the player rolls a result of 1-10, the enemy spy is killed"."""
    assert spy_killed(1) and spy_killed(10) and not spy_killed(11)


def test_slavery_capture_chances_and_counts() -> None:
    """Slavery: base 20%, +5% per infantry or artillery, +15% per cavalry; d4 below 10, d10."""
    assert SLAVERY.capture.base == 20
    assert capture_chance({}) == 20
    assert capture_chance({"infantry": 2, "artillery": 1}) == 35
    assert capture_chance({"cavalry": 1}) == 35
    assert capture_chance({"cavalry": 9}) == 100
    assert catch_die(9) == 4 and catch_die(10) == 10 and catch_die(60) == 10


def test_slavery_mutiny_chances() -> None:
    """Slavery: mutiny 5%, 15%, 30%, then +5% a slave; a slave's work."""
    assert [mutiny_chance(n) for n in range(0, 6)] == [0, 5, 15, 30, 35, 40]
    assert mutiny_chance(100) == 100
    assert (SLAVERY.upkeep_relief, SLAVERY.farm_food, SLAVERY.movement) == (1, 1, 2)
