"""Numbered SQL migrations (``migrations/NNNN_name.sql``), applied in order at start-up.

Each applied file is recorded in ``schema_migrations``. All pending files are applied in
one write transaction (SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's write lock) after
re-reading what is already applied, so running twice, or from several processes at once,
applies every file exactly once; a file that fails leaves the database as it was.

A file is written for SQLite. Where PostgreSQL needs other SQL (its types, identity
columns, triggers), ``migrations/postgresql/`` holds the same file, same number and name,
in PostgreSQL's form; the files without one there are the same in both.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel

from bot.storage import queries
from bot.storage.conn import Conn, Dialect

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class Migration(BaseModel):
    version: int
    name: str
    sql: str


def available_migrations(directory: Path | None = None, dialect: Dialect | None = None
                         ) -> list[Migration]:
    """The migrations in ``directory`` (default ``migrations/``), each in ``dialect``'s form
    (default SQLite's): its own subfolder's file where there is one."""
    folder = directory or MIGRATIONS_DIR
    own = folder / dialect.name if dialect is not None else None
    found: list[Migration] = []
    for path in sorted(folder.glob("*.sql")):
        match = FILE_NAME.match(path.name)
        if match is None:
            raise RuntimeError(f"migration file {path.name} is not named NNNN_name.sql")
        source = own / path.name if own is not None and (own / path.name).is_file() else path
        found.append(
            Migration(version=int(match[1]), name=match[2],
                      sql=source.read_text(encoding="utf-8"))
        )
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3 … without gaps: {versions}")
    if own is not None and own.is_dir():
        strays = sorted(p.name for p in own.glob("*.sql") if not (folder / p.name).is_file())
        if strays:
            raise RuntimeError(f"{own.name} migrations without a matching file in {folder}: "
                               f"{strays}")
    return found


async def apply_pending(conn: Conn, directory: Path | None = None) -> list[int]:
    """Apply every pending migration on ``conn``, inside the caller's write transaction
    (``Database.migrate``); returns the versions applied now."""
    pending_all = available_migrations(directory, conn.dialect)
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
        await queries.run_migration(conn, migration.sql)
        await queries.record_migration(conn, migration.version, migration.name, now)
        done.append(migration.version)
    return done


async def applied_version(conn: Conn) -> int:
    """The newest migration applied to the database (0 for an empty one)."""
    await queries.ensure_migrations_table(conn)
    return max(await queries.applied_migrations(conn), default=0)
