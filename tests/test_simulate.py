"""Playouts: parallel runs give the serial run's summary; invariant checks every N actions."""

from __future__ import annotations

import json
import multiprocessing
from typing import Any

import pytest

from engine.__main__ import main
from engine.core import simulate as simulate_module
from engine.core.game import GameState
from engine.core.registry import get_game
from engine.core.simulate import batches, play_random, simulate


def test_batches_cover_every_game_once_in_order() -> None:
    for games in (0, 1, 5, 17, 100):
        for jobs in (1, 2, 3):
            runs = batches(games, jobs)
            covered = [i for first, count in runs for i in range(first, first + count)]
            assert covered == list(range(games))
            assert all(count > 0 for _, count in runs)


@pytest.mark.parametrize("method", sorted({"fork", "forkserver", "spawn"}
                                           & set(multiprocessing.get_all_start_methods())))
def test_jobs_give_the_serial_summary(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # every way of starting workers; the workers know the game this test suite registered
    monkeypatch.setattr(simulate_module, "_start_method",
                        lambda: multiprocessing.get_context(method))
    serial = simulate("duel", 2, 30, seed="par", jobs=1).model_dump()
    parallel = simulate("duel", 2, 30, seed="par", jobs=2).model_dump()
    for summary in (serial, parallel):
        del summary["seconds"]
    assert parallel == serial


def test_the_command_line_plays_in_parallel_with_the_same_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outs = []
    for jobs in ("1", "2"):
        assert main(["simulate", "duel", "--games", "24", "--seed", "j", "--jobs", jobs,
                     "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        del out["seconds"]
        outs.append(out)
    assert outs[0] == outs[1]


class Counting:
    """The duel game with its invariant checks counted (and failing after ``fail_at``)."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.game = get_game("duel")
        self.checked: list[int] = []
        self.fail_at = fail_at

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def invariants(self, state: GameState) -> list[str]:
        self.checked.append(state.actions)
        return ["broken"] if self.fail_at is not None and state.actions >= self.fail_at else []


@pytest.mark.parametrize("every", [0, 1, 3])
def test_invariants_are_checked_every_n_actions_and_at_the_end(every: int) -> None:
    counting = Counting()
    state, playout = play_random(counting, "n", 2, check_every=every)  # type: ignore[arg-type]
    assert playout.error is None
    expected = [n for n in range(1, state.actions + 1) if every and n % every == 0]
    if state.actions not in expected:
        expected.append(state.actions)
    assert counting.checked == expected


def test_a_broken_invariant_is_a_playout_error() -> None:
    counting = Counting(fail_at=2)
    _, playout = play_random(counting, "n", 2)  # type: ignore[arg-type]
    assert playout.error is not None and "broken" in playout.error and "action 2" in playout.error


def test_no_checks_at_all_without_check() -> None:
    counting = Counting(fail_at=1)
    _, playout = play_random(counting, "n", 2, check=False)  # type: ignore[arg-type]
    assert playout.error is None and counting.checked == []
