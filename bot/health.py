"""The heartbeat file: the running bot writes the time into it while it is connected, and
``python -m bot health`` reads it, for process supervisors (systemd, Docker, cron)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path


def write_heartbeat(path: Path, now: datetime) -> None:
    """Write ``now`` (ISO 8601, UTC) atomically: a reader never sees half a line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(now.astimezone(UTC).isoformat() + "\n", encoding="utf-8")
    os.replace(partial, path)


@dataclass(frozen=True)
class Health:
    healthy: bool
    text: str  # one line for the person or the log that asked


def check_heartbeat(path: Path, max_age: float, now: datetime) -> Health:
    """Healthy when the heartbeat is at most ``max_age`` seconds old."""
    try:
        beat = datetime.fromisoformat(path.read_text(encoding="utf-8").strip())
    except FileNotFoundError:
        return Health(False, f"No heartbeat at {path}: the bot is not running, has not "
                             "connected yet, or writes it elsewhere (STRATEGOS_HEARTBEAT_FILE).")
    except (OSError, ValueError) as error:
        return Health(False, f"Unreadable heartbeat at {path}: {error}.")
    age = (now - beat).total_seconds()
    if age > max_age:
        return Health(False, f"Last heartbeat {age:.0f} s ago (more than "
                             f"STRATEGOS_HEARTBEAT_MAX_AGE={max_age:g} s): the bot is stuck, "
                             "disconnected or stopped.")
    return Health(True, f"Healthy: last heartbeat {max(age, 0):.0f} s ago.")
