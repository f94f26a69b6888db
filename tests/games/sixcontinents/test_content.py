"""Prices, unit tables, battle modifiers and the realm's numbers against the rule book: Price
list, Buildings, Sea voyages, Sea battles, Fishing boats, Army, Modifiers, Costs, Currency,
Economy 2.0 (food, roads, robbery economy), Revolts, Capital, Victory, Rules for 3 players."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from pydantic import ValidationError

from engine.games.sixcontinents.board import CONTINENT_FILES, MAP_DIR
from engine.games.sixcontinents.content import (
    BATTLE,
    BUILDINGS,
    DATA,
    MODIFIERS,
    PRICES,
    REALM,
    REVOLTS,
    SHIPS,
    UNITS,
    Prices,
    Realm,
    capital_income,
    food_needed,
    level_allowing,
    price,
    unit_cap,
)
from engine.games.sixcontinents.tables import DATA as TABLES_DATA


def raw(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


def test_price_list_rows_that_agree_with_the_sections() -> None:
    """Price list 1, 2, 4, 5, 6, 9, 10, 11, 12, 13 (no other section contradicts them)."""
    assert price("bunker_1") == 11 and price("bunker_1") + price("bunker_2") == 30
    assert [price(u) for u in ("infantry", "cavalry", "artillery")] == [2, 6, 12]
    assert price("road") == 5 and BUILDINGS["road"].upkeep == 1
    assert price("internal_expedition") == 10 and price("overseas_expedition") == 15
    assert price("troopship") == 9 and price("fishing_boat") == 7
    assert (price("capital_2"), price("capital_3")) == (10, 19)
    assert price("granary") == 12 and BUILDINGS["granary"].food == 2
    assert price("slave_camp") == 7 and BUILDINGS["slave_camp"].upkeep == 1
    assert price("spy") == 8 and price("construction_ship") == 13


def test_contradicted_prices_follow_the_buildings_section() -> None:
    """Buildings: port 10, farm 14, manufactory 16 (the Price list says 12, 11, 20)."""
    assert (price("port"), price("farm"), price("manufactory")) == (10, 14, 16)


def test_buildings_section() -> None:
    """Buildings: port (additional, coastal, upkeep 1, -8, one-turn transfer), farm, bunkers,
    manufactory, granary, road; demolition refunds half."""
    port = BUILDINGS["port"]
    assert port.coastal and port.additional and port.upkeep == 1 and port.raid_modifier == -8
    assert port.transfer_turns == 1
    assert (BUILDINGS["farm"].income, BUILDINGS["farm"].food) == (1, 1)
    assert BUILDINGS["manufactory"].income == 2
    assert (BUILDINGS["bunker_1"].defence, BUILDINGS["bunker_2"].defence) == (10, 20)
    assert BUILDINGS["bunker_2"].upgrade_of == "bunker_1"
    assert BUILDINGS["granary"].weatherproof
    assert BUILDINGS["road"].additional and BUILDINGS["road"].in_occupied
    assert PRICES.march.demolition_refund_divisor == 2


def test_army_table_and_the_horse_split() -> None:
    """Army table; Land Battles: 1 horse losing a soldier becomes 2 soldiers."""
    table = {u: (UNITS[u].cost, UNITS[u].soldiers, UNITS[u].movement) for u in UNITS}
    assert table == {"infantry": (2, 1, 2), "cavalry": (6, 3, 3), "artillery": (12, 6, 1),
                     "caravan": (None, 6, 2)}
    assert UNITS["cavalry"].breaks_into == ("infantry",) * 3  # 1 horse = 3 soldiers
    assert UNITS["artillery"].breaks_into == ("cavalry",) * 2  # 2 horses = 1 cannon
    assert UNITS["caravan"].formed_from == ("cavalry", "artillery")
    assert UNITS["caravan"].movement_three_players == 3  # Rules for 3 players 4
    assert UNITS["caravan"].form_cost_movement == 2
    assert UNITS["artillery"].cannon and UNITS["caravan"].cannon
    horse_after_one_loss = len(UNITS["cavalry"].breaks_into) - 1
    assert horse_after_one_loss == 2


def test_sea_battles_table_and_the_corvette() -> None:
    """Sea battles table; Casper's corvette is replaced by 3 frigates and loses one."""
    table = {s: (SHIPS[s].cost, SHIPS[s].soldiers, SHIPS[s].movement)
             for s in ("frigate", "corvette", "cruiser", "transporter")}
    assert table == {"frigate": (5, 1, 2), "corvette": (15, 3, 1), "cruiser": (30, 6, 1),
                     "transporter": (5, 0, 2)}
    assert SHIPS["transporter"].capacity == 5
    assert SHIPS["corvette"].breaks_into == ("frigate",) * 3
    assert SHIPS["troopship"].capacity == 10 and SHIPS["troopship"].voyage_turns == 2
    boat = SHIPS["fishing_boat"]
    assert (boat.movement, boat.food, boat.income, boat.max_per_sea_zone) == (2, 1, 1, 1)


def test_land_battle_modifiers() -> None:
    """Modifiers (Land Battles) 1-6, Buildings (port, bunkers), Capital (+10, -5), Army 1-2, 9."""
    assert BATTLE.die == 100 and BATTLE.defender_wins_ties
    several = MODIFIERS["several_provinces"]
    assert (several.amount, several.per) == (1, "extra_province")
    more = MODIFIERS["more_soldiers"]
    assert (more.amount, more.max, more.per, more.side) == (2, 10, "extra_soldier", "attacker")
    assert MODIFIERS["rebellious_provinces"].amount == -4
    assert MODIFIERS["landing"].amount == -12
    assert MODIFIERS["cut_off"].amount == -10 and MODIFIERS["cut_off"].not_with == "landing"
    assert MODIFIERS["port"].amount == -8
    assert MODIFIERS["capital_defence"].amount == 10
    assert MODIFIERS["recapture"].amount == -5
    assert MODIFIERS["digging_in"].amount == 2
    cannons = MODIFIERS["cannons_against_bunkers"]
    assert (cannons.amount, cannons.per, cannons.target) == (-4, "cannon", "bunkers")
    assert (BATTLE.encircled_capital.die, BATTLE.encircled_capital.keep) == (6, 6)
    assert BATTLE.army.recruits_per_province == 2 and BATTLE.army.digging_in_units == (
        "infantry",)


