"""Players' own timing: reminder hours, a time zone and quiet hours for direct messages, and
vacations that hold their turn timers within each server's limit (``bot/schedule.py`` has
the arithmetic; this module stores the settings and answers the timer loop)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel

from bot import errors, schedule
from bot.models import LoadedGame, UserSettings
from bot.service.core import ServiceBase
from bot.storage import Row, parse_stamp, queries, stamp


class HeldDm(BaseModel):
    """A direct message that waited for the end of a player's quiet hours."""

    user_id: int
    game_id: int
    text: str


class OwnReminder(BaseModel):
    """Players to remind in a game now, at hours they chose themselves."""

    loaded: LoadedGame
    users: list[int]


def _settings(user_id: int, row: Row | None) -> UserSettings:
    if row is None:
        return UserSettings(user_id=user_id)
    return UserSettings(
        user_id=user_id,
        notify=row["notify"],
        reminder_hours=json.loads(row["reminder_hours"]) if row["reminder_hours"] else None,
        time_zone=row["time_zone"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        vacation_from=parse_stamp(row["vacation_from"]) if row["vacation_from"] else None,
        vacation_until=parse_stamp(row["vacation_until"]) if row["vacation_until"] else None,
    )


class ScheduleMixin(ServiceBase):
    """Reminders, quiet hours and vacations."""

    async def settings_of(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        ids = list(dict.fromkeys(user_ids))
        async with self.db.read() as conn:
            rows = await queries.user_settings(conn, ids)
        return {user: _settings(user, rows.get(user)) for user in ids}

    async def user_settings(self, user_id: int) -> UserSettings:
        return (await self.settings_of([user_id]))[user_id]

    async def _set(self, user_id: int, **fields: object) -> UserSettings:
        async with self.db.transaction() as conn:
            await queries.set_user_fields(conn, user_id, **fields)
        return await self.user_settings(user_id)

    async def set_reminders(self, user_id: int, hours: Sequence[float] | None) -> UserSettings:
        """Reminders at these hours before each deadline (None: once, at half time)."""
        if hours is not None:
            try:
                hours = schedule.check_hours(hours)
            except ValueError as error:
                raise errors.BadSetting(str(error)) from None
        return await self._set(user_id, reminder_hours=json.dumps(hours) if hours else None)

    async def set_time_zone(self, user_id: int, name: str) -> UserSettings:
        try:
            ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            raise errors.BadSetting(
                f"{name!r} is not a time zone I know: use a name like Europe/Warsaw or "
                "America/New_York.") from None
        return await self._set(user_id, time_zone=name)

    async def set_quiet_hours(self, user_id: int, start: int | None,
                              end: int | None) -> UserSettings:
        """No direct messages from ``start`` to ``end`` o'clock, local time (None: none)."""
        if (start is None) != (end is None):
            raise errors.BadSetting("Give both hours (start and end), or neither to stop.")
        if start is not None and end is not None and not (0 <= start <= 23 and 0 <= end <= 23):
            raise errors.BadSetting("Quiet hours are whole hours from 0 to 23.")
        if start is not None and start == end:
            raise errors.BadSetting("Quiet hours need a start and an end that differ.")
        return await self._set(user_id, quiet_start=start, quiet_end=end)

    async def start_vacation(self, user_id: int, days: float) -> UserSettings:
        """From now, ``days`` of vacation: the player's turn timers do not run out (each
        server holds them at most its own limit)."""
        if not 0 < days <= schedule.MAX_VACATION_DAYS:
            raise errors.BadSetting(
                f"A vacation lasts from an hour to {schedule.MAX_VACATION_DAYS:g} days.")
        now = self._now()
        return await self._set(user_id, vacation_from=stamp(now),
                               vacation_until=stamp(now + timedelta(days=days)))

    async def end_vacation(self, user_id: int) -> UserSettings:
        return await self._set(user_id, vacation_from=None, vacation_until=None)

    async def set_vacation_limit(self, guild_id: int, days: float) -> None:
        if not 0 <= days <= schedule.MAX_VACATION_DAYS:
            raise errors.BadSetting(
                f"The limit is from 0 (no vacations) to {schedule.MAX_VACATION_DAYS:g} days.")
        async with self.db.transaction() as conn:
            await queries.set_vacation_days(conn, guild_id, days)

    async def vacation_limit(self, guild_id: int) -> float:
        async with self.db.read() as conn:
            days = await queries.vacation_days(conn, guild_id)
        return schedule.DEFAULT_VACATION_DAYS if days is None else days

    async def timing_of(self, loaded: LoadedGame, users: Iterable[int], now: datetime
                        ) -> tuple[dict[int, UserSettings], dict[int, datetime]]:
        """The settings of ``users``, and which of them are on vacation now in this game's
        server and until when (one read of each)."""
        limit = await self.vacation_limit(loaded.row.guild_id)
        settings = await self.settings_of(users)
        ends = {}
        for user, theirs in settings.items():
            end = schedule.vacation_end(theirs, now, limit)
            if end is not None:
                ends[user] = end
        return settings, ends

    async def vacations(self, loaded: LoadedGame, users: Iterable[int],
                        now: datetime) -> dict[int, datetime]:
        """Which of ``users`` are on vacation now in this game's server, and until when."""
        return (await self.timing_of(loaded, users, now))[1]

    async def hold_dm(self, user_id: int, game_id: int, text: str, due: datetime) -> None:
        async with self.db.transaction() as conn:
            await queries.hold_dm(conn, user_id, game_id, text, stamp(due))

    async def take_due_dms(self, now: datetime | None = None) -> list[HeldDm]:
        """Held direct messages whose quiet hours are over (each taken once)."""
        async with self.db.transaction() as conn:
            rows = await queries.take_due_dms(conn, stamp(now or self._now()))
        return [HeldDm(user_id=r["user_id"], game_id=r["game_id"], text=r["text"])
                for r in rows]

    async def own_reminders_due(self, now: datetime | None = None) -> list[OwnReminder]:
        """Players who set their own reminder hours and are due one now (each reminder is
        recorded as sent, once per deadline; a player on vacation is not reminded)."""
        moment = now or self._now()
        async with self.db.read() as conn:
            ids = await queries.games_with_own_reminders(conn)
        due = []
        for game_id in ids:
            loaded = await self.load(game_id)
            deadline, hours = loaded.row.deadline, loaded.row.timeout_hours
            if loaded.row.status != "running" or deadline is None or not hours \
                    or deadline <= moment:
                continue
            waiting = loaded.waiting_users()
            settings_by_user, away = await self.timing_of(loaded, waiting, moment)
            users = []
            for user, settings in settings_by_user.items():
                if settings.reminder_hours is None or user in away:
                    continue
                passed = [h for h, at in schedule.reminder_moments(settings, deadline, hours)
                          if at <= moment]
                if passed and await self._mark_sent(game_id, user, deadline, min(passed)):
                    users.append(user)
            if users:
                due.append(OwnReminder(loaded=loaded, users=users))
        return due

    async def _mark_sent(self, game_id: int, user_id: int, deadline: datetime,
                         hours: float) -> bool:
        """Record the latest reminder passed; a player whose bot was down through several
        of their hours gets one reminder, not a burst."""
        async with self.db.transaction() as conn:
            return await queries.mark_reminder_sent(conn, game_id, user_id, stamp(deadline),
                                                    hours)
