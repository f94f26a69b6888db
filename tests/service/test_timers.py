"""Turn timers: stored deadlines, a reminder at half time, the policy at the end."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot import errors
from bot.service import GameService
from bot.storage import open_database
from tests.service.play import (
    NORTH,
    RED,
    SOUTH,
    Clock,
    move,
    play_card,
    started_duel,
    started_relay,
)


async def test_reminder_then_pass_policy_across_a_restart(
    service: GameService, clock: Clock, database: str
) -> None:
    start = await started_duel(service, timeout_hours=4)
    game_id = start.loaded.id
    assert start.loaded.row.deadline == clock.now + timedelta(hours=4)
    assert await service.due_reminders(clock.now) == []
    clock.advance(2)
    due = await service.due_reminders(clock.now)
    assert [g.id for g in due] == [game_id]
    assert set(due[0].waiting_users()) == {NORTH, SOUTH}
    await service.mark_reminded(game_id)
    assert await service.due_reminders(clock.now) == []
    assert await service.due_timeouts(clock.now) == []
    with pytest.raises(errors.ServiceError, match="not run out"):
        await service.run_timeout(game_id)

    # The bot restarts: nothing about the timer lived in memory.
    await service.db.close()
    reopened = await open_database(database)
    try:
        again = GameService(reopened, clock)
        clock.advance(2)
        assert await again.due_timeouts(clock.now) == [game_id]
        before = await again.load(game_id)
        update = await again.run_timeout(game_id)
        # Both waiting sides played their timeout choice: the round was revealed.
        assert update.turn_ended and update.loaded.state.round == 2  # type: ignore[union-attr]
        assert update.loaded.version == before.version + 1
        lines = await again.log_lines(game_id)
        assert [(line.kind, line.user_id) for line in lines[-2:]] == [
            ("timer", None), ("timer", None)
        ]
        # A fresh deadline for the next turn, and a fresh reminder.
        assert update.loaded.row.deadline is not None
        assert update.loaded.row.deadline > clock.now and not update.loaded.row.reminded
        assert await again.due_timeouts(clock.now) == []
    finally:
        await reopened.close()


async def test_resign_policy_ends_the_game(service: GameService, clock: Clock) -> None:
    start = await started_duel(service, timeout_hours=1, timeout_policy="resign")
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    clock.advance(1)
    assert await service.due_timeouts(clock.now) == [game_id]
    update = await service.run_timeout(game_id)
    assert update.finished and update.result is not None and update.result.winners == ["north"]
    assert await service.due_timeouts(clock.now) == []
    assert update.loaded.row.deadline is None


async def test_acting_restarts_the_clock_for_the_next_player(
    service: GameService, clock: Clock
) -> None:
    start = await started_duel(service, timeout_hours=2)
    game_id = start.loaded.id
    clock.advance(1.5)
    await play_card(service, game_id, NORTH, "north")
    # South was already waiting: the deadline stays; the round's end restarts it.
    loaded = await service.load(game_id)
    assert loaded.row.deadline == start.loaded.row.deadline
    update = await play_card(service, game_id, SOUTH, "south")
    assert update.loaded.row.deadline is not None
    assert update.loaded.row.deadline > start.loaded.row.deadline  # type: ignore[operator]


async def test_paused_games_have_no_deadline(service: GameService, clock: Clock) -> None:
    start = await started_duel(service, timeout_hours=1)
    game_id = start.loaded.id
    paused = await service.pause(game_id, 99)
    assert paused.row.deadline is None
    clock.advance(5)
    assert await service.due_timeouts(clock.now) == []
    assert await service.due_reminders(clock.now) == []
    resumed = await service.resume(game_id, 99)
    assert resumed.row.deadline is not None and resumed.row.deadline > clock.now


async def test_pass_timeout_plays_the_whole_turn_of_an_absent_player(
    service: GameService, clock: Clock
) -> None:
    """A turn of several moves costs an absent player one timer period, not one per move:
    the timeout plays them all in one write, and the next player gets a fresh timer."""
    start = await started_relay(service, timeout_hours=2)
    game_id = start.loaded.id
    await move(service, game_id, RED, "move:b")  # Red made one move, then went away
    clock.advance(2)
    before = await service.load(game_id)
    update = await service.run_timeout(game_id)
    assert update.turn_ended and set(update.loaded.prompts) == {"blue"}
    assert update.loaded.version == before.version + 1  # one write, announced once
    timer_rows = [line for line in await service.log_lines(game_id) if line.kind == "timer"]
    assert [(line.role, line.choice) for line in timer_rows] == [("red", "move:a")] * 2
    assert update.loaded.row.deadline == clock.now + timedelta(hours=2)
    assert "red" not in update.loaded.prompts  # Blue's turn is not played for Blue
    assert update.loaded.state.scores == {"red": 2, "blue": 0}  # type: ignore[union-attr]


async def test_a_timer_race_is_a_refusal_not_a_crash(service: GameService, clock: Clock) -> None:
    """The loop found the game due, then a player acted or a moderator paused first."""
    start = await started_relay(service, timeout_hours=2)
    game_id = start.loaded.id
    clock.advance(2)
    due = clock.now
    assert await service.due_timeouts(due) == [game_id]
    for _ in range(3):
        await move(service, game_id, RED)  # Red ends the turn just in time
    with pytest.raises(errors.TimerNotDue):
        await service.run_timeout(game_id, due)
    await service.pause(game_id, 99)
    with pytest.raises(errors.GamePaused):
        await service.run_timeout(game_id, due)
