"""Numbered SQL migrations (``migrations/NNNN_name.sql``), applied in order at start-up.

Each applied file is recorded in ``schema_migrations``. All pending files are applied in
one ``BEGIN IMMEDIATE`` transaction after re-reading what is already applied, so running
twice, or from two processes at once, applies every file exactly once; a file that fails
leaves the database as it was.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite
from pydantic import BaseModel

from bot.storage import queries

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class Migration(BaseModel):
    version: int
    name: str
    sql: str


def available_migrations(directory: Path | None = None) -> list[Migration]:
    folder = directory or MIGRATIONS_DIR
    found: list[Migration] = []
    for path in sorted(folder.glob("*.sql")):
        match = FILE_NAME.match(path.name)
        if match is None:
            raise RuntimeError(f"migration file {path.name} is not named NNNN_name.sql")
        found.append(
            Migration(version=int(match[1]), name=match[2], sql=path.read_text(encoding="utf-8"))
        )
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3 … without gaps: {versions}")
    return found


def statements(sql: str) -> list[str]:
    """Split a migration file into complete statements (triggers included)."""
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


async def apply_pending(conn: aiosqlite.Connection, directory: Path | None = None) -> list[int]:
    """Apply every pending migration on ``conn``, inside the caller's ``BEGIN IMMEDIATE``
    transaction (``Database.migrate``); returns the versions applied now."""
    pending_all = available_migrations(directory)
    await queries.ensure_migrations_table(conn)
    applied = await queries.applied_migrations(conn)
    unknown = set(applied) - {m.version for m in pending_all}
    if unknown:
        raise RuntimeError(
            f"the database has schema version(s) {sorted(unknown)} that this code does not"
            " know; it was written by a newer Strategos"
        )
    now = datetime.now(UTC).isoformat()
    done: list[int] = []
    for migration in pending_all:
        if migration.version in applied:
            continue
        for statement in statements(migration.sql):
            await queries.run_migration_statement(conn, statement)
        await queries.record_migration(conn, migration.version, migration.name, now)
        done.append(migration.version)
    return done


async def applied_version(conn: aiosqlite.Connection) -> int:
    """The newest migration applied to the database (0 for an empty one)."""
    await queries.ensure_migrations_table(conn)
    return max(await queries.applied_migrations(conn), default=0)
