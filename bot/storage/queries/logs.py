"""A game's log (its story), one row per entry apart from the state, and the append-only
action log; the bytes a game stores."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.conn import Conn, Row


async def append_log(conn: Conn, game_id: int, start: int,
                     entries: Sequence[tuple[str, bool]]) -> None:
    """Append a game's new log entries (JSON, public or not), numbered from ``start``: the
    number of entries its log had. A number taken already is refused (``IntegrityError``):
    the log is only ever appended to, in the version-checked transaction of its write."""
    await conn.executemany(
        "INSERT INTO game_log (game_id, idx, entry, public) VALUES (?, ?, ?, ?)",
        [(game_id, start + n, entry, int(public)) for n, (entry, public) in enumerate(entries)],
    )


async def cut_log(conn: Conn, game_id: int, length: int) -> None:
    """Keep only the first ``length`` entries of a game's log (an undo takes the rest back)."""
    await conn.execute("DELETE FROM game_log WHERE game_id = ? AND idx >= ?",
                       (game_id, length))


async def public_log(conn: Conn, game_id: int, count: int) -> list[str]:
    """The last ``count`` public entries of a game's log (JSON), oldest first."""
    rows = await conn.fetch(
        "SELECT entry FROM game_log WHERE game_id = ? AND public = 1"
        " ORDER BY idx DESC LIMIT ?", (game_id, count),
    )
    return [str(r[0]) for r in reversed(rows)]


async def stored_bytes(conn: Conn, game_id: int) -> dict[str, int]:
    """What a game keeps, in bytes of stored text, by table: its state, its log entries,
    its action rows (every column's text) and its two boards."""
    row = await conn.fetchrow(
        "SELECT (SELECT COALESCE(LENGTH(state), 0) FROM games WHERE id = ?),"
        " (SELECT COALESCE(SUM(LENGTH(entry)), 0) FROM game_log WHERE game_id = ?),"
        " (SELECT COALESCE(SUM(LENGTH(kind) + LENGTH(at) + COALESCE(LENGTH(role), 0)"
        "  + COALESCE(LENGTH(choice), 0) + COALESCE(LENGTH(detail), 0)), 0) FROM actions"
        "  WHERE game_id = ?),"
        " (SELECT COALESCE(SUM(LENGTH(state) + COALESCE(LENGTH(previous), 0)), 0) FROM boards"
        "  WHERE game_id = ?)",
        (game_id, game_id, game_id, game_id),
    )
    assert row is not None
    return {"state": int(row[0]), "log": int(row[1]), "actions": int(row[2]),
            "boards": int(row[3])}


async def append_action(
    conn: Conn,
    *,
    game_id: int,
    kind: str,
    at: str,
    version: int,
    user_id: int | None = None,
    role: str | None = None,
    choice: str | None = None,
    barrier: bool = False,
    undoes: int | None = None,
    detail: str | None = None,
) -> int:
    """Append one row; its ``seq`` is the next number of this game (inside the transaction)."""
    row = await conn.fetchrow(
        "INSERT INTO actions (game_id, seq, kind, user_id, role, choice, at, barrier, undoes,"
        " version, detail) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions"
        " WHERE game_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq",
        (game_id, game_id, kind, user_id, role, choice, at, int(barrier), undoes, version,
         detail),
    )
    assert row is not None
    return int(row[0])


async def get_actions(conn: Conn, game_id: int) -> list[Row]:
    rows = await conn.fetch(
        "SELECT seq, kind, user_id, role, choice, at, barrier, undoes, version, detail"
        " FROM actions WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return rows


async def count_actions(conn: Conn, game_id: int, kind: str) -> int:
    rows = await conn.fetch(
        "SELECT COUNT(*) FROM actions WHERE game_id = ? AND kind = ?", (game_id, kind)
    )
    row = rows[0] if rows else None
    return int(row[0]) if row else 0
