"""Two bot processes, shards 0 and 1 of 2, on one PostgreSQL database and the fake Discord:
each plays the games of its own servers; a turn timer that runs out is applied exactly
once; a process killed (SIGKILL) while it holds timer claims leaves them to the other,
which takes the job over once the lease has run out; the killed shard starts again.

Each process is the real ``python -m bot`` in a subprocess (``tests.e2e.shard_process``
only points discord.py at the fake), configured by environment variables as in
``compose.yaml``."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from bot.storage import stamp
from tests.e2e.harness import Table
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage
from tests.support import postgres

ROOT = Path(__file__).resolve().parents[2]
LEASE = 4.0  # seconds a process holds a claimed job (STRATEGOS_JOB_LEASE)
INTERVAL = 0.5  # seconds between two passes of the timer loop
START_TIMEOUT = 90.0  # a loaded 2-core machine: imports, migrations, renderers
T = TypeVar("T")

pytestmark = pytest.mark.slow


@dataclass
class BotProcess:
    """One ``python -m bot`` running some shards."""

    shard: int
    folder: Path
    env: dict[str, str]
    process: asyncio.subprocess.Process | None = None
    starts: int = 0
    logs: list[Path] = field(default_factory=list)
    killed: list[Path] = field(default_factory=list)  # logs of runs ended by SIGKILL

    @property
    def heartbeat(self) -> Path:
        return self.folder / f"heartbeat-{self.shard}"

    async def start(self) -> None:
        self.starts += 1
        log = self.folder / f"shard-{self.shard}-{self.starts}.log"
        self.logs.append(log)
        self.heartbeat.unlink(missing_ok=True)
        with log.open("wb") as out:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.e2e.shard_process", cwd=self.folder,
                env={**self.env, "STRATEGOS_SHARD_IDS": str(self.shard),
                     "STRATEGOS_HEARTBEAT_FILE": str(self.heartbeat)},
                stdout=out, stderr=asyncio.subprocess.STDOUT)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def output(self) -> str:
        return "".join(p.read_text(errors="replace") for p in self.logs if p.exists())

    def check_alive(self) -> None:
        if self.process is not None and self.process.returncode is not None:
            raise AssertionError(f"shard {self.shard} exited ({self.process.returncode}):\n"
                                 f"{self.output()[-3000:]}")

    async def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.killed.append(self.logs[-1])

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 20)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


async def until(check: Callable[[], Awaitable[T | None]], what: str,
                processes: list[BotProcess], timeout: float = 60.0) -> T:
    """Poll ``check`` until it gives something; fail early if a process died."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        for process in processes:
            process.check_alive()
        value = await check()
        if value:
            return value
        if loop.time() > end:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)


@pytest.fixture
async def database_url(postgres_server: str) -> AsyncIterator[str]:
    url = await postgres.create_database(postgres_server)
    yield url
    await postgres.drop_database(postgres_server, url)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """The fake, with a token shaped like Discord's (the bot's settings check its shape) and
    a response deadline for a machine busy with two bot processes."""
    server = FakeDiscord(response_deadline=10.0)
    server.token = f"{'M' * 24}.{'G' * 6}.{secrets.token_urlsafe(27)}"
    server.shard_count = 2
    await server.start()
    try:
        yield server
        server.check()
    finally:
        await server.stop()


@pytest.fixture
async def shards(fake: FakeDiscord, database_url: str, tmp_path: Path
                 ) -> AsyncIterator[list[BotProcess]]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("STRATEGOS_", "DISCORD_"))},
        "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": fake.token,
        "STRATEGOS_DATABASE": database_url, "STRATEGOS_SHARD_COUNT": "2",
        "STRATEGOS_TIMER_INTERVAL": str(INTERVAL), "STRATEGOS_JOB_LEASE": str(LEASE),
        "STRATEGOS_METRICS_INTERVAL": "0",
        "FAKE_DISCORD_API": fake.api_base, "FAKE_DISCORD_GATEWAY": fake.gateway_url,
    }
    processes = [BotProcess(shard, tmp_path, env) for shard in (0, 1)]
    try:
        for process in processes:  # both at once: migrations run once (an advisory lock)
            await process.start()
        yield processes
    finally:
        for process in processes:
            await process.stop()
    for process in processes:
        for log in process.logs:
            if log in process.killed:  # its log ends wherever it was killed
                continue
            output = log.read_text(errors="replace")
            assert "Traceback" not in output and " ERROR " not in output, output[-3000:]


async def ready(fake: FakeDiscord, processes: list[BotProcess]) -> None:
    """Both shards connected and both processes beating (ready), commands synced."""
    async def check() -> bool:
        return (fake.gateway.open_shards() == [0, 1] and bool(fake.commands())
                and all(p.heartbeat.exists() for p in processes))
    await until(check, "both shards to be ready", processes, START_TIMEOUT)


async def sql(url: str, query: str, *args: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(query, *args))
    finally:
        await conn.close()


