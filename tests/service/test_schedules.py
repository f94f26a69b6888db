"""Players' own timing through the service, on a real database file: a vacation holds a
turn timer (within the server's limit, across a restart), reminders at a player's own hours
come once each, and direct messages held by quiet hours wait in the database."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot import errors
from bot.service import GameService
from bot.storage import open_database
from tests.service.play import GUILD, NORTH, SOUTH, Clock, play_card, started_duel


async def test_a_vacation_holds_the_timer_then_it_restarts(
        service: GameService, clock: Clock, database: str) -> None:
    start = await started_duel(service, timeout_hours=4)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")  # only South is late now
    await service.start_vacation(SOUTH, days=2)
    away_from = clock.now
    clock.advance(5)
    assert await service.due_timeouts(clock.now) == [game_id]
    version = (await service.load(game_id)).version
    with pytest.raises(errors.TimerHeld, match=f"<@{SOUTH}>") as held:
        await service.run_timeout(game_id)
    assert held.value.until == away_from + timedelta(days=2)
    loaded = await service.load(game_id)
    # Nothing was played and the buttons stay valid; the deadline is the vacation's end
    # plus a whole turn.
    assert loaded.version == version and "south" in loaded.prompts
    assert loaded.row.deadline == held.value.until + timedelta(hours=4)
    assert await service.due_timeouts(clock.now) == []

    # A restart keeps it: the vacation and the moved deadline are stored.
    await service.db.close()
    reopened = await open_database(database)
    try:
        again = GameService(reopened, clock)
        clock.advance(24)
        assert await again.due_timeouts(clock.now) == []
        clock.advance(24 + 4)  # the vacation is over and the new turn's time has run out
        assert await again.due_timeouts(clock.now) == [game_id]
        update = await again.run_timeout(game_id)
        assert update.turn_ended
    finally:
        await reopened.close()


async def test_the_servers_limit_caps_a_vacation(service: GameService, clock: Clock) -> None:
    await service.set_vacation_limit(GUILD, 1)
    start = await started_duel(service, timeout_hours=4)
    await play_card(service, start.loaded.id, NORTH, "north")
    await service.start_vacation(SOUTH, days=30)
    clock.advance(5)
    with pytest.raises(errors.TimerHeld) as held:
        await service.run_timeout(start.loaded.id)
    assert held.value.until == clock.now - timedelta(hours=5) + timedelta(days=1)
    clock.advance(24 + 4)  # past the server's one day: the timer runs out as usual
    assert (await service.run_timeout(start.loaded.id)).turn_ended
    await service.set_vacation_limit(GUILD, 0)
    assert await service.vacation_limit(GUILD) == 0
    with pytest.raises(errors.BadSetting):
        await service.set_vacation_limit(GUILD, 365)


async def test_a_late_side_not_on_vacation_still_times_out(
        service: GameService, clock: Clock) -> None:
    start = await started_duel(service, timeout_hours=4)
    await service.start_vacation(SOUTH, days=2)
    clock.advance(5)
    update = await service.run_timeout(start.loaded.id)  # North passes; South is held
    lines = await service.log_lines(start.loaded.id)
    assert [(line.kind, line.role) for line in lines[-1:]] == [("timer", "north")]
    assert "south" in update.loaded.prompts


async def test_own_reminder_hours_come_once_each_and_replace_half_time(
        service: GameService, clock: Clock) -> None:
    await service.set_reminders(SOUTH, [3, 1])
    start = await started_duel(service, timeout_hours=8)
    game_id = start.loaded.id
    loaded = await service.load(game_id)
    assert await service.half_time_reminded(loaded, clock.now) == [NORTH]
    assert await service.own_reminders_due(clock.now) == []
    clock.advance(5)  # 3 hours before the deadline
    due = await service.own_reminders_due(clock.now)
    assert [(d.loaded.id, d.users) for d in due] == [(game_id, [SOUTH])]
    assert await service.own_reminders_due(clock.now) == []  # sent once
    clock.advance(2.5)  # past 1 hour before
    assert [d.users for d in await service.own_reminders_due(clock.now)] == [[SOUTH]]
    assert await service.own_reminders_due(clock.now) == []
    # Someone who acted is not reminded; a new turn gets new reminders.
    await play_card(service, game_id, SOUTH, "south")
    assert await service.own_reminders_due(clock.now) == []
    settings = await service.set_reminders(SOUTH, None)
    assert settings.reminder_hours is None
    with pytest.raises(errors.BadSetting):
        await service.set_reminders(SOUTH, [0])


async def test_quiet_hours_and_held_messages(service: GameService, clock: Clock) -> None:
    with pytest.raises(errors.BadSetting):
        await service.set_time_zone(NORTH, "Mars/Olympus")
    with pytest.raises(errors.BadSetting):
        await service.set_quiet_hours(NORTH, 22, None)
    settings = await service.set_time_zone(NORTH, "America/New_York")
    settings = await service.set_quiet_hours(NORTH, 22, 7)
    assert (settings.time_zone, settings.quiet_start, settings.quiet_end) == \
        ("America/New_York", 22, 7)
    start = await started_duel(service)
    await service.hold_dm(NORTH, start.loaded.id, "your turn", clock.now + timedelta(hours=2))
    assert await service.take_due_dms(clock.now) == []
    clock.advance(2)
    held = await service.take_due_dms(clock.now)
    assert [(h.user_id, h.text) for h in held] == [(NORTH, "your turn")]
    assert await service.take_due_dms(clock.now) == []  # taken once
    assert (await service.set_quiet_hours(NORTH, None, None)).quiet_start is None
