"""`python -m engine`: simulate prints a summary (or JSON); verify checks a record file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.core.record import record_game
from engine.core.registry import get_game
from engine.core.simulate import play_random


def test_simulate_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "duel", "--players", "2", "--games", "20", "--seed", "7", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 20 and summary["errors"] == 0
    assert sum(summary["wins"].values()) == 20
    assert {"average_actions", "seconds", "wins"} <= summary.keys()


def test_simulate_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "duel", "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert "5 games" in out and "0 errors" in out


def test_unknown_game_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "chess"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err


def _finished_record(seed: str) -> dict[str, object]:
    state, playout = play_random(get_game("duel"), seed, 2)
    assert playout.error is None and state.result is not None
    data: dict[str, object] = json.loads(
        record_game("duel", seed, 2, {}, playout.history).model_dump_json())
    return data


def test_verify_accepts_a_true_record_and_rejects_a_forged_die(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _finished_record("cli")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.startswith("OK")

    forged = json.loads(json.dumps(record))
    forged["actions"][-1]["state_sha256"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(forged))
    assert main(["verify", str(bad)]) == 1
    assert "FAILED" in capsys.readouterr().out


def test_simulate_lists_every_role_even_without_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One game has one winner; the other role is still listed, with 0 wins."""
    argv = ["simulate", "duel", "--games", "1", "--seed", "3"]
    assert main([*argv, "--json"]) == 0
    wins = json.loads(capsys.readouterr().out)["wins"]
    assert sorted(wins) == ["north", "south"] and sorted(wins.values()) == [0, 1]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "wins north" in out and "wins south" in out and "(0.0%)" in out


@pytest.mark.parametrize("content", [b'{"hello": "world"}', b"{not json", b"[1, 2]",
                                     b"\x89PNG\r\n\x1a\n\x00\xff"])
def test_verify_of_a_file_that_is_not_a_record_is_one_line(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "thing.json"
    path.write_bytes(content)
    assert main(["verify", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "not a Strategos game record" in captured.err
    assert str(path) in captured.err
