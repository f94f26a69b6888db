"""Storage: one SQLite file (aiosqlite, WAL), numbered SQL migrations, all SQL in queries."""

from bot.storage.db import DEFAULT_PATH, Database, parse_stamp, stamp
from bot.storage.migrations import Migration, available_migrations

__all__ = [
    "DEFAULT_PATH",
    "Database",
    "Migration",
    "available_migrations",
    "parse_stamp",
    "stamp",
]
