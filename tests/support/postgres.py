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


def start_server() -> str:
    """Start a server with its data in a new temporary folder (stopped and deleted when the
    test process exits); the URL of its ``postgres`` database.

    Not under pytest's ``tmp_path``: pytest deletes old numbered temporary folders when
    another run starts, which would pull the data from under a running server."""
    folder = Path(tempfile.mkdtemp(prefix="strategos-postgres-"))
    # Registered first, so run last: after pgserver has stopped the server and deleted data.
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    server = get_server(folder / "data", cleanup_mode="delete")
    uri: str = server.get_uri()
    return uri


def database_url(server_url: str, name: str) -> str:
    """The URL of database ``name`` on the server of ``server_url``."""
    head, _, query = server_url.partition("?")
    return f"{head.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")


async def create_database(server_url: str) -> str:
    """A new, empty database; its URL."""
    name = f"test_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return database_url(server_url, name)


async def drop_database(server_url: str, url: str) -> None:
    name = url.partition("?")[0].rsplit("/", 1)[1]
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()
