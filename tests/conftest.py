"""Shared fixtures: the Duel and Alliance test games are registered for platform tests.

Long playouts are marked ``slow``; a plain ``pytest`` leaves them out so that a developer's
loop takes minutes, and ``--slow`` (which scripts/test.sh, the README's test command, passes)
runs them too.
"""

from __future__ import annotations

import pytest

from engine.core import registry

registry.GAME_MODULES.setdefault("duel", "tests.support.duel")
registry.GAME_MODULES.setdefault("alliance", "tests.support.alliance")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true",
                     help="also run the long playouts marked slow (the README's test command)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow") or "slow" in (config.getoption("markexpr") or ""):
        return
    quick = [item for item in items if "slow" not in item.keywords]
    if len(quick) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if "slow" in i.keywords])
        items[:] = quick
