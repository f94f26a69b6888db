"""The greedy player: complete games at every table size, and it only reads the state."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.simulate import play_random
from engine.games.dragons1066 import GAME
from engine.games.dragons1066.ai import POLICIES, greedy
from tests.games.dragons1066.helpers import attack, empty, put


@pytest.mark.parametrize("revision", [1, 2])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_without_error(players: int, revision: int) -> None:
    roles = [r.id for r in GAME.roles(players, GAME.Options())]
    state, playout = play_random(GAME, f"greedy-{players}", players,
                                 options={"years": 3, "revision": revision},
                                 players_by_role=dict.fromkeys(roles, greedy))
    assert playout.error is None, playout.error
    assert state.result is not None
    assert any("takes" in e.text for e in state.log)  # it does attack


def test_greedy_attacks_a_weak_neighbour_and_leaves_the_state_alone() -> None:
    state = empty()
    put(state, "warbeast", "red", "aquitaine", 3)
    put(state, "legion", "silver", "aragon")
    attack(state)
    before = state.model_dump_json()
    choices = GAME.prompts(state)["red"].choices
    assert POLICIES["greedy"](GAME, state, "red", choices, Rng(seed="t")) == "move"
    assert state.model_dump_json() == before


def test_greedy_keeps_a_guard_in_its_fortress() -> None:
    state = empty()
    put(state, "legion", "red", "england")
    put(state, "galleon", "red", "channel")
    state.owners["wales"] = "silver"
    attack(state)
    choices = GAME.prompts(state)["red"].choices
    assert greedy(GAME, state, "red", choices, Rng(seed="t")) == "done"
