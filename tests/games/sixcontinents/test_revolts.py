"""Revolts (Revolts, Modifiers 4): hunger and red tokens at the end of the turn, the victim
choosing where his soldiers rebel, the immediate fight (the revolt of Casper), bribes, and
the -4 per rebellious province in battles between players."""

from __future__ import annotations

from engine.core.runner import act
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.battle import Attack, attacker_modifiers, defenders_of
from engine.games.sixcontinents.state import REBELS, SixState
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


def hungry() -> SixState:
    """Red holds 6 provinces on the capital's 2 food: 1 short."""
    state = started()
    own(state, "red", "iberia", "italy", "germany", "low_countries", "british_isles")
    put(state, "red", "infantry", "iberia", 2)
    put(state, "red", "infantry", "italy", 3)
    put(state, "red", "infantry", "france", 4)
    return state


def test_a_hungry_realm_revolts_where_its_player_chooses(dice: list[int]) -> None:
    state = hungry()
    dice.append(4)  # the shortage at the turn's start: 4 soldiers, or 8
    turn(state, "red", currency=20)
    choose(state, "pay")
    dice.extend([50, 3])  # 1-79: d10 = 3 rebels
    choose(state, "end")
    assert asked(state) == "revolt" and list(GAME.prompts(state)) == ["red"]
    assert ids(state) == ["province:iberia", "province:italy"]  # not the seat
    choose(state, "province:iberia")  # both rebel: Iberia falls to them
    assert state.provinces["iberia"].occupier == REBELS
    assert kinds(state, "iberia", REBELS) == ["infantry", "infantry"]
    assert asked(state) == "revolt" and state.stack[-1].data["rebels"] == 1
    dice.extend([10, 90])  # one rebels in Italy (the rebels roll first) and loses
    choose(state, "province:italy")
    assert kinds(state, "italy", "red") == ["infantry", "infantry"]
    assert state.provinces["italy"].holder == "red"
    assert state.current == "blue"  # the turn went on to Blue


def test_a_calm_roll_and_a_rebellion_that_destroys_a_building(dice: list[int]) -> None:
    state = hungry()
    dice.append(1)
    turn(state, "red", currency=20)
    choose(state, "pay")
    dice.append(80)  # above 79: calm
    choose(state, "end")
    assert state.current == "blue"
    built = hungry()
    for province in ("iberia", "italy"):
        built.provinces[province].building = "slave_camp"
    dice.append(1)
    turn(built, "red", currency=20)
    choose(built, "pay")
    dice.extend([79, 1, 1, 99])  # 1 rebel, who loses the fight
    choose(built, "end", "province:italy")
    assert built.provinces["italy"].building == ""
    assert any("slave camp of Italy is destroyed" in e.text for e in built.log)


def test_red_tokens_on_half_the_provinces_bring_unrest(dice: list[int]) -> None:
    state = started()
    own(state, "red", "iberia")
    put(state, "red", "infantry", "iberia", 2)
    state.provinces["iberia"].red_tokens = 1  # 1 of 2 provinces
    turn(state, "red")
    dice.extend([60, 1])  # 1-60: d6
    choose(state, "end")
    assert asked(state) == "revolt" and "1 soldier rebel" in GAME.prompts(state)["red"].text


def test_rebels_are_bribed_for_three_a_rebel(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    state.provinces["germany"].occupier = REBELS
    for unit in put(state, "red", "infantry", "germany", 3):
        unit.owner = REBELS
    state.realms["red"].lost += 3
    turn(state, "blue", currency=10)
    give(state, "red", 8)  # Red cannot pay 9: Blue alone wants them, no auction
    assert "bribe" in ids(state)
    choose(state, "bribe", "province:germany")
    assert state.realms["blue"].currency == 1
    assert kinds(state, "germany", "blue") == ["infantry"] * 3
    assert state.provinces["germany"].occupier == "blue"


def test_each_rebellious_province_costs_four_against_a_player() -> None:
    state = started()
    own(state, "red", "germany", "iberia", "italy")
    state.provinces["iberia"].occupier = REBELS
    state.provinces["italy"].occupier = REBELS
    own(state, "blue", "danube")
    put(state, "blue", "cavalry", "danube")
    units = put(state, "red", "cavalry", "germany")
    attack = Attack(attacker="red", target="danube", units=units,
                    defenders=defenders_of(state, "danube"), withdraw_at=0)
    assert dict(attacker_modifiers(state, attack))["rebellious provinces"] == -8


def test_the_revolt_of_casper_then_a_sealed_auction_for_his_rebels(dice: list[int]) -> None:
    """Revolts' example: Casper cannot feed a province, rolls 60, then 6 rebels; a province
    of 4 soldiers rebels whole, then 2 of a province of 3, who fight the loyal one at once.
    Then the rebels are bribed: Blue wants them on his turn, Casper (Red) too, sealed."""
    state = started()
    own(state, "red", "iberia", "italy", "germany", "low_countries", "british_isles")
    put(state, "red", "infantry", "iberia", 4)
    put(state, "red", "infantry", "italy", 3)
    dice.append(1)  # the shortage at the turn's start: 1 soldier, or 2
    turn(state, "red", currency=30)
    choose(state, "pay")
    dice.extend([60, 6])  # below 80: d10 rebels, 6
    choose(state, "end")
    assert "6 soldiers rebel" in GAME.prompts(state)["red"].text
    choose(state, "province:iberia")  # all 4 rebel: 2 more still to rebel
    assert state.stack[-1].data["rebels"] == 2 and state.provinces["iberia"].occupier == REBELS
    dice.extend([10, 90, 10, 90])  # the 2 rebels fight the loyal soldier and lose
    choose(state, "province:italy")
    assert kinds(state, "italy", "red") == ["infantry"] and state.provinces["italy"].holder == "red"
    assert any("2 soldiers of Red rebel in Italy" in e.text for e in state.log)
    # Blue's turn: he would bribe Iberia's 4 rebels (12); Red could pay too: sealed bids
    assert state.current == "blue"
    give(state, "blue", 20)
    choose(state, "bribe", "province:iberia")
    prompts = GAME.prompts(state)
    assert sorted(prompts) == ["blue", "red"]
    act(GAME, state, "red", "bid:15", prompts=prompts)
    act(GAME, state, "blue", "bid:12", prompts=GAME.prompts(state))
    assert kinds(state, "iberia", "red") == ["infantry"] * 4  # Casper's own land back
    assert state.provinces["iberia"].occupier == "" and state.realms["red"].currency == 13
    assert GAME.invariants(state) == []
