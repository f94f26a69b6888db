"""What a process supervisor and a log collector see: --version, the heartbeat and
``python -m bot health``, JSON logs."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.cogs.heartbeat import beat_interval
from bot.health import check_heartbeat, write_heartbeat
from bot.logs import JsonFormatter, RedactToken, setup_logging
from bot.settings import Settings
from engine.__main__ import main as engine_main
from engine.version import version

NOW = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


@pytest.mark.parametrize("entry", [main, engine_main])
def test_version_on_both_command_lines(entry: object, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    with pytest.raises(SystemExit) as done:
        entry(["--version"])  # type: ignore[operator]
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"Strategos {version()}"
    assert version() != "unknown"  # the package is installed (pip install -e .)


def test_a_fresh_heartbeat_is_healthy_and_a_stale_or_missing_one_is_not(tmp_path: Path
                                                                         ) -> None:
    beat = tmp_path / "run" / "heartbeat"
    assert not check_heartbeat(beat, 60, NOW).healthy
    write_heartbeat(beat, NOW)
    assert check_heartbeat(beat, 60, NOW + timedelta(seconds=59)).healthy
    stale = check_heartbeat(beat, 60, NOW + timedelta(seconds=61))
    assert not stale.healthy and "61 s ago" in stale.text
    beat.write_text("garbage")
    assert not check_heartbeat(beat, 60, NOW).healthy
    assert not list(beat.parent.glob("*.partial"))


def test_a_beat_fits_three_times_in_the_allowed_age() -> None:
    assert beat_interval(120) == 30 and beat_interval(15) == 5


def run_health(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> int:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STRATEGOS_DATABASE", str(tmp_path / "data" / "strategos.db"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)  # health needs no token
    monkeypatch.delenv("STRATEGOS_HEARTBEAT_FILE", raising=False)
    return main(["health"])


def test_health_command_exit_codes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert run_health(monkeypatch, tmp_path) == 1
    assert "No heartbeat" in capsys.readouterr().err
    write_heartbeat(tmp_path / "data" / "heartbeat", datetime.now(UTC))  # next to the db
    assert run_health(monkeypatch, tmp_path) == 0
    assert "Healthy" in capsys.readouterr().out
    write_heartbeat(tmp_path / "data" / "heartbeat", datetime.now(UTC) - timedelta(hours=1))
    monkeypatch.setenv("STRATEGOS_HEARTBEAT_MAX_AGE", "600")
    assert run_health(monkeypatch, tmp_path) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "STRATEGOS_HEARTBEAT_MAX_AGE=600" in err


def test_heartbeat_file_setting() -> None:
    settings = Settings(_env_file=None, database=Path("/srv/sg/strategos.db"))
    assert settings.heartbeat_path == Path("/srv/sg/heartbeat")
    moved = Settings(_env_file=None, heartbeat_file="/run/sg/beat")
    assert moved.heartbeat_path == Path("/run/sg/beat")
    assert Settings(_env_file=None, log_format="JSON").log_format == "json"


def test_json_logs_are_one_object_per_line_without_the_token() -> None:
    formatter = JsonFormatter(TOKEN)
    record = logging.LogRecord("strategos.bot", logging.INFO, __file__, 1,
                               "game %s started with %s", (7, TOKEN), None)
    assert RedactToken(TOKEN).filter(record)
    entry = json.loads(formatter.format(record))
    assert entry["level"] == "INFO" and entry["logger"] == "strategos.bot"
    assert entry["message"] == "game 7 started with [token]"
    assert datetime.fromisoformat(entry["time"]).tzinfo is not None
    try:
        raise RuntimeError(f"bad {TOKEN}")
    except RuntimeError:
        failed = logging.LogRecord("strategos.bot", logging.ERROR, __file__, 1, "failed", (),
                                   sys.exc_info())
    line = formatter.format(failed)
    assert "\n" not in line and TOKEN not in line
    assert "RuntimeError" in json.loads(line)["exception"]


def test_the_log_format_setting_picks_the_formatter() -> None:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    try:
        setup_logging("INFO", "json", TOKEN)
        (handler,) = root.handlers
        assert isinstance(handler.formatter, JsonFormatter)
        setup_logging("INFO", "text", TOKEN)
        (handler,) = root.handlers
        assert not isinstance(handler.formatter, JsonFormatter)
        assert any(isinstance(f, RedactToken) for f in handler.filters)
    finally:
        root.handlers[:] = saved
        root.setLevel(level)
