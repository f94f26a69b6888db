"""A state's Situation is kept while nothing it reads changes, and remade after any change."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.games.dragons1066 import GAME
from engine.games.dragons1066.movement import move
from engine.games.dragons1066.reach import destinations, movable_groups, private_situation
from engine.games.dragons1066.situation import Reading, Situation
from engine.games.dragons1066.state import DragonsState
from tests.games.dragons1066.helpers import empty, put


def reinforcing() -> DragonsState:
    state = empty()
    state.phase = "reinforce"
    put(state, "legion", "red", "normandy")
    return state


def test_a_situation_is_kept_while_the_map_is_unchanged() -> None:
    state = reinforcing()
    first = Situation(state)
    assert Situation(state) is first
    state.say("Nothing on the map changes.")
    state.gold["red"] = 3
    assert Situation(state) is first
    assert Situation(reinforcing()) is not first  # another state, even an equal one


def write_a_field(state: DragonsState) -> None:
    state.pieces[0].used = 1


def add_a_unit(state: DragonsState) -> None:
    put(state, "legion", "red", "normandy")


def remove_a_unit(state: DragonsState) -> None:
    del state.pieces[0]


def swap_in_an_equal_unit(state: DragonsState) -> None:
    state.pieces[0] = state.pieces[0].model_copy()


def change_an_owner(state: DragonsState) -> None:
    state.owners["flanders"] = "silver"


def add_a_battle(state: DragonsState) -> None:
    state.battles.append("flanders")


def change_the_phase(state: DragonsState) -> None:
    state.phase = "attack"


def change_the_kingdom(state: DragonsState) -> None:
    state.kingdom = "blue"


@pytest.mark.parametrize("change", [
    write_a_field, add_a_unit, remove_a_unit, swap_in_an_equal_unit, change_an_owner,
    add_a_battle, change_the_phase, change_the_kingdom])
def test_any_change_it_reads_makes_a_new_one(change: Callable[[DragonsState], None]) -> None:
    state = reinforcing()
    first = Situation(state)
    change(state)
    assert Situation(state) is not first


def test_a_new_situation_sees_the_change() -> None:
    state = reinforcing()
    legion = state.pieces[0]
    assert set(destinations(Situation(state), legion)) == {"flanders", "france", "aquitaine"}
    state.owners["flanders"] = "silver"  # an enemy land: no Reinforce move ends there
    assert set(destinations(Situation(state), legion)) == {"france", "aquitaine"}
    legion.used = 1
    assert destinations(Situation(state), legion) == {}


def test_while_reading_it_is_checked_once_and_again_afterwards() -> None:
    state = reinforcing()
    with Reading(state):
        first = Situation(state)
        assert Situation(state) is first
    state.pieces[0].used = 1
    assert Situation(state) is not first


def test_a_move_of_its_own_units_is_caught_up_keeping_the_other_zones_work() -> None:
    state = reinforcing()
    put(state, "knight", "red", "england")
    legion = state.pieces[0]
    first = Situation(state)
    england = movable_groups(first, "england")
    movable_groups(first, "normandy")
    move(state, [legion], "france", first)
    after = Situation(state)
    assert after is not first
    assert movable_groups(after, "england") is england  # an untouched zone: kept
    assert movable_groups(after, "normandy") == {}
    assert after.pieces("france") == [legion] and after.pieces("normandy") == []
    fresh = private_situation(GAME.load(state.model_dump(mode="json")))
    assert {z: [p.id for p in ps] for z, ps in after.by_zone.items() if ps} == \
        {z: [p.id for p in ps] for z, ps in fresh.by_zone.items() if ps}


def test_an_enemy_units_write_makes_a_new_index() -> None:
    state = reinforcing()
    foe = put(state, "legion", "gold", "flanders")[0]
    first = Situation(state)
    foe.retreated = True  # where enemies stand (and fight) is read anew
    assert Situation(state).enemy_zones == set()
    assert "flanders" in first.enemy_zones
