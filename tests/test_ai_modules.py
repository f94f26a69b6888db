"""Automatic players live apart from the rules: loading a game (as the bot does) does not load
its ``ai`` module; ``registry.policies`` does, for what plays them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.core.registry import AI_MODULES, policies


@pytest.mark.parametrize("game_id", sorted(AI_MODULES))
def test_loading_a_game_leaves_its_automatic_players_unloaded(game_id: str) -> None:
    # A fresh interpreter: this test process may have imported the ai modules already.
    script = (
        "import sys\n"
        "from engine.core.registry import get_game\n"
        f"get_game({game_id!r})\n"
        "print(sorted(m for m in sys.modules if m.endswith('.ai')))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "[]"


@pytest.mark.parametrize("game_id", sorted(AI_MODULES))
def test_policies_come_from_the_declared_ai_module(game_id: str) -> None:
    offered = policies(game_id)
    assert "greedy" in offered
    assert offered["greedy"].__module__ == AI_MODULES[game_id]
