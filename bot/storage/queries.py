"""Every SQL statement of Strategos, as small async functions over a connection.

Nothing else in the code base writes SQL (the migration files in ``migrations/`` hold
the schema). Functions take an open :class:`~bot.storage.conn.Conn` (SQLite or
PostgreSQL: the SQL is written once, with ``?`` placeholders, in the subset both
understand; the fragments that differ come from ``conn.dialect``); callers decide whether
they run inside ``Database.run``, ``transaction`` or ``read``. The statements that manage
a connection itself (SQLite's pragmas and transactions, PostgreSQL's locks) are at the top.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import aiosqlite

from bot.rating import Skill
from bot.storage.conn import Conn, IntegrityError, Row


async def _all(conn: Conn, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    return await conn.fetch(sql, params)

# --- SQLite connections and transactions ------------------------------------------------


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
    rows = list(await conn.execute_fetchall(f"PRAGMA {name}"))
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
    rows = list(await conn.execute_fetchall("PRAGMA integrity_check"))
    row = rows[0] if rows else None
    if row is None or row[0] != "ok":
        raise RuntimeError(f"database integrity check failed: {row[0] if row else 'no answer'}")


# --- PostgreSQL: locks in place of SQLite's single writer ---------------------------------

# Keys of the transaction-scoped advisory locks (any two fixed numbers, one per purpose).
WRITE_LOCK = 0x5354524154  # every write transaction: one writer at a time, as in SQLite
MIGRATION_LOCK = 0x5354524155  # applying migrations: one process at a time


async def advisory_lock(conn: Conn, key: int) -> None:
    """Wait for the advisory lock ``key`` and hold it until the transaction ends."""
    await conn.execute("SELECT pg_advisory_xact_lock(?)", (key,))


async def restart_ids(conn: Conn, table: str) -> None:
    """After rows were copied in with their ids: the table's next id follows its largest."""
    await conn.execute(
        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
        f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
    )


# --- copying a whole database ---------------------------------------------------------------

# Every table of the schema but schema_migrations, each after the tables it refers to; the
# tables with an identity column ``id`` are in ``COPIED_WITH_IDS``.
COPIED_TABLES = (
    "guild_settings", "user_settings", "games", "job_claims", "seats", "actions", "game_log",
    "results", "ratings", "boards", "command_sync", "rating_model", "side_ratings",
    "sent_reminders", "held_dms", "hand_overs",
)
COPIED_WITH_IDS = ("games", "held_dms")


async def table_rows(conn: Conn, table: str) -> list[Row]:
    """Every row of one of ``COPIED_TABLES``, by its first column (a game before its
    rematches)."""
    if table not in COPIED_TABLES:
        raise ValueError(f"not a copied table: {table!r}")
    return await conn.fetch(f"SELECT * FROM {table} ORDER BY 1")


async def insert_rows(conn: Conn, table: str, columns: Sequence[str],
                      rows: Iterable[Sequence[Any]]) -> None:
    if table not in COPIED_TABLES or not all(c.isidentifier() for c in columns):
        raise ValueError(f"not a copied table or its columns: {table!r} {columns!r}")
    await conn.executemany(
        f"INSERT INTO {table} ({', '.join(columns)})"
        f" VALUES ({', '.join('?' for _ in columns)})", rows,
    )


async def count_rows(conn: Conn, table: str) -> int:
    if table not in COPIED_TABLES:
        raise ValueError(f"not a copied table: {table!r}")
    row = await conn.fetchrow(f"SELECT COUNT(*) FROM {table}")
    assert row is not None
    return int(row[0])


# --- migrations ---------------------------------------------------------------------------


async def ensure_migrations_table(conn: Conn) -> None:
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )


async def applied_migrations(conn: Conn) -> dict[int, str]:
    rows = await _all(conn, "SELECT version, name FROM schema_migrations")
    return {int(r[0]): str(r[1]) for r in rows}


