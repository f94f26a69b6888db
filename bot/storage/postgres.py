"""PostgreSQL storage: a pool of asyncpg connections (``STRATEGOS_DATABASE`` a
``postgresql://`` URL).

Every write transaction first takes one transaction-scoped advisory lock
(``queries.WRITE_LOCK``), so writes run one at a time across every process, as SQLite's
``BEGIN IMMEDIATE`` makes them: a version-checked action sees exactly the game it read,
and of two simultaneous actions on a game exactly one applies. Migrations take the same
lock, so several processes starting together apply each file once. Reads run on their
own pooled connections, beside the writer.

Errors keep the player-facing sentences of SQLite's: a full disk is ``StorageFull``, a
server that cannot be reached is ``StorageUnreachable`` during play and a one-line
``StorageError`` at start-up.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.errors import StorageError, StorageFull, StorageUnreachable
from bot.storage import queries
from bot.storage.base import Database, Step
from bot.storage.conn import POSTGRESQL, Conn, IntegrityError, Params, Row

T = TypeVar("T")

log = logging.getLogger("strategos.storage")

SCHEMES = ("postgresql://", "postgres://")
POOL_SIZE = 10  # connections per process: reads run beside the one writer
CONNECT_TIMEOUT = 10.0  # seconds to reach the server before giving up
PG_DUMP_HINT = (
    "a PostgreSQL database is backed up with PostgreSQL's own tools, while the bot runs: "
    "pg_dump --format=custom --file=strategos.dump \"$STRATEGOS_DATABASE\" (restore into an "
    "empty database with pg_restore --dbname=\"$STRATEGOS_DATABASE\" strategos.dump)"
)


def is_postgresql(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(SCHEMES)


def describe(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


_MARK = re.compile(r"'(?:[^']|'')*'|\?")


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (not inside quoted strings)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match[0] != "?":
            return match[0]
        count += 1
        return f"${count}"

    return _MARK.sub(number, sql)


def _rowcount(status: str) -> int:
    """The rows a command changed, from its status ("UPDATE 1", "INSERT 0 3")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


# A server that is gone, or a connection it dropped: asyncpg may notice the drop only
# half-way through its next operation (InternalClientError: its protocol in two states).
UNREACHABLE = (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError,
               asyncpg.CannotConnectNowError, asyncpg.AdminShutdownError,
               asyncpg.InternalClientError, TimeoutError)


@contextmanager
def _mapped() -> Iterator[None]:
    """The errors a player may see as sentences: full, unreachable, and constraints."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        unique = isinstance(error, asyncpg.UniqueViolationError)
        raise IntegrityError(str(error), unique=unique) from error
    except asyncpg.DiskFullError as error:
        raise StorageFull() from error
    except UNREACHABLE as error:
        raise StorageUnreachable() from error


class PgConn(Conn):
    """One asyncpg connection."""

    dialect = POSTGRESQL

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Params = ()) -> int:
        with _mapped():
            status: str = await self.raw.execute(numbered(sql), *params)
        return _rowcount(status)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        listed = [tuple(row) for row in rows]
        if not listed:
            return
        with _mapped():
            await self.raw.executemany(numbered(sql), listed)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        with _mapped():
            rows: list[Row] = await self.raw.fetch(numbered(sql), *params)
        return rows

    async def fetchrow(self, sql: str, params: Params = ()) -> Row | None:
        with _mapped():
            row: Row | None = await self.raw.fetchrow(numbered(sql), *params)
        return row

    async def script(self, sql: str) -> None:
        with _mapped():
            await self.raw.execute(sql)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        async with self.raw.transaction():
            yield


class PostgresDatabase(Database):
    """A PostgreSQL database. Open with :meth:`open`, close with :meth:`close`."""

    dialect = POSTGRESQL

    def __init__(self, url: str, pool: Any) -> None:
        self.url = url
        self._pool = pool

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True,
                   migrations_dir: Path | None = None) -> PostgresDatabase:
        """Connect (a pool) and bring the schema up to date. A server that cannot be
        reached, refuses us, or holds a newer schema raises ``StorageError``, one line."""
        where = describe(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE,
                                             timeout=CONNECT_TIMEOUT)
        except (*UNREACHABLE, asyncpg.PostgresError, ValueError) as error:
            raise StorageError(f"cannot connect to the PostgreSQL database {where} ({error}): "
                               "check STRATEGOS_DATABASE and that the server runs.") from error
        db = cls(url, pool)
        if migrate:
            try:
                await db.migrate(migrations_dir)
            except RuntimeError as error:
                await db.close()
                raise StorageError(f"{where}: {error}.") from error
            except StorageUnreachable as error:
                await db.close()
                raise StorageError(f"lost the PostgreSQL database {where} while migrating "
                                   f"it ({error.__cause__}); nothing was changed.") from error
            except BaseException:
                await db.close()
                raise
        return db

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        """A pooled connection; only the database's own errors are mapped, not the
        caller's."""
        with _mapped():
            raw = await self._pool.acquire()
        try:
            yield raw
        finally:
            await self._pool.release(raw)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        """A transaction holding the write lock; any exception rolls everything back."""
        async with self._connection() as raw:
            started = raw.transaction()
            with _mapped():
                await started.start()
            try:
                conn = PgConn(raw)
                await queries.advisory_lock(conn, queries.WRITE_LOCK)
                yield conn
            except BaseException:
                with suppress(*UNREACHABLE):  # a lost connection took its transaction along
                    await started.rollback()
                raise
            with _mapped():
                await started.commit()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        async with self._connection() as raw:
            yield PgConn(raw)

    async def run(self, step: Step[T]) -> T:
        async with self.transaction() as conn:
            return await step(conn)

    async def fetch(self, step: Step[T]) -> T:
        async with self.read() as conn:
            return await step(conn)

    async def backup(self, path: str | os.PathLike[str]) -> Path:
        raise StorageError(f"nothing was written to {path}: {PG_DUMP_HINT}.")

    async def close(self) -> None:
        await self._pool.close()
