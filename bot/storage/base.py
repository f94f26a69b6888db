"""What the service uses of a database, whichever it is: :class:`Database`.

Two implementations: ``sqlite.SqliteDatabase`` (one file, one connection, writes batched
in its thread) and ``postgres.PostgresDatabase`` (a server, a pool of connections);
``db.open_database`` picks one from ``STRATEGOS_DATABASE``. Both run every write
transaction alone (SQLite's ``BEGIN IMMEDIATE``, a PostgreSQL advisory lock), so a
version-checked write sees exactly the game it read.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from bot.storage import migrations
from bot.storage.conn import Conn, Dialect

T = TypeVar("T")
Step = Callable[[Conn], Coroutine[Any, Any, T]]

STAMP = "%Y-%m-%d %H:%M:%S.%f"


def stamp(moment: datetime) -> str:
    """A UTC timestamp as stored: fixed width, so that text order is time order."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime(STAMP)


def parse_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)  # the stamp format is ISO 8601


class Database(ABC):
    """An open database. Close with :meth:`close` (or ``async with``)."""

    dialect: Dialect

    @abstractmethod
    async def run(self, step: Step[T]) -> T:
        """One whole write transaction: ``step(conn)`` inside it, committed when it returns,
        rolled back (and the exception raised here) when it raises. In SQLite ``step`` runs
        in the database thread and must await nothing but ``conn`` (``queries`` only)."""

    @abstractmethod
    async def fetch(self, step: Step[T]) -> T:
        """Reads by ``step(conn)`` (the same rules as :meth:`run`, no transaction)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Conn]:
        """A write transaction the caller fills statement by statement; any exception rolls
        everything back."""

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Conn]:
        """A connection for reads, never in the middle of someone else's transaction."""

    @abstractmethod
    async def backup(self, path: str | os.PathLike[str]) -> Path:
        """Copy the live database to ``path`` (SQLite); PostgreSQL explains pg_dump."""

    @abstractmethod
    async def close(self) -> None: ...

    async def migrate(self, directory: Path | None = None) -> list[int]:
        """Apply every pending migration (``migrations/NNNN_name.sql``, in this database's
        form) in one write transaction, after re-reading what is applied: each file exactly
        once, even from several processes at once; a failing file leaves the database as
        it was. Returns the versions applied."""
        async with self.transaction() as conn:
            return await migrations.apply_pending(conn, directory)

    async def schema_version(self) -> int:
        async with self.read() as conn:
            return await migrations.applied_version(conn)

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
