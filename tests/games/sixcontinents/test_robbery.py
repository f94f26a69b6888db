"""The robbery economy (Economy 2.0, 2): 2 a turn for 3 turns, red tokens growing, then 2
more that fade one a turn; only a road may be built there meanwhile."""

from __future__ import annotations

from engine.games.sixcontinents.economy import buildable, income_lines
from engine.games.sixcontinents.robbery import robbery_sites
from engine.games.sixcontinents.state import SixState
from tests.games.sixcontinents.helpers import choose, give, ids, own, put, started, turn


def next_red_turn(state: SixState) -> None:
    choose(state, "end")  # Red's turn ends
    if state.current == "blue":
        choose(state, "end")


def test_only_an_empty_province_of_ones_own_may_be_robbed() -> None:
    state = started()
    own(state, "red", "iberia", "italy", "germany")
    state.provinces["italy"].building = "farm"
    state.provinces["germany"].red_tokens = 1
    assert robbery_sites(state, "red") == ["iberia"]  # not the capital either


def test_three_turns_of_income_then_tokens_that_fade_on_the_holders_turns() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    turn(state, "red", currency=20)
    choose(state, "robbery", "province:iberia")
    land = state.provinces["iberia"]
    assert land.robbery == 3 and land.red_tokens == 1
    assert "stop_robbery" in ids(state) and "robbery" in ids(state)  # Italy still may
    tokens, incomes = [], []
    for _ in range(8):
        incomes.append(dict(income_lines(state, "red")).get("robbery economy", 0))
        next_red_turn(state)
        tokens.append(land.red_tokens)
    assert incomes[:4] == [2, 2, 2, 0]
    assert tokens == [2, 3, 5, 4, 3, 2, 1, 0]
    assert not land.fading and robbery_sites(state, "red") == ["iberia", "italy"]


def test_only_a_road_while_the_tokens_last_and_stopping_early() -> None:
    state = started()
    own(state, "red", "iberia")
    turn(state, "red", currency=40)
    choose(state, "robbery", "province:iberia")
    assert buildable(state, "red")["iberia"] == ["road"]
    choose(state, "stop_robbery", "province:iberia")
    land = state.provinces["iberia"]
    assert land.robbery == 0 and land.fading and land.red_tokens == 3
    give(state, "red", 40)
    assert buildable(state, "red")["iberia"] == ["road"]


def test_a_robbed_province_taken_loses_its_r(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    state.provinces["danube"].robbery = 2
    state.provinces["danube"].red_tokens = 2
    put(state, "red", "cavalry", "germany")
    turn(state, "red", currency=10)
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "pay")
    land = state.provinces["danube"]
    assert land.robbery == 0 and land.fading and land.red_tokens == 4
