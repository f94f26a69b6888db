"""Property test: 1,000 complete random games of Freedom! with every invariant after every action.

The games are split into batches so that ``pytest -n`` can spread them over workers; each batch
replays its games' seeds deterministically. Invariants: piece counts conserved, limits kept, no
space with units of both sides, no hidden card in the spectator view, a prompt never empty.
"""

from __future__ import annotations

import pytest

from engine.core.runner import Action, act, replay, start, state_digest
from engine.core.simulate import play_random
from engine.games.freedom import GAME
from engine.games.freedom.state import FreedomState

GAMES = 1000
BATCHES = 20


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_games_finish_with_invariants(batch: int) -> None:
    for index in range(batch, GAMES, BATCHES):
        options = {"edition": "v2.2"} if index % 4 == 3 else None
        state, playout = play_random(GAME, f"random-{index}", 2, options)
        assert isinstance(state, FreedomState)
        assert playout.error is None, playout.error
        assert state.result is not None and state.result.winners in (["empire"], ["insurgents"])
        assert GAME.prompts(state) == {}


def test_a_random_game_replays_exactly() -> None:
    state, playout = play_random(GAME, "replay-me", 2)
    again = replay(GAME, "replay-me", 2, None,
                   [Action(role=a.role, choice=a.choice) for a in playout.history])
    assert state_digest(again) == state_digest(state)


def test_full_spectator_view_never_shows_a_hidden_card() -> None:
    state, playout = play_random(GAME, "view-check", 2)

    state = start(GAME, "view-check", 2)
    assert isinstance(state, FreedomState)
    for action in playout.history:
        act(GAME, state, action.role, action.choice)
        view = GAME.view(state, None).model_dump_json()
        for card in [c for h in state.hands.values() for c in h][:16]:
            assert f'"{card}"' not in view
