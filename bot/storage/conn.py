"""One connection interface over SQLite and PostgreSQL: :class:`Conn`.

Every query in ``queries`` is written once, with ``?`` placeholders, as an ``async``
function over a ``Conn``. The differences between the two databases live here and in
``postgres`` (numbered ``$1`` placeholders, row counts from status strings, errors) and
in :class:`Dialect` (the few SQL fragments that must be spelled differently); nothing
else asks which database it talks to.

SQLite has two connections: :class:`SqliteConn` runs each statement at once on the plain
``sqlite3.Connection`` in the database's own thread (the hot path: a whole transaction in
one hand-over, see ``sqlite.run_batch``), and :class:`AioSqliteConn` sends each statement
to that thread from the event loop (``transaction()`` and ``read()``, whose callers await
other things between statements). A ``SqliteConn`` method never suspends, so a transaction
written as a coroutine runs to its end inside the thread with :func:`drive`.
"""

from __future__ import annotations

import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import aiosqlite

T = TypeVar("T")
Params = Sequence[Any]


class IntegrityError(Exception):
    """A constraint refused a write (a unique index, a foreign key, a check), in either
    database; ``unique``: a unique index or primary key. In PostgreSQL the transaction is
    unusable afterwards unless the statement ran inside :meth:`Conn.savepoint`."""

    def __init__(self, message: str, *, unique: bool) -> None:
        super().__init__(message)
        self.unique = unique


# SQLite's extended result codes of a unique index and a primary key refusing a row.
SQLITE_UNIQUE = (2067, 1555)


def sqlite_integrity(error: sqlite3.IntegrityError) -> IntegrityError:
    code = getattr(error, "sqlite_errorcode", None)
    return IntegrityError(str(error), unique=code in SQLITE_UNIQUE)


class Row(Protocol):
    """A result row: by column name or position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Any]: ...

    def keys(self) -> Iterable[str]: ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """The SQL fragments that differ between the two databases."""

    name: str
    # A correlated subquery over ``games``: the game's seats as JSON text, a list of
    # [seat, user_id, role] in seat order ('[]' for none).
    seat_list: str
    # Every table of the schema, one name per row, ordered by name.
    table_names: str
    # After a SELECT of games to claim (``queries.claim_due_jobs``): lock the rows it picks
    # and pass over rows another transaction holds (SQLite: its one writer holds them all).
    skip_locked: str
    # A correlated subquery over ``games``: the game's log (``game_log``) as JSON text, one
    # array of its entries in order ('[]' for none). The entries are joined as text, never
    # parsed by the database.
    log_list: str


SQLITE = Dialect(
    name="sqlite",
    seat_list=(
        "(SELECT json_group_array(json_array(seat, user_id, role)) FROM (SELECT seat,"
        " user_id, role FROM seats WHERE game_id = games.id ORDER BY seat))"
    ),
    table_names="SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    skip_locked="",
    log_list=(
        "(SELECT '[' || COALESCE(group_concat(entry, ','), '') || ']' FROM (SELECT entry"
        " FROM game_log WHERE game_id = games.id ORDER BY idx))"
    ),
)
POSTGRESQL = Dialect(
    name="postgresql",
    seat_list=(
        "(SELECT COALESCE(json_agg(json_build_array(seat, user_id, role) ORDER BY seat),"
        " '[]')::text FROM seats WHERE game_id = games.id)"
    ),
    table_names=(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
    ),
    skip_locked=" FOR UPDATE OF g SKIP LOCKED",
    log_list=(
        "(SELECT '[' || COALESCE(string_agg(entry, ',' ORDER BY idx), '') || ']' FROM game_log"
        " WHERE game_id = games.id)"
    ),
)


class Conn(ABC):
    """An open connection, inside a transaction or not (the caller decides)."""

    dialect: Dialect

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement once per parameter row."""

    @abstractmethod
    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query."""

    async def fetchrow(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query, or None."""
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def script(self, sql: str) -> None:
        """A whole migration file (several statements, no parameters)."""

    @abstractmethod
    def savepoint(self) -> AbstractAsyncContextManager[None]:
        """A nested transaction: an exception inside rolls back only what it did."""


