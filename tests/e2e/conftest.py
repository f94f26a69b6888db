"""Fixtures for offline end-to-end tests: the fake Discord, and bots connected to it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord, errors_fail, pointed_at


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
