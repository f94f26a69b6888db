"""Background jobs when several bot processes share one database: each job of a game (its
turn timer running out, its half-time reminder, the computer player's moves) is claimed by
one process at a time, for a lease (``GameService.lease``, ``STRATEGOS_JOB_LEASE``).

A claim is a row of ``job_claims`` written in a write transaction (PostgreSQL picks the
due games ``FOR UPDATE SKIP LOCKED``; SQLite's single writer makes the same choice alone),
so two processes never claim the same job. The process releases it when the job is done.
A process that dies keeps its claims until they run out; then any other process claims
the job again and does it. Doing a job twice is harmless anyway: its effect is written by
the same version-checked transaction as a player's action, so a timeout already applied
is not due any more and a computer's move already made is no longer asked for.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from bot.service.core import ServiceBase
from bot.storage import queries, stamp

Job = Literal["timeout", "reminder", "computer"]
JOB_BATCH = 50  # jobs of one kind claimed by one pass of the timer loop


class JobsMixin(ServiceBase):
    """Claiming, renewing and releasing background jobs."""

    async def claim_due(self, job: Literal["timeout", "reminder"], now: datetime | None = None,
                        limit: int = JOB_BATCH) -> list[int]:
        """The games whose ``job`` is due by ``now`` that no other process holds, claimed
        for this one (release each with :meth:`release_job` when done)."""
        moment = now or self._now()
        until = stamp(moment + self.lease)
        return await self.db.run(lambda conn: queries.claim_due_jobs(
            conn, job, stamp(moment), self.worker, until, limit))

    async def claim_job(self, game_id: int, job: Job, now: datetime | None = None) -> bool:
        """Claim (or renew, for another lease) one game's job; False when another process
        holds it."""
        moment = now or self._now()
        until = stamp(moment + self.lease)
        return await self.db.run(lambda conn: queries.claim_job(
            conn, game_id, job, stamp(moment), self.worker, until))

    async def release_job(self, game_id: int, job: Job) -> None:
        await self.db.run(lambda conn: queries.release_job(conn, game_id, job, self.worker))
