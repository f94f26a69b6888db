"""The schema's own bookkeeping: which migrations are applied, the tables there are, and
whole tables read and written (``python -m bot copy``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.storage.conn import Conn, Row

# Every table of the schema but schema_migrations, each after the tables it refers to; the
# tables with an identity column ``id`` are in ``COPIED_WITH_IDS``.
COPIED_TABLES = (
    "guild_settings", "user_settings", "games", "job_claims", "seats", "actions", "game_log",
    "results", "ratings", "boards", "command_sync", "rating_model", "side_ratings",
    "sent_reminders", "held_dms", "hand_overs",
)
COPIED_WITH_IDS = ("games", "held_dms")


async def table_rows(conn: Conn, table: str) -> list[Row]:
    """Every row of one of ``COPIED_TABLES``, by its first column (a game before its
    rematches)."""
    if table not in COPIED_TABLES:
        raise ValueError(f"not a copied table: {table!r}")
    return await conn.fetch(f"SELECT * FROM {table} ORDER BY 1")


async def insert_rows(conn: Conn, table: str, columns: Sequence[str],
                      rows: Iterable[Sequence[Any]]) -> None:
    if table not in COPIED_TABLES or not all(c.isidentifier() for c in columns):
        raise ValueError(f"not a copied table or its columns: {table!r} {columns!r}")
    await conn.executemany(
        f"INSERT INTO {table} ({', '.join(columns)})"
        f" VALUES ({', '.join('?' for _ in columns)})", rows,
    )


async def count_rows(conn: Conn, table: str) -> int:
    if table not in COPIED_TABLES:
        raise ValueError(f"not a copied table: {table!r}")
    row = await conn.fetchrow(f"SELECT COUNT(*) FROM {table}")
    assert row is not None
    return int(row[0])


async def ensure_migrations_table(conn: Conn) -> None:
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )


async def applied_migrations(conn: Conn) -> dict[int, str]:
    rows = await conn.fetch("SELECT version, name FROM schema_migrations")
    return {int(r[0]): str(r[1]) for r in rows}


async def run_migration(conn: Conn, sql: str) -> None:
    """A migration file's statements (the file's text is the SQL)."""
    await conn.script(sql)


async def record_migration(
    conn: Conn, version: int, name: str, at: str
) -> None:
    await conn.execute(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        (version, name, at),
    )


async def table_names(conn: Conn) -> list[str]:
    rows = await conn.fetch(conn.dialect.table_names)
    return [str(r[0]) for r in rows]
