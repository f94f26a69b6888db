"""/stats and /leaderboard through the real bot and the fake Discord: the statistics picture,
head-to-head records, and leaderboard pages with the clicker's own rank, after a restart."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from render.stats_chart import WIDTH
from tests.e2e.harness import Strategos
from tests.e2e.test_platform import start_duel
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


async def won(fake: FakeDiscord, winner: FakeUser, loser: FakeUser) -> None:
    """A Duel that ``loser`` resigns."""
    await start_duel(fake, [winner, loser])
    mark = fake.cursor()
    await fake.slash(loser, "game resign")
    await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())


async def stats(fake: FakeDiscord, asker: FakeUser, user: FakeUser | None = None,
                against: FakeUser | None = None) -> FakeMessage:
    options: dict[str, Any] = {name: who for name, who in (("user", user), ("against", against))
                               if who}
    (answer,) = (await fake.slash(asker, "stats", **options)).messages
    return answer


async def test_stats_shows_a_picture_once_a_game_is_finished(
        fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await won(fake, alice, bob)
    await won(fake, bob, alice)
    await won(fake, alice, bob)
    shown = await stats(fake, carol, user=alice)
    (picture,) = shown.images()
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "PNG" and image.width == WIDTH
    (embed,) = shown.embeds
    assert embed["image"]["url"] == f"attachment://{picture.filename}"
    assert "Statistics of Alice" in shown.text()
    assert "3 games: 2 won, 1 lost, 0 drawn" in shown.text()
    # A player with no finished game: a sentence, no picture.
    empty = await stats(fake, carol)
    assert not empty.images() and "No finished games yet." in empty.text()


async def test_head_to_head_between_two_players(fake: FakeDiscord,
                                                strategos: Strategos) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await won(fake, alice, bob)
    await won(fake, alice, bob)
    await won(fake, bob, alice)
    await won(fake, carol, alice)  # not Bob's
    record = await stats(fake, carol, user=alice, against=bob)
    assert not record.images()
    assert "Alice and Bob" in record.text()
    assert "Against each other: 3 games; Alice won 2, Bob won 1, 0 drawn." in record.text()
    mine = await stats(fake, bob, against=alice)  # the asker against someone
    assert "Against each other: 3 games; Bob won 1, Alice won 2, 0 drawn." in mine.text()
    none = await stats(fake, bob, against=carol)
    assert "Bob and Carol have not finished a game together on this server." in none.text()
    assert "Pick another player" in (await stats(fake, bob, against=bob)).text()


def lines(message: FakeMessage) -> list[str]:
    (embed,) = message.embeds
    return str(embed["description"]).split("\n")


def ranked(message: FakeMessage) -> list[int]:
    """The user ids of the page's entries, in order."""
    return [int(m.group(1)) for line in lines(message)
            if (m := re.match(r"\d+\. <@(\d+)>", line))]


async def test_leaderboard_pages_and_your_rank_survive_a_restart(
        fake: FakeDiscord, strategos: Strategos) -> None:
    players = [fake.add_user(f"p{n}") for n in range(12)]
    last = players[0]
    for winner in players[1:]:  # eleven winners over one loser: twelve rated players
        await won(fake, winner, last)
    everyone = await strategos.bot.service.leaderboard(fake.guild_id, "duel", limit=20)
    order = [entry.user_id for entry in everyone]
    assert len(order) == 12 and order[-1] == last.id

    ix = await fake.slash(last, "leaderboard", game="duel")
    board = ix.response
    assert board is not None and not board.ephemeral
    assert ranked(board) == order[:10]
    mine = everyone[-1]
    you = f"**You:** #12 of 12, {mine.rating:.0f} ±{mine.uncertainty:.0f}"
    assert lines(board)[-1] == you  # not on this page, still shown
    assert "Page 1 of 2" in board.text() and board.button("Next ▶")

    await strategos.restart()  # the buttons carry the page: they work after a restart
    await fake.click(last, board, label="Next ▶")
    turned = fake.message(board)
    assert ranked(turned) == order[10:] and lines(turned)[-1] == you
    assert "Page 2 of 2" in turned.text()

    # Someone else's click answers them apart, with their own rank; the page stays.
    first = next(p for p in players if p.id == order[0])
    other = await fake.click(first, turned, label="◀ Previous")
    assert other.response is not None and other.response.ephemeral
    assert ranked(other.response) == order[:10]
    assert lines(other.response)[-1].startswith("**You:** #1 of 12, ")
    assert ranked(fake.message(board)) == order[10:]

    # Every game kind: the rank line names the game; a newcomer is told how to get one.
    overall = (await fake.slash(first, "leaderboard")).response
    assert overall is not None and lines(overall)[-1].startswith("**You:** #1 of 12, Duel ")
    newcomer = fake.add_user("newcomer")
    fresh = (await fake.slash(newcomer, "leaderboard")).response
    assert fresh is not None and lines(fresh)[-1] == (
        "**You:** not rated yet: finish a game against another player.")
