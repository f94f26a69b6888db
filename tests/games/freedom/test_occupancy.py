"""The state's ``Occupancy`` (which spaces hold Imperial units, Insurgent units, a cannon) stays
what the spaces hold, whoever changes them, and survives copies and a trip through JSON."""

from __future__ import annotations

import copy

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.freedom import GAME
from engine.games.freedom.invariants import occupancy_problems
from engine.games.freedom.state import FreedomState, Occupancy, remembered


def new_state(seed: str = "occupancy") -> FreedomState:
    state = start(GAME, seed, 2)
    assert isinstance(state, FreedomState)
    return state


def test_kept_after_every_action_of_a_random_game() -> None:
    state = new_state()
    chooser = Rng(seed="occupancy-chooser")
    while state.result is None:
        [(role, prompt)] = GAME.prompts(state).items()
        act(GAME, state, role, chooser.choice(prompt.choices).id)
        assert occupancy_problems(state) == [], state.actions


def test_kept_by_direct_writes_to_a_space() -> None:
    state = new_state()
    assert "M41" not in state.occupancy.imperial
    state.spaces["M41"].exp = 2
    assert "M41" in state.occupancy.imperial
    state.spaces["W1"].ins = 0
    assert "W1" not in state.occupancy.insurgent
    state.spaces["W1"].cannon = "insurgents"
    state.spaces["M64"].cannon = None
    assert "W1" in state.occupancy.cannons and "M64" not in state.occupancy.cannons
    assert occupancy_problems(state) == []


def test_copies_and_json_keep_their_own() -> None:
    state = new_state()
    state.spaces["M41"].exp = 1
    for other in (copy.deepcopy(state), state.model_copy(deep=True),
                  GAME.load(state.model_dump_json()), GAME.load(state.model_dump(mode="json"))):
        assert isinstance(other, FreedomState)
        assert other == state and other.occupancy == state.occupancy
        assert other.occupancy is not state.occupancy
        assert occupancy_problems(other) == []
        other.spaces["M42"].ally = 1  # the copy's board only
        assert "M42" in other.occupancy.imperial and "M42" not in state.occupancy.imperial
        assert other != state


def test_invariants_catch_an_occupancy_out_of_step() -> None:
    state = new_state()
    state.occupancy.imperial.add("W1")  # W1 holds Insurgents only
    assert any("occupancy" in p for p in GAME.invariants(state))
    stray = new_state("another")
    filed = state.spaces["W2"].__pydantic_private__  # where ``attach`` files a space
    assert filed is not None and filed["_board"] is state.occupancy
    filed["_board"] = stray.occupancy
    assert "a space keeps another occupancy than its state's" in occupancy_problems(state)
    assert Occupancy(state.spaces) != state.occupancy


def test_what_is_remembered_is_forgotten_when_a_piece_moves() -> None:
    state = new_state()
    counted: list[int] = []

    def imperial_units(board: FreedomState) -> int:
        counted.append(1)
        return sum(space.exp + space.ally for space in board.spaces.values())

    first = remembered(state, "test_units", imperial_units)
    assert remembered(state, "test_units", imperial_units) == first and len(counted) == 1
    state.spaces["M41"].exp += 1  # any write to a space empties the memo
    assert remembered(state, "test_units", imperial_units) == first + 1 and len(counted) == 2
    state.spaces["W1"].damage = 1  # not a unit, still a piece the listings read
    assert "test_units" not in state.occupancy.memo


def test_invariants_catch_a_remembered_listing_out_of_step() -> None:
    state = new_state()
    remembered(state, "test_units", lambda board: board.spaces["M41"].exp)
    assert occupancy_problems(state) == []
    state.occupancy.memo["test_units"] = (lambda board: board.spaces["M41"].exp, 99)
    assert any("remembered 'test_units'" in p for p in occupancy_problems(state))


def test_remembered_listings_agree_with_fresh_ones_through_a_random_game() -> None:
    state = new_state("memo")
    chooser = Rng(seed="memo-chooser")
    remembering = 0
    while state.result is None:
        [(role, prompt)] = GAME.prompts(state).items()
        remembering += bool(state.occupancy.memo)
        fresh = copy.deepcopy(state)
        fresh.occupancy.memo.clear()  # the same question asked with nothing remembered
        assert GAME.prompts(fresh) == {role: prompt}, state.actions
        act(GAME, state, role, chooser.choice(prompt.choices).id)
        assert occupancy_problems(state) == [], state.actions
    assert remembering > 100  # the memo was really used
