"""Background jobs claimed by one process (migration 0011): the due ones claimed with
``SKIP LOCKED`` (or SQLite's single writer), released, listed; games counted by status."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.conn import Conn, Row

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
    rows = await conn.fetch(
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
    return await conn.fetch("SELECT game_id, job, claimed_by, claimed_until FROM job_claims"
                            " ORDER BY game_id, job")


async def games_of_status(conn: Conn, statuses: Sequence[str]) -> list[int]:
    marks = ", ".join("?" for _ in statuses)
    rows = await conn.fetch(
        f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id", tuple(statuses)
    )
    return [int(r[0]) for r in rows]


async def count_games_of_status(conn: Conn, statuses: Sequence[str]) -> dict[str, int]:
    """Status -> how many games have it, for each of ``statuses`` (0 when none)."""
    marks = ", ".join("?" for _ in statuses)
    rows = await conn.fetch(
        f"SELECT status, COUNT(*) FROM games WHERE status IN ({marks}) GROUP BY status",
        tuple(statuses),
    )
    counted = {str(r[0]): int(r[1]) for r in rows}
    return {status: counted.get(status, 0) for status in statuses}
