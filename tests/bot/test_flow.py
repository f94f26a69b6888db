"""The bot's own play flow through the fake Discord, with the Duel test game.

The full end-to-end suite is in tests/e2e/; these tests pin the bot-side behaviour its
author relies on: lobby buttons, the seed commitment, Take turn, a choice, the turn post.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import pytest

from bot.__main__ import run_bot
from bot.app import create_bot
from bot.client import MAX_FAILURES, StrategosBot
from bot.settings import Settings
from engine.core import registry
from tests.fakediscord import (
    FakeDiscord,
    FakeDiscordError,
    FakeMessage,
    FakeUser,
    RunningClient,
    errors_fail,
    pointed_at,
)

pytestmark = pytest.mark.e2e


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    try:
        with pointed_at(server), errors_fail(server):
            yield server
            server.check()
    finally:
        await server.stop()


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[StrategosBot]:
    running = await start_bot(fake, tmp_path)
    try:
        yield running.client  # type: ignore[misc]
    finally:
        await running.stop()
    assert list(running.client.failures) == []  # type: ignore[attr-defined]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def start_bot(fake: FakeDiscord, tmp_path: Path, clock: Clock | None = None
                    ) -> RunningClient:
    settings = Settings(_env_file=None, database=tmp_path / "bot.db", timer_interval=3600)
    client = create_bot(settings, clock=clock) if clock else create_bot(settings)
    running = RunningClient(fake, client)
    await running.start()
    return running


def last_with(fake: FakeDiscord, text: str) -> FakeMessage:
    found = [m for m in fake.channel_messages() if text in m.text()]
    assert found, f"no channel message with {text!r}"
    return found[-1]


async def test_duel_from_lobby_to_first_turn(fake: FakeDiscord, bot: StrategosBot) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    ix = await fake.slash(alice, "game new", game="duel", options="rounds_to_win=1")
    lobby = ix.response
    assert lobby is not None and "Duel" in lobby.text()
    await fake.click(bob, lobby, label="Join")
    assert "bob" in fake.message(lobby).text() or str(bob.id) in fake.message(lobby).text()
    started = await fake.click(alice, lobby, label="Start")
    assert "started" in started.text()
    board = await fake.wait_for_message(where=lambda m: "SHA-256" in m.text())
    assert board.images(), "the board image is attached"
    turn = await fake.click(carol, board, label="Take turn")
    assert "not in this game" in turn.text()
    old = (await fake.click(alice, board, label="Take turn")).response
    prompt = (await fake.click(alice, board, label="Take turn")).response
    assert old is not None and prompt is not None and prompt.ephemeral
    hand = [b for b in prompt.buttons() if b["custom_id"].startswith("sg:c:")]
    assert len(hand) == 3
    chosen = await fake.click(alice, prompt, hand[0]["custom_id"])
    assert "Nothing for you to choose" in chosen.text()
    stale = await fake.click(alice, old, hand[1]["custom_id"])
    assert "no longer current" in stale.text()
    turn = await fake.click(bob, board, label="Take turn")
    bob_prompt = turn.response
    assert bob_prompt is not None
    mark = fake.cursor()
    bob_card = next(b for b in bob_prompt.buttons() if b["custom_id"].startswith("sg:c:"))
    await fake.click(bob, bob_prompt, bob_card["custom_id"])
    over = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    assert any(a.filename.endswith(".json") for a in over.attachments)
    assert "Ratings:" in over.text() and "(+" in over.text() and "(-" in over.text()
    assert over.button("Rematch")
    for message in fake.channel_messages():
        assert "your view" not in message.text()


async def open_duel(fake: FakeDiscord, host: FakeUser, other: FakeUser,
                    options: str = "rounds_to_win=1", **extra: Any) -> FakeMessage:
    """A started Duel; returns the first board post."""
    lobby = (await fake.slash(host, "game new", game="duel", options=options, **extra)).response
    assert lobby is not None
    await fake.click(other, lobby, label="Join")
    mark = fake.cursor()
    await fake.click(host, lobby, label="Start")
    return await fake.wait_for_message(after=mark, where=lambda m: "SHA-256" in m.text())


def present(message: FakeMessage | None) -> FakeMessage:
    assert message is not None
    return message


def cards(prompt: FakeMessage | None) -> list[str]:
    prompt = present(prompt)
    return [b["custom_id"] for b in prompt.buttons() if b["custom_id"].startswith("sg:c:")]


async def play_card(fake: FakeDiscord, user: FakeUser, board: FakeMessage) -> FakeMessage:
    prompt = present((await fake.click(user, board, label="Take turn")).response)
    await fake.click(user, prompt, cards(prompt)[0])
    return fake.message(prompt)


async def test_options_step_then_rematch(fake: FakeDiscord, bot: StrategosBot) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    setup = (await fake.slash(alice, "game new", game="duel")).response
    assert setup is not None and setup.ephemeral
    rounds = next(s for s in setup.selects() if s["custom_id"].startswith("sg:so:duel:0:"))
    await fake.select(alice, setup, rounds["custom_id"], ["0"])  # rounds_to_win = 1
    setup = fake.message(setup)
    assert "rounds_to_win: 1" in setup.text()
    lobby = (await fake.click(alice, setup, label="Open lobby")).response
    assert lobby is not None and not lobby.ephemeral
    assert "rounds_to_win: 1" in lobby.text()
    await fake.click(bob, lobby, label="Join")
    mark = fake.cursor()
    await fake.click(alice, lobby, label="Start")
    board = await fake.wait_for_message(after=mark, where=lambda m: "SHA-256" in m.text())
    await play_card(fake, alice, board)
    await play_card(fake, bob, board)
    over = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    again = await fake.click(bob, over, label="Rematch")
    assert again.response is not None and "new game #2" in again.response.text()
    assert str(alice.id) in again.response.text()


async def test_restart_keeps_buttons_working(fake: FakeDiscord, tmp_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    first = await start_bot(fake, tmp_path)
    try:
        board = await open_duel(fake, alice, bob, "rounds_to_win=2")
        prompt = present((await fake.click(alice, board, label="Take turn")).response)
    finally:
        await first.stop()
    second = await start_bot(fake, tmp_path)
    try:
        done = await fake.click(alice, prompt, cards(prompt)[0])
        assert "Nothing for you to choose" in done.text()
        mark = fake.cursor()
        await play_card(fake, bob, board)
        post = await fake.wait_for_message(after=mark, where=lambda m: bool(m.images()))
        assert "Revealed" in post.text()
        assert list(second.client.failures) == []  # type: ignore[attr-defined]
    finally:
        await second.stop()


async def test_moderators_and_refusals(fake: FakeDiscord, bot: StrategosBot) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    mods = fake.add_role("Game masters")
    dave = fake.add_user("dave", roles=[mods])
    board = await open_duel(fake, alice, bob)
    fake.allow_command("mod", mods)  # Server Settings → Integrations
    refused = await fake.slash(dave, "mod pause")
    assert "Only moderators" in refused.text() and refused.ephemeral
    refused = await fake.slash(dave, "mod moderator-role", role=mods)
    assert "Manage Server" in refused.text()
    await fake.slash(fake.owner, "mod moderator-role", role=mods)
    paused = await fake.slash(dave, "mod pause")
    assert "paused" in paused.text() and not paused.ephemeral
    turn = await fake.click(alice, board, label="Take turn")
    assert "paused" in turn.text()
    assert "goes on" in (await fake.slash(dave, "mod resume")).text()
    timer = await fake.slash(dave, "mod timeout", hours=2)
    assert "2 h" in timer.text()
    aborted = await fake.slash(fake.owner, "mod abort")
    assert "aborted" in aborted.text()
    late = await fake.click(alice, board, label="Take turn")
    assert "stopped by a moderator" in late.text() and not cards(late.response)
    status = await fake.slash(alice, "game status")  # the last game played here
    assert "aborted" in status.text() and "stopped by a moderator" in status.text()


async def test_timers_reminder_timeout_and_dm_fallback(fake: FakeDiscord, tmp_path: Path
                                                       ) -> None:
    clock = Clock()
    alice, bob = fake.add_user("alice"), fake.add_user("bob", refuses_dms=True)
    carol = fake.add_user("carol")
    running = await start_bot(fake, tmp_path, clock)
    bot: StrategosBot = running.client  # type: ignore[assignment]
    try:
        await fake.slash(bob, "settings notify", mode="dm")
        await fake.slash(alice, "settings notify", mode="both")
        mark = fake.cursor()
        await open_duel(fake, alice, bob, "rounds_to_win=2", timer=2, policy="pass")
        fallback = await fake.wait_for_message(after=mark,
                                               where=lambda m: "direct messages" in m.text())
        assert str(bob.id) in fallback.content
        assert fake.dms(alice), "alice asked for DMs too"
        assert not fake.dms(carol)
        clock.now += timedelta(hours=1, minutes=5)
        mark = fake.cursor()
        await bot.run_timers_once()
        reminder = await fake.wait_for_message(after=mark,
                                               where=lambda m: "Reminder" in m.text())
        assert str(alice.id) in reminder.content
        clock.now += timedelta(hours=1)
        mark = fake.cursor()
        await bot.run_timers_once()
        await fake.wait_for_message(after=mark, where=lambda m: "Time ran out" in m.text())
        assert list(bot.failures) == []
    finally:
        await running.stop()


async def test_long_prompt_is_paginated(fake: FakeDiscord, bot: StrategosBot) -> None:
    registry.GAME_MODULES.setdefault("menu", "tests.bot.menu_game")
    alice = fake.add_user("alice")
    lobby = present((await fake.slash(alice, "game new", game="menu")).response)
    mark = fake.cursor()
    await fake.click(alice, lobby, label="Start")
    board = await fake.wait_for_message(after=mark, where=lambda m: "SHA-256" in m.text())
    prompt = (await fake.click(alice, board, label="Take turn")).response
    assert prompt is not None and "Page 1 of 2" in prompt.text()
    assert all(len(s["options"]) <= 25 for s in prompt.selects())
    await fake.click(alice, prompt, label="Next")
    prompt = fake.message(prompt)
    assert "Page 2 of 2" in prompt.text()
    units = next(s for s in prompt.selects() if "Units" in s.get("placeholder", ""))
    mark = fake.cursor()
    await fake.select(alice, prompt, units["custom_id"], [units["options"][3]["value"]])
    post = await fake.wait_for_message(after=mark, where=lambda m: "units:3" in m.text())
    assert post.images()
    # The same menu again: it opens on the page the last choice was picked from.
    assert "Page 2 of 2" in fake.message(prompt).text()


async def test_game_commands(fake: FakeDiscord, bot: StrategosBot) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    listed = await fake.slash(alice, "game list")
    assert "Duel" in listed.text() and "2 players" in listed.text()
    assert "1–4 players" in listed.text()  # Epireia
    assert "tests/support/duel.py" in (await fake.slash(alice, "game rules", game="duel")).text()
    games = await fake.autocomplete(alice, "game new", "game", "du")
    assert [g["value"] for g in games] == ["duel"]
    suggested = await fake.autocomplete(alice, "game new", "options", "rounds_to_win=3 t",
                                        game="duel")
    assert [o["value"] for o in suggested] == ["rounds_to_win=3 timeout_policy=pass",
                                               "rounds_to_win=3 timeout_policy=resign"]
    lobby = present((await fake.slash(alice, "game new", game="duel",
                                      options="rounds_to_win=2")).response)
    assert "not started" in (await fake.slash(alice, "game hand")).text()
    joined = await fake.slash(bob, "game join", side="south")
    assert joined.ephemeral and "joined" in joined.text()
    assert "South" in fake.message(lobby).text()
    await fake.slash(bob, "game leave")
    assert str(bob.id) not in fake.message(lobby).text()
    await fake.select(bob, lobby, "sg:lr:1", ["north"])
    assert "North" in fake.message(lobby).text()
    mark = fake.cursor()
    await fake.slash(alice, "game start")
    board = await fake.wait_for_message(after=mark, where=lambda m: "SHA-256" in m.text())
    assert "started" in fake.message(lobby).text()
    hand = await fake.slash(alice, "game hand")
    assert hand.ephemeral and "your view as South" in hand.text()
    await play_card(fake, alice, board)
    undone = await fake.slash(alice, "game undo")
    assert "took back" in undone.text()
    status = await fake.slash(bob, "game status")
    assert "waiting for" in status.text().lower() and "SHA-256" in status.text()
    log = await fake.slash(bob, "game log", lines=5)
    assert "dealt" in log.text()
    again = await fake.slash(bob, "game board")
    assert present(again.response).images()
    mark = fake.cursor()
    await fake.slash(bob, "game resign")
    over = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    assert "resign" in over.text().lower()
    stats = await fake.slash(alice, "stats")
    assert "Duel" in stats.text() and "1 won" in stats.text()
    board_text = (await fake.slash(bob, "leaderboard", game="duel")).text()
    assert board_text.index(str(alice.id)) < board_text.index(str(bob.id))


async def test_refused_token_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               caplog: pytest.LogCaptureFixture) -> None:
    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    server = FakeDiscord()
    await server.start()
    thresholds = gc.get_threshold()
    try:
        with pointed_at(server):
            settings = Settings(_env_file=None, database=tmp_path / "bot.db")
            assert await run_bot(settings, token) == 2
        assert server.take_failures(), "the fake saw the wrong token"
    finally:
        await server.stop()
        gc.unfreeze()  # run_bot tuned the collector for a bot process (bot.collector)
        gc.set_threshold(*thresholds)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused DISCORD_TOKEN" in err and token not in err
    assert token not in caplog.text


async def test_simultaneous_prompts_stay_valid_but_double_clicks_do_not(
        fake: FakeDiscord, bot: StrategosBot) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    board = await open_duel(fake, alice, bob, "rounds_to_win=2")
    alice_prompt = present((await fake.click(alice, board, label="Take turn")).response)
    bob_prompt = present((await fake.click(bob, board, label="Take turn")).response)
    first, second = cards(alice_prompt)[:2]
    await asyncio.gather(fake.click(alice, alice_prompt, first),
                         fake.click(alice, alice_prompt, second))
    loaded = await bot.service.load(1)
    assert loaded.state is not None
    hands: dict[str, list[int]] = loaded.state.hands  # type: ignore[attr-defined]
    assert sum(len(hand) for hand in hands.values()) == 5
    mark = fake.cursor()
    done = await fake.click(bob, bob_prompt, cards(bob_prompt)[0])  # opened before alice chose
    assert "no longer current" not in done.text()
    post = await fake.wait_for_message(after=mark, where=lambda m: "Revealed" in m.text())
    assert post.images()


async def test_one_player_holding_both_sides(fake: FakeDiscord, bot: StrategosBot) -> None:
    alice = fake.add_user("alice")
    lobby = present((await fake.slash(alice, "game new", game="duel",
                                      options="rounds_to_win=1")).response)
    await fake.slash(alice, "game join", side="north")
    await fake.slash(alice, "game join", side="south")
    assert "North, South" in fake.message(lobby).text()
    mark = fake.cursor()
    await fake.click(alice, lobby, label="Start")
    board = await fake.wait_for_message(after=mark, where=lambda m: "SHA-256" in m.text())
    prompt = present((await fake.click(alice, board, label="Take turn")).response)
    assert len(prompt.embeds) == 2 and "**North** —" in prompt.content
    await fake.click(alice, prompt, label="Play as South")
    assert "**South** —" in fake.message(prompt).content
    await fake.click(alice, prompt, cards(fake.message(prompt))[0])
    assert "**North** —" in fake.message(prompt).content  # the other side is still to choose
    mark = fake.cursor()
    await fake.click(alice, prompt, cards(fake.message(prompt))[0])
    await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())


async def test_replace_undo_and_kick_in_a_thread(fake: FakeDiscord, bot: StrategosBot) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread = fake.add_thread(fake.general, "duel night")
    lobby = present((await fake.slash(alice, "game new", in_channel=thread, game="duel",
                                      options="rounds_to_win=2")).response)
    await fake.click(bob, lobby, label="Join")
    mark = fake.cursor()
    await fake.click(alice, lobby, label="Start")
    board = await fake.wait_for_message(thread, after=mark, where=lambda m: "SHA-256" in m.text())
    await play_card(fake, alice, board)
    undone = await fake.slash(fake.owner, "mod undo", in_channel=thread)
    assert "taken back" in undone.text()
    loaded = await bot.service.load(1)
    assert loaded.state is not None and not loaded.state.chosen  # type: ignore[attr-defined]
    await fake.slash(fake.owner, "mod replace", in_channel=thread, old=bob, new=carol)
    turn = await fake.click(bob, board, label="Take turn")
    assert "not in this game" in turn.text()
    assert cards((await fake.click(carol, board, label="Take turn")).response)
    refused = await fake.slash(fake.owner, "mod kick", in_channel=thread, user=carol)
    assert refused.ephemeral and "/mod replace" in refused.text()
    assert "plays North" in refused.text() or "plays South" in refused.text()
    mark = fake.cursor()
    kicked = await fake.slash(fake.owner, "mod kick", in_channel=thread, user=carol,
                              resign=True)
    assert "removed" in kicked.text() and "resign" in kicked.text()
    over = await fake.wait_for_message(thread, after=mark,
                                       where=lambda m: "Seed revealed" in m.text())
    assert str(alice.id) in over.text()


async def test_dm_players_hear_of_their_turn_without_duplicate_pings(
    fake: FakeDiscord, bot: StrategosBot
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob", refuses_dms=True)
    await fake.slash(alice, "settings notify", mode="dm")
    await fake.slash(bob, "settings notify", mode="both")
    board = await open_duel(fake, alice, bob, "rounds_to_win=2")
    # Bob ("both", DMs closed) was pinged by the board itself: no second ping for him.
    assert bob.id in board.pinged and alice.id not in board.pinged
    await fake.idle()
    assert not [m for m in fake.channel_messages() if "direct messages" in m.text()]
    assert len(fake.dms(alice)) == 1
    # The bot loses Send Messages in the channel: the board of the next turn cannot be
    # posted, but the DM-only player still hears of their turn.
    fake.general.bot_can_send = False
    await play_card(fake, alice, board)
    await play_card(fake, bob, board)
    await fake.wait_for(lambda: len(fake.dms(alice)) == 2, "a DM for the second turn")
    assert "Duel #" in fake.dms(alice)[-1].text()


async def test_a_timer_race_is_not_reported_as_a_bug(fake: FakeDiscord, tmp_path: Path
                                                     ) -> None:
    """The timer loop lists a due game, then a moderator pauses it before the timeout runs:
    a refusal, logged quietly (an ERROR log would fail this test), not a failure."""
    clock = Clock()
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    running = await start_bot(fake, tmp_path, clock)
    bot: StrategosBot = running.client  # type: ignore[assignment]
    try:
        await open_duel(fake, alice, bob, "rounds_to_win=2", timer=1, policy="pass")
        loaded = await bot.service.game_in(fake.general.id)
        assert loaded is not None
        clock.now += timedelta(hours=2)
        listed = bot.service.claim_due

        async def due_then_paused(job: Literal["timeout", "reminder"],
                                  now: datetime | None = None) -> list[int]:
            ids = await listed(job, now)
            if job == "timeout":
                await bot.service.pause(loaded.row.id, fake.owner.id)
            return ids

        bot.service.claim_due = due_then_paused  # type: ignore[method-assign,assignment]
        mark = fake.cursor()
        await bot.run_timers_once()
        await fake.idle()
        assert not [m for m in fake.channel_messages()
                    if m.id > mark and "Time ran out" in m.text()]
        assert (await bot.service.load(loaded.row.id)).row.status == "paused"
        assert list(bot.failures) == []
    finally:
        await running.stop()


async def test_failures_kept_are_bounded(tmp_path: Path) -> None:
    client = create_bot(Settings(_env_file=None, database=tmp_path / "x.db"))
    for n in range(MAX_FAILURES + 50):
        client.failures.append(RuntimeError(str(n)))
    assert len(client.failures) == MAX_FAILURES
    assert str(client.failures[-1]) == str(MAX_FAILURES + 49)
    await client.close()


async def test_stats_and_leaderboard_are_not_offered_in_dms(fake: FakeDiscord,
                                                            bot: StrategosBot) -> None:
    alice = fake.add_user("alice")
    synced = {c["name"]: c for c in fake.commands()}
    for name in ("stats", "leaderboard", "mod"):
        assert synced[name].get("contexts") == [0], name  # guild only
    assert synced["game"].get("contexts") == [0, 1]  # for /game mine in a DM with the bot
    for name in ("stats", "leaderboard"):
        with pytest.raises(FakeDiscordError, match="does not offer"):
            await fake.slash(alice, name, in_channel=fake.dm_channel(alice))
    assert "Statistics" in (await fake.slash(alice, "stats")).text()


async def test_rules_attach_the_page_or_link_it(fake: FakeDiscord, bot: StrategosBot) -> None:
    """Without STRATEGOS_DOCS_URL the rules page itself is attached to the answer."""
    alice = fake.add_user("alice")
    answer = present((await fake.slash(alice, "game rules", game="freedom")).response)
    assert answer.ephemeral and "attached" in answer.text()
    (page,) = answer.attachments
    assert page.filename == "freedom.md"
    assert page.data == (Path(__file__).parents[2] / "docs/games/freedom.md").read_bytes()
    bot.settings.docs_url = "https://example.org/strategos/blob/main/"
    linked = present((await fake.slash(alice, "game rules", game="freedom")).response)
    assert "https://example.org/strategos/blob/main/docs/games/freedom.md" in linked.text()
    assert not linked.attachments
