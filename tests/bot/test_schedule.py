"""The arithmetic of players' reminders, quiet hours and vacations (``bot/schedule.py``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.models import UserSettings
from bot.schedule import parse_hours, quiet_until, reminder_moments, vacation_end

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def test_quiet_hours_wrap_midnight_in_the_players_time_zone() -> None:
    # 22:00–07:00 in Warsaw (UTC+1 in November)
    night = UserSettings(user_id=1, time_zone="Europe/Warsaw", quiet_start=22, quiet_end=7)
    assert quiet_until(night, NOON) is None  # 13:00 there
    late = datetime(2026, 11, 21, 22, 30, tzinfo=UTC)  # 23:30 there
    assert quiet_until(night, late) == datetime(2026, 11, 22, 6, 0, tzinfo=UTC)
    early = datetime(2026, 11, 22, 5, 0, tzinfo=UTC)  # 06:00 there
    assert quiet_until(night, early) == datetime(2026, 11, 22, 6, 0, tzinfo=UTC)
    assert quiet_until(night, datetime(2026, 11, 22, 6, 0, tzinfo=UTC)) is None  # 07:00
    # Daytime quiet hours that do not wrap, in UTC by default.
    day = UserSettings(user_id=1, quiet_start=9, quiet_end=17)
    assert quiet_until(day, NOON) == NOON.replace(hour=17)
    assert quiet_until(UserSettings(user_id=1), NOON) is None


def test_reminders_at_the_players_hours_or_at_half_time() -> None:
    deadline = NOON + timedelta(hours=48)
    assert reminder_moments(UserSettings(user_id=1), deadline, 48) == [
        (24.0, NOON + timedelta(hours=24))]
    own = UserSettings(user_id=1, reminder_hours=[1, 24, 72])
    # 72 h does not fit in a 48-hour turn; the others come latest last.
    assert reminder_moments(own, deadline, 48) == [
        (24.0, deadline - timedelta(hours=24)), (1.0, deadline - timedelta(hours=1))]


def test_a_vacation_holds_within_the_servers_limit() -> None:
    away = UserSettings(user_id=1, vacation_from=NOON, vacation_until=NOON + timedelta(days=10))
    assert vacation_end(away, NOON + timedelta(days=1), 14) == NOON + timedelta(days=10)
    assert vacation_end(away, NOON + timedelta(days=1), 3) == NOON + timedelta(days=3)
    assert vacation_end(away, NOON + timedelta(days=4), 3) is None  # past the server's limit
    assert vacation_end(away, NOON + timedelta(days=1), 0) is None  # no vacations there
    assert vacation_end(away, NOON - timedelta(hours=1), 14) is None  # not yet begun
    assert vacation_end(UserSettings(user_id=1), NOON, 14) is None


def test_reminder_hours_are_read_and_checked() -> None:
    assert parse_hours("24, 4,1") == [24.0, 4.0, 1.0]
    assert parse_hours("0.5;0.5") == [0.5]
    for bad in ("", "soon", "0", "-2", "1,2,3,4,5,6", "800"):
        with pytest.raises(ValueError):
            parse_hours(bad)
