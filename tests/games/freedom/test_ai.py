"""The greedy automatic player (``engine/games/freedom/ai.py``), used to measure balance.

It must pick only listed choices, be deterministic for a seed, never change the state nor
draw from the game's generator, finish games with every invariant holding, and play the
Empire better than random choices do.
"""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.core.rng import Rng
from engine.core.runner import act, canonical_json, start
from engine.core.simulate import play_random, simulate
from engine.games.freedom import GAME
from engine.games.freedom.ai import POLICIES, choose, open_door, urgent
from engine.games.freedom.state import FreedomState
from tests.games.freedom.freedom_helpers import choose as answer
from tests.games.freedom.freedom_helpers import empty_board, new_game, put, to_actions

GREEDY = POLICIES["greedy"]
BOTH = {"empire": GREEDY, "insurgents": GREEDY}


def test_choices_are_listed_and_the_state_is_untouched() -> None:
    state = start(GAME, "greedy-check", 2)
    assert isinstance(state, FreedomState)
    rng = Rng(seed="tie-breaks")
    while state.result is None:
        assert state.actions < 5000
        [(role, prompt)] = GAME.prompts(state).items()
        before = canonical_json(state) if state.actions % 20 == 0 else None
        draws = state.rng.draws
        picked = choose(state, role, prompt.choices, rng)
        assert picked in {c.id for c in prompt.choices}
        assert state.rng.draws == draws
        if before is not None:
            assert canonical_json(state) == before
        act(GAME, state, role, picked)


@pytest.mark.parametrize("seed", ["g-1", "g-2", "g-3", "g-4"])
def test_greedy_games_finish_with_invariants(seed: str) -> None:
    options = {"edition": "v2.2"} if seed == "g-4" else None
    state, playout = play_random(GAME, seed, 2, options, True, BOTH)
    assert isinstance(state, FreedomState)
    assert playout.error is None, playout.error
    assert state.result is not None and state.result.winners in (["empire"], ["insurgents"])
    assert GAME.prompts(state) == {}


def test_greedy_play_is_deterministic_for_a_seed() -> None:
    first = play_random(GAME, "same", 2, None, False, BOTH)[1]
    again = play_random(GAME, "same", 2, None, False, BOTH)[1]
    assert first.history == again.history and first.winners == again.winners


def test_greedy_empire_beats_random_insurgents_more_often_than_random_empire() -> None:
    greedy = simulate("freedom", 2, 12, seed="duelists", check=False, policy={"empire": "greedy"})
    random = simulate("freedom", 2, 12, seed="duelists", check=False)
    assert greedy.errors == random.errors == 0
    assert greedy.policies == {"empire": "greedy"} and random.policies == {}
    assert greedy.wins.get("empire", 0) > random.wins.get("empire", 0) + 3


def test_cli_policy_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "freedom", "--games", "2", "--policy", "insurgents=greedy", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["policies"] == {"insurgents": "greedy"} and summary["errors"] == 0
    assert main(["simulate", "freedom", "--games", "1", "--policy", "greedy"]) == 0
    assert "empire greedy, insurgents greedy" in capsys.readouterr().out


def test_cli_refuses_unknown_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "freedom", "--games", "1", "--policy", "clever"]) == 2
    assert "no automatic player 'clever'" in capsys.readouterr().err
    assert main(["simulate", "freedom", "--games", "1", "--policy", "sultan=greedy"]) == 2
    assert "no role 'sultan'" in capsys.readouterr().err
    # A game without automatic players plays only at random.
    assert main(["simulate", "duel", "--games", "1", "--policy", "greedy"]) == 2
    assert main(["simulate", "duel", "--games", "1", "--policy", "random"]) == 0


def test_the_insurgents_refill_an_empty_beach_the_empire_can_step_onto() -> None:
    """An emptied beach beside Imperial units is an open door: the greedy Insurgents spend
    their card for AP and regroup onto it instead of playing an event (the Agios Spyridon
    landings won most Imperial games while they did not)."""
    state = new_game(revision=2)
    empty_board(state)
    put(state, "W5", ins=2)
    put(state, "W3", ins=1)
    put(state, "S1", exp=3)
    assert open_door(state, "B1") and urgent(state, "insurgents")
    to_actions(state, "insurgents", list(state.hands["insurgents"]))
    [(role, prompt)] = GAME.prompts(state).items()
    picked = choose(state, role, prompt.choices, Rng(seed="t"))
    assert picked.endswith(":ap")
    answer(state, "insurgents", picked)
    while state.spaces["B1"].ins == 0:
        [(role, prompt)] = GAME.prompts(state).items()
        assert role == "insurgents" and state.step == "actions"
        answer(state, role, choose(state, role, prompt.choices, Rng(seed="t")))
    assert not open_door(state, "B1")  # held again
    quiet = new_game(revision=2)
    empty_board(quiet)
    put(quiet, "W5", ins=1)
    put(quiet, "VR", exp=3)  # two slow steps away: no door yet
    assert not open_door(quiet, "B1") and not urgent(quiet, "insurgents")
