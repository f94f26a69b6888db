"""A game in a thread of its own through the real bot and the fake Discord: asked for at
/game new, made from the lobby message when the game starts; every post then goes there and
the channel is free for another game. Without the permission, the game stays in the channel."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Strategos, Table, is_board
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_the_game_moves_into_its_own_thread(fake: FakeDiscord,
                                                  strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])
    lobby = await table.open("duel", options="rounds_to_win=1", thread=True)
    assert "thread of its own" in fake.message(lobby).text()
    await fake.click(bob, lobby, label="Join")
    await fake.click(alice, lobby, label="Start")
    thread = fake.channels.get(lobby.id)
    assert thread is not None and thread.type == 11 and thread.parent_id == fake.general.id
    board = await fake.wait_for_message(thread, where=is_board, what="the first board")
    assert "Duel" in board.text()
    assert not any(is_board(m) for m in fake.channel_messages())  # nothing in the channel

    # The game is played in the thread: Take turn there, status there.
    table.channel = thread
    await table.choose(alice, await table.prompt(alice), pick=0)
    status = await fake.slash(bob, "game status", in_channel=thread)
    assert "Duel" in status.text()
    # The channel is free for another game.
    other = await fake.slash(bob, "game new", game="duel", options="rounds_to_win=1")
    assert other.response is not None and not other.response.ephemeral
    assert not fake.failures


async def test_without_the_permission_the_game_stays_in_the_channel(
        fake: FakeDiscord, strategos: Strategos) -> None:
    fake.bot_can_create_threads = False
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])
    lobby = await table.open("duel", options="rounds_to_win=1", thread=True)
    await fake.click(bob, lobby, label="Join")
    ix = await fake.click(alice, lobby, label="Start")
    assert any("Create Public Threads" in m.text() for m in ix.followups)
    await fake.wait_for_message(where=is_board, what="the first board in the channel")
    assert lobby.id not in fake.channels


async def test_a_lobby_in_a_thread_stays_there(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread = fake.add_thread(fake.general, "games")
    table = Table(fake, alice, [alice, bob], channel=thread)
    await table.open("duel", options="rounds_to_win=1", thread=True)
    await table.gather()
    assert table.board() in fake.channel_messages(thread)
    assert not fake.failures
