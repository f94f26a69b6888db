"""Dict order as the rules rely on it, kept through stores that sort JSON keys.

A state's dicts iterate in insertion order, and rules that list "every territory" or "each
seat" follow it, so the order is part of the game. A store that sorts keys (PostgreSQL's
JSONB, a canonical digest) loses it; a game's state model puts its dicts back in their
board order when it is loaded (``in_order`` from a field validator).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

V = TypeVar("V")


def in_order(items: dict[str, V], order: Mapping[str, object] | Iterable[str]) -> dict[str, V]:
    """``items`` with the keys of ``order`` first, in its order, then any others."""
    ordered = {key: items[key] for key in order if key in items}
    ordered.update((key, value) for key, value in items.items() if key not in ordered)
    return ordered
