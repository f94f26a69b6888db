"""Property test: 1,000 random complete games for each of 1, 2, 3 and 4 players.

Every game goes through ``engine.core.simulate.play_random`` with the invariants checked
after every action (token supplies, resources, trade posts, no secret in the spectator
view) and must end with a result, without error and with the replay giving the same state.
"""

from __future__ import annotations

import pytest

from engine.core.runner import replay, state_digest
from engine.core.simulate import play_random
from engine.games.epireia import GAME, abilities
from engine.games.epireia.state import EpireiaState

GAMES = 1000
BATCHES = 5  # each a test of its own: spread over the workers, each well within the timeout


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(BATCHES))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_complete_games(players: int, batch: int) -> None:
    errors: list[str] = []
    results = 0
    battles = 0
    for index in range(batch, GAMES, BATCHES):
        state, playout = play_random(GAME, f"prop-{players}-{index}", players)
        if playout.error:
            errors.append(playout.error)
            if len(errors) >= 5:
                break
            continue
        assert state.result is not None
        results += 1
        battles += getattr(state, "battle", None) is not None
        assert isinstance(state, EpireiaState)
        for role in [None, *state.roles]:
            GAME.view(state, role).model_dump_json()
        if index % 100 == 0:  # a few replays: the seed and the choices rebuild the game
            again = replay(GAME, f"prop-{players}-{index}", players, None, playout.history)
            assert state_digest(again) == state_digest(state)
    assert not errors, "\n".join(errors)
    assert results == len(range(batch, GAMES, BATCHES))
    if players > 1:
        assert battles > 0  # the great Battle is reached


@pytest.mark.slow
def test_random_solo_games_reach_the_final_battle_when_objectives_are_met(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random play rarely meets a solo scenario's objectives; with them met, the final Battle
    must be fought to a result in every game."""
    monkeypatch.setattr(abilities, "solo_objectives_met", lambda state: True)
    battles = 0
    for index in range(200):
        state, playout = play_random(GAME, f"solo-battle-{index}", 1)
        assert playout.error is None, playout.error
        assert isinstance(state, EpireiaState)
        assert state.result is not None and state.battle is not None
        battles += 1
    assert battles == 200
