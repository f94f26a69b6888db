"""Every golden playthrough replays to the same behaviour digests and the same result."""

from __future__ import annotations

import pytest

from engine.core.registry import get_game
from engine.core.runner import act, start
from tests.golden.playthrough import CASES, Golden, behaviour_digest, file_name, load_all

GOLDENS = load_all()


def test_every_case_has_its_golden_file() -> None:
    names = {name for name, _ in GOLDENS}
    assert {file_name(g, p, s) for g, p, _, s, _ in CASES} <= names


@pytest.mark.parametrize("golden", [g for _, g in GOLDENS], ids=[n for n, _ in GOLDENS])
def test_golden_playthrough_replays_identically(golden: Golden) -> None:
    game = get_game(golden.game)
    state = start(game, golden.seed, golden.players, golden.options)
    assert behaviour_digest(game, state) == golden.digests[0], "the set-up differs"
    for number, (role, choice) in enumerate(golden.actions, start=1):
        act(game, state, role, choice)
        expected = golden.digests.get(number)
        if expected is not None:
            assert behaviour_digest(game, state) == expected, (
                f"behaviour differs after action {number} ({role}: {choice})"
            )
    assert state.result is not None
    assert state.result.model_dump() == golden.result