async def run_migration(conn: Conn, sql: str) -> None:
    """A migration file's statements (the file's text is the SQL)."""
    await conn.script(sql)


async def record_migration(
    conn: Conn, version: int, name: str, at: str
) -> None:
    await conn.execute(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        (version, name, at),
    )


async def table_names(conn: Conn) -> list[str]:
    rows = await _all(conn, conn.dialect.table_names)
    return [str(r[0]) for r in rows]


# --- games -----------------------------------------------------------------------------------

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
    rows = await _all(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
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
    return await _all(conn, f"{_with_state(conn)} WHERE id IN ({marks}) ORDER BY id",
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
    rows = await _all(
        conn,
        f"{_with_seats(conn)} WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')",
        (channel_id,),
    )
    return rows[0] if rows else None


async def last_started_game_with_seats(conn: Conn, channel_id: int
                                       ) -> Row | None:
    """The newest game of a channel that was played (finished or stopped after its start)."""
    rows = await _all(
        conn,
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
    return await _all(conn, games_of_user_sql(conn, guild_id is not None), params)


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
    return await _all(
        conn, f"{_with_seats(conn)}{where} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
        (guild_id, *params, limit, offset),
    )


async def count_ended_games(conn: Conn, guild_id: int, channel_id: int | None,
                            user_id: int | None) -> int:
    where, params = _ended_where(channel_id, user_id)
    rows = await _all(conn, f"SELECT COUNT(*) FROM games{where}", (guild_id, *params))
    return int(rows[0][0])


async def game_version(conn: Conn, game_id: int) -> int | None:
    row = await conn.fetchrow("SELECT version FROM games WHERE id = ?", (game_id,))
    return None if row is None else int(row[0])


async def active_game_in(conn: Conn, channel_id: int) -> Row | None:
    rows = await _all(
        conn,
        f"SELECT {GAME_COLUMNS} FROM games"
        " WHERE channel_id = ? AND status IN ('lobby', 'running', 'paused')",
        (channel_id,),
    )
    return rows[0] if rows else None


async def game_seed(conn: Conn, game_id: int) -> str | None:
    rows = await _all(conn, "SELECT seed FROM games WHERE id = ?", (game_id,))
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
    rows = await _all(
        conn,
        "SELECT id FROM games WHERE status = 'running' AND reminded = 0"
        " AND remind_at IS NOT NULL AND remind_at <= ? AND deadline > ? ORDER BY remind_at",
        (now, now),
    )
    return [int(r[0]) for r in rows]


async def due_timeouts(conn: Conn, now: str) -> list[int]:
    rows = await _all(
        conn,
        "SELECT id FROM games WHERE status = 'running' AND deadline IS NOT NULL"
        " AND deadline <= ? ORDER BY deadline",
        (now,),
    )
    return [int(r[0]) for r in rows]


# --- background jobs claimed by one process (migration 0011) ----------------------------

# What makes each kind of job due: a condition on ``games AS g`` with ``?`` for the time.
DUE_JOBS = {
    "timeout": ("g.status = 'running' AND g.deadline IS NOT NULL AND g.deadline <= ?",
                "g.deadline", 1),
    "reminder": ("g.status = 'running' AND g.reminded = 0 AND g.remind_at IS NOT NULL"
                 " AND g.remind_at <= ? AND g.deadline > ?", "g.remind_at", 2),
}
UPSERT_CLAIM = (
    "INSERT INTO job_claims (game_id, job, claimed_by, claimed_until) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (game_id, job) DO UPDATE SET claimed_by = excluded.claimed_by,"
    " claimed_until = excluded.claimed_until"
)


async def claim_due_jobs(conn: Conn, job: str, now: str, worker: str, until: str,
                         limit: int) -> list[int]:
    """Inside a write transaction: the games (at most ``limit``) whose ``job`` is due by
    ``now`` and claimed by nobody else (or by a process whose claim ran out), now claimed
    by ``worker`` until ``until``. PostgreSQL locks the games picked and skips those another
    transaction is claiming (``FOR UPDATE SKIP LOCKED``)."""
    where, order, marks = DUE_JOBS[job]
    rows = await _all(
        conn,
        "SELECT g.id FROM games AS g LEFT JOIN job_claims AS c"
        " ON c.game_id = g.id AND c.job = ?"
        f" WHERE {where} AND (c.game_id IS NULL OR c.claimed_until <= ? OR c.claimed_by = ?)"
        f" ORDER BY {order}, g.id LIMIT ?{conn.dialect.skip_locked}",
        (job, *[now] * marks, now, worker, limit),
    )
    ids = [int(r[0]) for r in rows]
    await conn.executemany(UPSERT_CLAIM, [(game_id, job, worker, until) for game_id in ids])
    return ids


async def claim_job(conn: Conn, game_id: int, job: str, now: str, worker: str,
                    until: str) -> bool:
    """Claim (or renew) one game's ``job`` for ``worker``; False when another process holds
    it and its claim has not run out."""
    changed = await conn.execute(
        f"{UPSERT_CLAIM} WHERE job_claims.claimed_until <= ? OR job_claims.claimed_by = ?",
        (game_id, job, worker, until, now, worker),
    )
    return changed == 1


async def release_job(conn: Conn, game_id: int, job: str, worker: str) -> bool:
    """The job is done: ``worker``'s claim is dropped (not another process's)."""
    changed = await conn.execute(
        "DELETE FROM job_claims WHERE game_id = ? AND job = ? AND claimed_by = ?",
        (game_id, job, worker),
    )
    return changed == 1


async def job_claims(conn: Conn) -> list[Row]:
    """Every claim held, by game and job (for tests and a look at a running bot)."""
    return await _all(conn, "SELECT game_id, job, claimed_by, claimed_until FROM job_claims"
                            " ORDER BY game_id, job")


async def games_of_status(conn: Conn, statuses: Sequence[str]) -> list[int]:
    marks = ", ".join("?" for _ in statuses)
    rows = await _all(
        conn,
        f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id", tuple(statuses)
    )
    return [int(r[0]) for r in rows]


async def count_games_of_status(conn: Conn, statuses: Sequence[str]) -> dict[str, int]:
    """Status -> how many games have it, for each of ``statuses`` (0 when none)."""
    marks = ", ".join("?" for _ in statuses)
    rows = await _all(
        conn,
        f"SELECT status, COUNT(*) FROM games WHERE status IN ({marks}) GROUP BY status",
        tuple(statuses),
    )
    counted = {str(r[0]): int(r[1]) for r in rows}
    return {status: counted.get(status, 0) for status in statuses}


# --- seats --------------------------------------------------------------------------------


async def get_seats(conn: Conn, game_id: int) -> list[Row]:
    rows = await _all(
        conn,
        "SELECT game_id, seat, user_id, role FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    return rows


async def insert_seat(
    conn: Conn, game_id: int, user_id: int, role: str | None, now: str
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


# --- boards: the states of the last two boards posted ----------------------------------------


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
    rows = await _all(
        conn, "SELECT 1 FROM boards WHERE post_due IS NOT NULL AND post_due <= ?"
        " UNION ALL SELECT 1 FROM hand_overs WHERE due <= ? LIMIT 1", (now, now),
    )
    return bool(rows)


async def claim_late_boards(conn: Conn, now: str, until: str, limit: int) -> list[int]:
    """The games whose board was not posted by its due time (the process posting it died),
    claimed for this process by moving the due time on to ``until``: of several processes,
    one wins each board (the update checks the time it read)."""
    rows = await _all(
        conn, "SELECT game_id, post_due FROM boards WHERE post_due IS NOT NULL"
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
    rows = await _all(
        conn, "SELECT game_id, version, roles, actor, due FROM hand_overs WHERE due <= ?"
        " ORDER BY due, game_id LIMIT ?", (now, limit),
    )
    return await _claim(conn, "hand_overs", "due", rows, until)


async def get_boards(conn: Conn, game_id: int) -> Row | None:
    rows = await _all(
        conn, "SELECT state, state_log, previous, previous_log, version, post_due FROM boards"
        " WHERE game_id = ?", (game_id,)
    )
    return rows[0] if rows else None


# --- a game's log (its story): one row per entry, apart from the state --------------------


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
    rows = await _all(
        conn, "SELECT entry FROM game_log WHERE game_id = ? AND public = 1"
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


# --- the action log (append-only) ---------------------------------------------------------


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
    rows = await _all(
        conn,
        "SELECT seq, kind, user_id, role, choice, at, barrier, undoes, version, detail"
        " FROM actions WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return rows


async def count_actions(conn: Conn, game_id: int, kind: str) -> int:
    rows = await _all(
        conn,
        "SELECT COUNT(*) FROM actions WHERE game_id = ? AND kind = ?", (game_id, kind)
    )
    row = rows[0] if rows else None
    return int(row[0]) if row else 0


# --- settings -------------------------------------------------------------------------------


async def set_moderator_role(
    conn: Conn, guild_id: int, role_id: int | None
) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, moderator_role_id) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET moderator_role_id = excluded.moderator_role_id",
        (guild_id, role_id),
    )


async def moderator_role(conn: Conn, guild_id: int) -> int | None:
    rows = await _all(
        conn,
        "SELECT moderator_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    row = rows[0] if rows else None
    return None if row is None or row[0] is None else int(row[0])


async def synced_commands(conn: Conn, target: str) -> str | None:
    """The digest of the command tree last synced to ``target`` (None: never)."""
    rows = await _all(conn, "SELECT digest FROM command_sync WHERE target = ?", (target,))
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
    rows = await _all(
        conn,
        f"SELECT user_id, notify FROM user_settings WHERE user_id IN ({marks})", ids
    )
    return {int(r[0]): str(r[1]) for r in rows}


# --- results and ratings --------------------------------------------------------------------


async def ratings_of(
    conn: Conn, guild_id: int, kind: str, user_ids: Iterable[int]
) -> dict[int, Skill]:
    """The players' current skills; a player without a row (or with a row from before the
    ratings were recomputed) is missing."""
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = await conn.fetch(
        f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ?"
        f" AND user_id IN ({marks}) AND mu IS NOT NULL AND sigma IS NOT NULL",
        (guild_id, kind, *ids),
    )
    return {int(r[0]): Skill(mu=float(r[1]), sigma=float(r[2])) for r in rows}


async def save_ratings(
    conn: Conn, guild_id: int, kind: str, skills: Mapping[int, Skill]
) -> None:
    """The players' skills after one more rated game."""
    await conn.executemany(
        "INSERT INTO ratings (guild_id, kind, user_id, rating, mu, sigma, games)"
        " VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, user_id)"
        " DO UPDATE SET rating = excluded.rating, mu = excluded.mu, sigma = excluded.sigma,"
        " games = ratings.games + 1",
        [(guild_id, kind, user, skill.display, skill.mu, skill.sigma)
         for user, skill in skills.items()],
    )


async def side_ratings_of(
    conn: Conn, guild_id: int, kind: str, teams: Iterable[str]
) -> dict[str, Skill]:
    """The skills of these sides of a game kind (a side without a row is missing)."""
    names = list(teams)
    if not names:
        return {}
    marks = ", ".join("?" for _ in names)
    rows = await conn.fetch(
        f"SELECT team, mu, sigma FROM side_ratings WHERE guild_id = ? AND kind = ?"
        f" AND team IN ({marks})",
        (guild_id, kind, *names),
    )
    return {str(r[0]): Skill(mu=float(r[1]), sigma=float(r[2])) for r in rows}


async def save_side_ratings(
    conn: Conn, guild_id: int, kind: str, skills: Mapping[str, Skill]
) -> None:
    await conn.executemany(
        "INSERT INTO side_ratings (guild_id, kind, team, mu, sigma, games)"
        " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, team)"
        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " games = side_ratings.games + 1",
        [(guild_id, kind, team, skill.mu, skill.sigma) for team, skill in skills.items()],
    )


async def all_side_ratings(conn: Conn) -> list[tuple[Any, ...]]:
    """Every side's rating row, in a fixed order."""
    return [tuple(r) for r in await conn.fetch(
        "SELECT guild_id, kind, team, mu, sigma, games FROM side_ratings"
        " ORDER BY guild_id, kind, team")]


async def all_ratings(conn: Conn) -> list[tuple[Any, ...]]:
    """Every rating row, in a fixed order (to compare two computations of them)."""
    return [tuple(r) for r in await conn.fetch(
        "SELECT guild_id, kind, user_id, rating, mu, sigma, games FROM ratings"
        " ORDER BY guild_id, kind, user_id")]


async def delete_ratings(conn: Conn) -> None:
    """Every player's and side's rating (before recomputing them)."""
    await conn.execute("DELETE FROM ratings")
    await conn.execute("DELETE FROM side_ratings")


async def results_in_game_order(conn: Conn) -> list[tuple[Any, ...]]:
    """(game_id, guild_id, kind, user_id, team, outcome) of every stored seat, game by game
    in the order the games finished (the game's id breaks a tie)."""
    return [tuple(r) for r in await conn.fetch(
        "SELECT game_id, guild_id, kind, user_id, team, outcome FROM results"
        " ORDER BY finished_at, game_id, role")]


async def set_result_ratings(
    conn: Conn, game_id: int, ratings: Mapping[int, tuple[float, float] | None]
) -> None:
    """Each user's displayed rating (before, after) in one game's results; None: unrated."""
    await conn.executemany(
        "UPDATE results SET rating_before = ?, rating_after = ? WHERE game_id = ? AND user_id = ?",
        [(None, None, game_id, user) if pair is None else (*pair, game_id, user)
         for user, pair in ratings.items()],
    )


async def rating_model(conn: Conn) -> str | None:
    row = await conn.fetchrow("SELECT version FROM rating_model WHERE id = 1")
    return None if row is None else str(row[0])


async def set_rating_model(conn: Conn, version: str, now: str) -> None:
    await conn.execute(
        "INSERT INTO rating_model (id, version, computed_at) VALUES (1, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET version = excluded.version,"
        " computed_at = excluded.computed_at",
        (version, now),
    )


async def insert_result(
    conn: Conn,
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
    await conn.execute(
        "INSERT INTO results (game_id, role, user_id, guild_id, kind, team, outcome, score,"
        " rating_before, rating_after, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, role, user_id, guild_id, kind, team, outcome, score, rating_before,
         rating_after, finished_at),
    )


async def results_of_game(conn: Conn, game_id: int) -> list[Row]:
    rows = await _all(
        conn,
        "SELECT game_id, role, user_id, team, outcome, score, rating_before, rating_after"
        " FROM results WHERE game_id = ? ORDER BY role",
        (game_id,),
    )
    return rows


def _count(condition: str) -> str:
    """How many rows of a group meet ``condition`` (both databases: no sum of booleans)."""
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


_WINS, _LOSSES, _DRAWS = (_count(f"outcome = '{o}'") for o in ("win", "loss", "draw"))


# A user's record per kind counts games, not roles: a user holding two seats of one team
# played one game. Outcome per game: the best of the user's rows (win > draw > loss).
_PER_GAME = (
    "SELECT game_id, kind, MAX(CASE outcome WHEN 'win' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END)"
    " AS o FROM results WHERE guild_id = ? AND user_id = ? GROUP BY game_id, kind"
)


async def user_record(conn: Conn, guild_id: int, user_id: int) -> list[Row]:
    rows = await _all(
        conn,
        f"SELECT g.kind, COUNT(*) AS games, {_count('g.o = 2')} AS wins,"
        f" {_count('g.o = 0')} AS losses, {_count('g.o = 1')} AS draws, MAX(r.rating) AS rating,"
        " MAX(r.sigma) AS sigma, COALESCE(MAX(r.games), 0) AS rated"
        f" FROM ({_PER_GAME}) AS g"
        " LEFT JOIN ratings AS r ON r.guild_id = ? AND r.kind = g.kind AND r.user_id = ?"
        " GROUP BY g.kind ORDER BY g.kind",
        (guild_id, user_id, guild_id, user_id),
    )
    return rows


async def recent_results(
    conn: Conn, guild_id: int, user_id: int, limit: int
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
        f" FROM ratings WHERE guild_id = ?{kind_filter}) AS ranked"
        f" {where} ORDER BY rank LIMIT ? OFFSET ?) AS r ORDER BY r.rank"
    )
    return sql, (() if kind is None else (kind,))


async def leaderboard(
    conn: Conn, guild_id: int, kind: str | None, limit: int, offset: int = 0
) -> list[Row]:
    """Rated players, best first, with their rank; per kind, or over all kinds (one row per
    user and kind)."""
    sql, params = _ranked(kind, "")
    return await _all(conn, sql, (guild_id, *params, limit, offset))


async def count_ratings(conn: Conn, guild_id: int, kind: str | None) -> int:
    """How many rows the leaderboard has."""
    kind_filter = "" if kind is None else " AND kind = ?"
    rows = await _all(conn, f"SELECT COUNT(*) FROM ratings WHERE guild_id = ?{kind_filter}",
                      (guild_id,) if kind is None else (guild_id, kind))
    return int(rows[0][0])


async def leaderboard_rank(
    conn: Conn, guild_id: int, kind: str | None, user_id: int
) -> Row | None:
    """The user's best leaderboard row with its rank (over all kinds: their best kind), or
    None when they have no rating."""
    sql, params = _ranked(kind, "WHERE user_id = ?")
    rows = await _all(conn, sql, (guild_id, *params, user_id, 1, 0))
    return rows[0] if rows else None


async def rating_history(conn: Conn, guild_id: int, user_id: int) -> list[Row]:
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


async def side_record(conn: Conn, guild_id: int, user_id: int) -> list[Row]:
    """Per game kind and side (role) the user held: games, wins, losses and draws."""
    return await _all(
        conn,
        f"SELECT kind, role, COUNT(*) AS games, {_WINS} AS wins, {_LOSSES} AS losses,"
        f" {_DRAWS} AS draws"
        " FROM results WHERE guild_id = ? AND user_id = ? GROUP BY kind, role ORDER BY kind, role",
        (guild_id, user_id),
    )


async def head_to_head(
    conn: Conn, guild_id: int, user_id: int, other_id: int
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
        f" {_count('NOT together AND ao = 2')} AS wins,"
        f" {_count('NOT together AND bo = 2')} AS other_wins,"
        f" {_count('NOT together AND ao = 1 AND bo = 1')} AS draws,"
        f" {_count('NOT together AND ao = 0 AND bo = 0')} AS both_lost,"
        f" {_count('together')} AS together, {_count('together AND ao = 2')} AS together_wins,"
        f" {_count('together AND ao = 0')} AS together_losses,"
        f" {_count('together AND ao = 1')} AS together_draws"
        " FROM pairs GROUP BY kind ORDER BY kind",
        (guild_id, user_id, guild_id, other_id, user_id, other_id),
    )


# --- players' reminders, quiet hours and vacations ------------------------------------------

USER_FIELDS = ("notify", "reminder_hours", "time_zone", "quiet_start", "quiet_end",
               "vacation_from", "vacation_until")


async def user_settings(conn: Conn, user_ids: Iterable[int]) -> dict[int, Row]:
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = await _all(
        conn, f"SELECT user_id, {', '.join(USER_FIELDS)} FROM user_settings"
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
    rows = await _all(conn, "SELECT vacation_days FROM guild_settings WHERE guild_id = ?",
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
    rows = await _all(
        conn,
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
