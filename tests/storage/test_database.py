"""The database itself: constraints, the append-only log, whole transactions, timestamps
(SQLite and PostgreSQL); SQLite's online backup and batched commits; PostgreSQL's errors."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

from bot.errors import StorageError, StorageFull, StorageUnreachable
from bot.service import GameService
from bot.storage import Conn, Database, IntegrityError, open_database, parse_stamp, queries, stamp
from bot.storage import sqlite as sqlite_storage
from bot.storage.conn import drive, in_thread
from bot.storage.postgres import PgConn, describe, numbered
from bot.storage.sqlite import SqliteDatabase
from tests.service.play import GUILD, NORTH, Clock, play_card, started_duel
from tests.service.test_concurrency import assert_consistent, player
from tests.support.postgres import SHARED, create_database, database_url


async def test_one_active_game_per_channel_in_sql(db: Database) -> None:
    async def lobby(channel: int) -> int:
        async with db.transaction() as conn:
            return await queries.insert_game(
                conn, guild_id=1, channel_id=channel, kind="duel", host_id=1, options="{}",
                now=stamp(datetime.now(UTC)), timeout_hours=None, timeout_policy="pass",
                rematch_of=None,
            )

    first = await lobby(5)
    with pytest.raises(IntegrityError) as refused:
        await lobby(5)
    assert refused.value.unique
    async with db.transaction() as conn:
        assert await queries.update_game(conn, first, 0, status="finished")
    await lobby(5)  # a finished game frees the channel


async def test_the_action_log_is_append_only(service: GameService, db: Database) -> None:
    start = await started_duel(service)
    with pytest.raises(IntegrityError, match="append-only"):
        async with db.transaction() as conn:
            await conn.execute("UPDATE actions SET choice = 'x'")
    with pytest.raises(IntegrityError, match="append-only"):
        async with db.transaction() as conn:
            await conn.execute("DELETE FROM actions")
    assert len(await service.log_lines(start.loaded.id)) == 1


async def test_optimistic_write_refuses_an_old_version(db: Database, service: GameService) -> None:
    start = await started_duel(service)
    async with db.transaction() as conn:
        assert not await queries.update_game(conn, start.loaded.id, 0, updated_at="x")
        assert await queries.update_game(conn, start.loaded.id, start.loaded.version, bump=True)
    assert (await service.load(start.loaded.id)).version == start.loaded.version + 1


def test_stamps_round_trip_and_sort_as_text() -> None:
    moments = [datetime(2026, 1, 1, tzinfo=UTC) + timedelta(microseconds=n * 999_999)
               for n in range(50)]
    texts = [stamp(m) for m in moments]
    assert sorted(texts) == texts
    assert [parse_stamp(t) for t in texts] == moments
    naive = datetime(2026, 1, 1, 12)
    assert parse_stamp(stamp(naive)) == naive.replace(tzinfo=UTC)


async def test_backup_while_games_are_played(
    sqlite_db: SqliteDatabase, tmp_path: Path, clock: Clock
) -> None:
    db, service = sqlite_db, GameService(sqlite_db, clock)
    games = [await started_duel(service, channel=300 + n, north=10 + n, south=50 + n)
             for n in range(10)]
    players = [
        player(service, g.loaded.id, g.loaded.users_of(role)[0], role)
        for g in games for role in ("north", "south")
    ]
    backups = [service.backup(tmp_path / "backups" / f"b{n}.db") for n in range(3)]
    accepted, _ = await asyncio.gather(asyncio.gather(*players), asyncio.gather(*backups))
    for n, g in enumerate(games):
        await assert_consistent(db, g.loaded.id, accepted[2 * n] + accepted[2 * n + 1])
    # Each backup is a whole, consistent database that the service can open and use.
    copy = await SqliteDatabase.open(tmp_path / "backups" / "b2.db")
    try:
        await queries.check_integrity(copy._conn)
        restored = GameService(copy, clock)
        for g in games:
            loaded = await restored.load(g.loaded.id)
            history = await restored.log_lines(g.loaded.id)
            assert loaded.version == history[-1].version
            assert loaded.state is not None
            assert loaded.state.actions == sum(1 for h in history if h.choice)
        assert not list((tmp_path / "backups").glob("*.partial"))
        await restored.open_lobby(GUILD, 999, "duel", 1, {})
    finally:
        await copy.close()


async def test_a_postgresql_database_is_backed_up_with_pg_dump(
        db: Database, service: GameService, tmp_path: Path) -> None:
    """``backup`` writes SQLite's copy; on PostgreSQL it explains pg_dump instead."""
    target = tmp_path / "copy.db"
    if db.dialect.name == "sqlite":
        assert await service.backup(target) == target and target.is_file()
        return
    with pytest.raises(StorageError, match="pg_dump"):
        await service.backup(target)
    assert not target.exists()


async def test_a_whole_transaction_runs_or_nothing_does(db: Database) -> None:
    """``Database.run``: a step that fails rolls back every statement before it. In SQLite it
    relies on aiosqlite's private ``_execute``/``_conn`` (how its own methods reach the
    thread): this fails loudly if an aiosqlite upgrade changes them."""

    assert hasattr(aiosqlite.Connection, "_execute")

    async def two_writes_then_crash(conn: Conn) -> None:
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, moderator_role_id) VALUES (1, 2)")
        await conn.execute("INSERT INTO user_settings (user_id, notify) VALUES (1, 'dm')")
        raise RuntimeError("crash in the middle")

    with pytest.raises(RuntimeError):
        await db.run(two_writes_then_crash)
    async with db.read() as conn:
        assert await queries.moderator_role(conn, 1) is None
        assert await queries.notify_modes(conn, [1]) == {}
    version = await db.run(lambda conn: queries.game_version(conn, 12345))
    assert version is None


