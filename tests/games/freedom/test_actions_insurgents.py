"""Insurgent actions: Regroup, Attack, Raid, Preparation, Support, Plea, Repair, Train, Cannon."""

from __future__ import annotations

from engine.games.freedom import GAME
from engine.games.freedom.state import FreedomState
from tests.games.freedom.freedom_helpers import (
    ap_left,
    asked,
    choose,
    empty_board,
    ids,
    load_dice,
    new_game,
    play_ap,
    put,
)


def board() -> FreedomState:
    state = new_game()
    empty_board(state)
    put(state, "M88", exp=1)  # keep the Empire on the map
    return state


def test_regroup_within_the_city_and_islands_only() -> None:
    state = board()
    put(state, "W1", ins=1)
    put(state, "W2", ins=2)
    put(state, "VAS", ins=1)
    put(state, "W3", exp=1, damage=2)
    play_ap(state, "insurgents", ap=2)
    choose(state, "insurgents", "act:regroup", "from:W1")
    targets = set(ids(state, "insurgents"))
    assert "to:B1" in targets and "to:MAR" in targets and "to:W4" in targets
    assert not targets & {"to:W2", "to:VAS", "to:W3", "to:M41", "to:MR1", "to:S1", "to:CITY"}
    choose(state, "insurgents", "to:MAR")
    assert state.spaces["MAR"].ins == 1 and ap_left(state) == 1


def test_regroup_retakes_an_empty_captured_island() -> None:
    state = board()
    put(state, "W1", ins=1)
    play_ap(state, "insurgents", ap=2)
    choose(state, "insurgents", "act:regroup", "from:W1")
    assert "to:KLI" in ids(state, "insurgents")


def test_attack_six_plus_and_five_plus_on_the_wall_unlimited() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M45", exp=2)
    put(state, "W6", exp=1, damage=2)
    load_dice(state, 5, 6, 5)
    play_ap(state, "insurgents", ap=4)
    choose(state, "insurgents", "act:attack", "at:M45")
    assert state.spaces["M45"].exp == 2  # 5 misses on the mainland
    choose(state, "insurgents", "act:attack", "at:M45")
    assert state.spaces["M45"].exp == 1
    choose(state, "insurgents", "act:attack", "at:W6")  # 5 hits on the wall
    assert state.spaces["W6"].exp == 0
    assert asked(state) == ("insurgents", "morale_choice")
    choose(state, "insurgents", "morale:up")
    assert state.morale["insurgents"] == 11 and ap_left(state) == 1


def test_raid_costs_the_distance_and_needs_a_clear_lane() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M65", exp=1)
    put(state, "M45", exp=1)
    play_ap(state, "insurgents", ap=4)
    assert "act:raid" not in ids(state, "insurgents")  # M45 blocks the lane to M65
    state.spaces["M45"].exp = 0
    state.pool["exp"] += 1
    choose(state, "insurgents", "act:raid")
    assert "at:W5:M65" in ids(state, "insurgents")
    load_dice(state, 5)
    choose(state, "insurgents", "at:W5:M65")
    assert state.spaces["M65"].exp == 0 and ap_left(state) == 1
    choose(state, "insurgents", "morale:down")
    assert state.morale["empire"] == 14


def test_no_raid_on_the_row_next_to_the_wall() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M45", exp=1)
    play_ap(state, "insurgents", ap=4)
    assert "act:raid" not in ids(state, "insurgents")


def test_raid_with_preparation_for_a_far_target() -> None:
    state = board()
    state.prep["insurgents"] = 2
    put(state, "W5", ins=1)
    put(state, "M75", exp=1)
    play_ap(state, "insurgents", ap=2)
    choose(state, "insurgents", "act:raid")
    assert "at:W5:M75" in ids(state, "insurgents")  # 4 AP: 2 from the card, 2 prepared
    load_dice(state, 4)
    choose(state, "insurgents", "at:W5:M75")
    assert state.prep["insurgents"] == 0 and state.spaces["M75"].exp == 1