def drive(step: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never suspends (it awaits only :class:`SqliteConn` methods) to
    its end, outside any event loop: how a transaction runs in SQLite's thread."""
    try:
        step.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    step.close()
    raise RuntimeError("a SQLite transaction awaited something other than its connection")


def statements(sql: str) -> list[str]:
    """Split a SQLite migration file into complete statements (triggers included)."""
    result: list[str] = []
    current: list[str] = []
    for line in sql.splitlines(keepends=True):
        if not current and (not line.strip() or line.strip().startswith("--")):
            continue
        current.append(line)
        text = "".join(current)
        if sqlite3.complete_statement(text):
            result.append(text.strip())
            current = []
    if "".join(current).strip():
        raise RuntimeError(f"incomplete SQL statement at the end: {''.join(current)[:80]!r}")
    return result


class SqliteConn(Conn):
    """The plain ``sqlite3.Connection``, in its own thread: every method runs at once."""

    dialect = SQLITE

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    def _cursor(self, sql: str, params: Params) -> sqlite3.Cursor:
        try:
            return self.raw.execute(sql, params)
        except sqlite3.IntegrityError as error:
            raise sqlite_integrity(error) from error

    async def execute(self, sql: str, params: Params = ()) -> int:
        return self._cursor(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            self.raw.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise sqlite_integrity(error) from error

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        rows: list[Row] = self._cursor(sql, params).fetchall()
        return rows

    async def fetchrow(self, sql: str, params: Params = ()) -> Row | None:
        row: Row | None = self._cursor(sql, params).fetchone()
        return row

    async def script(self, sql: str) -> None:
        for statement in statements(sql):
            self._cursor(statement, ())

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        self.raw.execute("SAVEPOINT nested")
        try:
            yield
        except BaseException:
            self.raw.execute("ROLLBACK TO nested")
            self.raw.execute("RELEASE nested")
            raise
        self.raw.execute("RELEASE nested")


async def in_thread(
    conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any, **kwargs: Any
) -> T:
    """Run ``fn(sqlite3_connection, *args, **kwargs)`` in aiosqlite's connection thread.

    aiosqlite serialises every call on one thread that owns the ``sqlite3.Connection``;
    ``_execute`` and ``_conn`` are how its own methods do it (tested in
    tests/storage/test_database.py, so an aiosqlite change that breaks this is caught).
    """
    result: T = await conn._execute(  # type: ignore[no-untyped-call]
        lambda: fn(conn._conn, *args, **kwargs))
    return result


def _in_thread_call(raw: sqlite3.Connection, step: Callable[[SqliteConn], Coroutine[Any, Any, T]]
                    ) -> T:
    return drive(step(SqliteConn(raw)))


class AioSqliteConn(Conn):
    """An aiosqlite connection: each statement is sent to the database thread and run there
    by a :class:`SqliteConn`, so both behave alike."""

    dialect = SQLITE

    def __init__(self, aio: aiosqlite.Connection) -> None:
        self.aio = aio

    async def _call(self, step: Callable[[SqliteConn], Coroutine[Any, Any, T]]) -> T:
        return await in_thread(self.aio, _in_thread_call, step)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return await self._call(lambda c: c.execute(sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._call(lambda c: c.executemany(sql, rows))

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._call(lambda c: c.fetch(sql, params))

    async def script(self, sql: str) -> None:
        await self._call(lambda c: c.script(sql))

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        await self.execute("SAVEPOINT nested")
        try:
            yield
        except BaseException:
            await self.execute("ROLLBACK TO nested")
            await self.execute("RELEASE nested")
            raise
        await self.execute("RELEASE nested")
