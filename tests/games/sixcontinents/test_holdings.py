"""Who holds what, remembered (``state.Holdings``): ``held`` works a realm's provinces out
once while none changes hands; a land's new owner or occupier empties it, in every state,
one read back or copied too; the invariants catch a remembered list out of step."""

from __future__ import annotations

from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.realm import held
from engine.games.sixcontinents.state import SixState
from tests.games.sixcontinents.helpers import own, started


def test_a_province_changing_hands_is_seen_at_once() -> None:
    state = started()
    before = held(state, "red")
    assert state.holdings.held["red"] == tuple(before)
    own(state, "red", "iberia")
    assert "red" not in state.holdings.held  # forgotten
    assert held(state, "red") == sorted([*before, "iberia"],
                                        key=list(state.provinces).index)
    state.provinces["iberia"].occupier = "blue"
    assert "iberia" not in held(state, "red") and "iberia" in held(state, "blue")
    assert GAME.invariants(state) == []


def test_a_state_read_back_or_copied_keeps_its_own() -> None:
    state = started()
    held(state, "red")
    again = GAME.load(state.model_dump_json())
    copy = state.model_copy(deep=True)
    for other in (again, copy):
        assert isinstance(other, SixState)
        own(other, "red", "iberia")
        assert "iberia" in held(other, "red")
        assert GAME.invariants(other) == []
    assert "iberia" not in held(state, "red")  # the original is untouched
    assert again == state.model_validate_json(again.model_dump_json())


def test_the_invariants_catch_a_remembered_list_out_of_step() -> None:
    state = started()
    state.holdings.held["red"] = ("iberia",)
    assert any("remembered" in p for p in GAME.invariants(state))