def test_klisova_raid() -> None:
    state = board()
    put(state, "KLI", ins=1)
    put(state, "KO", exp=2)
    play_ap(state, "insurgents", ap=2)
    choose(state, "insurgents", "act:raid")
    assert "at:KLI:KO" in ids(state, "insurgents")
    choose(state, "insurgents", "back")
    put(state, "KI", exp=1)
    assert "act:raid" not in ids(state, "insurgents")  # the inner water is held


def test_plea_for_help_moves_the_track() -> None:
    state = board()
    play_ap(state, "insurgents", ap=3)
    choose(state, "insurgents", "act:plea")
    assert state.plea["insurgents"] == 1 and ap_left(state) == 0


def test_repair_wall_needs_a_unit_there() -> None:
    state = board()
    put(state, "W3", damage=2)
    put(state, "W4", ins=1, damage=2)
    play_ap(state, "insurgents", ap=4)
    choose(state, "insurgents", "act:repair")
    assert set(ids(state, "insurgents")) == {"at:W4", "back"}
    choose(state, "insurgents", "at:W4")
    assert state.spaces["W4"].damage == 1


def test_train_civilians() -> None:
    state = board()
    put(state, "W4", ins=1)
    put(state, "W5", exp=1, damage=2)
    play_ap(state, "insurgents", ap=4)
    choose(state, "insurgents", "act:train")
    assert "at:W5" not in ids(state, "insurgents")
    choose(state, "insurgents", "at:B2")
    assert state.spaces["CITY"].civ == 7 and state.spaces["B2"].ins == 1


def test_build_cannon_costs_a_supply() -> None:
    state = board()
    put(state, "W3", ins=1)
    play_ap(state, "insurgents", ap=4)
    choose(state, "insurgents", "act:cannon")
    assert "at:W3" in ids(state, "insurgents") and "at:W4" not in ids(state, "insurgents")
    choose(state, "insurgents", "at:W3")
    assert state.spaces["W3"].cannon == "insurgents" and state.supplies["insurgents"] == 7


def test_support_flips_an_empty_imperial_tile() -> None:
    state = board()
    play_ap(state, "insurgents", ap=4)
    choose(state, "insurgents", "act:support", "area:kryoneri")
    assert state.areas["kryoneri"].side == "insurgents" and state.areas["kryoneri"].support == 0
    choose(state, "insurgents", "act:support", "area:kryoneri")
    assert state.areas["kryoneri"].support == 1


def test_preparation_stores_ap() -> None:
    state = board()
    play_ap(state, "insurgents", ap=2)
    choose(state, "insurgents", "act:prep", "act:prep")
    assert state.prep["insurgents"] == 2


def test_attack_targets_show_the_roll_needed() -> None:
    """5.3.2 / 4.3: 6+, or 5+ against Imperial units on the wall or a beach."""
    state = board()
    put(state, "W3", ins=1)
    put(state, "W2", exp=1, damage=2)
    put(state, "M43", exp=1)
    play_ap(state, "insurgents", ap=2)
    choose(state, "insurgents", "act:attack")
    labels = {c.id: c.label for c in GAME.prompts(state)["insurgents"].choices}
    assert labels["at:W2"] == "Botsaris Fort (1d8, 5+)"
    assert labels["at:M43"] == "Mainland 4-3 (1d8, 6+)"


def test_each_raid_choice_shows_its_odds_and_what_a_hit_gains() -> None:
    """Issue 13: the raid list showed AP but not odds."""
    state = board()
    put(state, "W5", ins=1)
    put(state, "M65", exp=1)
    play_ap(state, "insurgents", ap=4)
    choose(state, "insurgents", "act:raid")

    def detail() -> str:
        return {c.id: c.detail for c in GAME.prompts(state)["insurgents"].choices}["at:W5:M65"]

    assert detail() == ("50% (5+ on 1d8) to kill 1 of the 1 Imperial unit there; "
                        "a hit empties it: Morale choice")
    put(state, "M65", exp=1, ally=1)
    assert detail() == "50% (5+ on 1d8) to kill 1 of the 3 Imperial units there"
