"""The garbage collector of a long-running bot process.

Python's cyclic collector runs every 700 net allocations (a young collection) and now and
then walks every object the process holds (a full one). A bot holding the parsed states of
hundreds of games (``bot.service.core``: every game's state, its log entries, its prompts'
choices) allocates thousands of objects per action, almost all freed again by reference
counting at once: with the default thresholds the collector took 40–45% of the CPU time of
an action (Freedom, 100 games played at once; ``bench/storage_bench.py``). ``tune`` keeps it
out of the way without turning it off:

- ``gc.freeze()`` once start-up is done: what start-up made (modules, the games' rule
  tables, the shared choices) is never garbage, and no collection walks it again;
- a young collection every ``YOUNG`` net allocations instead of 700, a middle one every
  ``MIDDLE`` young ones, a full one every ``FULL`` middle ones (and, as always, only when
  the objects that survived since the last full one are a quarter of those it kept).

Reference cycles (an exception's traceback, a finished task) are still collected, a few
actions later than before.
"""

from __future__ import annotations

import gc

YOUNG = 100_000
MIDDLE = 50
FULL = 10


def tune() -> None:
    """Freeze what exists now and space the collections out (see the module docstring)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, FULL)
