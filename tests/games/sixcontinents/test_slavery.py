"""Slavery (Slavery; slavery.toml): capture after a won battle with a slave camp, slaves at
work, moving them, taking them with a province, and the mutiny after a lost battle."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.economy import food_lines, upkeep_lines
from engine.games.sixcontinents.slavery import enslave, slaves_of
from engine.games.sixcontinents.state import REBELS, SixState
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


def battle(dice: list[int], attackers: int = 3, defenders: int = 2,
           players: int = 2) -> SixState:
    """Red (a slave camp in Iberia) attacks Blue's Danube from Germany."""
    state = started(players)
    own(state, "red", "germany", "iberia")
    own(state, "blue", "danube")
    state.provinces["iberia"].building = "slave_camp"
    put(state, "red", "infantry", "germany", attackers)
    put(state, "blue", "infantry", "danube", defenders)
    turn(state, "red", currency=20)
    return state


def test_the_winner_with_a_camp_may_capture_and_keeps_any_part(dice: list[int]) -> None:
    state = battle(dice)
    dice.extend([90, 10, 90, 10])  # two rolls won: Danube taken
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "plunder")
    assert asked(state) == "capture"
    # 20% + 5% for each of the 3 infantry left; 2 enemy soldiers: d4, at most 2
    assert ids(state) == ["try", "no"]
    label = GAME.prompts(state)["red"].choices[0].label
    assert label == "Try (35%: d4 slaves, at most 2)"
    dice.extend([35, 4])
    choose(state, "try")
    assert asked(state) == "captives" and ids(state) == ["keep:2", "keep:1", "keep:0"]
    choose(state, "keep:1")
    assert [(s.owner, s.origin, s.province) for s in state.slaves] == [
        ("red", "blue", "iberia")]
    assert asked(state) == "menu"


def test_a_failed_roll_catches_nobody_and_no_camp_no_question(dice: list[int]) -> None:
    state = battle(dice)
    dice.extend([90, 10, 90, 10, 36])
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "plunder", "try")
    assert state.slaves == [] and asked(state) == "menu"
    state = battle(dice)
    state.provinces["iberia"].building = ""
    dice.extend([90, 10, 90, 10])
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "plunder")
    assert asked(state) == "menu"


def test_slaves_lower_upkeep_and_feed_farms() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].building = "slave_camp"
    state.provinces["iberia"].road = True
    state.provinces["italy"].building = "farm"
    enslave(state, "red", "blue", 3, "iberia")
    assert ("slaves at work", -2) in upkeep_lines(state, "red")  # camp and road: 2 at most
    enslave(state, "red", "blue", 2, "italy")
    assert ("slaves on farms", 1) in food_lines(state, "red")  # one slave a farm
    view = GAME.view(state, None)
    italy = next(p for p in view.provinces if p.id == "italy")
    assert [(c.owner, c.count) for c in italy.slaves] == [("red", 2)]
    assert next(r for r in view.realms if r.role == "red").slaves == 5


def test_slaves_move_two_provinces_over_own_land_for_free(dice: list[int]) -> None:
    state = started()
    own(state, "red", "iberia", "italy", "germany")
    enslave(state, "red", "blue", 2, "iberia")
    for slave in state.slaves:
        slave.used = 0
    turn(state, "red", currency=5)
    choose(state, "move_slaves", "from:iberia")
    assert ids(state) == ["count:1", "count:2", "back"]
    choose(state, "count:2")
    assert ids(state) == ["to:france", "to:germany", "to:italy", "back"]
    choose(state, "to:germany")
    assert {s.province for s in state.slaves} == {"germany"}
    assert state.realms["red"].currency == 5 and "move_slaves" not in ids(state)


def test_taking_a_province_frees_ones_own_and_keeps_the_others(dice: list[int]) -> None:
    state = battle(dice, players=3)
    enslave(state, "blue", "red", 1, "danube")
    enslave(state, "blue", "green", 1, "danube")
    state.provinces["iberia"].building = ""
    dice.extend([90, 10, 90, 10])
    dice.extend([99])  # Blue lost with 2 slaves: no mutiny on 99
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "plunder")
    assert kinds(state, "danube", "red").count("infantry") == 4  # 3 and a freed soldier
    assert [(s.owner, s.origin) for s in state.slaves] == [("red", "green")]
    assert GAME.invariants(state) == []


def test_a_lost_battle_may_raise_the_slaves(dice: list[int]) -> None:
    state = battle(dice)
    own(state, "blue", "ukraine")
    enslave(state, "blue", "red", 2, "ukraine")
    put(state, "blue", "infantry", "ukraine")
    dice.extend([90, 10, 90, 10])
    dice.extend([15])  # 2 slaves: 15% -> they rise
    dice.extend([90, 10])  # the rebels beat the loyal infantry
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "plunder")
    assert slaves_of(state, "blue") == []
    assert state.provinces["ukraine"].occupier == REBELS
    assert kinds(state, "ukraine", REBELS) == ["infantry", "infantry"]
    assert GAME.invariants(state) == []


def test_the_automatic_player_captures_and_keeps_two(dice: list[int]) -> None:
    state = battle(dice, attackers=10, defenders=9)
    state.provinces["danube"].building = ""
    dice.extend([90, 10] * 9)
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "plunder")
    prompt = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", prompt.choices, Rng(seed="ai")) == "try"
    dice.extend([1, 4])
    choose(state, "try")
    prompt = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", prompt.choices, Rng(seed="ai")) == "keep:2"


def test_the_automatic_player_sends_an_idle_slave_to_a_farm() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].building = "granary"  # no upkeep: nothing to do there
    state.provinces["italy"].building = "farm"
    enslave(state, "red", "blue", 1, "iberia")
    state.slaves[0].used = 0
    turn(state, "red", currency=0)
    for _ in range(4):
        prompt = GAME.prompts(state)["red"]
        picked = greedy(GAME, state, "red", prompt.choices, Rng(seed="ai"))
        if asked(state) == "menu" and picked != "move_slaves":
            break
        choose(state, picked)
    assert [s.province for s in state.slaves] == ["italy"]
