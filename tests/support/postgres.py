"""A real PostgreSQL server for the tests, from the ``pgserver`` wheel (its own binaries:
no network, no Docker, no system package). One server per test process (each xdist worker
starts its own, in its own temporary folder); each test gets a database of its own.

PostgreSQL refuses to run as root: run as root (as CI does), pgserver creates a system user
``pgserver`` and runs the server as that user.
"""

from __future__ import annotations

import atexit
import logging
import shutil
import tempfile
import uuid
from pathlib import Path

import asyncpg
from pgserver.postgres_server import get_server

# pgserver logs every command it runs, also while the test process exits (when pytest's
# captured streams are closed): kept out of the test run's logs.
logging.getLogger("pgserver").propagate = False


# A throwaway server: nothing it holds must survive a crash, so it need not wait for the disk
# (each test makes and drops a database; with fsync those dominate the PostgreSQL half).
TEST_SETTINGS = """
ALTER SYSTEM SET fsync = off;
ALTER SYSTEM SET synchronous_commit = off;
ALTER SYSTEM SET full_page_writes = off;
SELECT pg_reload_conf();
"""


def start_server() -> str:
    """Start a server with its data in a new temporary folder (stopped and deleted when the
    test process exits); the URL of its ``postgres`` database.

    Not under pytest's ``tmp_path``: pytest deletes old numbered temporary folders when
    another run starts, which would pull the data from under a running server."""
    folder = Path(tempfile.mkdtemp(prefix="strategos-postgres-"))
    # Registered first, so run last: after pgserver has stopped the server and deleted data.
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    server = get_server(folder / "data", cleanup_mode="delete")
    server.psql(TEST_SETTINGS)
    server.psql(f"CREATE DATABASE {SHARED};")
    uri: str = server.get_uri()
    return uri


SHARED = "strategos_tests"  # the database every test's schema is made in


def database_url(server_url: str, name: str, schema: str | None = None) -> str:
    """The URL of database ``name`` on the server of ``server_url``; with ``schema``, one
    whose connections work in that schema (asyncpg passes ``search_path`` to the server)."""
    head, _, query = server_url.partition("?")
    params = [p for p in query.split("&") if p] + ([f"search_path={schema}"] if schema else [])
    return f"{head.rsplit('/', 1)[0]}/{name}" + (f"?{'&'.join(params)}" if params else "")


async def create_database(server_url: str) -> str:
    """A new, empty schema of its own (the tables a test makes land there, as in an empty
    database, at a fraction of the cost of making one); its URL."""
    name = f"test_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(database_url(server_url, SHARED))
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
    finally:
        await admin.close()
    return database_url(server_url, SHARED, name)


async def drop_database(server_url: str, url: str) -> None:
    name = url.rsplit("search_path=", 1)[1]
    admin = await asyncpg.connect(database_url(server_url, SHARED))
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await admin.close()
