"""Data that a rules revision changed keeps what it said before, so that a game keeps the rules
it started under: a ``before`` table maps the last revision that read an entry to that entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def entries_for(before: Mapping[int, T], revision: int) -> list[T]:
    """The ``before`` entries a game of rules ``revision`` reads, the nearest first: those kept
    for revisions at or above it (an entry under N is what revisions up to N read)."""
    return [before[last] for last in sorted(before) if revision <= last]
