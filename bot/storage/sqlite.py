"""SQLite storage: one aiosqlite connection, explicit transactions under a lock.

SQLite runs in WAL mode with ``synchronous=NORMAL`` (durable at every checkpoint, fast
commits), ``busy_timeout=5000`` so that another process holding the write lock makes us
wait rather than fail, and foreign keys on. The connection is in autocommit mode; every
write goes through :meth:`Database.transaction`, which issues ``BEGIN IMMEDIATE`` (take
the write lock up front, so two writers never deadlock upgrading a read lock) and
commits, or rolls back on any exception. An ``asyncio.Lock`` keeps coroutines sharing
the connection from interleaving their statements inside someone else's transaction.

The hot path (load a game, commit an action) goes through :meth:`Database.run` and
:meth:`Database.fetch`: plain functions over the ``sqlite3.Connection``, queued and run
in batches, one hand-over to the database thread per batch. Idle, a batch holds one
call; with 200 games playing at once, dozens of loads and commits share one thread
switch, and the thread switch (not SQLite) is what limits a single connection.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.errors import StorageError, StorageFull
from bot.storage import migrations, queries
from bot.storage.base import Database, Step
from bot.storage.conn import SQLITE, AioSqliteConn, Conn, SqliteConn, drive, in_thread

T = TypeVar("T")

log = logging.getLogger("strategos.storage")

DEFAULT_PATH = Path("data") / "strategos.db"


@dataclass(slots=True)
class Call:
    """A queued database call and the future its caller awaits."""

    step: Step[Any]
    write: bool
    future: asyncio.Future[Any]


def run_batch(raw: sqlite3.Connection, batch: list[Call]) -> list[tuple[bool, Any]]:
    """In the database thread: the batch's calls in order, as one group commit.

    Writes share one ``BEGIN IMMEDIATE`` … ``COMMIT`` (one commit for the batch, which is
    most of a small transaction's cost), each inside its own savepoint, so a call that
    fails rolls back only itself. Nobody hears back before the commit: if it fails, every
    write of the batch fails with it. Returns (ok, result or exception) per call.
    """
    outcomes: list[tuple[bool, Any]] = []
    began = False
    conn = SqliteConn(raw)
    for call in batch:
        try:
            if call.write:
                if not began:
                    queries.begin_immediate_sync(raw)
                    began = True
                raw.execute("SAVEPOINT call")
                try:
                    result = drive(call.step(conn))
                except BaseException:
                    raw.execute("ROLLBACK TO call")
                    raw.execute("RELEASE call")
                    raise
                raw.execute("RELEASE call")
            else:
                result = drive(call.step(conn))
        except Exception as error:
            outcomes.append((False, error))
        else:
            outcomes.append((True, result))
    if began:
        try:
            queries.commit_sync(raw)
        except Exception as error:
            queries.rollback_sync(raw)
            outcomes = [
                (False, error) if call.write else outcome
                for call, outcome in zip(batch, outcomes, strict=True)
            ]
    return outcomes


def friendly(error: BaseException) -> BaseException:
    """A full disk as the player-readable ``StorageFull``; any other error as it is."""
    if isinstance(error, sqlite3.OperationalError) and (
            getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL):
        full = StorageFull()
        full.__cause__ = error
        return full
    return error


def damaged(error: sqlite3.DatabaseError) -> bool:
    """The file is not a database, or a damaged one (not a bug in a statement)."""
    return getattr(error, "sqlite_errorcode", None) in (sqlite3.SQLITE_CORRUPT,
                                                         sqlite3.SQLITE_NOTADB)


# How long an empty database file may stay empty before it is refused: another process
# starting at the same moment creates the file empty and writes its header at once.
EMPTY_GRACE_SECONDS = 3.0


def _empty(target: Path) -> bool:
    return target.exists() and target.stat().st_size == 0


async def check_file(target: Path, allow_empty: bool) -> None:
    """Refuse, in one sentence, a database path that is a folder or an empty file (an empty
    file would silently start with no games: a restore gone wrong, a full disk). A file
    that another process has just created fills within the grace period and is accepted."""
    if target.is_dir():
        raise StorageError(f"{target} is a folder, not a database file: set STRATEGOS_DATABASE "
                           "to a file path.")
    waited = 0.0
    while _empty(target) and not allow_empty and waited < EMPTY_GRACE_SECONDS:
        await asyncio.sleep(0.05)
        waited += 0.05
    if _empty(target) and not allow_empty:
        raise StorageError(
            f"{target} is an empty file (0 bytes), not a Strategos database. If it is meant to "
            "be new, delete it; if your games were in it, restore a backup. "
            "(STRATEGOS_ALLOW_EMPTY_DATABASE=1 starts from it anyway.)")


class SqliteDatabase(Database):
    """One SQLite database file. Open with :meth:`open`, close with :meth:`close`."""

    dialect = SQLITE

    def __init__(self, path: Path, conn: aiosqlite.Connection) -> None:
        self.path = path
        self._conn = conn
        self._lock = asyncio.Lock()
        self._queue: list[Call] = []
        self._pump: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        migrate: bool = True,
        migrations_dir: Path | None = None,
        allow_empty: bool = False,
    ) -> SqliteDatabase:
        """Open (creating the file and its folder if needed) and bring the schema up to date.

        A file that cannot be a Strategos database raises ``StorageError`` with one sentence
        (``check_file``; a damaged file; a schema newer than this code)."""
        target = Path(path)
        await check_file(target, allow_empty)
        target.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(target, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            await queries.configure(conn)
        except sqlite3.DatabaseError as error:
            await conn.close()
            if not damaged(error):
                raise
            raise StorageError(f"{target} is not a readable Strategos database ({error}): "
                               "restore a backup, or move it away to start anew.") from error
        except BaseException:
            await conn.close()
            raise
        db = cls(target, conn)
        if migrate:
            try:
                await db.back_up_before_migrating(migrations_dir)
                await db.migrate(migrations_dir)
            except sqlite3.DatabaseError as error:
                await db.close()
                if not damaged(error):
                    raise
                raise StorageError(f"{target} is damaged ({error}): restore a backup."
                                   ) from error
            except RuntimeError as error:
                await db.close()
                raise StorageError(f"{target}: {error}.") from error
            except BaseException:
                await db.close()
                raise
        return db

    def backup_path(self, version: int) -> Path:
        """Where the copy taken before migrating a database at ``version`` goes: next to
        it, e.g. ``strategos.schema-v5.backup.db``."""
        return self.path.with_name(f"{self.path.stem}.schema-v{version}.backup{self.path.suffix}")

    async def back_up_before_migrating(self, directory: Path | None = None) -> Path | None:
        """Copy the database (SQLite's online backup) if migrations are pending and it holds
        a schema already: a migration that goes wrong in a way SQLite cannot roll back (a
        bug in its data changes) then still has the data from before. A new, empty database
        is not copied. Returns the copy's path, or None."""
        current = await self.schema_version()
        latest = max((m.version for m in migrations.available_migrations(directory)),
                     default=0)
        if current == 0 or current >= latest:
            return None
        target = self.backup_path(current)
        try:
            await self.backup(target)
        except (sqlite3.Error, OSError) as error:
            raise RuntimeError(f"could not back up {self.path} to {target} before migrating "
                               f"it ({error}); nothing was changed") from error
        log.info("Backed up %s (schema version %d) to %s before migrating it to version %d",
                 self.path, current, target, latest)
        return target

    async def close(self) -> None:
        if self._pump is not None and not self._pump.done():
            await asyncio.wait([self._pump])  # calls already queued are still run
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception rolls everything back."""
        async with self._lock:
            await queries.begin_immediate(self._conn)
            try:
                yield AioSqliteConn(self._conn)
            except BaseException as error:
                await queries.rollback(self._conn)
                raised = friendly(error)
                if raised is error:
                    raise
                raise raised from error
            try:
                await queries.commit(self._conn)
            except sqlite3.OperationalError as error:
                await queries.rollback(self._conn)
                raise friendly(error) from error

    async def run(self, step: Step[T]) -> T:
        """One whole write transaction, run in the database thread in one go.

        ``step`` gets a :class:`SqliteConn` over the plain ``sqlite3.Connection`` (it
        awaits only ``queries`` functions with it, which never suspend) and runs inside
        ``BEGIN IMMEDIATE`` … ``COMMIT``; an exception rolls everything back and is raised
        here. This is the hot path of every action.
        """
        return await self._submit(step, write=True)

    async def fetch(self, step: Step[T]) -> T:
        """Reads by ``step``, in the database thread (batched)."""
        return await self._submit(step, write=False)

    async def _submit(self, step: Step[T], write: bool) -> T:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append(Call(step, write, future))
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        """Run queued calls, a batch per hand-over, until the queue is empty."""
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                async with self._lock:
                    outcomes = await in_thread(self._conn, run_batch, batch)
            except asyncio.CancelledError:
                for call in batch:
                    call.future.cancel()
                raise
            except Exception as error:  # the connection itself failed
                for call in batch:
                    if not call.future.done():
                        call.future.set_exception(error)
                continue
            for call, (ok, value) in zip(batch, outcomes, strict=True):
                if call.future.done():  # its caller stopped waiting
                    continue
                if ok:
                    call.future.set_result(value)
                else:
                    call.future.set_exception(friendly(value))

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        """The connection for reads, never in the middle of another coroutine's transaction."""
        async with self._lock:
            yield AioSqliteConn(self._conn)

    async def backup(self, path: str | os.PathLike[str]) -> Path:
        """Copy the live database to ``path`` with SQLite's online backup, atomically.

        The copy is written next to the target and renamed into place, so a reader never
        sees half a backup. Writers wait only while the pages are copied.
        """
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        # One name per call: two backups to one target at once (two starts migrating the
        # same old database) each write a whole copy, and the last rename wins.
        partial = target.with_name(f"{target.name}.{secrets.token_hex(4)}.partial")
        try:
            async with aiosqlite.connect(partial) as copy:
                async with self._lock:
                    await self._conn.backup(copy)
                await queries.check_integrity(copy)
            os.replace(partial, target)
        except BaseException:
            partial.unlink(missing_ok=True)  # no half copy left behind
            raise
        return target
