"""Fast paths of the rules give what the plain hooks give, on every state of random games."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.epireia import GAME, abilities
from engine.games.epireia.state import EpireiaState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_roles_meeting_the_objective_are_those_of_objective_met(players: int) -> None:
    met = 0
    for index in range(2):
        seed = f"objective-{players}-{index}"
        state = start(GAME, seed, players)
        assert isinstance(state, EpireiaState)
        chooser = Rng(seed=seed)
        while state.result is None:
            # An objective is completed as soon as it is met: look at it as if it were still open.
            open_card = state.model_copy(deep=True)
            open_card.scenario.completed = False
            for seen in (state, open_card):
                plain = [r for r in seen.roles if abilities.objective_met(seen, r)]
                assert abilities.roles_meeting_objective(seen) == plain
                met += bool(plain)
            prompts = GAME.prompts(state)
            role = chooser.choice(sorted(prompts))
            act(GAME, state, role, chooser.choice(prompts[role].choices).id)
    assert met > 0  # some objective was met along the way
