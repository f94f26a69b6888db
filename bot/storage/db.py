"""The database connection: one aiosqlite connection, explicit transactions under a lock.

SQLite runs in WAL mode with ``synchronous=NORMAL`` (durable at every checkpoint, fast
commits), ``busy_timeout=5000`` so that another process holding the write lock makes us
wait rather than fail, and foreign keys on. The connection is in autocommit mode; every
write goes through :meth:`Database.transaction`, which issues ``BEGIN IMMEDIATE`` (take
the write lock up front, so two writers never deadlock upgrading a read lock) and
commits, or rolls back on any exception. An ``asyncio.Lock`` keeps coroutines sharing
the connection from interleaving their statements inside someone else's transaction.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.storage import queries

T = TypeVar("T")

DEFAULT_PATH = Path("data") / "strategos.db"
STAMP = "%Y-%m-%d %H:%M:%S.%f"


def stamp(moment: datetime) -> str:
    """A UTC timestamp as stored: fixed width, so that text order is time order."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime(STAMP)


def parse_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)  # the stamp format is ISO 8601


class Database:
    """One SQLite database file. Open with :meth:`open`, close with :meth:`close`."""

    def __init__(self, path: Path, conn: aiosqlite.Connection) -> None:
        self.path = path
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        migrate: bool = True,
        migrations_dir: Path | None = None,
    ) -> Database:
        """Open (creating the file and its folder if needed) and bring the schema up to date."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(target, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            await queries.configure(conn)
        except BaseException:
            await conn.close()
            raise
        db = cls(target, conn)
        if migrate:
            from bot.storage.migrations import migrate as run_migrations

            try:
                await run_migrations(db, migrations_dir)
            except BaseException:
                await db.close()
                raise
        return db

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception rolls everything back."""
        async with self._lock:
            await queries.begin_immediate(self._conn)
            try:
                yield self._conn
            except BaseException:
                await queries.rollback(self._conn)
                raise
            await queries.commit(self._conn)

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """One whole transaction in one hand-over to the database thread.

        ``fn`` gets the plain ``sqlite3.Connection`` (call only ``queries.*_sync``
        functions with it) and runs inside ``BEGIN IMMEDIATE`` … ``COMMIT``; an exception
        rolls everything back and is raised here. This is the hot path of every action:
        a few statements cost one thread switch instead of one each.
        """

        def body(raw: sqlite3.Connection) -> T:
            queries.begin_immediate_sync(raw)
            try:
                result = fn(raw)
            except BaseException:
                queries.rollback_sync(raw)
                raise
            queries.commit_sync(raw)
            return result

        async with self._lock:
            return await queries.in_thread(self._conn, body)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for reads, never in the middle of another coroutine's transaction."""
        async with self._lock:
            yield self._conn

    async def backup(self, path: str | os.PathLike[str]) -> Path:
        """Copy the live database to ``path`` with SQLite's online backup, atomically.

        The copy is written next to the target and renamed into place, so a reader never
        sees half a backup. Writers wait only while the pages are copied.
        """
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        async with aiosqlite.connect(partial) as copy:
            async with self._lock:
                await self._conn.backup(copy)
            await queries.check_integrity(copy)
        os.replace(partial, target)
        return target
