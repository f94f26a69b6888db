"""Snapshots stored by the engine before the shared turn flow (made at commit feda633 from the
golden playthroughs, one mid-way through Epireia's simultaneous battle placement, now the
revision-1 golden `epireia-4p-golden-1.json`) still load,
ask the same questions, and play on to the golden result: running games survive the port."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.registry import get_game
from engine.core.runner import act
from tests.golden.playthrough import HERE, Golden, behaviour_digest

SNAPSHOTS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "snapshots_before_the_turn_flow.json").read_text())


@pytest.mark.parametrize("name", sorted(SNAPSHOTS))
def test_an_old_snapshot_loads_asks_the_same_and_plays_on(name: str) -> None:
    stored = SNAPSHOTS[name]
    golden = Golden.model_validate_json((HERE / name).read_text())
    game = get_game(golden.game)
    state = game.load(stored["state"])
    asked = {role: {"text": p.text, "choices": [c.id for c in p.choices]}
             for role, p in game.prompts(state).items()}
    assert asked == stored["prompts"]
    for role, choice in golden.actions[stored["after"]:]:
        act(game, state, role, choice)
    assert behaviour_digest(game, state) == golden.digests[len(golden.actions)]
    assert state.result is not None and state.result.model_dump() == golden.result
