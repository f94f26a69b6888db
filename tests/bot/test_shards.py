"""Settings of several bot processes: the shard count and the shards a process runs, and
the bot each asks for (one connection, or discord.py's AutoShardedBot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import create_bot
from bot.client import ShardedStrategosBot, StrategosBot
from bot.settings import SettingsError, load_settings


def test_unset_is_one_connection() -> None:
    settings = load_settings(None)
    assert settings.shard_count is None and settings.shard_ids is None
    assert not settings.sharded
    bot = create_bot(settings)
    assert type(bot) is StrategosBot
    assert bot.shard_count is None


@pytest.mark.parametrize(("ids", "expected"), [("0,1", [0, 1]), (" 2 3 ", [2, 3]),
                                                ("1", [1]), ("", None)])
def test_shard_ids_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        ids: str, expected: list[int] | None) -> None:
    monkeypatch.setenv("STRATEGOS_SHARD_COUNT", "4")
    monkeypatch.setenv("STRATEGOS_SHARD_IDS", ids)
    monkeypatch.setenv("STRATEGOS_DATABASE", str(tmp_path / "s.db"))
    settings = load_settings(None)
    assert settings.shard_count == 4 and settings.shard_ids == expected and settings.sharded
    bot = create_bot(settings)
    assert isinstance(bot, ShardedStrategosBot) and isinstance(bot, StrategosBot)
    assert bot.shard_count == 4 and bot.shard_ids == expected
    # Processes on one machine beat in files of their own.
    suffix = "".join(f"-{i}" for i in expected or ())
    assert settings.heartbeat_path == tmp_path / f"heartbeat{suffix}"


@pytest.mark.parametrize(("env", "says"), [
    ({"STRATEGOS_SHARD_IDS": "0,1"}, "needs STRATEGOS_SHARD_COUNT"),
    ({"STRATEGOS_SHARD_COUNT": "2", "STRATEGOS_SHARD_IDS": "0,2"}, "outside 0 … 1"),
    ({"STRATEGOS_SHARD_COUNT": "2", "STRATEGOS_SHARD_IDS": "1,1"}, "names a shard twice"),
    ({"STRATEGOS_SHARD_COUNT": "2", "STRATEGOS_SHARD_IDS": "one"}, "not a list of shard"),
    ({"STRATEGOS_SHARD_COUNT": "0"}, "STRATEGOS_SHARD_COUNT"),
    ({"STRATEGOS_SHARD_COUNT": "two"}, "STRATEGOS_SHARD_COUNT"),
    ({"STRATEGOS_JOB_LEASE": "0"}, "STRATEGOS_JOB_LEASE"),
])
def test_bad_shard_settings_are_one_line(monkeypatch: pytest.MonkeyPatch,
                                         env: dict[str, str], says: str) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as error:
        load_settings(None)
    assert says in str(error.value) and "\n" not in str(error.value)
    assert "Value error" not in str(error.value)
