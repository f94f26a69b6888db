"""Copy a SQLite database into an empty PostgreSQL database (``python -m bot copy``).

The source is opened as the bot opens it (migrated to the current schema first, with its
usual backup), the target too (the same migrations in PostgreSQL's form); then every
table is copied row by row, ids included, in one transaction holding the write lock: a
copy that fails leaves the target empty. A target that already holds any row is refused.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from bot.errors import StorageError
from bot.storage import queries
from bot.storage.postgres import PostgresDatabase, describe
from bot.storage.sqlite import SqliteDatabase

BATCH = 1000  # rows per executemany


@dataclass(frozen=True)
class Copied:
    tables: dict[str, int]  # table -> rows copied

    @property
    def rows(self) -> int:
        return sum(self.tables.values())


async def copy_to_postgresql(source: str | os.PathLike[str], url: str) -> Copied:
    """Copy every table of the SQLite file ``source`` into the PostgreSQL database ``url``.
    Raises ``StorageError`` (one line) when either cannot be opened or the target is not
    empty."""
    sqlite = await SqliteDatabase.open(source)
    try:
        postgres = await PostgresDatabase.open(url)
        try:
            if await sqlite.schema_version() != await postgres.schema_version():
                raise StorageError("the two databases have different schema versions")
            return await _copy(sqlite, postgres, describe(url))
        finally:
            await postgres.close()
    finally:
        await sqlite.close()


async def _copy(sqlite: SqliteDatabase, postgres: PostgresDatabase, where: str) -> Copied:
    counts: dict[str, int] = {}
    async with postgres.transaction() as target:
        for table in queries.COPIED_TABLES:
            if await queries.count_rows(target, table):
                raise StorageError(f"{where} already holds data (table {table}): copy into "
                                   "an empty database")
        for table in queries.COPIED_TABLES:
            async with sqlite.read() as source:
                rows = await queries.table_rows(source, table)
            counts[table] = len(rows)
            if not rows:
                continue
            columns = list(rows[0].keys())
            for start in range(0, len(rows), BATCH):
                await queries.insert_rows(target, table, columns,
                                          [tuple(row) for row in rows[start:start + BATCH]])
        for table in queries.COPIED_WITH_IDS:
            await queries.restart_ids(target, table)
    return Copied(counts)
