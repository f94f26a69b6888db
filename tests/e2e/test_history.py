"""/game history through the real bot: the games that are over (a channel's, the server's,
a player's; never a running one), paged, and any of them viewed move by move from an
ephemeral viewer whose buttons still work after a restart; a forged move or game gets one
sentence and leaves the viewer as it was."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from tests.e2e.harness import Strategos, Table
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e

MOVE = re.compile(r"move (\d+) of (\d+)")


async def finished_duel(fake: FakeDiscord, host: FakeUser, guest: FakeUser,
                        channel: FakeChannel | None = None, rounds: int = 2) -> Table:
    table = Table(fake, host, [host, guest], channel=channel)
    await table.open("duel", f"rounds_to_win={rounds}")
    await table.gather()
    assert await table.play_out() is not None
    return table


async def history(fake: FakeDiscord, user: FakeUser, channel: FakeChannel | None = None,
                  **options: Any) -> FakeMessage:
    ix = await fake.slash(user, "game history", in_channel=channel, **options)
    assert ix.response is not None and ix.response.ephemeral
    return ix.response


def listed(message: FakeMessage) -> list[int]:
    """The game numbers on a page of the list, in order."""
    if not message.embeds:
        return []
    return [int(n) for n in re.findall(r"\*\*Duel #(\d+)\*\*",
                                       str(message.embeds[0]["description"]))]


def move_of(viewer: FakeMessage) -> tuple[int, int]:
    found = MOVE.search(viewer.content)
    assert found, viewer.content
    return int(found.group(1)), int(found.group(2))


def field(viewer: FakeMessage) -> tuple[str, str]:
    (embed,) = viewer.embeds
    (only,) = embed["fields"]
    return str(only["name"]), str(only["value"])


def enabled(viewer: FakeMessage) -> list[str]:
    return [str(b["label"]) for b in viewer.buttons() if not b.get("disabled")]


async def test_list_view_step_back_and_forth_and_after_a_restart(
        fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    played = await finished_duel(fake, alice, bob)
    running = Table(fake, alice, [alice, bob])  # the channel's next game, not over
    await running.open("duel", "rounds_to_win=2")
    await running.gather()
    page = await history(fake, bob)
    assert listed(page) == [1]
    (entry,) = [str(page.embeds[0]["description"])]
    assert "Winner: " in entry and alice.mention in entry and bob.mention in entry
    assert [b["label"] for b in page.buttons()] == ["View #1"]
    viewer = (await fake.click(bob, page, label="View #1")).response
    assert viewer is not None and viewer.ephemeral
    move, moves = move_of(viewer)
    assert move == moves >= 4 and viewer.images()
    assert "Winner: " in viewer.content
    assert enabled(viewer) == ["⏮", "◀", "⏪ Turn"]
    await fake.click(bob, viewer, label="◀")
    assert move_of(fake.message(viewer)) == (moves - 1, moves)
    await fake.click(bob, viewer, label="⏮")
    viewer = fake.message(viewer)
    assert move_of(viewer) == (0, moves) and "the start" in viewer.text()
    assert field(viewer) == ("The setup", "Each player is dealt three secret cards.")
    assert enabled(viewer) == ["▶", "⏭", "Turn ⏩"]
    await fake.click(bob, viewer, label="Turn ⏩")  # to the move that ended turn 1: a reveal
    viewer = fake.message(viewer)
    assert move_of(viewer) == (2, moves)
    chosen, revealed, *_ = field(viewer)[1].split("\n")
    assert re.fullmatch(r"(North|South) has chosen\.", chosen)
    assert re.fullmatch(r"Revealed: North \d, South \d\.", revealed)
    await fake.click(bob, viewer, label="⏪ Turn")
    viewer = fake.message(viewer)
    assert move_of(viewer) == (0, moves)
    await strategos.restart()  # every button names its game and move
    await fake.click(bob, viewer, label="▶")
    viewer = fake.message(viewer)
    assert move_of(viewer) == (1, moves)
    name, text = field(viewer)
    # The first move is a card chosen in secret: the viewer says who chose, never what.
    assert name == "This move" and re.fullmatch(r"(North|South) has chosen\.", text)
    assert "your view as" not in viewer.text() and "\"hand\":" not in viewer.text()
    assert any("\"hand\":" in text for text in played.private_texts)  # what a hand looks like
    await fake.click(bob, viewer, label="⏭")
    assert move_of(fake.message(viewer)) == (moves, moves)


async def test_channel_server_and_player(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    other = fake.add_channel("other")
    await finished_duel(fake, alice, bob, rounds=1)
    await finished_duel(fake, carol, bob, other, rounds=1)
    assert listed(await history(fake, alice)) == [1]
    assert listed(await history(fake, alice, other)) == [2]
    assert listed(await history(fake, alice, scope="server")) == [2, 1]
    assert listed(await history(fake, alice, player=carol)) == [2]
    assert listed(await history(fake, carol, scope="player")) == [2]
    assert listed(await history(fake, bob, other, scope="player")) == [2, 1]
    empty = await history(fake, alice, fake.add_channel("quiet"))
    assert empty.content == "No game of this channel is over yet." and not empty.buttons()


async def test_a_long_list_pages_after_a_restart(fake: FakeDiscord, strategos: Strategos
                                                 ) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    for number in range(6):
        await finished_duel(fake, alice, bob, fake.add_channel(f"c{number}"), rounds=1)
    page = await history(fake, alice, scope="server")
    assert listed(page) == [6, 5, 4, 3, 2] and "page 1 of 2" in page.text()
    await strategos.restart()
    await fake.click(alice, page, label="Next ▶")
    assert listed(fake.message(page)) == [1]
    await fake.click(alice, page, label="◀ Previous")
    assert listed(fake.message(page)) == [6, 5, 4, 3, 2]


def forge(viewer: FakeMessage, label: str, custom_id: str) -> None:
    """Rewrite one button of a message the bot sent, as a tampered client would send it."""
    (button,) = [b for b in viewer.buttons() if b["label"] == label]
    button["custom_id"] = custom_id


async def test_a_forged_move_or_game_is_one_sentence(fake: FakeDiscord,
                                                     strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await finished_duel(fake, alice, bob, rounds=1)
    running = Table(fake, alice, [alice, bob])
    await running.open("duel", "rounds_to_win=1")
    await running.gather()
    page = await history(fake, alice)
    viewer = (await fake.click(alice, page, label="View #1")).response
    assert viewer is not None
    before = fake.message(viewer).content
    _move, moves = move_of(viewer)
    forge(fake.message(viewer), "◀", "sg:hm:1:99:p")
    ix = await fake.click(alice, viewer, "sg:hm:1:99:p")
    assert ix.text().endswith(f"Game #1 has moves 0 to {moves}; there is no move 99.")
    assert fake.message(viewer).content == before
    forge(fake.message(viewer), "⏮", "sg:hm:2:0:f")
    ix = await fake.click(alice, viewer, "sg:hm:2:0:f")
    assert "Game #2 is not a finished game of this server" in ix.text()
    assert fake.message(viewer).content == before


async def test_a_finished_game_comes_with_its_replay(fake: FakeDiscord,
                                                     strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await finished_duel(fake, alice, bob, rounds=2)
    end = table.over()
    assert end is not None
    (gif,) = [a for a in end.attachments if a.filename == "replay-1.gif"]
    frames = Image.open(io.BytesIO(gif.data))
    assert frames.format == "GIF" and getattr(frames, "n_frames", 1) >= 3
    # /game replay: the channel's last game by default, any ended game of the server by number.
    ix = await fake.slash(bob, "game replay")
    assert "Duel #1, turn by turn" in ix.text()
    assert any(a.filename == "replay-1.gif" for a in (ix.response or end).attachments)
    refused = await fake.slash(bob, "game replay", game=99)
    assert "not a finished game of this server" in refused.text()
    assert not strategos.bot.failures
