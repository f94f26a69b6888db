"""How a game's state is stored: the state without its log (the snapshot), and the log in
rows of its own (``game_log``, migration 0012), one entry per row.

The log is most of a late game's state (Epireia: 50 of 57 KB), and it only grows: an action
stores the snapshot (a few KB, whatever the length of the game) and appends its new entries,
so what an action writes does not grow as the game goes on. Loading a game puts the log
back: the engine's state is exactly the one the rules made (the same digests, the same
replays), and the views read its last lines as before. A board (``boards``) is stored the
same way, with the length of its log: a board's log is the first entries of its game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from engine.core.game import Game, GameState, LogEntry

LOG = TypeAdapter(list[LogEntry])
WITHOUT_LOG = {"log"}


def snapshot(state: GameState) -> str:
    """The state as stored: its JSON without the log, and without the fields at their
    defaults, which loading puts back (a Dragons of 1066 map's units are mostly at rest:
    6 KB instead of 15). Snapshots stored whole still load the same."""
    return state.model_dump_json(exclude=WITHOUT_LOG, exclude_defaults=True)


def log_rows(entries: Sequence[LogEntry]) -> list[tuple[str, bool]]:
    """Log entries as ``game_log`` rows: the entry's JSON (its default fields left out),
    and whether it is public."""
    return [(entry.model_dump_json(exclude_defaults=True), entry.visible_to is None)
            for entry in entries]


def parse_log(text: str) -> list[LogEntry]:
    """A log read back (``queries.games_with_state``: a JSON array of its entries)."""
    return LOG.validate_json(text)


def restore(game: Game[Any, Any], stored: str, log: list[LogEntry]) -> GameState:
    """A state from its snapshot and its log (the list is the state's own from now on)."""
    state: GameState = game.load(stored)
    state.log = log
    return state


def entries(texts: Sequence[str]) -> list[LogEntry]:
    """Log entries from their rows' JSON."""
    return [LogEntry.model_validate_json(text) for text in texts]
