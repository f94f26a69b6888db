"""A deterministic, verifiable random generator that lives in the game state.

Draw number ``k`` is ``SHA-256(f"{seed}:{k}")`` read as a big-endian integer.
Anyone holding the seed can recompute every die roll and shuffle with a few lines
of code in any language; the whole generator state is two JSON fields.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")


def new_seed() -> str:
    """A fresh secret seed (the platform calls this, never the rules)."""
    return secrets.token_hex(16)


def seed_digest(seed: str) -> str:
    """The commitment posted when a game starts: SHA-256 of the seed, hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


@lru_cache(maxsize=1024)
def _limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**256: draws at or over it are rejected."""
    return (1 << 256) - ((1 << 256) % n)


class Rng(BaseModel):
    seed: str
    draws: int = 0

    def _next(self) -> int:
        draws = self.draws
        digest = hashlib.sha256(f"{self.seed}:{draws}".encode()).digest()
        self._count(draws + 1)
        return int.from_bytes(digest, "big")

    def _count(self, draws: int) -> None:
        """``self.draws = draws`` as pydantic's ``__setattr__`` does it, without its cost (a
        playout draws twice per action: the chooser's and the dice)."""
        self.__dict__["draws"] = draws
        self.__pydantic_fields_set__.add("draws")

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n == 1:
            # the draw is used up all the same (every draw is below 2**256): only its hash,
            # which cannot change the answer, is not computed
            self._count(self.draws + 1)
            return 0
        limit = _limit(n)
        while True:
            value = self._next()
            if value < limit:
                return value % n

    def roll(self, sides: int) -> int:
        """One die with ``sides`` faces, 1..sides."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int) -> list[int]:
        return [self.roll(sides) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
