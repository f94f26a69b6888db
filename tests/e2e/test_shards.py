"""The bot over gateway shards against the fake Discord: each shard receives only its own
servers (``(guild_id >> 22) % shard_count``), the fake answers ``GET /gateway/bot`` with a
shard count, and one process running two shards (discord.py's AutoShardedBot) plays games
on servers of both. Two processes on one PostgreSQL: ``test_shard_processes.py``."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp

from bot.app import create_bot
from bot.client import ShardedStrategosBot
from bot.models import COMPUTER, TurnUpdate
from bot.settings import Settings
from bot.storage import queries, stamp
from tests.e2e.harness import Clock, Strategos, Table, is_board
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


async def computer_moves(strategos: Strategos, game_id: int) -> int:
    log = await strategos.bot.service.log_lines(game_id)
    return sum(1 for line in log if line.user_id == COMPUTER)


async def test_a_computer_move_held_by_a_dead_process_is_taken_over_by_another_shard(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """Two processes (shards 0 and 1) on one database: the computer's job in a game on shard
    0's server is claimed by a process that died; shard 0's bot, woken by the turn, leaves it;
    once the claim runs out, shard 1's sweep plays the move and posts it on shard 0's server
    (through REST: that server is not in its cache)."""
    clock = Clock()
    guild = fake.add_guild("shard 0", shard=(0, 2))
    channel = fake.add_channel("games", guild_id=guild)
    bots = [Strategos(fake, tmp_path / "bot.db", clock, shard_count=2, shard_ids=[shard])
            for shard in (0, 1)]
    for strategos in bots:
        await strategos.start()
    first, second = bots
    try:
        assert first.bot.get_guild(guild) is not None and second.bot.get_guild(guild) is None
        ann = fake.add_user("ann")
        table = Table(fake, ann, [ann], channel=channel)
        lobby = await table.open("duel", "rounds_to_win=3")
        picker = next(s for s in fake.message(lobby).selects()
                      if "Computer" in str(s.get("placeholder")))
        await fake.select(ann, lobby, picker["custom_id"], [picker["options"][1]["value"]])
        loaded = await first.bot.service.game_in(channel.id)
        assert loaded is not None
        game_id = loaded.id
        now = clock()
        async with first.bot.service.db.transaction() as conn:  # a process that then died
            assert await queries.claim_job(conn, game_id, "computer", stamp(now), "dead:1:x",
                                           stamp(now + timedelta(seconds=120)))
        mark = fake.cursor()
        await fake.click(ann, lobby, label="Start")
        await fake.wait_for_message(channel, after=mark, where=is_board, what="the first board")
        await first.bot.run_computers_once()
        await second.bot.run_computers_once()
        assert await computer_moves(first, game_id) == 0  # the dead process's claim holds
        await table.choose(ann, await table.prompt(ann), pick=0)
        clock.advance(0.05)  # three minutes: the claim ran out
        mark = fake.cursor()
        await second.bot.run_computers_once()
        # Its card of round 1, then at once its card of round 2: only Ann is asked now.
        assert await computer_moves(first, game_id) == 2
        after = await first.bot.service.load(game_id)
        assert list(after.prompts) == [r for r in after.prompts if r not in
                                       after.computer_roles()] != []
        revealed = await fake.wait_for_message(channel, after=mark,
                                               where=lambda m: "Revealed" in m.text(),
                                               what="the round's board")
        assert is_board(revealed)
        async with first.bot.service.db.read() as conn:
            assert await queries.job_claims(conn) == []
    finally:
        for strategos in bots:
            await strategos.stop()
        for strategos in bots:
            assert strategos.failures == []


async def test_a_turn_for_the_computer_while_another_process_holds_its_claim(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """The race of two processes: shard 1's bot holds the computer's claim and has just
    found it not asked, when Ann's move (on shard 0's bot) asks it again; shard 0's bot, woken
    by that turn, finds the claim held and leaves it. Shard 1's bot, releasing the claim,
    looks once more and plays the move: it is not left for the next sweep."""
    clock = Clock()
    guild = fake.add_guild("shard 0", shard=(0, 2))
    channel = fake.add_channel("games", guild_id=guild)
    bots = [Strategos(fake, tmp_path / "bot.db", clock, shard_count=2, shard_ids=[shard])
            for shard in (0, 1)]
    for strategos in bots:
        await strategos.start()
    first, second = bots
    try:
        ann = fake.add_user("ann")
        table = Table(fake, ann, [ann], channel=channel)
        lobby = await table.open("duel", "rounds_to_win=3")
        picker = next(s for s in fake.message(lobby).selects()
                      if "Computer" in str(s.get("placeholder")))
        await fake.select(ann, lobby, picker["custom_id"], [picker["options"][1]["value"]])
        mark = fake.cursor()
        await fake.click(ann, lobby, label="Start")
        await fake.wait_for_message(channel, after=mark, where=is_board, what="the first board")
        await first.bot.run_computers_once()
        loaded = await first.bot.service.game_in(channel.id)
        assert loaded is not None
        game_id = loaded.id
        assert await computer_moves(first, game_id) == 1  # its card of round 1

        service = second.bot.service
        computer_move = service.computer_move
        ann_moved: list[bool] = []

        async def then_ann_moves(game: int) -> TurnUpdate | None:
            update = await computer_move(game)
            if update is None and not ann_moved:  # nothing to do... as Ann moves on shard 0
                ann_moved.append(True)
                await table.choose(ann, await table.prompt(ann), pick=0)
                await first.bot.run_computers_once()  # shard 0 finds the claim held
                assert await computer_moves(first, game_id) == 1
            return update

        service.computer_move = then_ann_moves  # type: ignore[method-assign,assignment]
        cog: Any = second.bot.get_cog("ComputerCog")
        cog.wake(game_id)
        await cog.settle()
        assert ann_moved
        assert await computer_moves(first, game_id) == 2  # its card of round 2, by shard 1
        async with first.bot.service.db.read() as conn:
            assert await queries.job_claims(conn) == []
    finally:
        for strategos in bots:
            await strategos.stop()
        for strategos in bots:
            assert strategos.failures == []
