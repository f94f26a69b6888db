"""Progress of a long ``python -m engine simulate`` run, for a person at a terminal: a line
on stderr every few seconds ("1,200/10,000 games, 2 errors, 830 games/min"), so that
stdout keeps only the summary (and ``--json`` stays one JSON object)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

EVERY = 3.0  # seconds between two lines


class Progress:
    """Called with (games done, errors so far) as games finish; prints when a line is due,
    and the last count once the run is over if it printed anything before."""

    def __init__(self, total: int, stream: TextIO, every: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.stream, self.clock = total, stream, clock
        self.every = EVERY if every is None else every
        self.began = self.last = clock()
        self.printed = False

    def __call__(self, done: int, errors: int) -> None:
        now = self.clock()
        finished = done >= self.total
        if now - self.last < self.every and not (finished and self.printed):
            return
        self.last = now
        self.printed = True
        minutes = max(now - self.began, 1e-9) / 60
        print(f"{done:,}/{self.total:,} games, {errors:,} error{'s' if errors != 1 else ''}, "
              f"{done / minutes:,.0f} games/min", file=self.stream, flush=True)
