"""When to tell a player something: their reminder hours, quiet hours in their time zone,
and their vacation within a server's limit. Pure functions of settings and moments (UTC)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.models import UserSettings

DEFAULT_VACATION_DAYS = 14.0  # a server's limit unless its moderators set another
MAX_REMINDERS = 5
MAX_VACATION_DAYS = 90.0


def zone(settings: UserSettings) -> ZoneInfo:
    """The player's time zone (UTC if unset or unknown to this machine)."""
    try:
        return ZoneInfo(settings.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def quiet_until(settings: UserSettings, now: datetime) -> datetime | None:
    """The end of the player's quiet hours if ``now`` falls inside them, else None. Quiet
    hours may wrap midnight (22 to 7); equal hours mean none."""
    start, end = settings.quiet_start, settings.quiet_end
    if start is None or end is None or start == end:
        return None
    local = now.astimezone(zone(settings))
    hour = local.hour
    inside = start <= hour < end if start < end else (hour >= start or hour < end)
    if not inside:
        return None
    ends = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if ends <= local:
        ends += timedelta(days=1)
    return ends.astimezone(UTC)


def reminder_moments(settings: UserSettings, deadline: datetime,
                     timeout_hours: float) -> list[tuple[float, datetime]]:
    """(hours before the deadline, moment) of each reminder the player gets for one turn:
    their own hours (those that fit in the turn), or half time when they set none."""
    if settings.reminder_hours is None:
        return [(timeout_hours / 2, deadline - timedelta(hours=timeout_hours / 2))]
    return [(h, deadline - timedelta(hours=h)) for h in sorted(set(settings.reminder_hours),
                                                             reverse=True)
            if 0 < h < timeout_hours]


def vacation_end(settings: UserSettings, now: datetime, limit_days: float) -> datetime | None:
    """When the player's vacation stops holding their timers on a server whose limit is
    ``limit_days`` (None: not on vacation there now)."""
    began, until = settings.vacation_from, settings.vacation_until
    if began is None or until is None or limit_days <= 0:
        return None
    end = min(until, began + timedelta(days=limit_days))
    return end if began <= now < end else None


def parse_hours(text: str) -> list[float]:
    """"24, 4, 1" → [24.0, 4.0, 1.0]; refuses what is not a short list of positive hours."""
    try:
        hours = [float(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError:
        raise ValueError("Give hours before the deadline as numbers, e.g. 24, 4, 1.") from None
    return check_hours(hours)


def check_hours(hours: Sequence[float]) -> list[float]:
    """Reminder hours, latest first without repeats; refuses what is not 1 to 5 positive
    hours of at most 30 days."""
    if not hours or len(hours) > MAX_REMINDERS or any(not 0 < h <= 24 * 30 for h in hours):
        raise ValueError(f"Give 1 to {MAX_REMINDERS} hours before the deadline, each between"
                         " a few minutes and 720 (30 days), e.g. 24, 4, 1.")
    return sorted(set(hours), reverse=True)
