"""`python -m engine simulate` shows its progress on stderr at a terminal, every few
seconds; never with --quiet, never into a pipe, never in the --json output."""

from __future__ import annotations

import io
import json
import sys

import pytest

from engine import progress as progress_module
from engine.__main__ import main
from engine.core.simulate import simulate
from engine.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Ticks:
    """A clock the test sets."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_line_every_few_seconds_and_the_last_count() -> None:
    out, clock = io.StringIO(), Ticks()
    shown = Progress(10_000, out, every=3.0, clock=clock)
    for seconds, done, errors in ((1, 100, 0), (3, 1_200, 2), (4, 1_500, 2), (5.9, 2_000, 2),
                                  (6.5, 2_500, 3), (9, 10_000, 1)):
        clock.now = 100.0 + seconds
        shown(done, errors)
    assert out.getvalue().splitlines() == [
        "1,200/10,000 games, 2 errors, 24,000 games/min",  # 1,200 games in 3 s
        "2,500/10,000 games, 3 errors, 23,077 games/min",
        "10,000/10,000 games, 1 error, 66,667 games/min",  # the end, though not due
    ]


def test_a_short_run_prints_nothing() -> None:
    out, clock = io.StringIO(), Ticks()
    shown = Progress(5, out, every=3.0, clock=clock)
    for done in range(1, 6):
        shown(done, 0)
    assert out.getvalue() == ""


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_reports_every_game_it_finishes(jobs: int) -> None:
    seen: list[tuple[int, int]] = []
    simulate("duel", 2, 12, seed="p", jobs=jobs, progress=lambda d, e: seen.append((d, e)))
    assert seen[-1] == (12, 0)
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})  # growing, never repeated
    if jobs == 1:
        assert [d for d, _ in seen] == list(range(1, 13))


def test_the_command_line_shows_progress_on_stderr_only_at_a_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "EVERY", 0.0)  # a line after every game
    argv = ["simulate", "duel", "--games", "4", "--jobs", "1", "--json"]
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4  # stdout: the JSON alone
    lines = terminal.getvalue().splitlines()
    assert [line.split(" games,")[0] for line in lines] == ["1/4", "2/4", "3/4", "4/4"]
    assert lines[-1].startswith("4/4 games, 0 errors, ") and lines[-1].endswith(" games/min")

    quiet = Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main([*argv, "--quiet"]) == 0
    assert quiet.getvalue() == ""

    piped = io.StringIO()  # not a terminal: a pipe or a log file
    monkeypatch.setattr(sys, "stderr", piped)
    assert main(argv) == 0
    assert piped.getvalue() == ""
