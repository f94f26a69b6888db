"""A game's row: created, read (with its seats, with its state), found by channel, user or
status, written at a version, and the due reminders and timeouts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.conn import Conn, IntegrityError, Row

# A game's row without its state (``started``: it has one). Every read of a game starts
# here; the state and its log (``STATE_COLUMNS``) are read only by a service that does not
# hold that game's version already (``bot.service.core``).
GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, seed, seed_sha256, players, options, "
    "version, host_id, created_at, updated_at, timeout_hours, timeout_policy, deadline, "
    "remind_at, reminded, board_message_id, rematch_of, prompt_versions, turn_log_start, "
    "thread, state IS NOT NULL AS started"
)
# Columns a service write may set (the UPDATE is built from these names only).
WRITABLE = frozenset(
    {
        "status", "seed", "seed_sha256", "players", "options", "state", "host_id",
        "updated_at", "timeout_hours", "timeout_policy", "deadline", "remind_at", "reminded",
        "board_message_id", "prompt_versions", "turn_log_start",
    }
)


async def insert_game(
    conn: Conn,
    *,
    guild_id: int,
    channel_id: int,
    kind: str,
    host_id: int,
    options: str,
    now: str,
    timeout_hours: float | None,
    timeout_policy: str,
    rematch_of: int | None,
    players: int = 0,
    thread: bool = False,
) -> int:
    """A new lobby; raises ``IntegrityError`` if the channel has an active game.

    ``players`` is the table size the host chose (the game's player count at the start);
    ``thread``: the game moves into a thread of its own when it starts."""
    row = await conn.fetchrow(
        "INSERT INTO games (guild_id, channel_id, kind, status, options, version, host_id,"
        " created_at, updated_at, timeout_hours, timeout_policy, rematch_of, players, thread)"
        " VALUES (?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (guild_id, channel_id, kind, options, host_id, now, now, timeout_hours,
         timeout_policy, rematch_of, players, int(thread)),
    )
    assert row is not None
    return int(row[0])


async def move_game(conn: Conn, game_id: int, channel_id: int) -> bool:
    """The game now lives in ``channel_id`` (its own thread); False if that channel already
    has an active game (nothing changes then)."""
    try:
        async with conn.savepoint():
            changed = await conn.execute("UPDATE games SET channel_id = ? WHERE id = ?",
                                         (channel_id, game_id))
    except IntegrityError:
        return False
    return changed == 1


async def get_game(conn: Conn, game_id: int) -> Row | None:
    rows = await conn.fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    return rows[0] if rows else None


def _with_seats(conn: Conn) -> str:
    """The game row and its seats in one query: seats as a JSON list of [seat, user_id,
    role] (``seat_list``)."""
    return f"SELECT {GAME_COLUMNS}, {conn.dialect.seat_list} AS seat_list FROM games"


async def get_game_with_seats(conn: Conn, game_id: int) -> Row | None:
    return await conn.fetchrow(f"{_with_seats(conn)} WHERE id = ?", (game_id,))


def _with_state(conn: Conn) -> str:
    """The game row, its seats, its state without the log (``state``) and its log (``log``,
    a JSON array of its entries), all in one statement: one consistent reading of a game."""
    return (f"SELECT {GAME_COLUMNS}, {conn.dialect.seat_list} AS seat_list, state,"
            f" {conn.dialect.log_list} AS log FROM games")


async def games_with_state(conn: Conn, game_ids: Sequence[int]) -> list[Row]:
    """Games by id with their seats, state and log (``_with_state``), in id order."""
    if not game_ids:
        return []
    marks = ", ".join("?" for _ in game_ids)
    return await conn.fetch(f"{_with_state(conn)} WHERE id IN ({marks}) ORDER BY id",
                            tuple(game_ids))


async def load_game(conn: Conn, game_id: int, known_version: int | None) -> Row | None:
    """The path of every click: the game's row with its seats, and its state and log too
    (``_with_state``) unless the game is at ``known_version`` (the caller holds that
    version's state already) or has no state."""
    row = await conn.fetchrow(f"{_with_seats(conn)} WHERE id = ?", (game_id,))
    if row is None or not row["started"] or row["version"] == known_version:
        return row
    return await conn.fetchrow(f"{_with_state(conn)} WHERE id = ?", (game_id,))


async def active_game_with_seats(conn: Conn, channel_id: int) -> Row | None:
    rows = await conn.fetch(
        f"{_with_seats(conn)} WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')",
        (channel_id,),
    )
    return rows[0] if rows else None


async def last_started_game_with_seats(conn: Conn, channel_id: int
                                       ) -> Row | None:
    """The newest game of a channel that was played (finished or stopped after its start)."""
    rows = await conn.fetch(
        f"{_with_seats(conn)} WHERE channel_id = ? AND status IN ('finished', 'aborted')"
        " AND state IS NOT NULL ORDER BY id DESC LIMIT 1",
        (channel_id,),
    )
    return rows[0] if rows else None


def games_of_user_sql(conn: Conn, by_guild: bool) -> str:
    """The query of :func:`games_of_user`. It starts from the user's seats
    (``seats_by_user``), then each game by its id: ``+guild_id`` keeps SQLite from choosing
    ``games_by_guild`` instead, which would read every game the server ever had."""
    where = " AND +guild_id = ?" if by_guild else ""
    return (f"{_with_seats(conn)} WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            f" AND status IN ('lobby', 'running', 'paused'){where} ORDER BY id")


async def games_of_user(conn: Conn, user_id: int, guild_id: int | None
                        ) -> list[Row]:
    """The lobbies, running and paused games where ``user_id`` holds a seat, with their
    seats; on one server, or on every server when ``guild_id`` is None."""
    params: tuple[int, ...] = (user_id,) if guild_id is None else (user_id, guild_id)
    return await conn.fetch(games_of_user_sql(conn, guild_id is not None), params)


# Games that were played to the end or stopped after their start (a lobby closed before
# it never has a state), newest first; one server, narrowed to a channel or a player.
def _ended_where(channel_id: int | None, user_id: int | None) -> tuple[str, tuple[int, ...]]:
    where = " WHERE guild_id = ? AND status IN ('finished', 'aborted') AND state IS NOT NULL"
    params: tuple[int, ...] = ()
    if channel_id is not None:
        where += " AND channel_id = ?"
        params += (channel_id,)
    if user_id is not None:
        where += " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
        params += (user_id,)
    return where, params


async def ended_games(conn: Conn, guild_id: int, channel_id: int | None,
                      user_id: int | None, limit: int, offset: int) -> list[Row]:
    """A page of a server's ended games with their seats, the last ended first."""
    where, params = _ended_where(channel_id, user_id)
    return await conn.fetch(
        f"{_with_seats(conn)}{where} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
        (guild_id, *params, limit, offset),
    )


async def count_ended_games(conn: Conn, guild_id: int, channel_id: int | None,
                            user_id: int | None) -> int:
    where, params = _ended_where(channel_id, user_id)
    rows = await conn.fetch(f"SELECT COUNT(*) FROM games{where}", (guild_id, *params))
    return int(rows[0][0])


async def game_version(conn: Conn, game_id: int) -> int | None:
    row = await conn.fetchrow("SELECT version FROM games WHERE id = ?", (game_id,))
    return None if row is None else int(row[0])


async def active_game_in(conn: Conn, channel_id: int) -> Row | None:
    rows = await conn.fetch(
        f"SELECT {GAME_COLUMNS} FROM games"
        " WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')",
        (channel_id,),
    )
    return rows[0] if rows else None


async def game_seed(conn: Conn, game_id: int) -> str | None:
    rows = await conn.fetch("SELECT seed FROM games WHERE id = ?", (game_id,))
    row = rows[0] if rows else None
    return None if row is None else row[0]


async def update_game(
    conn: Conn,
    game_id: int,
    expected_version: int,
    *,
    bump: bool = True,
    **fields: Any,
) -> bool:
    """Optimistic write: only if the game is still at ``expected_version``.

    Sets ``fields`` and, with ``bump``, moves the version on by one. False when someone
    else wrote first (nothing changed then).
    """
    unknown = set(fields) - WRITABLE
    if unknown:
        raise ValueError(f"not writable game columns: {sorted(unknown)}")
    sets = [f"{name} = ?" for name in fields]
    if bump:
        sets.append("version = version + 1")
    if not sets:
        return True
    changed = await conn.execute(
        f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
        (*fields.values(), game_id, expected_version),
    )
    return changed == 1


async def write_game(
    conn: Conn, game_id: int, expected_version: int, **fields: Any
) -> Row | None:
    """Like :func:`update_game` (always bumping the version), returning the new row with
    its seats, or None when someone else wrote first (then nothing changed)."""
    unknown = set(fields) - WRITABLE
    if unknown:
        raise ValueError(f"not writable game columns: {sorted(unknown)}")
    sets = [f"{name} = ?" for name in fields] + ["version = version + 1"]
    return await conn.fetchrow(
        f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?"
        f" RETURNING {GAME_COLUMNS}, {conn.dialect.seat_list} AS seat_list",
        (*fields.values(), game_id, expected_version),
    )


async def set_board_message(conn: Conn, game_id: int, message_id: int) -> bool:
    changed = await conn.execute(
        "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)
    )
    return changed == 1


async def mark_reminded(conn: Conn, game_id: int) -> None:
    await conn.execute("UPDATE games SET reminded = 1 WHERE id = ?", (game_id,))


async def due_reminders(conn: Conn, now: str) -> list[int]:
    rows = await conn.fetch(
        "SELECT id FROM games WHERE status = 'running' AND reminded = 0"
        " AND remind_at IS NOT NULL AND remind_at <= ? AND deadline > ? ORDER BY remind_at",
        (now, now),
    )
    return [int(r[0]) for r in rows]


async def due_timeouts(conn: Conn, now: str) -> list[int]:
    rows = await conn.fetch(
        "SELECT id FROM games WHERE status = 'running' AND deadline IS NOT NULL"
        " AND deadline <= ? ORDER BY deadline",
        (now,),
    )
    return [int(r[0]) for r in rows]
