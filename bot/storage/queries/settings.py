"""Server and player settings: the moderator role, synced commands, notification modes,
reminders, quiet hours, vacations, and the DMs held until a quiet hour ends."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.storage.conn import Conn, Row


async def set_moderator_role(
    conn: Conn, guild_id: int, role_id: int | None
) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, moderator_role_id) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET moderator_role_id = excluded.moderator_role_id",
        (guild_id, role_id),
    )


async def moderator_role(conn: Conn, guild_id: int) -> int | None:
    rows = await conn.fetch(
        "SELECT moderator_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    row = rows[0] if rows else None
    return None if row is None or row[0] is None else int(row[0])


async def synced_commands(conn: Conn, target: str) -> str | None:
    """The digest of the command tree last synced to ``target`` (None: never)."""
    rows = await conn.fetch("SELECT digest FROM command_sync WHERE target = ?", (target,))
    return str(rows[0][0]) if rows else None


async def set_synced_commands(conn: Conn, target: str, digest: str,
                              at: str) -> None:
    await conn.execute(
        "INSERT INTO command_sync (target, digest, synced_at) VALUES (?, ?, ?)"
        " ON CONFLICT (target) DO UPDATE SET digest = excluded.digest,"
        " synced_at = excluded.synced_at",
        (target, digest, at),
    )


async def set_notify(conn: Conn, user_id: int, mode: str) -> None:
    await conn.execute(
        "INSERT INTO user_settings (user_id, notify) VALUES (?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
        (user_id, mode),
    )


async def notify_modes(conn: Conn, user_ids: Iterable[int]) -> dict[int, str]:
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = await conn.fetch(
        f"SELECT user_id, notify FROM user_settings WHERE user_id IN ({marks})", ids
    )
    return {int(r[0]): str(r[1]) for r in rows}


USER_FIELDS = ("notify", "reminder_hours", "time_zone", "quiet_start", "quiet_end",
               "vacation_from", "vacation_until")


async def user_settings(conn: Conn, user_ids: Iterable[int]) -> dict[int, Row]:
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = await conn.fetch(
        f"SELECT user_id, {', '.join(USER_FIELDS)} FROM user_settings"
        f" WHERE user_id IN ({marks})", ids,
    )
    return {int(r["user_id"]): r for r in rows}


async def set_user_fields(conn: Conn, user_id: int, **fields: Any) -> None:
    """Upsert some of a player's settings (``USER_FIELDS``); the others stay."""
    unknown = set(fields) - set(USER_FIELDS)
    if unknown or not fields:
        raise ValueError(f"not user settings: {sorted(unknown)}")
    names = list(fields)
    await conn.execute(
        f"INSERT INTO user_settings (user_id, {', '.join(names)})"
        f" VALUES (?, {', '.join('?' for _ in names)}) ON CONFLICT (user_id) DO UPDATE SET "
        + ", ".join(f"{name} = excluded.{name}" for name in names),
        (user_id, *fields.values()),
    )


async def vacation_days(conn: Conn, guild_id: int) -> float | None:
    rows = await conn.fetch("SELECT vacation_days FROM guild_settings WHERE guild_id = ?",
                            (guild_id,))
    return None if not rows or rows[0][0] is None else float(rows[0][0])


async def set_vacation_days(conn: Conn, guild_id: int, days: float) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, vacation_days) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET vacation_days = excluded.vacation_days",
        (guild_id, days),
    )


async def games_with_own_reminders(conn: Conn) -> list[int]:
    """Running games with a turn timer where a player set their own reminder hours."""
    rows = await conn.fetch(
        "SELECT DISTINCT g.id FROM games AS g JOIN seats AS s ON s.game_id = g.id"
        " JOIN user_settings AS u ON u.user_id = s.user_id"
        " WHERE g.status = 'running' AND g.deadline IS NOT NULL"
        " AND u.reminder_hours IS NOT NULL ORDER BY g.id",
    )
    return [int(r[0]) for r in rows]


async def mark_reminder_sent(conn: Conn, game_id: int, user_id: int,
                             deadline: str, hours: float) -> bool:
    """Record one reminder; False if it was already sent (another pass or process)."""
    changed = await conn.execute(
        "INSERT INTO sent_reminders (game_id, user_id, deadline, hours)"
        " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", (game_id, user_id, deadline, hours),
    )
    return changed == 1


async def hold_dm(conn: Conn, user_id: int, game_id: int, text: str,
                  due_at: str) -> None:
    await conn.execute(
        "INSERT INTO held_dms (user_id, game_id, text, due_at) VALUES (?, ?, ?, ?)",
        (user_id, game_id, text, due_at),
    )


async def take_due_dms(conn: Conn, now: str) -> list[Row]:
    """The held direct messages due by ``now``, removed as they are taken (sent once)."""
    rows = await conn.fetch(
        "SELECT id, user_id, game_id, text FROM held_dms WHERE due_at <= ? ORDER BY id",
        (now,),
    )
    if rows:
        await conn.execute(
            f"DELETE FROM held_dms WHERE id IN ({', '.join('?' for _ in rows)})",
            [int(r["id"]) for r in rows],
        )
    return rows
