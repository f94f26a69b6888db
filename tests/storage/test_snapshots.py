"""A stored snapshot gives back the state it was made from: every game, every player count,
at many points of random games; and a snapshot stored whole (with its default fields, as
written before Dec 2 2026) loads the same."""

from __future__ import annotations

import pytest

from bot.storage.snapshots import restore, snapshot
from engine.core.game import GameState
from engine.core.registry import GAME_MODULES, get_game
from engine.core.rng import Rng
from engine.core.runner import act, canonical_json, start

TABLES = [(kind, players) for kind in sorted(GAME_MODULES)
          for players in range(get_game(kind).min_players, get_game(kind).max_players + 1)]


def states_of_a_random_game(kind: str, players: int, seed: str, every: int) -> list[GameState]:
    """Copies of a random game's state every ``every`` actions, and at its end (at most
    1,500 actions)."""
    game = get_game(kind)
    state = start(game, seed, players)
    chooser = Rng(seed=f"chooser:{seed}")
    seen: list[GameState] = []
    while state.result is None and state.actions < 1500:
        prompts = game.prompts(state)
        role = sorted(prompts)[chooser.below(len(prompts))]
        act(game, state, role, chooser.choice(prompts[role].choices).id, prompts)
        if state.actions % every == 0 or state.result is not None:
            seen.append(state.model_copy(deep=True))
    return seen


@pytest.mark.parametrize(("kind", "players"), TABLES)
def test_a_snapshot_restores_its_state(kind: str, players: int) -> None:
    game = get_game(kind)
    for state in states_of_a_random_game(kind, players, f"snap-{kind}-{players}", every=9):
        stored = snapshot(state)
        whole = state.model_dump_json(exclude={"log"})  # as stored before
        assert len(stored) <= len(whole)
        for text in (stored, whole):
            back = restore(game, text, list(state.log))
            assert canonical_json(back) == canonical_json(state)
