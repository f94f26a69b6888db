"""Every SQL statement of Strategos, as small async functions over a connection.

Nothing else in the code base writes SQL (the migration files in ``migrations/`` hold
the schema). Functions take an open ``aiosqlite.Connection``; callers decide whether
they run inside :meth:`bot.storage.db.Database.transaction` or :meth:`~.read`.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import aiosqlite

from bot.rating import Skill

Row = aiosqlite.Row


async def _all(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
) -> list[Row]:
    """Run a query and fetch every row in one trip to the database thread."""
    return list(await conn.execute_fetchall(sql, params))

# --- connection and transactions -------------------------------------------------------
#
# Functions named ``*_sync`` take the plain ``sqlite3.Connection`` and run in the
# database's own thread: :meth:`bot.storage.db.Database.run` runs a whole transaction
# of them in one hand-over to that thread (the hot path of every action), and their
# async twins here run one of them on its own.

T = TypeVar("T")


async def in_thread(
    conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any, **kwargs: Any
) -> T:
    """Run ``fn(sqlite3_connection, *args, **kwargs)`` in aiosqlite's connection thread.

    aiosqlite serialises every call on one thread that owns the ``sqlite3.Connection``;
    ``_execute`` and ``_conn`` are how its own methods do it (tested in
    tests/storage/test_database.py, so an aiosqlite change that breaks this is caught).
    """
    result: T = await conn._execute(  # type: ignore[no-untyped-call]
        lambda: fn(conn._conn, *args, **kwargs))
    return result


def begin_immediate_sync(raw: sqlite3.Connection) -> None:
    raw.execute("BEGIN IMMEDIATE")


def commit_sync(raw: sqlite3.Connection) -> None:
    raw.execute("COMMIT")


def rollback_sync(raw: sqlite3.Connection) -> None:
    if raw.in_transaction:
        raw.execute("ROLLBACK")


PRAGMAS = (
    "PRAGMA busy_timeout = 5000",  # first: switching to WAL may wait for another process
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)


async def configure(conn: aiosqlite.Connection) -> None:
    """Set the pragmas. Switching a new file to WAL needs a moment alone with it and SQLite
    answers "locked" at once (without the busy timeout) if another process is doing the
    same, so that step is retried for up to about five seconds."""
    for pragma in PRAGMAS:
        for attempt in range(50):
            try:
                await conn.execute(pragma)
                break
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or attempt == 49:
                    raise
                await asyncio.sleep(0.01 * (attempt + 1) if attempt < 10 else 0.1)


async def pragma(conn: aiosqlite.Connection, name: str) -> Any:
    if not name.isidentifier():
        raise ValueError(f"not a pragma name: {name!r}")
    rows = await _all(conn, f"PRAGMA {name}")
    row = rows[0] if rows else None
    return None if row is None else row[0]


async def begin_immediate(conn: aiosqlite.Connection) -> None:
    await conn.execute("BEGIN IMMEDIATE")


async def commit(conn: aiosqlite.Connection) -> None:
    await conn.execute("COMMIT")


async def rollback(conn: aiosqlite.Connection) -> None:
    if conn.in_transaction:
        await conn.execute("ROLLBACK")


async def check_integrity(conn: aiosqlite.Connection) -> None:
    rows = await _all(conn, "PRAGMA integrity_check")
    row = rows[0] if rows else None
    if row is None or row[0] != "ok":
        raise RuntimeError(f"database integrity check failed: {row[0] if row else 'no answer'}")


# --- migrations ---------------------------------------------------------------------------


async def ensure_migrations_table(conn: aiosqlite.Connection) -> None:
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )


async def applied_migrations(conn: aiosqlite.Connection) -> dict[int, str]:
    rows = await _all(conn, "SELECT version, name FROM schema_migrations")
    return {int(r[0]): str(r[1]) for r in rows}


async def run_migration_statement(conn: aiosqlite.Connection, statement: str) -> None:
    """One statement of a migration file (the file's text is the SQL)."""
    await conn.execute(statement)


async def record_migration(
    conn: aiosqlite.Connection, version: int, name: str, at: str
) -> None:
    await conn.execute(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        (version, name, at),
    )


async def table_names(conn: aiosqlite.Connection) -> list[str]:
    rows = await _all(
        conn,
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    )
    return [str(r[0]) for r in rows]


# --- games -----------------------------------------------------------------------------------

GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, seed, seed_sha256, players, options, state, "
    "version, host_id, created_at, updated_at, timeout_hours, timeout_policy, deadline, "
    "remind_at, reminded, board_message_id, rematch_of, prompt_versions, turn_log_start, thread"
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
    conn: aiosqlite.Connection,
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
    """A new lobby; raises ``sqlite3.IntegrityError`` if the channel has an active game.

    ``players`` is the table size the host chose (the game's player count at the start);
    ``thread``: the game moves into a thread of its own when it starts."""
    cursor = await conn.execute(
        "INSERT INTO games (guild_id, channel_id, kind, status, options, version, host_id,"
        " created_at, updated_at, timeout_hours, timeout_policy, rematch_of, players, thread)"
        " VALUES (?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, channel_id, kind, options, host_id, now, now, timeout_hours,
         timeout_policy, rematch_of, players, int(thread)),
    )
    assert cursor.lastrowid is not None
    return int(cursor.lastrowid)


