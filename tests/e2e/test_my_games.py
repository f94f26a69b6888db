"""/game mine through the real bot: a player's games in several channels (their turns first,
then the nearest deadline, each with a jump link and their own question), every server's
in a DM with the bot, paging, one sentence when there is none; the turn ping's links."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.harness import Strategos, Table
from tests.e2e.test_seats import seat
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e

QUESTION = "Round 1: choose a card in secret."  # Duel's question to each side
YOUR_TURN = re.compile(r"\*\*Your turn\*\* as (North|South): " + re.escape(QUESTION))


def link(fake: FakeDiscord, channel: FakeChannel) -> str:
    return f"https://discord.com/channels/{channel.guild_id}/{channel.id}"


async def duel(fake: FakeDiscord, host: FakeUser, guest: FakeUser, channel: FakeChannel,
               **extra: object) -> Table:
    """A started Duel in ``channel`` (the sides are dealt at random)."""
    table = Table(fake, host, [host, guest], channel=channel)
    await table.open("duel", "rounds_to_win=2", **extra)
    await table.gather()
    return table


async def mine(fake: FakeDiscord, user: FakeUser, channel: FakeChannel | None = None
               ) -> FakeMessage:
    ix = await fake.slash(user, "game mine", in_channel=channel)
    assert ix.response is not None
    return ix.response


def entries(message: FakeMessage) -> list[str]:
    """The list's entries, in order (one paragraph each)."""
    (embed,) = message.embeds
    return str(embed["description"]).split("\n\n")


def number(entry: str) -> int:
    found = re.search(r"#(\d+)\*\*", entry)
    assert found, entry
    return int(found.group(1))


