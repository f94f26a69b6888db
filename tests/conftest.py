"""Shared fixtures: the Duel and Alliance test games are registered for platform tests;
``database`` is a fresh database of each kind, SQLite (a file) and PostgreSQL (a database
on the test run's own server, see tests/support/postgres.py), so every test that uses it
runs against both.

Long playouts are marked ``slow``; a plain ``pytest`` leaves them out so that a developer's
loop takes minutes, and ``--slow`` (which scripts/test.sh, the README's test command, passes)
runs them too.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import registry
from engine.core.game import Game
from tests.support import postgres

registry.GAME_MODULES.setdefault("duel", "tests.support.duel")
registry.GAME_MODULES.setdefault("alliance", "tests.support.alliance")


@pytest.fixture(autouse=True)
def root_logging_restored() -> Iterator[None]:
    """Put the root logger back after each test: a test that runs the bot's ``main`` sets up
    its logging, a handler on the ``sys.stderr`` that pytest had captured for that test and
    closes after it; left in place, every later log record prints a logging error."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture
def duel_at_revision_2(monkeypatch: pytest.MonkeyPatch) -> Game[Any, Any]:
    """The Duel test game as if a rules revision 2 had been released (its newest)."""
    duel = registry.get_game("duel")
    monkeypatch.setattr(duel, "revision", 2)
    return duel


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true",
                     help="also run the long playouts marked slow (the README's test command)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow") or "slow" in (config.getoption("markexpr") or ""):
        return
    quick = [item for item in items if "slow" not in item.keywords]
    if len(quick) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if "slow" in i.keywords])
        items[:] = quick


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """One PostgreSQL server for this test process; the URL of its admin database."""
    return postgres.start_server()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """What ``STRATEGOS_DATABASE`` would say for a new, empty database: a SQLite file path,
    or the URL of a PostgreSQL database made for this test (dropped after it)."""
    if request.param == "sqlite":
        yield str(tmp_path / "strategos.db")
        return
    server: str = request.getfixturevalue("postgres_server")
    url = await postgres.create_database(server)
    yield url
    await postgres.drop_database(server, url)
