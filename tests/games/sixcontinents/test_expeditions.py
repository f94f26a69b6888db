"""Internal expeditions (Economy 2.0, Expeditions): 10 into a province without a building,
once per province, the d100 at the start of the sender's turn 2 turns later."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.economy import buildable, income_lines
from engine.games.sixcontinents.expeditions import expedition_sites
from engine.games.sixcontinents.state import NEUTRAL, Ship, SixState
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


def sent(dice: list[int], roll: int, *more: int) -> SixState:
    """Red sends an expedition into Iberia; two of its turns later it rolls ``roll``."""
    state = started()
    own(state, "red", "iberia", "italy")
    turn(state, "red", currency=30)
    choose(state, "expedition", "province:iberia")
    assert state.realms["red"].currency == 20 and state.provinces["iberia"].expedition == 2
    choose(state, "end", "end")  # Blue's turn too
    assert state.provinces["iberia"].expedition == 1 and state.current == "red"
    dice.extend([roll, *more])
    return state


def back(state: SixState) -> None:
    """Red's next turn (after Blue's), when the expedition comes back."""
    choose(state, "end", "end")


def test_only_unbuilt_provinces_of_ones_own_once_each() -> None:
    state = started()
    own(state, "red", "iberia", "italy", "germany")
    state.provinces["italy"].road = True
    state.provinces["germany"].explorer = "red"
    give(state, "red", 10)
    assert expedition_sites(state, "red") == ["iberia"]
    give(state, "red", 9)
    assert expedition_sites(state, "red") == []


def test_a_mineral_bought_pays_every_turn_whoever_holds_it(dice: list[int]) -> None:
    state = sent(dice, 10)  # common mineral
    back(state)
    assert asked(state) == "mineral" and ids(state) == ["buy", "leave"]
    choose(state, "buy")
    land = state.provinces["iberia"]
    assert land.mineral == 3 and "K" in land.markers and land.expedition == 0
    assert dict(income_lines(state, "red"))["minerals"] == 3
    land.occupier = "blue"
    assert dict(income_lines(state, "blue"))["minerals"] == 3


def test_an_artifact_pays_sixteen(dice: list[int]) -> None:
    state = sent(dice, 80)
    before = state.realms["red"].currency
    back(state)
    assert state.realms["red"].currency == before + 16 + 4 + 1  # and the turn's income


def test_poisoned_water_forbids_farms_and_granaries(dice: list[int]) -> None:
    state = sent(dice, 95)
    back(state)
    give(state, "red", 50)
    state.realms["red"].level = 2
    assert "black" in state.provinces["iberia"].markers
    assert set(buildable(state, "red")["iberia"]) == {"port", "bunker_1", "road",
                                                      "slave_camp"}


def test_savages_take_the_province_and_the_soldiers_there_fight(dice: list[int]) -> None:
    state = sent(dice, 100, 2, 90, 10, 90, 10)  # 2 savages, then two rolls won
    put(state, "red", "cavalry", "iberia")
    back(state)
    assert asked(state) == "savages" and ids(state) == ["fight", "leave:france"]
    assert kinds(state, "iberia", NEUTRAL) == ["infantry", "infantry"]
    choose(state, "fight")
    land = state.provinces["iberia"]
    assert land.holder == "red" and kinds(state, "iberia") == ["cavalry"]


def test_or_they_leave_and_the_savages_keep_the_province(dice: list[int]) -> None:
    state = sent(dice, 99, 7)
    put(state, "red", "infantry", "iberia", 2)
    back(state)
    choose(state, "leave:france")
    assert kinds(state, "france", "red") == ["infantry", "infantry"]
    assert state.provinces["iberia"].holder == NEUTRAL
    assert "attack" in ids(state)  # anyone may attack them


def test_the_automatic_player_buys_minerals_and_leaves_stronger_savages(
        dice: list[int]) -> None:
    state = sent(dice, 2)  # rare mineral: 10 for +4
    back(state)
    prompt = GAME.prompts(state)["red"]
    assert greedy(GAME, state, "red", prompt.choices, Rng(seed="ai")) == "buy"
    savage = sent(dice, 100, 9)
    put(savage, "red", "infantry", "iberia", 2)
    back(savage)
    prompt = GAME.prompts(savage)["red"]
    assert greedy(GAME, savage, "red", prompt.choices, Rng(seed="ai")) == "leave:france"


def test_savages_taking_a_temporary_capital_take_the_seat(dice: list[int]) -> None:
    state = sent(dice, 100, 3, 1)  # then hunger: no seat, no food
    state.realms["red"].seat = "iberia"
    state.provinces["france"].owner = ""  # the capital lost (to nobody, to keep it simple)
    back(state)
    choose(state, "pay")
    assert state.realms["red"].seat == "" and "recruit" not in ids(state)
    dice.extend([90, 1, 3])  # the hunger revolt's roll (calm), a new round's weather
    choose(state, "end", "end")  # the next turn starts with the choice of a new one
    assert asked(state) == "seat" and ids(state) == ["seat:italy"]


def test_savages_sink_the_ships_of_a_port_built_meanwhile(dice: list[int]) -> None:
    state = sent(dice, 99, 4)
    state.provinces["iberia"].port = True  # built while the expedition was away
    state.ships.append(Ship(id=900, kind="construction_ship", owner="red", port="iberia"))
    back(state)
    assert state.provinces["iberia"].holder == NEUTRAL and state.ships == []
    assert GAME.invariants(state) == []


def test_savages_taking_a_port_sink_the_ships_docked_there(dice: list[int]) -> None:
    state = sent(dice, 100, 2)
    state.provinces["iberia"].port = True  # built after the expedition left
    state.ships.append(Ship(id=state.next_unit, kind="troopship", owner="red", port="iberia"))
    state.next_unit += 1
    back(state)
    assert state.provinces["iberia"].holder == NEUTRAL and state.ships == []
