"""Opening the database ``STRATEGOS_DATABASE`` names: a file path is SQLite, a
``postgresql://`` URL is PostgreSQL."""

from __future__ import annotations

import os
from pathlib import Path

from bot.storage.base import Database, parse_stamp, stamp
from bot.storage.postgres import PostgresDatabase, is_postgresql
from bot.storage.sqlite import DEFAULT_PATH, SqliteDatabase

__all__ = ["DEFAULT_PATH", "Database", "open_database", "parse_stamp", "stamp"]


async def open_database(
    target: str | os.PathLike[str] = DEFAULT_PATH,
    *,
    migrate: bool = True,
    migrations_dir: Path | None = None,
    allow_empty: bool = False,
) -> Database:
    """Open the database and bring its schema up to date. Anything that keeps it from
    being a usable Strategos database raises ``StorageError`` with one sentence.
    ``allow_empty`` (SQLite): start from an empty file instead of refusing it."""
    if is_postgresql(target):
        return await PostgresDatabase.open(str(target), migrate=migrate,
                                           migrations_dir=migrations_dir)
    return await SqliteDatabase.open(target, migrate=migrate, migrations_dir=migrations_dir,
                                     allow_empty=allow_empty)
