"""Fixtures of the Six Continents rule tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core.rng import Rng


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The rolls the next dice show, in order (a test fills the list)."""
    queue: list[int] = []
    monkeypatch.setattr(Rng, "roll", lambda self, sides: queue.pop(0))
    yield queue