async def test_calls_queued_together_share_a_commit_but_fail_alone(
    sqlite_db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Concurrent ``run``/``fetch`` calls go to the thread as one batch (group commit):
    a failing write rolls back only its own statements, the others are committed, and
    a read in the batch sees the writes queued before it."""
    db = sqlite_db
    handovers = 0
    real = in_thread

    async def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal handovers
        handovers += 1
        return await real(*args, **kwargs)

    def writer(user: int, fail: bool = False) -> Callable[[Conn], Coroutine[Any, Any, int]]:
        async def write(conn: Conn) -> int:
            await conn.execute("INSERT INTO user_settings (user_id, notify) VALUES (?, 'dm')",
                               (user,))
            if fail:
                raise RuntimeError("crash after the insert")
            return user

        return write

    async def count(conn: Conn) -> int:
        row = await conn.fetchrow("SELECT COUNT(*) FROM user_settings")
        assert row is not None
        return int(row[0])

    monkeypatch.setattr(sqlite_storage, "in_thread", counting)
    outcomes = await asyncio.gather(
        db.run(writer(1)), db.run(writer(2, fail=True)), db.run(writer(3)),
        db.fetch(count), return_exceptions=True,
    )
    monkeypatch.undo()
    assert handovers == 1
    assert outcomes[0] == 1 and outcomes[2] == 3 and outcomes[3] == 2
    assert isinstance(outcomes[1], RuntimeError)
    async with db.read() as conn:
        assert await queries.notify_modes(conn, [1, 2, 3]) == {1: "dm", 3: "dm"}
    # A new file handle sees them: they were committed, not just written.
    other = sqlite3.connect(db.path)
    try:
        assert other.execute("SELECT COUNT(*) FROM user_settings").fetchone()[0] == 2
    finally:
        other.close()


@pytest.mark.parametrize("by_guild", [False, True])
async def test_a_players_games_are_found_from_their_seats(sqlite_db: SqliteDatabase,
                                                          by_guild: bool) -> None:
    """/game mine starts from the user's seats (an index), then each game by its id: never a
    walk through every game of the server (SQLite's plan; PostgreSQL plans by statistics)."""
    params = (1, GUILD) if by_guild else (1,)
    async with sqlite_db.read() as conn:
        plan = " | ".join(str(row[3]) for row in await conn.fetch(
            "EXPLAIN QUERY PLAN " + queries.games_of_user_sql(conn, by_guild), params))
    assert "SEARCH seats USING INDEX seats_by_user (user_id=?)" in plan
    assert "SEARCH games USING INTEGER PRIMARY KEY (rowid=?)" in plan
    assert "games_by_guild" not in plan and "SCAN games" not in plan


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT ?, 'a?b', ? FROM t WHERE x = 'it''s?' AND y = ?") == (
        "SELECT $1, 'a?b', $2 FROM t WHERE x = 'it''s?' AND y = $3")


def test_a_password_never_shows_in_messages() -> None:
    assert describe("postgresql://bot:s3cret@db.example:5432/strategos") == (
        "postgresql://bot:***@db.example:5432/strategos")
    assert describe("postgresql://bot@db/strategos") == "postgresql://bot@db/strategos"


class Failing:
    """An asyncpg connection whose every statement fails with ``error``."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    async def execute(self, *args: object) -> str:
        raise self.error


@pytest.mark.parametrize(("error", "shown"), [
    (asyncpg.DiskFullError("could not extend file: No space left on device"), StorageFull),
    (ConnectionResetError("connection reset by peer"), StorageUnreachable),
    (asyncpg.ConnectionDoesNotExistError("connection was closed"), StorageUnreachable),
])
async def test_postgresql_errors_become_one_sentence(error: BaseException,
                                                     shown: type[Exception]) -> None:
    """A full disk and a lost server reach a player as a sentence that says nothing changed."""
    with pytest.raises(shown) as raised:
        await PgConn(Failing(error)).execute("UPDATE games SET status = ?", ("x",))
    assert "nothing was changed" in str(raised.value)


def test_a_sqlite_step_that_awaits_something_else_is_refused() -> None:
    """In SQLite's thread a step may await only its connection (which never suspends)."""

    async def waits() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="awaited something other than its connection"):
        drive(waits())


async def terminate(server_url: str, pid: int) -> None:
    """The server drops one connection."""
    admin = await asyncpg.connect(database_url(server_url, SHARED))
    try:
        await admin.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()


async def test_a_lost_postgresql_connection_refuses_the_move_with_a_sentence(
        postgres_server: str, clock: Clock) -> None:
    """The server drops the connection in the middle of a move (a restart, a network cut):
    the move is refused with one sentence and nothing of it is stored."""
    url = await create_database(postgres_server)
    db = await open_database(url)
    try:
        service = GameService(db, clock)
        start = await started_duel(service)
        game_id = start.loaded.id
        update = await play_card(service, game_id, NORTH, "north")
        logged = len(await service.log_lines(game_id))
        with pytest.raises(StorageUnreachable, match="nothing was changed"):
            async with db.transaction() as conn:
                assert await queries.update_game(conn, game_id, update.loaded.version,
                                                 updated_at="x")
                pid = await conn.fetchrow("SELECT pg_backend_pid()")
                assert pid is not None
                await terminate(postgres_server, int(pid[0]))
                await queries.append_action(conn, game_id=game_id, kind="mod", at="x",
                                            version=update.loaded.version + 1)
        after = await service.load(game_id)
        assert after.version == update.loaded.version
        assert len(await service.log_lines(game_id)) == logged
    finally:
        await db.close()