async def timer_applications(url: str, game_id: int) -> list[int]:
    """The game versions written by the turn timer (one per timeout applied)."""
    rows = await sql(url, "SELECT DISTINCT version FROM actions WHERE game_id = $1"
                          " AND kind = 'timer' ORDER BY version", game_id)
    return [r["version"] for r in rows]


def ran_out(table: Table) -> list[FakeMessage]:
    return [m for m in table.messages() if "Time ran out" in m.text()]


async def play_a_round(table: Table) -> None:
    """Both players choose a card by clicks: the round is revealed on a new board."""
    assert table.channel is not None
    mark = table.fake.cursor()
    for user in table.players:
        await table.choose(user, await table.prompt(user), pick=0)
    await table.fake.wait_for_message(table.channel, after=mark,
                                      where=lambda m: "Revealed" in m.text(),
                                      what="the round's board")


async def game_id_in(url: str, channel: FakeChannel) -> int:
    rows = await sql(url, "SELECT id FROM games WHERE channel_id = $1", channel.id)
    return int(rows[0]["id"])


async def test_two_shard_processes_share_games_and_timers(
        fake: FakeDiscord, shards: list[BotProcess], database_url: str) -> None:
    url = database_url
    channels = [fake.add_channel("games", guild_id=fake.add_guild(f"server {shard}",
                                                                   shard=(shard, 2)))
                for shard in (0, 1)]
    await ready(fake, shards)

    # A game on a server of each shard, played by clicks: each process serves its own.
    tables = []
    for n, channel in enumerate(channels):
        alice, bob = fake.add_user(f"alice{n}"), fake.add_user(f"bob{n}")
        table = Table(fake, alice, [alice, bob], channel=channel)
        await table.open("duel", "rounds_to_win=3", timer=1, policy="pass")
        await table.gather()
        await play_a_round(table)
        tables.append(table)
    games = [await game_id_in(url, channel) for channel in channels]

    # A timer runs out: exactly one process applies it, once, and announces it once.
    past = stamp(datetime.now(UTC) - timedelta(seconds=1))
    await sql(url, "UPDATE games SET deadline = $1 WHERE id = $2", past, games[1])
    await fake.wait_for(lambda: ran_out(tables[1]), "the timeout's announcement")
    await asyncio.sleep(4 * INTERVAL)  # both loops passed again: nothing more happens
    assert len(ran_out(tables[1])) == 1
    assert len(await timer_applications(url, games[1])) == 1
    assert await sql(url, "SELECT * FROM job_claims WHERE game_id = $1", games[1]) == []

    # Two timers run out together; one process claims both and, while posting the first
    # one's board (Discord keeps it waiting), is killed holding the second one's claim.
    release = fake.hold_posts(channels[0])
    now = datetime.now(UTC)
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            for game_id, ago in ((games[0], 2), (games[1], 1)):
                await conn.execute("UPDATE games SET deadline = $1 WHERE id = $2",
                                   stamp(now - timedelta(seconds=ago)), game_id)
    finally:
        await conn.close()

    async def both_claimed_and_stuck() -> list[asyncpg.Record] | None:
        claims = await sql(url, "SELECT * FROM job_claims WHERE job = 'timeout'"
                                " ORDER BY game_id")
        return claims if len(claims) == 2 and channels[0].id in fake.held else None

    claims = await until(both_claimed_and_stuck, "a process stuck holding both claims", shards)
    assert claims[0]["claimed_by"] == claims[1]["claimed_by"]
    holder = next(p for p in shards if f":{p.pid}:" in claims[0]["claimed_by"])
    survivor = next(p for p in shards if p is not holder)
    assert len(await timer_applications(url, games[0])) == 1  # applied, then stuck posting
    assert len(await timer_applications(url, games[1])) == 1  # only part 1's so far
    await holder.kill()

    # Nobody takes the dead process's job while its claim holds...
    lease_end = datetime.strptime(claims[1]["claimed_until"], "%Y-%m-%d %H:%M:%S.%f"
                                  ).replace(tzinfo=UTC)
    before_end = (lease_end - datetime.now(UTC)).total_seconds() - INTERVAL
    if before_end > 0:
        await asyncio.sleep(before_end)
    assert len(ran_out(tables[1])) == 1
    assert len(await timer_applications(url, games[1])) == 1
    # ... and the survivor takes it over once the lease has run out.
    await fake.wait_for(lambda: len(ran_out(tables[1])) == 2, "the taken-over timeout")
    assert datetime.now(UTC) >= lease_end
    assert len(await timer_applications(url, games[1])) == 2
    assert len(await timer_applications(url, games[0])) == 1  # the killed process's, once
    assert [r["job"] for r in await sql(url, "SELECT job FROM job_claims WHERE game_id = $1",
                                        games[1])] == []
    survivor.check_alive()

    # The killed shard starts again and serves its servers.
    release.set()
    await holder.start()
    await ready(fake, shards)
    again = Table(fake, tables[holder.shard].host, tables[holder.shard].players,
                  channel=fake.add_channel("more", guild_id=channels[holder.shard].guild_id))
    lobby = await again.open("duel", "rounds_to_win=1")
    assert "Duel" in lobby.text()
