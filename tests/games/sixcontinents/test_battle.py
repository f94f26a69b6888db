"""Land battles (Battles, Modifiers, Army 1-2, Capital, Buildings, General rules 6-7): d100
each side plus battle.toml's modifiers, ties to the defender, one soldier lost a roll with
bigger units broken, the attacker's withdraw point, the capture, plunder or the march."""

from __future__ import annotations

from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.battle import (
    Attack,
    attacker_modifiers,
    defender_modifiers,
    defenders_of,
)
from engine.games.sixcontinents.realm import connected_provinces, lose_one, units_of
from engine.games.sixcontinents.state import SixState, Unit
from tests.games.sixcontinents.helpers import (
    asked,
    choose,
    ids,
    kinds,
    own,
    put,
    started,
    turn,
)


def attack_on(state: SixState, target: str, units: list[Unit]) -> Attack:
    return Attack(attacker="red", target=target, units=units,
                  defenders=defenders_of(state, target), withdraw_at=0)


def test_the_rule_books_horse_becomes_two_infantry_when_it_loses_a_soldier() -> None:
    state = started()
    horse = put(state, "red", "cavalry", "germany")
    lost = lose_one(state, list(horse))
    assert lost is not None and lost.kind == "infantry"
    assert kinds(state, "germany") == ["infantry", "infantry"]
    assert state.realms["red"].raised - state.realms["red"].lost == 2


def test_a_cannon_breaks_into_two_horses_and_a_caravans_horse_disappears() -> None:
    state = started()
    cannon = put(state, "red", "artillery", "germany")
    lose_one(state, list(cannon))
    assert kinds(state, "germany") == ["cavalry", "infantry", "infantry"]
    caravan = put(state, "red", "caravan", "italy")
    lose_one(state, list(caravan))
    assert kinds(state, "italy") == ["cavalry", "infantry", "infantry"]
    assert GAME.invariants(state) == []


