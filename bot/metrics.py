"""What a host watches in the log: one line a minute with the games open, the actions
committed and the clicks refused or failed since the line before (``bot.cogs.metrics``).

The counters live in the process (``Counters``, on the bot); the games open are counted in
the database, so every process of a bot run on several reports the same number.
"""

from __future__ import annotations

from dataclasses import dataclass

OPEN_STATUSES = ("lobby", "running", "paused")


@dataclass
class Counters:
    """Counts since the process started; ``since`` gives the change from a snapshot."""

    actions: int = 0  # engine actions committed (choices, timer and computer moves)
    refused: int = 0  # clicks answered with a friendly refusal (stale, not your turn, …)
    failures: int = 0  # unexpected errors, logged as bugs

    def snapshot(self) -> Counters:
        return Counters(self.actions, self.refused, self.failures)

    def since(self, before: Counters) -> Counters:
        return Counters(self.actions - before.actions, self.refused - before.refused,
                        self.failures - before.failures)


def metrics_line(open_games: dict[str, int], counts: Counters, seconds: float,
                 shards: str = "") -> str:
    """``metrics: 3 games open (2 running, 1 lobby); 41 actions in 60 s (0.68/s); 2 refused;
    0 failures``; a process running some shards first says which (``shards``: ``shards 0,1
    of 4, 812 servers``)."""
    total = sum(open_games.values())
    parts = ", ".join(f"{n} {status}" for status, n in open_games.items() if n)
    rate = counts.actions / seconds if seconds > 0 else 0.0
    return (f"metrics: {shards + '; ' if shards else ''}"
            f"{total} game{'s' if total != 1 else ''} open"
            + (f" ({parts})" if parts else "")
            + f"; {counts.actions} action{'s' if counts.actions != 1 else ''} in {seconds:.0f} s"
            + f" ({rate:.2f}/s); {counts.refused} refused; {counts.failures} failures")
