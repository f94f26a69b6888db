"""The bot over gateway shards against the fake Discord: each shard receives only its own
servers (``(guild_id >> 22) % shard_count``), the fake answers ``GET /gateway/bot`` with a
shard count, and one process running two shards (discord.py's AutoShardedBot) plays games
on servers of both. Two processes on one PostgreSQL: ``test_shard_processes.py``."""

from __future__ import annotations

from pathlib import Path

import aiohttp

from bot.app import create_bot
from bot.client import ShardedStrategosBot
from bot.settings import Settings
from tests.e2e.harness import Clock, Table
from tests.fakediscord import FakeDiscord, RunningClient
from tests.fakediscord.gateway import shard_of


async def no_identify_wait(shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py waits 5 s before each shard's IDENTIFY after the first (Discord's rate
    limit); the fake has none."""


async def test_gateway_bot_names_the_shard_count(fake: FakeDiscord) -> None:
    fake.shard_count = 3
    async with aiohttp.ClientSession() as http:
        answer = await http.get(f"{fake.api_base}/gateway/bot",
                                headers={"Authorization": f"Bot {fake.token}"})
        body = await answer.json(content_type=None)
    assert body["shards"] == 3 and body["url"] == fake.gateway_url
    assert fake.take_failures() == []


async def test_one_process_runs_two_shards_with_a_game_on_each(fake: FakeDiscord,
                                                               tmp_path: Path) -> None:
    guilds = {shard: fake.add_guild(f"shard {shard}", shard=(shard, 2)) for shard in (0, 1)}
    assert {shard_of(g, 2) for g in guilds.values()} == {0, 1}
    settings = Settings(_env_file=None, database=tmp_path / "bot.db", timer_interval=3600,
                        shard_count=2)
    bot = create_bot(settings, clock=Clock())
    assert isinstance(bot, ShardedStrategosBot)
    bot.before_identify_hook = no_identify_wait  # type: ignore[method-assign]
    running = RunningClient(fake, bot)
    await running.start()
    try:
        assert fake.gateway.open_shards() == [0, 1] and bot.gateway_open()
        # Each shard was sent only its own servers.
        for shard, session in fake.gateway.sessions.items():
            assert all(shard_of(g, 2) == shard for g in fake.gateway.guilds_of(session))
        assert {g.id for g in bot.guilds} >= set(guilds.values())
        for shard, guild in guilds.items():
            alice, bob = fake.add_user(f"alice{shard}"), fake.add_user(f"bob{shard}")
            table = Table(fake, alice, [alice, bob], channel=fake.add_channel(
                "games", guild_id=guild))
            await table.open("duel", "rounds_to_win=1")
            board = await table.gather()
            assert "Duel" in board.text()
            prompt = await table.prompt(alice)
            await table.choose(alice, prompt, pick=0)
            assert table.actions == 1
    finally:
        await running.stop()
    assert list(bot.failures) == []


async def test_auto_runs_as_many_shards_as_discord_recommends(fake: FakeDiscord,
                                                              tmp_path: Path) -> None:
    fake.shard_count = 2
    settings = Settings(_env_file=None, database=tmp_path / "bot.db", timer_interval=3600,
                        shard_count="auto")
    bot = create_bot(settings, clock=Clock())
    assert isinstance(bot, ShardedStrategosBot) and bot.shard_count is None
    bot.before_identify_hook = no_identify_wait
    running = RunningClient(fake, bot)
    await running.start()
    try:
        assert "GET /gateway/bot -> 200" in fake.requests
        assert bot.shard_count == 2 and fake.gateway.open_shards() == [0, 1]
        assert bot.shards_text().startswith("shards 0,1 of 2")
    finally:
        await running.stop()
    assert list(bot.failures) == []
