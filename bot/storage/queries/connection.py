"""The statements that manage a connection itself: SQLite's pragmas, transactions and
integrity check, PostgreSQL's advisory locks and identity restarts."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import aiosqlite

from bot.storage.conn import Conn


def begin_immediate_sync(raw: sqlite3.Connection) -> None:
    raw.execute("BEGIN IMMEDIATE")


def commit_sync(raw: sqlite3.Connection) -> None:
    raw.execute("COMMIT")


def rollback_sync(raw: sqlite3.Connection) -> None:
    if raw.in_transaction:
        raw.execute("ROLLBACK")


PRAGMAS = (
    "PRAGMA busy_timeout = 5000",  # first: switching to WAL may wait for another process
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)


async def configure(conn: aiosqlite.Connection) -> None:
    """Set the pragmas. Switching a new file to WAL needs a moment alone with it and SQLite
    answers "locked" at once (without the busy timeout) if another process is doing the
    same, so that step is retried for up to about five seconds."""
    for pragma in PRAGMAS:
        for attempt in range(50):
            try:
                await conn.execute(pragma)
                break
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or attempt == 49:
                    raise
                await asyncio.sleep(0.01 * (attempt + 1) if attempt < 10 else 0.1)


async def pragma(conn: aiosqlite.Connection, name: str) -> Any:
    if not name.isidentifier():
        raise ValueError(f"not a pragma name: {name!r}")
    rows = list(await conn.execute_fetchall(f"PRAGMA {name}"))
    row = rows[0] if rows else None
    return None if row is None else row[0]


async def begin_immediate(conn: aiosqlite.Connection) -> None:
    await conn.execute("BEGIN IMMEDIATE")


async def commit(conn: aiosqlite.Connection) -> None:
    await conn.execute("COMMIT")


async def rollback(conn: aiosqlite.Connection) -> None:
    if conn.in_transaction:
        await conn.execute("ROLLBACK")


async def check_integrity(conn: aiosqlite.Connection) -> None:
    rows = list(await conn.execute_fetchall("PRAGMA integrity_check"))
    row = rows[0] if rows else None
    if row is None or row[0] != "ok":
        raise RuntimeError(f"database integrity check failed: {row[0] if row else 'no answer'}")


# Keys of the transaction-scoped advisory locks (any two fixed numbers, one per purpose).
WRITE_LOCK = 0x5354524154  # every write transaction: one writer at a time, as in SQLite
MIGRATION_LOCK = 0x5354524155  # applying migrations: one process at a time


async def advisory_lock(conn: Conn, key: int) -> None:
    """Wait for the advisory lock ``key`` and hold it until the transaction ends."""
    await conn.execute("SELECT pg_advisory_xact_lock(?)", (key,))


async def restart_ids(conn: Conn, table: str) -> None:
    """After rows were copied in with their ids: the table's next id follows its largest."""
    await conn.execute(
        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
        f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
    )
