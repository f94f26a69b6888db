"""Edges found by fault injection, through the real bot and the fake Discord: a button from
the future, a custom id with a number too large for SQLite, a menu value the bot never
offered, and a full disk. Each gets one clear sentence, changes nothing, and is not logged
as a bug. And a board or a hand-over ping lost with a process killed before sending it is
sent late."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot import announce, turns
from bot.errors import StorageFull
from bot.models import TurnUpdate
from tests.e2e.harness import Clock, Strategos, Table, choice_items, is_board
from tests.e2e.test_platform import game_id_of, start_duel
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_a_button_from_the_future_is_stale(fake: FakeDiscord,
                                                 strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    game_id = game_id_of(table.board())
    before = await strategos.bot.service.load(game_id)
    prompt = await table.prompt(alice)
    button = choice_items(fake.message(prompt))[0]
    parts = str(button["custom_id"]).split(":")  # sg:c:game:version:role:digest:choice
    parts[3] = str(int(parts[3]) + 3)
    button["custom_id"] = ":".join(parts)
    await fake.click(alice, prompt, button["custom_id"])
    assert "This choice is no longer current" in fake.message(prompt).text()
    after = await strategos.bot.service.load(game_id)
    assert after.version == before.version and after.snapshot == before.snapshot
    assert not strategos.bot.failures


async def test_a_number_too_large_for_sqlite_is_one_sentence(
        fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    board = fake.message(table.board())
    (take,) = [b for b in board.buttons() if b["label"] == "Take turn"]
    take["custom_id"] = "sg:t:" + "9" * 30
    ix = await fake.click(alice, board, take["custom_id"])
    assert "does not exist" in ix.text()
    assert not strategos.bot.failures


async def test_a_menu_value_never_offered_is_refused(fake: FakeDiscord,
                                                     strategos: Strategos) -> None:
    alice = fake.add_user("alice")
    ix = await fake.slash(alice, "game new", game="freedom")
    setup = ix.response
    assert setup is not None and setup.ephemeral
    menu = fake.message(setup).selects()[0]
    menu["options"].append({"label": "forged", "value": "x9"})
    answer = await fake.select(alice, setup, menu["custom_id"], ["x9"])
    assert "did not offer" in answer.text()
    assert not strategos.bot.failures


async def test_a_full_disk_is_said_and_changes_nothing(fake: FakeDiscord,
                                                       strategos: Strategos, clock: Clock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])
    await table.open("freedom", sides=2)
    await table.gather()
    game_id = game_id_of(table.board())
    service, db = strategos.bot.service, strategos.bot.db
    assert db is not None
    async with db.read() as conn:
        row = await conn.fetchrow("PRAGMA page_count")
        assert row is not None
        pages = row[0]
        await conn.execute(f"PRAGMA max_page_count = {pages + 4}")
    # Fill what is left, down to small rows (held messages are a write as good as any).
    for size in (20_000, 4_000, 800, 100):
        with pytest.raises(StorageFull):
            for _ in range(1000):
                await service.hold_dm(bob.id, game_id, "x" * size, clock.now + timedelta(days=9))
    # Each choice makes the game's stored state longer (its log): play until one needs a
    # page the limit forbids. That choice is refused in one sentence and stores nothing.
    refused = None
    for _ in range(300):
        before = await service.load(game_id)
        user = next(u for u in (alice, bob) if before.prompts_for(u.id))
        prompt = await table.prompt(user)
        await table.choose(user, prompt)
        if "storage is full" in fake.message(prompt).text():
            refused = before
            break
    assert refused is not None, "the database never ran out of pages"
    after = await service.load(game_id)
    assert after.version == refused.version and after.snapshot == refused.snapshot
    assert (await service.log_lines(game_id))[-1].version == refused.version
    assert not strategos.bot.failures


async def test_a_board_lost_with_a_killed_process_is_posted_late(
        fake: FakeDiscord, strategos: Strategos, clock: Clock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The process dies between the write that ends a turn and its post: after a restart,
    once the board is a minute overdue, the turn-timer loop posts it, once, with a note and
    the pings of whoever is asked now."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    game_id = game_id_of(table.board())
    lost: list[int] = []

    async def killed_before_posting(bot: object, update: TurnUpdate, header: str) -> None:
        lost.append(update.loaded.version)

    monkeypatch.setattr(announce, "announce_board", killed_before_posting)
    mark = fake.cursor()
    for user in (alice, bob):
        await table.choose(user, await table.prompt(user), pick=0)
    assert lost and not [m for m in fake.channel_messages() if m.id > mark and is_board(m)]
    monkeypatch.undo()
    await strategos.restart()
    await strategos.bot.run_timers_once()
    assert not [m for m in fake.channel_messages() if m.id > mark]  # not overdue yet
    clock.advance(2 / 60)
    await strategos.bot.run_timers_once()
    late = await fake.wait_for_message(after=mark, where=lambda m: "Posted late" in m.text())
    assert is_board(late) and table.board().id == late.id
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.version == lost[-1]
    asked = {u for role in loaded.prompts for u in loaded.users_of(role)}
    assert asked and all(f"<@{u}>" in late.content for u in asked)
    clock.advance(1)
    await strategos.bot.run_timers_once()
    assert len([m for m in fake.channel_messages() if "Posted late" in m.text()]) == 1
    assert not strategos.bot.failures


async def test_a_hand_over_lost_with_a_killed_process_is_pinged_late(
        fake: FakeDiscord, strategos: Strategos, clock: Clock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Epireia's set-up passes the play from one player to the other within a turn: the
    process dies before the ping; after a restart, a minute later, the other player is
    pinged, once, with a note."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])
    await table.open("epireia")
    first = await table.gather()
    (starter,) = first.pinged
    player, other = (alice, bob) if starter == alice.id else (bob, alice)
    lost: list[int] = []

    async def killed_before_pinging(bot: object, update: TurnUpdate, acting: int | None,
                                    note: str = "") -> None:
        lost.append(update.loaded.version)

    monkeypatch.setattr(turns, "announce_handoff", killed_before_pinging)
    mark = fake.cursor()
    await table.choose(player, await table.prompt(player), pick=0)
    assert lost and not [m for m in fake.channel_messages() if m.id > mark]
    monkeypatch.undo()
    await strategos.restart()
    clock.advance(2 / 60)
    await strategos.bot.run_timers_once()
    told = await fake.wait_for_message(after=mark, where=lambda m: other.mention in m.content,
                                       what="the other player told late")
    assert told.pinged == [other.id] and "Sent late" in told.content
    clock.advance(1)
    await strategos.bot.run_timers_once()
    assert len([m for m in fake.channel_messages() if "Sent late" in m.text()]) == 1
    assert not strategos.bot.failures