def test_sea_battle_modifiers() -> None:
    """Modifiers (Sea Battles) 1-2."""
    assert MODIFIERS["more_soldiers_at_sea"].max == 10
    assert MODIFIERS["coastal_batteries"].amount == 6
    assert {m.battle for m in BATTLE.modifier} == {"land", "sea"}


def test_game_start_costs_and_currency() -> None:
    """Game Start 2-3, Costs 1 and 3, General rule 7, Currency 1-2, Rules for 3 players 2-3."""
    assert REALM.start.currency == 40 and REALM.start.first_player_die == 100
    assert PRICES.march.per_soldier == 1  # Costs 3: a horse costs 3 to move one province
    assert unit_cap(0) == 10 and unit_cap(3) == 7 and unit_cap(12) == 0  # Costs 1
    assert REALM.provinces.max_red_tokens == 5 and REALM.provinces.plunder_tokens == 2
    assert [capital_income(level, 2) for level in (1, 2, 3)] == [4, 4, 5]
    assert [capital_income(level, 3) for level in (1, 2, 3)] == [5, 5, 6]
    assert REALM.currency.province_divisor == 3 and REALM.currency.enemy_capital == 2
    assert REALM.three_players.enemy_capital == 4


def test_food_and_robbery_economy() -> None:
    """Economy 2.0, 2-3; Capital: "Each capital gives 2 food"; 3 players: 1 more."""
    assert [food_needed(n) for n in (1, 2, 3, 4, 12)] == [1, 1, 2, 2, 6]
    assert REALM.food.capital == 2 and REALM.three_players.capital_food_bonus == 1
    assert (REALM.food.shortage_die, REALM.food.shortage_die_large) == (4, 6)
    assert REALM.food.large_realm == 12
    assert (REALM.robbery.income, REALM.robbery.turns, REALM.robbery.end_tokens) == (2, 3, 2)
    assert REALM.three_players.road_upkeep == 0


def test_revolts_and_the_revolt_of_casper() -> None:
    """Revolts: Casper rolls 60 (below 80) and d10 rebels rise; 1-60 d6 and 1-70 d10."""
    hunger = REVOLTS["hunger"]
    assert hunger.die == 10 and hunger.chance == 79  # 60 is below 80: a revolt
    assert (REVOLTS["red_tokens"].chance, REVOLTS["red_tokens"].die) == (60, 6)
    assert (REVOLTS["red_tokens_robbery"].chance, REVOLTS["red_tokens_robbery"].die) == (70, 10)
    assert REALM.revolts.bribe_per_rebel == 3


def test_capital_levels_and_what_they_allow() -> None:
    """Capital: levels 1-3, defence +10, recapture -5, temporary capital at (3, 9, 18)."""
    assert level_allowing("granary") == level_allowing("infantry") == 1
    assert level_allowing("spy") == 1
    assert level_allowing("farm") == level_allowing("port") == level_allowing("cavalry") == 2
    assert level_allowing("manufactory") == level_allowing("artillery") == 3
    assert REALM.capital.defence == 10 and REALM.capital.recapture_penalty == -5
    assert REALM.capital.temporary_surcharge == 1  # recruits cost 3, 9, 18
    assert [price(u) + REALM.capital.temporary_surcharge * UNITS[u].soldiers
            for u in ("infantry", "cavalry", "artillery")] == [3, 9, 18]


def test_victory_points_and_the_round_limit() -> None:
    """Victory; Rules for 3 players 5; the round limit is our decision (the rules are silent)."""
    assert (REALM.victory.per_province, REALM.victory.per_capital) == (1, 6)
    assert REALM.victory.income_counts and REALM.three_players.per_capital == 10
    assert REALM.victory.round_limit in REALM.victory.round_limit_choices
    assert REALM.victory.round_limit > 0
    assert REALM.victory.tie_breaks == ("capitals", "provinces")


def test_every_data_file_is_read_by_a_loader() -> None:
    """A file no loader reads would be a designer's edit that changes nothing."""
    read = {f"map/{name}.toml" for name in CONTINENT_FILES} | {"map/seas.toml"}
    read |= {f"{name}.toml" for name in (
        "prices", "battle", "realm", "weather", "expeditions", "agents", "slavery")}
    present = {str(path.relative_to(DATA)) for path in DATA.rglob("*.toml")}
    assert present == read
    assert TABLES_DATA == DATA and MAP_DIR.parent == DATA


def test_loader_refuses_a_free_building_and_a_bad_split() -> None:
    data = raw("prices.toml")
    Prices.model_validate(data)
    free = raw("prices.toml")
    free["building"][0]["cost"] = 0
    with pytest.raises(ValidationError):
        Prices.model_validate(free)
    split = raw("prices.toml")
    split["unit"][1]["breaks_into"] = ["infantry", "infantry"]
    with pytest.raises(ValidationError, match="do not add up"):
        Prices.model_validate(split)


def test_loader_refuses_capital_levels_out_of_order() -> None:
    data = raw("realm.toml")
    Realm.model_validate(data)
    data["capital_level"][2]["upgrade_cost"] = 0
    with pytest.raises(ValidationError):
        Realm.model_validate(data)
