"""Issue 13: new units are placed several at a time (the Period B arrival of ten Allied units
took ten picks); one at a time stays offered, and stored logs of single picks replay."""

from __future__ import annotations

from engine.games.freedom import GAME
from engine.games.freedom.data import CAMP
from engine.games.freedom.flow import push

from .freedom_helpers import choose, empty_board, ids, new_game


def test_several_units_go_on_one_space_in_one_pick() -> None:
    state = new_game()
    empty_board(state)
    state.stack = []
    push(state, "place_units", "empire", kind="ally", count=10, spaces=[CAMP],
         reason="Period B")
    offered = ids(state, "empire")
    assert offered[:2] == [f"space:{CAMP}", f"all:{CAMP}"]
    label = next(c.label for c in GAME.prompts(state)["empire"].choices
                 if c.id == f"all:{CAMP}")
    assert label == "10 on Kutahi's Camp"
    before = state.spaces[CAMP].ally
    choose(state, "empire", f"all:{CAMP}")
    assert state.spaces[CAMP].ally == before + 10
    assert not state.stack or state.stack[-1].name != "place_units"
    assert "10 new Allied units are placed on Kutahi's Camp." in [e.text for e in state.log]


def test_one_at_a_time_still_works_and_a_single_unit_has_no_bulk_choice() -> None:
    state = new_game()
    empty_board(state)
    state.stack = []
    push(state, "place_units", "empire", kind="ally", count=2, spaces=[CAMP], reason="test")
    choose(state, "empire", f"space:{CAMP}")
    assert ids(state, "empire") == [f"space:{CAMP}"]  # one left: nothing to bulk
    choose(state, "empire", f"space:{CAMP}")
    assert not state.stack or state.stack[-1].name != "place_units"
