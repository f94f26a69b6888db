"""Fixtures: a real database of each kind (``database``: SQLite and PostgreSQL), and a game
service with a hand-moved clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import Database, open_database
from bot.storage.sqlite import SqliteDatabase
from tests.service.play import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "strategos.db"


@pytest.fixture
async def db(database: str) -> AsyncIterator[Database]:
    opened = await open_database(database)
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_db(db_path: Path) -> AsyncIterator[SqliteDatabase]:
    """A SQLite database, for what only SQLite has (its file, backups, batched commits)."""
    opened = await SqliteDatabase.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def service(db: Database, clock: Clock) -> GameService:
    return GameService(db, clock)
