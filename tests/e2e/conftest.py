"""Fixtures for offline end-to-end tests: the fake Discord, and bots connected to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.core import registry
from tests.e2e.harness import Clock, Strategos
from tests.fakediscord import FakeDiscord, errors_fail, pointed_at

registry.GAME_MODULES.setdefault("wide", "tests.e2e.wide")


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord that discord.py is pointed at; fails the test on any violation."""
    server = FakeDiscord()
    await server.start()
    try:
        with pointed_at(server), errors_fail(server):
            yield server
            server.check()
    finally:
        await server.stop()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def strategos(fake: FakeDiscord, tmp_path: Path, clock: Clock
                    ) -> AsyncIterator[Strategos]:
    """The real bot on a temporary database, started; `restart()` keeps the database."""
    harness = Strategos(fake, tmp_path / "strategos.db", clock)
    await harness.start()
    try:
        yield harness
    finally:
        await harness.stop()
    assert harness.failures == [], f"the bot reported failures: {harness.failures}"
