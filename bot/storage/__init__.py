"""Storage: SQLite (one file, aiosqlite, WAL) or PostgreSQL (asyncpg, a pool), the same
numbered SQL migrations, all SQL in queries."""

from bot.storage.base import Database, parse_stamp, stamp
from bot.storage.conn import Conn, IntegrityError, Row
from bot.storage.db import DEFAULT_PATH, open_database
from bot.storage.migrations import Migration, available_migrations

__all__ = [
    "DEFAULT_PATH",
    "Conn",
    "Database",
    "IntegrityError",
    "Migration",
    "Row",
    "available_migrations",
    "open_database",
    "parse_stamp",
    "stamp",
]
