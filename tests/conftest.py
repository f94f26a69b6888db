"""Shared fixtures: the Duel and Alliance test games are registered for platform tests."""

from __future__ import annotations

from engine.core import registry

registry.GAME_MODULES.setdefault("duel", "tests.support.duel")
registry.GAME_MODULES.setdefault("alliance", "tests.support.alliance")
