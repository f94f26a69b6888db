"""A game's seats: who holds which role, joined, left, swapped or replaced."""

from __future__ import annotations

from bot.storage.conn import Conn, Row


async def get_seats(conn: Conn, game_id: int) -> list[Row]:
    rows = await conn.fetch(
        "SELECT game_id, seat, user_id, role FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    return rows


async def insert_seat(
    conn: Conn, game_id: int, user_id: int, role: str | None, now: str
) -> int:
    rows = await conn.fetch(
        "SELECT COALESCE(MAX(seat), 0) + 1 FROM seats WHERE game_id = ?", (game_id,)
    )
    row = rows[0] if rows else None
    seat = int(row[0]) if row else 1
    await conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, role, joined_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, seat, user_id, role, now),
    )
    return seat


async def delete_seats_of(conn: Conn, game_id: int, user_id: int) -> int:
    changed = await conn.execute(
        "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    return changed


async def delete_seat(conn: Conn, game_id: int, seat: int) -> None:
    await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))


async def set_seat_role(
    conn: Conn, game_id: int, seat: int, role: str | None
) -> None:
    await conn.execute(
        "UPDATE seats SET role = ? WHERE game_id = ? AND seat = ?", (role, game_id, seat)
    )


async def replace_seat_user(
    conn: Conn, game_id: int, old_user: int, new_user: int
) -> int:
    changed = await conn.execute(
        "UPDATE seats SET user_id = ? WHERE game_id = ? AND user_id = ?",
        (new_user, game_id, old_user),
    )
    return changed


async def replace_role_user(
    conn: Conn, game_id: int, role: str, new_user: int
) -> int:
    changed = await conn.execute(
        "UPDATE seats SET user_id = ? WHERE game_id = ? AND role = ?", (new_user, game_id, role)
    )
    return changed
