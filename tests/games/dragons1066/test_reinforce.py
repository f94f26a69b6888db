"""Reinforce rules: Gold, buying and placing, reinforcement moves, air units landing."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.runner import act, start
from engine.games.dragons1066 import GAME
from engine.games.dragons1066.reach import destinations
from engine.games.dragons1066.situation import Situation
from tests.games.dragons1066.helpers import asked, choose, empty, ids, put, reinforce, units


def test_gold_is_one_per_land_and_one_more_per_great_city() -> None:
    state = empty()
    state.owners["aragon"] = "red"
    reinforce(state)
    assert state.gold["red"] == 10 + 2  # 9 + Aragon; London and Paris


def test_one_new_unit_per_castle_in_a_land() -> None:
    state = empty()
    reinforce(state)
    choose(state, "buy", "unit:legion", "at:normandy")
    choose(state, "buy", "unit:legion")
    assert "at:normandy" not in ids(state)  # one Castle: one unit a turn
    assert "at:ireland" not in ids(state)  # no Castle: no new unit


def test_any_number_of_new_units_at_a_fortress() -> None:
    state = empty()
    reinforce(state)
    for _ in range(5):
        choose(state, "buy", "unit:knight", "at:england")
    assert units(state, "england") == ["knight"] * 5 and state.gold["red"] == 1


def test_the_same_purchase_again_is_one_click_while_it_is_legal() -> None:
    state = empty()
    reinforce(state)
    assert "again" not in ids(state)
    choose(state, "buy", "unit:knight", "at:england")
    label = next(c.label for p in GAME.prompts(state).values() for c in p.choices
                 if c.id == "again")
    assert label == "Another Knight in England (2 Gold)"
    for _ in range(4):
        choose(state, "again")
    assert units(state, "england") == ["knight"] * 5 and state.gold["red"] == 1
    assert "again" not in ids(state)  # 1 Gold left: no Knight affordable
    choose(state, "buy", "back")  # a purchase given up leaves no "again" behind
    assert "again" not in ids(state)


def test_logs_stored_before_the_repeat_purchase_replay_unchanged() -> None:
    """Games stored before "again" existed bought through Buy, the unit and the place: those
    choices are all still offered, and a stored greedy 4-player log replays to its result.
    It was stored before rules revisions existed: such a record is revision 1
    (``engine.core.record``), and revision 1 asks as it did then."""
    stored = json.loads((Path(__file__).parent / "log_before_repeat_purchase.json").read_text())
    assert "revision" not in stored["options"]
    state = start(GAME, stored["seed"], stored["players"], {"revision": 1, **stored["options"]})
    for role, choice in stored["actions"]:
        act(GAME, state, role, choice)
    assert state.result is not None and state.result.model_dump() == stored["result"]


def test_sea_units_go_next_to_a_castle_in_an_enemy_free_sea_and_count_toward_it() -> None:
    state = empty()
    put(state, "galleon", "silver", "biscay")
    reinforce(state)
    choose(state, "buy", "unit:galleon")
    assert "at:biscay" not in ids(state)  # occupied by an enemy
    assert "at:channel" in ids(state)  # England's Fortress and Normandy's Castle border it
    state2 = empty()
    reinforce(state2)
    choose(state2, "buy", "unit:galleon", "at:balearic")  # next to Burgundy's Castle only
    assert state2.placed == {"burgundy": 1}
    choose(state2, "buy", "unit:legion")
    assert "at:burgundy" not in ids(state2)


def test_new_units_do_not_move_this_turn() -> None:
    state = empty()
    reinforce(state)
    choose(state, "buy", "unit:knight", "at:england")
    assert "move" not in ids(state)


def test_gold_is_not_saved() -> None:
    state = empty()
    reinforce(state)
    choose(state, "buy", "unit:legion", "at:england", "done")
    assert state.gold["red"] == 0 and state.kingdom == "gold"


def test_air_units_get_a_second_full_move_and_must_land_in_a_friendly_land() -> None:
    state = empty()
    dragon, = put(state, "dragon", "red", "ocean")
    dragon.used, dragon.stopped = 2, True  # it flew into an Attack
    reinforce(state)
    reach = destinations(Situation(state), dragon)
    assert reach and all(state.owners.get(z) in ("red", "blue") for z in reach)
    assert "galicia" not in reach and "biscay" not in reach


def test_an_air_unit_left_outside_a_friendly_land_is_lost_at_the_end_of_the_turn() -> None:
    state = empty()
    put(state, "dragon", "red", "libyan")  # too far from any friendly land
    reinforce(state)
    assert "air units in Libyan Sea will be lost" in GAME.prompts(state)["red"].text
    choose(state, "done")
    assert units(state, "libyan") == [] and state.lost["red"] == 1


def test_reinforcement_moves_of_units_that_did_not_attack() -> None:
    state = empty()
    put(state, "legion", "red", "normandy", 2)
    reinforce(state)
    choose(state, "move", "zone:normandy", "units:legion.1.2", "to:france")
    assert units(state, "france") == ["legion", "legion"]
    assert asked(state) == "reinforce"
