"""The effective history of a game: its stored action rows minus the undone ones."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage import Row
from engine.core.runner import Action


@dataclass(frozen=True)
class HistoryItem:
    """One effective action of a game: a row of the log that no undo took back."""

    seq: int
    action: Action
    barrier: bool
    version: int  # the game's version after the write (a write of several steps shares it)
    kind: str = "choice"  # "choice" (a player), "timer" or "mod"
    user_id: int | None = None  # who wrote the row (None: the turn timer)
    detail: dict[str, Any] | None = None


def effective_history(rows: Sequence[Row]) -> list[HistoryItem]:
    """The actions that make the current state: choices and timer moves, minus undone ones."""
    history: list[HistoryItem] = []
    for row in rows:
        if row["kind"] == "undo":
            if not history or history[-1].seq != row["undoes"]:
                raise RuntimeError(f"undo row {row['seq']} does not undo the last action")
            history.pop()
        elif row["choice"] is not None:
            history.append(
                HistoryItem(
                    seq=int(row["seq"]),
                    action=Action(role=row["role"], choice=row["choice"]),
                    barrier=bool(row["barrier"]),
                    kind=row["kind"],
                    user_id=row["user_id"],
                    detail=json.loads(row["detail"]) if row["detail"] else None,
                    version=int(row["version"]),
                )
            )
    return history
