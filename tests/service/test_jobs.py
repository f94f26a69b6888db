"""Background jobs shared by several processes on one database (``bot.service.jobs``):
each due job is claimed by exactly one process, a claim that ran out (its process died) is
taken over, and a job done twice still applies once. Two ``GameService`` over two
connections to one database stand for two processes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot import errors
from bot.service import GameService
from bot.storage import open_database, queries
from tests.service.play import Clock, started_duel

LEASE = timedelta(minutes=2)


@pytest.fixture
async def other(database: str, clock: Clock) -> AsyncIterator[GameService]:
    """A second process on the same database."""
    db = await open_database(database)
    try:
        yield GameService(db, clock, worker="process-b", lease=LEASE)
    finally:
        await db.close()


@pytest.fixture
def first(service: GameService) -> GameService:
    service.worker, service.lease = "process-a", LEASE
    return service


async def timed_games(service: GameService, count: int) -> list[int]:
    """``count`` running duels, each in its own channel, with a one-hour turn timer."""
    ids = []
    for n in range(count):
        start = await started_duel(service, channel=300 + n, timeout_hours=1)
        ids.append(start.loaded.id)
    return ids


async def test_each_due_timeout_is_claimed_by_one_process(
        first: GameService, other: GameService, clock: Clock) -> None:
    games = await timed_games(first, 6)
    assert await first.claim_due("timeout") == []  # not due yet
    clock.advance(1)
    mine, theirs = await asyncio.gather(first.claim_due("timeout", limit=4),
                                        other.claim_due("timeout", limit=4))
    assert not set(mine) & set(theirs)
    assert sorted(mine + theirs) == games
    # While the claims hold, neither process gets the other's (its own it may renew).
    assert await other.claim_due("timeout") == theirs
    assert await first.claim_due("timeout") == mine
    async with first.db.read() as conn:
        claims = await queries.job_claims(conn)
    assert {(c["game_id"], c["claimed_by"]) for c in claims} == {
        *((g, "process-a") for g in mine), *((g, "process-b") for g in theirs)}


async def test_a_claim_that_ran_out_is_taken_over(
        first: GameService, other: GameService, clock: Clock) -> None:
    (game_id,) = await timed_games(first, 1)
    clock.advance(1)
    assert await first.claim_due("timeout") == [game_id]
    # Process A dies holding the claim: B cannot take the job before the lease ends...
    clock.now += LEASE - timedelta(seconds=1)
    assert await other.claim_due("timeout") == []
    # ... and takes it over after.
    clock.now += timedelta(seconds=1)
    assert await other.claim_due("timeout") == [game_id]
    update = await other.run_timeout(game_id)
    assert update.loaded.row.deadline is not None and update.loaded.row.deadline > clock.now
    await other.release_job(game_id, "timeout")
    async with other.db.read() as conn:
        assert await queries.job_claims(conn) == []


async def test_a_timeout_run_by_both_processes_applies_once(
        first: GameService, other: GameService, clock: Clock) -> None:
    """Even without claims (a claim that ran out while its holder was still at work), the
    version-checked write lets one timeout through."""
    (game_id,) = await timed_games(first, 1)
    clock.advance(1)
    outcomes = await asyncio.gather(first.run_timeout(game_id), other.run_timeout(game_id),
                                    return_exceptions=True)
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1, outcomes
    assert all(isinstance(o, errors.ServiceError) for o in refused), refused
    lines = await first.log_lines(game_id)
    assert len([line for line in lines if line.kind == "timer"]) == 2  # both sides, once


async def test_released_jobs_and_reminders(
        first: GameService, other: GameService, clock: Clock) -> None:
    (game_id,) = await timed_games(first, 1)
    clock.advance(0.5)
    assert await first.claim_due("reminder") == [game_id]
    assert await other.claim_due("reminder") == []
    await other.release_job(game_id, "reminder")  # not B's claim: it stays A's
    assert await other.claim_due("reminder") == []
    await first.release_job(game_id, "reminder")
    assert await other.claim_due("reminder") == [game_id]  # released: B may take it
    await other.mark_reminded(game_id)
    await other.release_job(game_id, "reminder")
    assert await first.claim_due("reminder") == []  # done: not due any more


async def test_one_game_job_is_claimed_renewed_and_released(
        first: GameService, other: GameService, clock: Clock) -> None:
    (game_id,) = await timed_games(first, 1)
    assert await first.claim_job(game_id, "computer")
    assert not await other.claim_job(game_id, "computer")
    clock.now += LEASE - timedelta(seconds=1)
    assert await first.claim_job(game_id, "computer")  # renewed for another lease
    clock.now += timedelta(seconds=2)
    assert not await other.claim_job(game_id, "computer")
    await first.release_job(game_id, "computer")
    assert await other.claim_job(game_id, "computer")
