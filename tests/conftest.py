"""Shared fixtures: the Duel test game is registered for platform tests."""

from __future__ import annotations

from engine.core import registry

registry.GAME_MODULES.setdefault("duel", "tests.support.duel")