async def test_games_in_two_channels_your_turn_first_with_links(
        fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    second = fake.add_channel("second")
    first = await duel(fake, alice, bob, fake.general)
    await duel(fake, alice, bob, second, timer=24)
    # In the first game Alice has chosen her card: it waits for Bob. In the other (with a
    # 24-hour timer) both are asked.
    prompt = await first.prompt(alice)
    await first.choose(alice, prompt)
    listed = await mine(fake, alice)
    assert listed.ephemeral
    turn, waiting = entries(listed)
    assert number(turn) == 2 and number(waiting) == 1
    assert f"[#second]({link(fake, second)})" in turn
    assert f"[#general]({link(fake, fake.general)})" in waiting
    assert YOUR_TURN.search(turn)
    assert re.search(r"deadline <t:\d+:R>", turn)
    assert re.search(rf"Waiting for (North|South) \({bob.mention}\)\.$", waiting)
    assert QUESTION not in waiting  # Bob's question is his to read
    assert "your turn in 1" in listed.text()
    # Bob has both turns: the game with a deadline first.
    bobs = entries(await mine(fake, bob))
    assert [number(e) for e in bobs] == [2, 1]
    assert all(YOUR_TURN.search(e) for e in bobs)
    assert "deadline" in bobs[0] and "deadline" not in bobs[1]
    # A moderator pauses the game with the deadline: it is listed, marked, after Bob's turn.
    await fake.slash(fake.owner, "mod pause", in_channel=second)
    bobs = entries(await mine(fake, bob))
    assert [number(e) for e in bobs] == [1, 2]
    assert "Paused by a moderator" in bobs[1] and "Your turn" not in bobs[1]


async def test_in_a_dm_every_servers_games(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    elsewhere = fake.add_guild("Another Server")
    await strategos.restart()  # connects to both servers
    there = fake.add_channel("battles", guild_id=elsewhere)
    await fake.wait_for(lambda: strategos.bot.get_channel(there.id), "the new channel")
    await duel(fake, alice, bob, fake.general)
    await duel(fake, bob, alice, there)
    # On a server: that server's games only.
    assert [number(e) for e in entries(await mine(fake, alice))] == [1]
    assert [number(e) for e in entries(await mine(fake, alice, there))] == [2]
    # In a DM: both, each naming its server, as a message of the DM (not ephemeral).
    listed = await mine(fake, alice, fake.dm_channel(alice))
    assert not listed.ephemeral and listed in fake.dms(alice)
    both = entries(listed)
    assert sorted(number(e) for e in both) == [1, 2]
    here = next(e for e in both if number(e) == 1)
    away = next(e for e in both if number(e) == 2)
    assert f"[#general]({link(fake, fake.general)}) on {fake.guild_name}" in here
    assert f"[#battles]({link(fake, there)}) on Another Server" in away
    assert all(YOUR_TURN.search(e) for e in both)
    assert "every server" in listed.text()


async def test_no_game_one_sentence_and_channel_commands_refuse_in_a_dm(
        fake: FakeDiscord, strategos: Strategos) -> None:
    carol = fake.add_user("carol")
    answer = await mine(fake, carol)
    assert answer.ephemeral and not answer.embeds
    assert answer.content == ("You are in no game on this server. Open one with /game new, "
                              "or join a lobby in its channel.")
    dm = fake.dm_channel(carol)
    assert (await mine(fake, carol, dm)).content == \
        "You are in no game on any server. Open one there with /game new."
    commands: list[tuple[str, dict[str, Any]]] = [
        ("game new", {"game": "duel"}), ("game status", {}), ("game join", {}),
        ("game resign", {})]
    for command, options in commands:
        ix = await fake.slash(carol, command, in_channel=dm, **options)
        assert ix.text() == "Games are played in server channels, not in direct messages."


async def test_a_long_list_pages(fake: FakeDiscord, strategos: Strategos) -> None:
    alice = fake.add_user("alice")
    channels = [fake.add_channel(f"c{n}") for n in range(8)]
    for channel in channels:  # eight lobbies Alice hosts
        await Table(fake, alice, [alice], channel=channel).open("duel", "rounds_to_win=1")
    listed = await mine(fake, alice)
    assert [number(e) for e in entries(listed)] == [1, 2, 3, 4, 5, 6]
    assert "page 1 of 2" in listed.text()
    assert "In the lobby: 1 seated, 0 of 2 sides picked; waiting for your Start." in \
        entries(listed)[0]
    await strategos.restart()  # the page buttons carry all they need
    ix = await fake.click(alice, listed, label="Next ▶")
    turned = fake.message(listed)
    assert ix.response is not None and [number(e) for e in entries(turned)] == [7, 8]
    await fake.click(alice, turned, label="◀ Previous")
    assert [number(e) for e in entries(fake.message(listed))] == [1, 2, 3, 4, 5, 6]


async def test_the_turn_ping_links_the_game(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fake.slash(bob, "settings notify", mode="dm")
    table = await duel(fake, alice, bob, fake.general)
    board = table.board()
    assert f"[#general]({link(fake, fake.general)})" in board.content
    dm = await fake.wait_for_dm(bob)
    assert f"Duel #1 in [#general]({link(fake, fake.general)}) on {fake.guild_name}" \
        in dm.content
    assert f"on {fake.guild_name}: https://discord.com/channels/{fake.guild_id}/" \
        f"{fake.general.id}/{board.id}." in dm.content
    assert "/game mine" in dm.content


async def test_several_sides_each_with_its_own_question(fake: FakeDiscord,
                                                        strategos: Strategos) -> None:
    """Alliance: Ann holds Arden and Corin, Ben Brisk and Dunmor. Arden alone sets the
    stake (Ben reads whom it waits for, not the question); then every kingdom plays a
    secret card, and each player is asked as both of theirs."""
    ann, ben = fake.add_user("ann"), fake.add_user("ben")
    table, _ = await seat(fake, [(ann, ["arden", "corin"]), (ben, ["brisk", "dunmor"])])
    (anns,) = entries(await mine(fake, ann))
    (bens,) = entries(await mine(fake, ben))
    assert "**Your turn** as Arden: Round 1: set the stake." in anns
    assert f"Waiting for Arden ({ann.mention})." in bens and "stake" not in bens
    await table.choose(ann, await table.prompt(ann), pick=0)
    (anns,) = entries(await mine(fake, ann))
    assert "**Your turn** as Arden: Round 1: play a card in secret." in anns
    assert "**Your turn** as Corin: Round 1: play a card in secret." in anns
    assert "Brisk" not in anns and "Dunmor" not in anns
