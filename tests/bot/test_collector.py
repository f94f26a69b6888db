"""The garbage collector settings of a bot process (``bot.collector``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot import collector


@pytest.fixture
def restored_collector() -> Iterator[None]:
    """Put the test process's collector back as it was."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("restored_collector")
def test_tune_freezes_what_exists_and_spaces_the_collections_out() -> None:
    kept = [[n] for n in range(100)]  # objects alive at start-up
    collector.tune()
    assert gc.get_threshold() == (collector.YOUNG, collector.MIDDLE, collector.FULL)
    assert collector.YOUNG > 700  # the default: a young collection every 700 allocations
    assert gc.get_freeze_count() >= len(kept)
    assert gc.isenabled()  # cycles are still collected


@pytest.mark.usefixtures("restored_collector")
def test_cycles_made_after_tuning_are_still_collected() -> None:
    collector.tune()

    class Node:
        def __init__(self) -> None:
            self.me = self

    young = gc.get_stats()[0]
    for _ in range(collector.YOUNG + 1):  # past the young threshold: one collection at least
        Node()
    after = gc.get_stats()[0]
    assert after["collections"] > young["collections"]
    assert after["collected"] > young["collected"]
