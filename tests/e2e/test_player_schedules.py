"""Players' own timing through the real bot and the fake Discord: /settings for reminders,
time zone, quiet hours and vacation; a vacation holds a turn timer and a restart keeps it
held; a turn's direct message waits for the end of quiet hours."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Clock, Strategos, is_board
from tests.e2e.test_platform import game_id_of, start_duel
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_settings_commands_answer_with_every_setting(fake: FakeDiscord,
                                                           strategos: Strategos) -> None:
    ann = fake.add_user("ann")
    shown = await fake.slash(ann, "settings show")
    assert shown.ephemeral and "Reminders: at half of each turn's time" in shown.text()
    answer = await fake.slash(ann, "settings reminders", hours="24, 2")
    assert "24 h, 2 h before each deadline" in answer.text()
    bad = await fake.slash(ann, "settings reminders", hours="soon")
    assert bad.ephemeral and "hours before the deadline" in bad.text()
    zones = await fake.autocomplete(ann, "settings timezone", "zone", "warsaw")
    assert [z["value"] for z in zones] == ["Europe/Warsaw"]
    answer = await fake.slash(ann, "settings timezone", zone="Europe/Warsaw")
    assert "Time zone: Europe/Warsaw" in answer.text()
    answer = await fake.slash(ann, "settings quiet", start=22, end=7)
    assert "22:00–07:00" in answer.text()
    answer = await fake.slash(ann, "settings vacation", days=3)
    assert "Vacation: until <t:" in answer.text()
    answer = await fake.slash(ann, "settings vacation", days=0)
    assert "Vacation: none" in answer.text() and "Welcome back" in answer.text()


async def test_a_vacation_holds_the_timer_across_a_restart(
        fake: FakeDiscord, strategos: Strategos, clock: Clock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2", timer=2.0, policy="resign")
    game_id = game_id_of(table.board())
    await table.choose(alice, await table.prompt(alice), pick=0)
    await fake.slash(bob, "settings vacation", days=2)

    mark = fake.cursor()
    clock.advance(1.1)  # half time: bob is away, so nobody is reminded
    await strategos.bot.run_timers_once()
    clock.advance(1.0)  # the deadline passes: the timer waits for bob instead
    await strategos.bot.run_timers_once()
    note = await fake.wait_for_message(after=mark, where=lambda m: "waits for" in m.content)
    assert bob.mention in note.content and note.pinged == []
    assert not any("Reminder" in m.content or "Time ran out" in m.text()
                   for m in fake.channel_messages() if m.id > mark)

    await strategos.restart()  # the vacation and the held timer are stored
    clock.advance(24)
    await strategos.bot.run_timers_once()
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.row.status == "running" and not any(
        "Time ran out" in m.text() for m in fake.channel_messages() if m.id > mark)

    clock.advance(24 + 2.1)  # vacation over, and a whole turn's time after it
    await strategos.bot.run_timers_once()
    await fake.wait_for_message(after=mark, where=lambda m: "Time ran out" in m.text())
    assert (await strategos.bot.service.load(game_id)).row.status == "finished"


async def test_a_turns_message_waits_for_the_end_of_quiet_hours(
        fake: FakeDiscord, strategos: Strategos, clock: Clock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fake.slash(bob, "settings notify", mode="dm")
    # The clock reads 12:00 UTC: quiet from noon to 14:00 in UTC.
    await fake.slash(bob, "settings quiet", start=12, end=14)
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    mark = fake.cursor()
    for user in (alice, bob):
        await table.choose(user, await table.prompt(user), pick=0)
    await fake.wait_for_message(after=mark, where=is_board, what="the next board")
    assert len(fake.dms(bob)) == 0  # the first turn's and this one's wait
    clock.advance(1)
    await strategos.bot.run_timers_once()
    assert len(fake.dms(bob)) == 0
    clock.advance(1)  # 14:00: quiet hours are over
    await strategos.bot.run_timers_once()
    assert len(fake.dms(bob)) == 1 and "your turn" in fake.dms(bob)[-1].content
    await strategos.bot.run_timers_once()
    sent = len(fake.dms(bob))
    await strategos.bot.run_timers_once()
    assert len(fake.dms(bob)) == sent  # each held message is sent once


async def test_reminders_at_a_players_own_hours(fake: FakeDiscord, strategos: Strategos,
                                                clock: Clock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fake.slash(bob, "settings reminders", hours="1")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2", timer=4.0)
    await table.choose(alice, await table.prompt(alice), pick=0)
    mark = fake.cursor()
    clock.advance(2.1)  # half time: bob chose his own hours instead
    await strategos.bot.run_timers_once()
    assert not any("Reminder" in m.content for m in fake.channel_messages() if m.id > mark)
    await strategos.restart()
    clock.advance(1.0)  # an hour before the deadline
    await strategos.bot.run_timers_once()
    reminder = await fake.wait_for_message(after=mark, where=lambda m: "Reminder" in m.content)
    assert reminder.pinged == [bob.id]
    await strategos.bot.run_timers_once()
    assert len([m for m in fake.channel_messages() if "Reminder" in m.content]) == 1