async def move_game(conn: aiosqlite.Connection, game_id: int, channel_id: int) -> bool:
    """The game now lives in ``channel_id`` (its own thread); False if that channel already
    has an active game (nothing changes then)."""
    try:
        cursor = await conn.execute("UPDATE games SET channel_id = ? WHERE id = ?",
                                    (channel_id, game_id))
    except sqlite3.IntegrityError:
        return False
    return cursor.rowcount == 1


async def get_game(conn: aiosqlite.Connection, game_id: int) -> Row | None:
    rows = await _all(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    return rows[0] if rows else None


# The game row and its seats in one query: seats as a JSON list of [seat, user_id, role].
_WITH_SEATS = (
    f"SELECT {GAME_COLUMNS}, (SELECT json_group_array(json_array(seat, user_id, role))"
    " FROM (SELECT seat, user_id, role FROM seats WHERE game_id = games.id ORDER BY seat))"
    " AS seat_list FROM games"
)


def get_game_with_seats_sync(raw: sqlite3.Connection, game_id: int) -> Row | None:
    row: Row | None = raw.execute(f"{_WITH_SEATS} WHERE id = ?", (game_id,)).fetchone()
    return row


async def get_game_with_seats(conn: aiosqlite.Connection, game_id: int) -> Row | None:
    rows = await _all(conn, f"{_WITH_SEATS} WHERE id = ?", (game_id,))
    return rows[0] if rows else None


async def active_game_with_seats(conn: aiosqlite.Connection, channel_id: int) -> Row | None:
    rows = await _all(
        conn,
        f"{_WITH_SEATS} WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')",
        (channel_id,),
    )
    return rows[0] if rows else None


async def last_started_game_with_seats(conn: aiosqlite.Connection, channel_id: int
                                       ) -> Row | None:
    """The newest game of a channel that was played (finished or stopped after its start)."""
    rows = await _all(
        conn,
        f"{_WITH_SEATS} WHERE channel_id = ? AND status IN ('finished', 'aborted')"
        " AND state IS NOT NULL ORDER BY id DESC LIMIT 1",
        (channel_id,),
    )
    return rows[0] if rows else None


def games_of_user_sql(by_guild: bool) -> str:
    """The query of :func:`games_of_user`. It starts from the user's seats
    (``seats_by_user``), then each game by its id: ``+guild_id`` keeps SQLite from choosing
    ``games_by_guild`` instead, which would read every game the server ever had."""
    where = " AND +guild_id = ?" if by_guild else ""
    return (f"{_WITH_SEATS} WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            f" AND status IN ('lobby', 'running', 'paused'){where} ORDER BY id")


async def games_of_user(conn: aiosqlite.Connection, user_id: int, guild_id: int | None
                        ) -> list[Row]:
    """The lobbies, running and paused games where ``user_id`` holds a seat, with their
    seats; on one server, or on every server when ``guild_id`` is None."""
    params: tuple[int, ...] = (user_id,) if guild_id is None else (user_id, guild_id)
    return await _all(conn, games_of_user_sql(guild_id is not None), params)


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


async def ended_games(conn: aiosqlite.Connection, guild_id: int, channel_id: int | None,
                      user_id: int | None, limit: int, offset: int) -> list[Row]:
    """A page of a server's ended games with their seats, the last ended first."""
    where, params = _ended_where(channel_id, user_id)
    return await _all(
        conn, f"{_WITH_SEATS}{where} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
        (guild_id, *params, limit, offset),
    )


async def count_ended_games(conn: aiosqlite.Connection, guild_id: int, channel_id: int | None,
                            user_id: int | None) -> int:
    where, params = _ended_where(channel_id, user_id)
    rows = await _all(conn, f"SELECT COUNT(*) FROM games{where}", (guild_id, *params))
    return int(rows[0][0])


def game_version_sync(raw: sqlite3.Connection, game_id: int) -> int | None:
    row = raw.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else int(row[0])


async def game_version(conn: aiosqlite.Connection, game_id: int) -> int | None:
    return await in_thread(conn, game_version_sync, game_id)


async def active_game_in(conn: aiosqlite.Connection, channel_id: int) -> Row | None:
    rows = await _all(
        conn,
        f"SELECT {GAME_COLUMNS} FROM games"
        " WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')",
        (channel_id,),
    )
    return rows[0] if rows else None


async def game_seed(conn: aiosqlite.Connection, game_id: int) -> str | None:
    rows = await _all(conn, "SELECT seed FROM games WHERE id = ?", (game_id,))
    row = rows[0] if rows else None
    return None if row is None else row[0]


async def update_game(
    conn: aiosqlite.Connection,
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
    cursor = await conn.execute(
        f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
        (*fields.values(), game_id, expected_version),
    )
    return cursor.rowcount == 1


def write_game_sync(
    raw: sqlite3.Connection, game_id: int, expected_version: int, **fields: Any
) -> Row | None:
    """Like :func:`update_game` (always bumping the version), returning the new row with
    its seats, or None when someone else wrote first (then nothing changed)."""
    unknown = set(fields) - WRITABLE
    if unknown:
        raise ValueError(f"not writable game columns: {sorted(unknown)}")
    sets = [f"{name} = ?" for name in fields] + ["version = version + 1"]
    row: Row | None = raw.execute(
        f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?"
        f" RETURNING {GAME_COLUMNS}, (SELECT json_group_array(json_array(seat, user_id, role))"
        " FROM (SELECT seat, user_id, role FROM seats WHERE game_id = games.id ORDER BY seat))"
        " AS seat_list",
        (*fields.values(), game_id, expected_version),
    ).fetchone()
    return row


async def write_game(
    conn: aiosqlite.Connection, game_id: int, expected_version: int, **fields: Any
) -> Row | None:
    return await in_thread(conn, write_game_sync, game_id, expected_version, **fields)


async def set_board_message(conn: aiosqlite.Connection, game_id: int, message_id: int) -> bool:
    cursor = await conn.execute(
        "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)
    )
    return cursor.rowcount == 1


async def mark_reminded(conn: aiosqlite.Connection, game_id: int) -> None:
    await conn.execute("UPDATE games SET reminded = 1 WHERE id = ?", (game_id,))


async def due_reminders(conn: aiosqlite.Connection, now: str) -> list[int]:
    rows = await _all(
        conn,
        "SELECT id FROM games WHERE status = 'running' AND reminded = 0"
        " AND remind_at IS NOT NULL AND remind_at <= ? AND deadline > ? ORDER BY remind_at",
        (now, now),
    )
    return [int(r[0]) for r in rows]


async def due_timeouts(conn: aiosqlite.Connection, now: str) -> list[int]:
    rows = await _all(
        conn,
        "SELECT id FROM games WHERE status = 'running' AND deadline IS NOT NULL"
        " AND deadline <= ? ORDER BY deadline",
        (now,),
    )
    return [int(r[0]) for r in rows]


async def games_of_status(conn: aiosqlite.Connection, statuses: Sequence[str]) -> list[int]:
    marks = ", ".join("?" for _ in statuses)
    rows = await _all(
        conn,
        f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id", tuple(statuses)
    )
    return [int(r[0]) for r in rows]


# --- seats --------------------------------------------------------------------------------


async def get_seats(conn: aiosqlite.Connection, game_id: int) -> list[Row]:
    rows = await _all(
        conn,
        "SELECT game_id, seat, user_id, role FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    return rows


async def insert_seat(
    conn: aiosqlite.Connection, game_id: int, user_id: int, role: str | None, now: str
) -> int:
    rows = await _all(
        conn,
        "SELECT COALESCE(MAX(seat), 0) + 1 FROM seats WHERE game_id = ?", (game_id,)
    )
    row = rows[0] if rows else None
    seat = int(row[0]) if row else 1
    await conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, role, joined_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, seat, user_id, role, now),
    )
    return seat


async def delete_seats_of(conn: aiosqlite.Connection, game_id: int, user_id: int) -> int:
    cursor = await conn.execute(
        "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    return cursor.rowcount


async def delete_seat(conn: aiosqlite.Connection, game_id: int, seat: int) -> None:
    await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))


async def set_seat_role(
    conn: aiosqlite.Connection, game_id: int, seat: int, role: str | None
) -> None:
    await conn.execute(
        "UPDATE seats SET role = ? WHERE game_id = ? AND seat = ?", (role, game_id, seat)
    )


async def replace_seat_user(
    conn: aiosqlite.Connection, game_id: int, old_user: int, new_user: int
) -> int:
    cursor = await conn.execute(
        "UPDATE seats SET user_id = ? WHERE game_id = ? AND user_id = ?",
        (new_user, game_id, old_user),
    )
    return cursor.rowcount


async def replace_role_user(
    conn: aiosqlite.Connection, game_id: int, role: str, new_user: int
) -> int:
    cursor = await conn.execute(
        "UPDATE seats SET user_id = ? WHERE game_id = ? AND role = ?", (new_user, game_id, role)
    )
    return cursor.rowcount


# --- boards: the states of the last two boards posted ----------------------------------------


def turn_board_sync(
    raw: sqlite3.Connection, game_id: int, state: str, version: int
) -> str | None:
    """A turn ended at ``version``: ``state`` becomes the game's board and the board it
    replaces becomes the previous one, which is returned (None: no board was stored, for a
    game started before boards were kept). Runs inside the turn-ending transaction."""
    row = raw.execute(
        "UPDATE boards SET previous = state, state = ?, version = ? WHERE game_id = ?"
        " RETURNING previous",
        (state, version, game_id),
    ).fetchone()
    if row is None:
        raw.execute(
            "INSERT INTO boards (game_id, state, previous, version) VALUES (?, ?, NULL, ?)",
            (game_id, state, version),
        )
        return None
    previous: str | None = row[0]
    return previous


async def set_boards(
    conn: aiosqlite.Connection, game_id: int, state: str, previous: str | None, version: int
) -> None:
    """Store both boards at once (at the start of a game, and after an undo's replay)."""
    await conn.execute(
        "INSERT INTO boards (game_id, state, previous, version) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET state = excluded.state,"
        " previous = excluded.previous, version = excluded.version",
        (game_id, state, previous, version),
    )


async def get_boards(conn: aiosqlite.Connection, game_id: int) -> Row | None:
    rows = await _all(
        conn, "SELECT state, previous, version FROM boards WHERE game_id = ?", (game_id,)
    )
    return rows[0] if rows else None


# --- the action log (append-only) ---------------------------------------------------------


def append_action_sync(
    raw: sqlite3.Connection,
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
    row = raw.execute(
        "INSERT INTO actions (game_id, seq, kind, user_id, role, choice, at, barrier, undoes,"
        " version, detail)"
        " SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM actions"
        " WHERE game_id = ? RETURNING seq",
        (game_id, kind, user_id, role, choice, at, int(barrier), undoes, version, detail,
         game_id),
    ).fetchone()
    return int(row[0])


async def append_action(conn: aiosqlite.Connection, **fields: Any) -> int:
    """See :func:`append_action_sync` (same keyword arguments)."""
    return int(await in_thread(conn, append_action_sync, **fields))


async def get_actions(conn: aiosqlite.Connection, game_id: int) -> list[Row]:
    rows = await _all(
        conn,
        "SELECT seq, kind, user_id, role, choice, at, barrier, undoes, version, detail"
        " FROM actions WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return rows


async def count_actions(conn: aiosqlite.Connection, game_id: int, kind: str) -> int:
    rows = await _all(
        conn,
        "SELECT COUNT(*) FROM actions WHERE game_id = ? AND kind = ?", (game_id, kind)
    )
    row = rows[0] if rows else None
    return int(row[0]) if row else 0


# --- settings -------------------------------------------------------------------------------


async def set_moderator_role(
    conn: aiosqlite.Connection, guild_id: int, role_id: int | None
) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, moderator_role_id) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET moderator_role_id = excluded.moderator_role_id",
        (guild_id, role_id),
    )


async def moderator_role(conn: aiosqlite.Connection, guild_id: int) -> int | None:
    rows = await _all(
        conn,
        "SELECT moderator_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    row = rows[0] if rows else None
    return None if row is None or row[0] is None else int(row[0])


async def synced_commands(conn: aiosqlite.Connection, target: str) -> str | None:
    """The digest of the command tree last synced to ``target`` (None: never)."""
    rows = await _all(conn, "SELECT digest FROM command_sync WHERE target = ?", (target,))
    return str(rows[0][0]) if rows else None


async def set_synced_commands(conn: aiosqlite.Connection, target: str, digest: str,
                              at: str) -> None:
    await conn.execute(
        "INSERT INTO command_sync (target, digest, synced_at) VALUES (?, ?, ?)"
        " ON CONFLICT (target) DO UPDATE SET digest = excluded.digest,"
        " synced_at = excluded.synced_at",
        (target, digest, at),
    )


async def set_notify(conn: aiosqlite.Connection, user_id: int, mode: str) -> None:
    await conn.execute(
        "INSERT INTO user_settings (user_id, notify) VALUES (?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
        (user_id, mode),
    )


async def notify_modes(conn: aiosqlite.Connection, user_ids: Iterable[int]) -> dict[int, str]:
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = await _all(
        conn,
        f"SELECT user_id, notify FROM user_settings WHERE user_id IN ({marks})", ids
    )
    return {int(r[0]): str(r[1]) for r in rows}


# --- results and ratings --------------------------------------------------------------------


def ratings_of_sync(
    raw: sqlite3.Connection, guild_id: int, kind: str, user_ids: Iterable[int]
) -> dict[int, Skill]:
    """The players' current skills; a player without a row (or with a row from before the
    ratings were recomputed) is missing."""
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = raw.execute(
        f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ?"
        f" AND user_id IN ({marks}) AND mu IS NOT NULL AND sigma IS NOT NULL",
        (guild_id, kind, *ids),
    ).fetchall()
    return {int(r[0]): Skill(mu=float(r[1]), sigma=float(r[2])) for r in rows}


def save_ratings_sync(
    raw: sqlite3.Connection, guild_id: int, kind: str, skills: Mapping[int, Skill]
) -> None:
    """The players' skills after one more rated game."""
    raw.executemany(
        "INSERT INTO ratings (guild_id, kind, user_id, rating, mu, sigma, games)"
        " VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, user_id)"
        " DO UPDATE SET rating = excluded.rating, mu = excluded.mu, sigma = excluded.sigma,"
        " games = games + 1",
        [(guild_id, kind, user, skill.display, skill.mu, skill.sigma)
         for user, skill in skills.items()],
    )


def side_ratings_of_sync(
    raw: sqlite3.Connection, guild_id: int, kind: str, teams: Iterable[str]
) -> dict[str, Skill]:
    """The skills of these sides of a game kind (a side without a row is missing)."""
    names = list(teams)
    if not names:
        return {}
    marks = ", ".join("?" for _ in names)
    rows = raw.execute(
        f"SELECT team, mu, sigma FROM side_ratings WHERE guild_id = ? AND kind = ?"
        f" AND team IN ({marks})",
        (guild_id, kind, *names),
    ).fetchall()
    return {str(r[0]): Skill(mu=float(r[1]), sigma=float(r[2])) for r in rows}


def save_side_ratings_sync(
    raw: sqlite3.Connection, guild_id: int, kind: str, skills: Mapping[str, Skill]
) -> None:
    raw.executemany(
        "INSERT INTO side_ratings (guild_id, kind, team, mu, sigma, games)"
        " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, team)"
        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = games + 1",
        [(guild_id, kind, team, skill.mu, skill.sigma) for team, skill in skills.items()],
    )


def all_side_ratings_sync(raw: sqlite3.Connection) -> list[tuple[Any, ...]]:
    """Every side's rating row, in a fixed order."""
    return [tuple(r) for r in raw.execute(
        "SELECT guild_id, kind, team, mu, sigma, games FROM side_ratings"
        " ORDER BY guild_id, kind, team").fetchall()]


def all_ratings_sync(raw: sqlite3.Connection) -> list[tuple[Any, ...]]:
    """Every rating row, in a fixed order (to compare two computations of them)."""
    return [tuple(r) for r in raw.execute(
        "SELECT guild_id, kind, user_id, rating, mu, sigma, games FROM ratings"
        " ORDER BY guild_id, kind, user_id").fetchall()]


def delete_ratings_sync(raw: sqlite3.Connection) -> None:
    """Every player's and side's rating (before recomputing them)."""
    raw.execute("DELETE FROM ratings")
    raw.execute("DELETE FROM side_ratings")


def results_in_game_order_sync(raw: sqlite3.Connection) -> list[tuple[Any, ...]]:
    """(game_id, guild_id, kind, user_id, team, outcome) of every stored seat, game by game
    in the order the games finished (the game's id breaks a tie)."""
    return [tuple(r) for r in raw.execute(
        "SELECT game_id, guild_id, kind, user_id, team, outcome FROM results"
        " ORDER BY finished_at, game_id, role").fetchall()]


def set_result_ratings_sync(
    raw: sqlite3.Connection, game_id: int, ratings: Mapping[int, tuple[float, float] | None]
) -> None:
    """Each user's displayed rating (before, after) in one game's results; None: unrated."""
    raw.executemany(
        "UPDATE results SET rating_before = ?, rating_after = ? WHERE game_id = ? AND user_id = ?",
        [(None, None, game_id, user) if pair is None else (*pair, game_id, user)
         for user, pair in ratings.items()],
    )


def rating_model_sync(raw: sqlite3.Connection) -> str | None:
    row = raw.execute("SELECT version FROM rating_model WHERE id = 1").fetchone()
    return None if row is None else str(row[0])


def set_rating_model_sync(raw: sqlite3.Connection, version: str, now: str) -> None:
    raw.execute(
        "INSERT INTO rating_model (id, version, computed_at) VALUES (1, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET version = excluded.version,"
        " computed_at = excluded.computed_at",
        (version, now),
    )


def insert_result_sync(
    raw: sqlite3.Connection,
    *,
    game_id: int,
    role: str,
    user_id: int,
    guild_id: int,
    kind: str,
    team: str,
    outcome: str,
    score: float | None,
    rating_before: float | None,
    rating_after: float | None,
    finished_at: str,
) -> None:
    raw.execute(
        "INSERT INTO results (game_id, role, user_id, guild_id, kind, team, outcome, score,"
        " rating_before, rating_after, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, role, user_id, guild_id, kind, team, outcome, score, rating_before,
         rating_after, finished_at),
    )


async def insert_result(conn: aiosqlite.Connection, **fields: Any) -> None:
    """See :func:`insert_result_sync` (same keyword arguments)."""
    await in_thread(conn, insert_result_sync, **fields)


async def results_of_game(conn: aiosqlite.Connection, game_id: int) -> list[Row]:
    rows = await _all(
        conn,
        "SELECT game_id, role, user_id, team, outcome, score, rating_before, rating_after"
        " FROM results WHERE game_id = ? ORDER BY role",
        (game_id,),
    )
    return rows


# A user's record per kind counts games, not roles: a user holding two seats of one team
# played one game. Outcome per game: the best of the user's rows (win > draw > loss).
_PER_GAME = (
    "SELECT game_id, kind, MAX(CASE outcome WHEN 'win' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END)"
    " AS o FROM results WHERE guild_id = ? AND user_id = ? GROUP BY game_id, kind"
)


async def user_record(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> list[Row]:
    rows = await _all(
        conn,
        "SELECT g.kind, COUNT(*) AS games, SUM(g.o = 2) AS wins, SUM(g.o = 0) AS losses,"
        " SUM(g.o = 1) AS draws, r.rating, r.sigma, COALESCE(r.games, 0) AS rated"
        f" FROM ({_PER_GAME}) AS g"
        " LEFT JOIN ratings AS r ON r.guild_id = ? AND r.kind = g.kind AND r.user_id = ?"
        " GROUP BY g.kind ORDER BY g.kind",
        (guild_id, user_id, guild_id, user_id),
    )
    return rows


async def recent_results(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, limit: int
) -> list[Row]:
    rows = await _all(
        conn,
        "SELECT game_id, kind, role, team, outcome, rating_before, rating_after, finished_at"
        " FROM results WHERE guild_id = ? AND user_id = ?"
        " ORDER BY finished_at DESC, game_id DESC, role LIMIT ?",
        (guild_id, user_id, limit),
    )
    return rows


# Wins, losses and draws of a ranked row's player in that game kind (games, not seats).
_RECORD_OF_ROW = ",".join(
    f" (SELECT COUNT(DISTINCT game_id) FROM results AS x WHERE x.guild_id = r.guild_id"
    f"  AND x.kind = r.kind AND x.user_id = r.user_id AND x.outcome = '{outcome}') AS {name}"
    for outcome, name in (("win", "wins"), ("loss", "losses"), ("draw", "draws"))
)
# The leaderboard's order: a total order, so that pages never repeat or skip a row.
_LADDER_ORDER = "rating DESC, games DESC, user_id, kind"


def _ranked(kind: str | None, where: str) -> tuple[str, tuple[Any, ...]]:
    """The ratings rows of a server (one game kind, or every kind: a row per user and kind)
    numbered in the leaderboard's order, the rows ``where`` picks (best first, then ``LIMIT ?
    OFFSET ?``) with their record; and the parameters after the server's id. The records are
    counted for the picked rows only, not for the whole ranking."""
    kind_filter = "" if kind is None else " AND kind = ?"
    sql = (
        "SELECT r.user_id, r.kind, r.rating, r.sigma, r.games, r.rank,"
        f"{_RECORD_OF_ROW} FROM (SELECT * FROM ("
        "SELECT guild_id, user_id, kind, rating, sigma, games,"
        f" ROW_NUMBER() OVER (ORDER BY {_LADDER_ORDER}) AS rank"
        f" FROM ratings WHERE guild_id = ?{kind_filter})"
        f" {where} ORDER BY rank LIMIT ? OFFSET ?) AS r ORDER BY r.rank"
    )
    return sql, (() if kind is None else (kind,))


async def leaderboard(
    conn: aiosqlite.Connection, guild_id: int, kind: str | None, limit: int, offset: int = 0
) -> list[Row]:
    """Rated players, best first, with their rank; per kind, or over all kinds (one row per
    user and kind)."""
    sql, params = _ranked(kind, "")
    return await _all(conn, sql, (guild_id, *params, limit, offset))


async def count_ratings(conn: aiosqlite.Connection, guild_id: int, kind: str | None) -> int:
    """How many rows the leaderboard has."""
    kind_filter = "" if kind is None else " AND kind = ?"
    rows = await _all(conn, f"SELECT COUNT(*) FROM ratings WHERE guild_id = ?{kind_filter}",
                      (guild_id,) if kind is None else (guild_id, kind))
    return int(rows[0][0])


async def leaderboard_rank(
    conn: aiosqlite.Connection, guild_id: int, kind: str | None, user_id: int
) -> Row | None:
    """The user's best leaderboard row with its rank (over all kinds: their best kind), or
    None when they have no rating."""
    sql, params = _ranked(kind, "WHERE user_id = ?")
    rows = await _all(conn, sql, (guild_id, *params, user_id, 1, 0))
    return rows[0] if rows else None


async def rating_history(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> list[Row]:
    """The user's rated games in the order they finished: the displayed rating before and
    after each (one row per game: several seats of one user share their rating)."""
    return await _all(
        conn,
        "SELECT game_id, kind, MIN(finished_at) AS finished_at,"
        " MAX(rating_before) AS rating_before, MAX(rating_after) AS rating_after"
        " FROM results WHERE guild_id = ? AND user_id = ? AND rating_after IS NOT NULL"
        " GROUP BY game_id, kind ORDER BY finished_at, game_id",
        (guild_id, user_id),
    )


async def side_record(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> list[Row]:
    """Per game kind and side (role) the user held: games, wins, losses and draws."""
    return await _all(
        conn,
        "SELECT kind, role, COUNT(*) AS games, SUM(outcome = 'win') AS wins,"
        " SUM(outcome = 'loss') AS losses, SUM(outcome = 'draw') AS draws"
        " FROM results WHERE guild_id = ? AND user_id = ? GROUP BY kind, role ORDER BY kind, role",
        (guild_id, user_id),
    )


async def head_to_head(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, other_id: int
) -> list[Row]:
    """Per game kind, the games both users played on this server: on opposing teams, who
    won (``wins``: the first user, ``other_wins``; ``both_lost``: a third team won) and the
    draws; on one team (``together``: they shared a team), its wins, losses and draws. Each
    user's outcome in a game is their best seat's, as in their record."""
    return await _all(
        conn,
        f"WITH a AS ({_PER_GAME}), b AS ({_PER_GAME}),"
        " pairs AS (SELECT a.game_id, a.kind, a.o AS ao, b.o AS bo, EXISTS ("
        "   SELECT 1 FROM results AS x JOIN results AS y"
        "   ON y.game_id = x.game_id AND y.team = x.team"
        "   WHERE x.game_id = a.game_id AND x.user_id = ? AND y.user_id = ?) AS together"
        "  FROM a JOIN b ON b.game_id = a.game_id)"
        " SELECT kind, COUNT(*) AS games,"
        " SUM(NOT together AND ao = 2) AS wins, SUM(NOT together AND bo = 2) AS other_wins,"
        " SUM(NOT together AND ao = 1 AND bo = 1) AS draws,"
        " SUM(NOT together AND ao = 0 AND bo = 0) AS both_lost,"
        " SUM(together) AS together, SUM(together AND ao = 2) AS together_wins,"
        " SUM(together AND ao = 0) AS together_losses,"
        " SUM(together AND ao = 1) AS together_draws"
        " FROM pairs GROUP BY kind ORDER BY kind",
        (guild_id, user_id, guild_id, other_id, user_id, other_id),
    )


# --- players' reminders, quiet hours and vacations ------------------------------------------

USER_FIELDS = ("notify", "reminder_hours", "time_zone", "quiet_start", "quiet_end",
               "vacation_from", "vacation_until")


async def user_settings(conn: aiosqlite.Connection, user_ids: Iterable[int]) -> dict[int, Row]:
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = await _all(
        conn, f"SELECT user_id, {', '.join(USER_FIELDS)} FROM user_settings"
        f" WHERE user_id IN ({marks})", ids,
    )
    return {int(r["user_id"]): r for r in rows}


async def set_user_fields(conn: aiosqlite.Connection, user_id: int, **fields: Any) -> None:
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


async def vacation_days(conn: aiosqlite.Connection, guild_id: int) -> float | None:
    rows = await _all(conn, "SELECT vacation_days FROM guild_settings WHERE guild_id = ?",
                      (guild_id,))
    return None if not rows or rows[0][0] is None else float(rows[0][0])


async def set_vacation_days(conn: aiosqlite.Connection, guild_id: int, days: float) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, vacation_days) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET vacation_days = excluded.vacation_days",
        (guild_id, days),
    )


async def games_with_own_reminders(conn: aiosqlite.Connection) -> list[int]:
    """Running games with a turn timer where a player set their own reminder hours."""
    rows = await _all(
        conn,
        "SELECT DISTINCT g.id FROM games AS g JOIN seats AS s ON s.game_id = g.id"
        " JOIN user_settings AS u ON u.user_id = s.user_id"
        " WHERE g.status = 'running' AND g.deadline IS NOT NULL"
        " AND u.reminder_hours IS NOT NULL ORDER BY g.id",
    )
    return [int(r[0]) for r in rows]


async def mark_reminder_sent(conn: aiosqlite.Connection, game_id: int, user_id: int,
                             deadline: str, hours: float) -> bool:
    """Record one reminder; False if it was already sent (another pass or process)."""
    cursor = await conn.execute(
        "INSERT OR IGNORE INTO sent_reminders (game_id, user_id, deadline, hours)"
        " VALUES (?, ?, ?, ?)", (game_id, user_id, deadline, hours),
    )
    return cursor.rowcount == 1


async def hold_dm(conn: aiosqlite.Connection, user_id: int, game_id: int, text: str,
                  due_at: str) -> None:
    await conn.execute(
        "INSERT INTO held_dms (user_id, game_id, text, due_at) VALUES (?, ?, ?, ?)",
        (user_id, game_id, text, due_at),
    )


async def take_due_dms(conn: aiosqlite.Connection, now: str) -> list[Row]:
    """The held direct messages due by ``now``, removed as they are taken (sent once)."""
    rows = await _all(
        conn, "SELECT id, user_id, game_id, text FROM held_dms WHERE due_at <= ? ORDER BY id",
        (now,),
    )
    if rows:
        await conn.execute(
            f"DELETE FROM held_dms WHERE id IN ({', '.join('?' for _ in rows)})",
            [int(r["id"]) for r in rows],
        )
    return rows
