"""Settings of several bot processes: the shard count and the shards a process runs, and
the bot each asks for (one connection, or discord.py's AutoShardedBot)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from bot.app import create_bot
from bot.client import ShardedStrategosBot, StrategosBot
from bot.links import server_name
from bot.metrics import Counters, metrics_line
from bot.models import GameRow
from bot.settings import Settings, SettingsError, load_settings


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


def test_auto_asks_discord_for_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRATEGOS_SHARD_COUNT", " Auto ")
    settings = load_settings(None)
    assert settings.shard_count == "auto" and settings.shards is None and settings.sharded
    bot = create_bot(settings)
    assert isinstance(bot, ShardedStrategosBot) and bot.shard_count is None


@pytest.mark.parametrize(("env", "says"), [
    ({"STRATEGOS_SHARD_IDS": "0,1"}, "needs STRATEGOS_SHARD_COUNT"),
    ({"STRATEGOS_SHARD_COUNT": "2", "STRATEGOS_SHARD_IDS": "0,2"}, "outside 0 … 1"),
    ({"STRATEGOS_SHARD_COUNT": "2", "STRATEGOS_SHARD_IDS": "1,1"}, "names a shard twice"),
    ({"STRATEGOS_SHARD_COUNT": "2", "STRATEGOS_SHARD_IDS": "one"}, "not a list of shard"),
    ({"STRATEGOS_SHARD_COUNT": "0"}, "STRATEGOS_SHARD_COUNT: a bot runs at least one"),
    ({"STRATEGOS_SHARD_COUNT": "two"}, "STRATEGOS_SHARD_COUNT: 'two' is not a number"),
    ({"STRATEGOS_SHARD_COUNT": "auto", "STRATEGOS_SHARD_IDS": "0"}, "a number (how many"),
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


def guild_on_shard(shard: int, count: int) -> int:
    """A server id whose events Discord sends to ``shard`` of ``count``."""
    base = 1_700_000_000_000  # milliseconds since Discord's epoch, the id's top bits
    return (base - base % count + shard) << 22


def test_a_process_knows_which_servers_are_on_its_shards(tmp_path: Path) -> None:
    settings = Settings(_env_file=None, database=tmp_path / "s.db", shard_count=4,
                        shard_ids=[1, 3])
    bot = create_bot(settings)
    assert isinstance(bot, ShardedStrategosBot)
    mine, theirs = guild_on_shard(3, 4), guild_on_shard(2, 4)
    assert (mine >> 22) % 4 == 3 and (theirs >> 22) % 4 == 2
    assert bot.holds_guild(mine) and not bot.holds_guild(theirs)
    assert bot.shards_text() == "shards 1,3 of 4, 0 servers"
    # A game on another process's server: not "a server the bot has left".
    row = cast(GameRow, SimpleNamespace(guild_id=theirs, channel_id=5))
    assert server_name(bot, row) == "its server"
    left = cast(GameRow, SimpleNamespace(guild_id=mine, channel_id=5))
    assert server_name(bot, left) == "a server the bot has left"
    unsharded = create_bot(Settings(_env_file=None, database=tmp_path / "s.db"))
    assert unsharded.holds_guild(theirs) and unsharded.shards_text() == ""


def test_the_metrics_line_of_a_sharded_process_names_its_shards() -> None:
    line = metrics_line({"running": 2}, Counters(6, 0, 0), 60, "shards 0,1 of 4, 7 servers")
    assert line.startswith("metrics: shards 0,1 of 4, 7 servers; 2 games open (2 running)")
    assert metrics_line({}, Counters(), 60).startswith("metrics: 0 games open")
