"""The bot's own play flow through the fake Discord, with the Duel test game.

The full end-to-end suite is in tests/e2e/; these tests pin the bot-side behaviour its
author relies on: lobby buttons, the seed commitment, Take turn, a choice, the turn post.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import StrategosBot, create_bot
from bot.settings import Settings
from tests.fakediscord import FakeDiscord, FakeMessage, RunningClient, errors_fail, pointed_at

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
    settings = Settings(database=tmp_path / "bot.db", timer_interval=3600)
    client = create_bot(settings)
    running = RunningClient(fake, client)
    await running.start()
    try:
        yield client
    finally:
        await running.stop()
    assert client.failures == []


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
    assert over.button("Rematch")
    for message in fake.channel_messages():
        assert "your view" not in message.text()