def test_a_battle_roll_by_roll_with_the_horse_example(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    put(state, "red", "cavalry", "germany")
    put(state, "blue", "infantry", "danube", 2)
    turn(state, "red", currency=10)
    choose(state, "attack", "target:danube", "forces:germany")
    assert ids(state)[0] == "withdraw:0"
    dice.extend([10, 50, 90, 10, 90, 10])
    choose(state, "withdraw:0")
    battle = state.battle
    assert battle is not None and battle.outcome == "taken" and len(battle.rolls) == 3
    assert battle.rolls[0] == ("10 +2 more soldiers = 12 against 50 +2 dug in = 52: "
                               "Red loses a soldier")
    assert kinds(state, "danube") == ["infantry", "infantry"]  # the horse's two, moved in
    assert asked(state) == "plunder" and ids(state) == ["plunder", "pay"]
    choose(state, "pay")
    assert state.realms["red"].currency == 10 - 3  # the march of all 3 soldiers
    assert state.provinces["danube"].occupier == "red"
    assert state.provinces["danube"].owner == "blue"


def test_the_defender_wins_ties(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    put(state, "red", "cavalry", "germany")
    put(state, "blue", "cavalry", "danube")
    turn(state, "red", currency=10)
    dice.extend([50, 50])
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:2")
    assert state.battle is not None and state.battle.outcome == "withdrawn"
    assert kinds(state, "germany") == ["infantry", "infantry"]


def test_withdrawing_brings_the_soldiers_home_at_no_cost(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    put(state, "red", "infantry", "germany", 4)
    put(state, "blue", "cavalry", "danube", 2)
    turn(state, "red", currency=10)
    choose(state, "attack", "target:danube", "forces:germany")
    assert ids(state) == ["withdraw:0", "withdraw:1", "withdraw:2", "withdraw:3", "back"]
    dice.extend([1, 99, 1, 99])
    choose(state, "withdraw:2")
    assert kinds(state, "germany") == ["infantry", "infantry"]
    assert state.realms["red"].currency == 10 and asked(state) == "menu"
    assert "attack" not in ids(state)  # they spent their movement


def test_modifiers_several_provinces_more_soldiers_port_and_weather() -> None:
    state = started()
    own(state, "red", "germany", "italy")
    own(state, "blue", "danube")
    state.provinces["danube"].port = True
    units = put(state, "red", "infantry", "germany", 6) + put(state, "red", "infantry",
                                                              "italy", 6)
    put(state, "blue", "cavalry", "danube")
    state.weather.id = "heat"
    assert dict(attacker_modifiers(state, attack_on(state, "danube", units))) == {
        "several provinces": 1, "more soldiers": 10, "port": -8,
        "extremely sunny period": 4}
    state.weather.id = "severe_winter"
    assert dict(attacker_modifiers(state, attack_on(state, "danube", units[:4])))[
        "severe winter"] == -8


def test_bunkers_cannons_and_digging_in() -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    state.provinces["danube"].building = "bunker_2"
    put(state, "blue", "infantry", "danube", 3)
    cannons = put(state, "red", "artillery", "germany", 2)
    assert dict(defender_modifiers(state, attack_on(state, "danube", cannons))) == {
        "bunkers": 12}
    horses = put(state, "red", "cavalry", "germany", 6)
    assert dict(defender_modifiers(state, attack_on(state, "danube", horses))) == {
        "bunkers": 20}
    state.provinces["danube"].building = ""
    assert dict(defender_modifiers(state, attack_on(state, "danube", horses))) == {
        "dug in": 2}


def test_capital_defence_and_the_recapture_penalty() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "blue", "cavalry", "poland")
    horses = put(state, "red", "cavalry", "germany")
    assert dict(defender_modifiers(state, attack_on(state, "poland", horses))) == {
        "capital defence": 10}
    state.provinces["france"].occupier = "blue"
    state.realms["red"].seat = ""
    put(state, "blue", "cavalry", "france")
    home = put(state, "red", "cavalry", "iberia")
    found = dict(defender_modifiers(state, attack_on(state, "france", home)))
    assert found["recapture"] == -5 and "capital defence" not in found


def test_cut_off_from_the_capital_either_side() -> None:
    state = started()
    own(state, "red", "ukraine")
    own(state, "blue", "muscovy", "caucasus")
    units = put(state, "red", "cavalry", "ukraine")
    put(state, "blue", "cavalry", "caucasus")
    attack = attack_on(state, "caucasus", units)
    assert dict(attacker_modifiers(state, attack))["cut off"] == -10  # Ukraine: no chain home
    # the Caucasus is joined to Blue's capital through Muscovy
    assert "cut off" not in dict(defender_modifiers(state, attack))
    state.provinces["muscovy"].owner = ""
    assert dict(defender_modifiers(state, attack))["cut off"] == -10


def test_plunder_destroys_every_building_and_places_two_red_tokens(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    state.provinces["danube"].building = "farm"
    state.provinces["danube"].road = True
    state.provinces["danube"].red_tokens = 4
    put(state, "red", "infantry", "germany", 2)
    turn(state, "red", currency=10)
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0")
    assert state.battle is not None and state.battle.rolls == []  # nobody defended
    choose(state, "plunder")
    land = state.provinces["danube"]
    assert land.buildings() == [] and land.red_tokens == 5
    assert state.realms["red"].currency == 10 - 2  # one token did not fit


def test_captured_bunkers_lose_a_level(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    state.provinces["danube"].building = "bunker_2"
    put(state, "red", "infantry", "germany", 2)
    turn(state, "red", currency=10)
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "pay")
    assert state.provinces["danube"].building == "bunker_1"


def test_a_capital_taken_is_not_plundered_and_costs_no_march() -> None:
    state = started(players=3)
    own(state, "red", "germany")
    put(state, "red", "infantry", "germany", 2)
    turn(state, "red", currency=10)
    choose(state, "attack", "target:poland", "forces:germany", "withdraw:0")
    assert asked(state) == "menu" and state.realms["red"].currency == 10
    assert state.provinces["poland"].occupier == "red" and state.realms["blue"].seat == ""
    assert state.result is None  # Green's capital still stands


def test_a_lost_capital_a_temporary_one_and_the_recapture(dice: list[int]) -> None:
    state = started(players=3)
    own(state, "blue", "ukraine")
    state.provinces["poland"].occupier = "red"
    state.realms["blue"].seat = ""
    put(state, "red", "infantry", "poland")
    put(state, "blue", "cavalry", "ukraine")
    turn(state, "blue")
    assert asked(state) == "seat" and ids(state) == ["seat:ukraine"]
    choose(state, "seat:ukraine")
    assert state.realms["blue"].currency == 40 + 5  # a temporary capital: 4, +1 with three
    dice.extend([90, 10])
    choose(state, "attack", "target:poland", "forces:ukraine", "withdraw:0")
    assert state.realms["blue"].seat == "poland" and state.provinces["poland"].holder == "blue"
    assert state.provinces["poland"].occupier == ""


def test_taking_every_enemy_capital_wins_at_once() -> None:
    state = started()
    own(state, "red", "germany")
    put(state, "red", "infantry", "germany", 2)
    turn(state, "red", currency=10)
    choose(state, "attack", "target:poland", "forces:germany", "withdraw:0")
    assert state.result is not None and state.result.winners == ["red"]
    assert GAME.prompts(state) == {} and GAME.ending(state) == "capitals"
    assert units_of(state, "red", "poland")


def test_a_port_joins_a_distant_province_to_a_coastal_capital() -> None:
    state = started()
    own(state, "red", "egypt")
    assert "egypt" not in connected_provinces(state, "red")
    state.provinces["egypt"].port = True
    assert "egypt" in connected_provinces(state, "red")  # France is on the coast
    own(state, "red", "sudan", "west_africa")
    assert "sudan" in connected_provinces(state, "red")  # by land to Egypt's port
    assert "west_africa" not in connected_provinces(state, "red")


def test_an_encircled_capital_loses_d6_soldiers_at_the_end_of_its_turn_down_to_6(
        dice: list[int]) -> None:
    state = started()
    own(state, "blue", "british_isles", "germany", "iberia", "italy", "low_countries")
    put(state, "red", "infantry", "france", 8)
    turn(state, "red")
    dice.extend([5, 1])  # then Blue's hunger: 6 provinces, food for 4
    choose(state, "end")
    assert kinds(state, "france") == ["infantry"] * 6  # 5 rolled, 2 lost: 6 stay
    assert any("France is encircled: d6 5, 2 soldiers lost" in e.text for e in state.log)
