"""A state stored with its JSON keys sorted (PostgreSQL's JSONB, a digest) asks the same
questions once loaded: the state model puts its dicts back in board order. Found by the
Hypothesis property ``test_a_stored_snapshot_asks_the_same_questions``: Timoleon's
destinations listed Sparta last after such a load."""

from __future__ import annotations

import json

from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.runner import canonical_json, start
from engine.games.epireia.state import EpireiaState
from tests.test_properties import play


def test_the_example_hypothesis_found() -> None:
    game = get_game("epireia")
    state, _ = play(game, "0", 2, [0, 1, 0, 0, 0, 0, 0, 0, 50, 3, 0, 0])
    loaded = game.load(canonical_json(state))
    assert game.prompts(loaded) == game.prompts(state)
    assert isinstance(loaded, EpireiaState) and isinstance(state, EpireiaState)
    assert list(loaded.greek_cities) == list(state.greek_cities)
    assert list(loaded.seats["delian-1"].resources) == ["wheat", "wood", "copper"]


def test_board_order_comes_back_and_a_plain_load_changes_nothing() -> None:
    game = get_game("epireia")
    for players in (1, 2, 3, 4):
        state = start(game, f"order-{players}", players)
        chooser = Rng(seed=f"chooser-{players}")
        for _ in range(120):
            if state.result is not None:
                break
            prompts = game.prompts(state)
            role = chooser.choice(sorted(prompts))
            game.apply(state, prompts[role], chooser.choice(prompts[role].choices))
            written = state.model_dump_json()
            assert game.load(written).model_dump_json() == written
            sorted_back = game.load(json.dumps(json.loads(written), sort_keys=True))
            assert game.prompts(sorted_back) == game.prompts(state)
