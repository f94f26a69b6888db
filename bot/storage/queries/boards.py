"""The boards posted: the states of the last two (the next board highlights what changed),
the late boards and hand-overs a process claims to post."""

from __future__ import annotations

from bot.storage.conn import Conn, Row


async def turn_board(
    conn: Conn, game_id: int, state: str, log_length: int, version: int, post_due: str
) -> Row | None:
    """A turn ended at ``version``: ``state`` (without its log, which had ``log_length``
    entries) becomes the game's board, to be posted by ``post_due`` (``boards.post_due``,
    migration 0013), and the board it replaces becomes the previous one, which is returned
    as (``previous``, ``previous_log``) (None: no board was stored, for a game started
    before boards were kept). Runs inside the turn-ending transaction."""
    row = await conn.fetchrow(
        "UPDATE boards SET previous = state, previous_log = state_log, state = ?,"
        " state_log = ?, version = ?, post_due = ? WHERE game_id = ?"
        " RETURNING previous, previous_log",
        (state, log_length, version, post_due, game_id),
    )
    if row is None:
        await conn.execute(
            "INSERT INTO boards (game_id, state, state_log, previous, previous_log, version,"
            " post_due) VALUES (?, ?, ?, NULL, 0, ?, ?)",
            (game_id, state, log_length, version, post_due),
        )
    return row


async def set_boards(
    conn: Conn, game_id: int, state: str, state_log: int, previous: str | None,
    previous_log: int, version: int, post_due: str | None
) -> None:
    """Store both boards at once (at the start of a game, and after an undo's replay): each
    state without its log, and how many entries its log had; ``post_due``: when the board
    should have been posted by (None: it is not to be posted)."""
    await conn.execute(
        "INSERT INTO boards (game_id, state, state_log, previous, previous_log, version,"
        " post_due) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
        " state = excluded.state, state_log = excluded.state_log,"
        " previous = excluded.previous, previous_log = excluded.previous_log,"
        " version = excluded.version, post_due = excluded.post_due",
        (game_id, state, state_log, previous, previous_log, version, post_due),
    )


async def board_posted(conn: Conn, game_id: int, version: int) -> None:
    """The board stored at ``version`` (or an older one still waiting) reached its channel;
    a newer board still waits for its own post."""
    await conn.execute(
        "UPDATE boards SET post_due = NULL WHERE game_id = ? AND version <= ?",
        (game_id, version),
    )


async def any_late(conn: Conn, now: str) -> bool:
    """Whether a board or a hand-over is overdue (a read, before claiming in a write)."""
    rows = await conn.fetch(
        "SELECT 1 FROM boards WHERE post_due IS NOT NULL AND post_due <= ?"
        " UNION ALL SELECT 1 FROM hand_overs WHERE due <= ? LIMIT 1", (now, now),
    )
    return bool(rows)


async def claim_late_boards(conn: Conn, now: str, until: str, limit: int) -> list[int]:
    """The games whose board was not posted by its due time (the process posting it died),
    claimed for this process by moving the due time on to ``until``: of several processes,
    one wins each board (the update checks the time it read)."""
    rows = await conn.fetch(
        "SELECT game_id, post_due FROM boards WHERE post_due IS NOT NULL"
        " AND post_due <= ? ORDER BY post_due, game_id LIMIT ?", (now, limit),
    )
    return [int(row["game_id"]) for row in await _claim(conn, "boards", "post_due", rows, until)]


async def _claim(conn: Conn, table: str, column: str, rows: list[Row], until: str
                 ) -> list[Row]:
    """Those of ``rows`` (a ``game_id`` and its due time ``column``) that this process
    claims, moving the due time on to ``until``; the update checks the time it read, so of
    several processes one wins each."""
    claimed = []
    for row in rows:
        changed = await conn.execute(
            f"UPDATE {table} SET {column} = ? WHERE game_id = ? AND {column} = ?",
            (until, row["game_id"], row[column]),
        )
        if changed == 1:
            claimed.append(row)
    return claimed


async def hand_over(conn: Conn, game_id: int, version: int, roles: str, actor: int | None,
                    due: str) -> None:
    """The play passed within a turn at ``version`` to ``roles`` (JSON): their ping is due by
    ``due`` (``hand_overs``, migration 0014). Runs inside that write's transaction."""
    await conn.execute(
        "INSERT INTO hand_overs (game_id, version, roles, actor, due) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
        " roles = excluded.roles, actor = excluded.actor, due = excluded.due",
        (game_id, version, roles, actor, due),
    )


async def hand_over_sent(conn: Conn, game_id: int, version: int) -> None:
    """The ping of the hand-over at ``version`` (or an older one) is sent, or a board that
    pings everyone asked was stored."""
    await conn.execute("DELETE FROM hand_overs WHERE game_id = ? AND version <= ?",
                       (game_id, version))


async def claim_late_hand_overs(conn: Conn, now: str, until: str, limit: int) -> list[Row]:
    """Hand-overs not pinged by their due time, claimed for this process as boards are
    (``claim_late_boards``): each row's game, roles and actor."""
    rows = await conn.fetch(
        "SELECT game_id, version, roles, actor, due FROM hand_overs WHERE due <= ?"
        " ORDER BY due, game_id LIMIT ?", (now, limit),
    )
    return await _claim(conn, "hand_overs", "due", rows, until)


async def get_boards(conn: Conn, game_id: int) -> Row | None:
    rows = await conn.fetch(
        "SELECT state, state_log, previous, previous_log, version, post_due FROM boards"
        " WHERE game_id = ?", (game_id,)
    )
    return rows[0] if rows else None
