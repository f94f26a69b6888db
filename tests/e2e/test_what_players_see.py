"""What players read: the answers and posts the bot sends, checked for clarity.

Each test here pins down a message that once read wrong (a misleading note, an id where a
name belongs, a stale lobby) with the Duel test game through the fake Discord.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.harness import Strategos, Table, choice_items
from tests.e2e.test_platform import start_duel
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def test_commands_after_the_end_show_the_last_game(fake: FakeDiscord,
                                                         strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob])
    end = await table.play_out()
    assert end is not None

    status = await fake.slash(alice, "game status")
    assert status.ephemeral and "finished" in status.text() and "Winner" in status.text()
    assert "no game in this channel" not in status.text()
    log = await fake.slash(bob, "game log")
    assert log.ephemeral and "Revealed" in log.text()
    board = await fake.slash(bob, "game board")
    assert board.response is not None and "game over" in board.text()
    assert [b["label"] for b in board.response.buttons()] == ["Rematch"]
    assert board.response.pinged == [] and board.response.images()
    for command in ("game undo", "game resign"):
        answer = await fake.slash(alice, command)
        assert answer.ephemeral and "over" in answer.text(), answer.text()
    # A new game in the channel is the one the commands are about again.
    await fake.click(alice, end, label="Rematch")
    status = await fake.slash(alice, "game status")
    assert "lobby" in status.text()


async def test_log_of_a_lobby_says_nothing_happened_yet(fake: FakeDiscord,
                                                        strategos: Strategos) -> None:
    alice = fake.add_user("alice")
    await fake.slash(alice, "game new", game="duel", options="rounds_to_win=1")
    log = await fake.slash(alice, "game log")
    assert log.ephemeral and "nothing has happened yet" in log.text()


async def test_a_click_on_a_paused_or_finished_game_is_not_called_stale(
        fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob])
    prompt = await table.prompt(alice)
    await fake.slash(fake.owner, "mod pause")
    await fake.click(alice, prompt, choice_items(prompt)[0]["custom_id"])
    paused = fake.message(prompt)
    assert "paused" in paused.content and "no longer current" not in paused.content
    assert choice_items(paused) == []
    await fake.slash(fake.owner, "mod resume")

    # A double click: the second one is stale, and there is nothing left for alice.
    prompt = await table.prompt(alice)
    first, second = choice_items(prompt)[:2]
    await asyncio.gather(fake.click(alice, prompt, first["custom_id"]),
                         fake.click(alice, prompt, second["custom_id"]))
    assert any(text.startswith("This choice is no longer current.\nNothing for you to choose")
               for text in fake.message(prompt).history)

    bob_prompt = await table.prompt(bob)
    old = choice_items(bob_prompt)[0]["custom_id"]
    assert await table.play_out() is not None
    await fake.click(bob, bob_prompt, old)
    over = fake.message(bob_prompt)
    assert "This game is over." in over.content and "no longer current" not in over.content


@pytest.mark.parametrize("by", ["button", "command"])
async def test_a_started_lobby_shows_the_sides_and_no_joining_hint(
        fake: FakeDiscord, strategos: Strategos, by: str) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])
    lobby = await table.open("duel", options="rounds_to_win=1")
    await fake.click(bob, lobby, label="Join")
    if by == "button":
        await fake.click(alice, lobby, label="Start")
    else:
        await fake.slash(alice, "game start")
    await fake.wait_for(lambda: fake.message(lobby).items() == [], "the lobby closed")
    closed = fake.message(lobby)
    embed = closed.embeds[0]
    assert "started" in closed.content and "started" in embed["title"]
    assert "footer" not in embed or "Join" not in str(embed["footer"])
    players = next(f["value"] for f in embed["fields"] if f["name"] == "Players")
    assert "any side" not in players
    assert set(players.splitlines()) in (
        {f"{alice.mention} (host) — North", f"{bob.mention} — South"},
        {f"{alice.mention} (host) — South", f"{bob.mention} — North"})


async def test_stats_name_the_side_played(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob])
    assert await table.play_out() is not None
    loaded = await strategos.bot.service.last_game_in(fake.general.id)
    assert loaded is not None
    (side,) = loaded.roles_of(alice.id)
    stats = await fake.slash(alice, "stats")
    assert f"#{loaded.row.id} Duel as {side.capitalize()}: " in stats.text(), stats.text()


async def test_a_player_the_play_passes_to_within_a_turn_is_told(
        fake: FakeDiscord, strategos: Strategos) -> None:
    """Epireia's set-up is one turn in which each player in turn picks a City: the next
    player hears of it (a ping and Take turn), though no board is posted until it ends."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])
    await table.open("epireia")
    first = await table.gather()
    (starter,) = first.pinged
    player = alice if starter == alice.id else bob
    other = bob if player is alice else alice
    prompt = await table.prompt(player)
    mark = fake.cursor()
    await table.choose(player, prompt, pick=0)
    assert not table.choices_left(prompt), "the set-up passes to the other player"
    told = await fake.wait_for_message(after=mark, where=lambda m: other.mention in m.content,
                                       what="the other player told")
    assert told.pinged == [other.id] and "your turn in Epireia" in told.content
    assert [b["label"] for b in told.buttons()] == ["Take turn"]
    assert not told.images()  # the board comes when the turn ends
    answer = (await fake.click(other, told, label="Take turn")).response
    assert answer is not None and choice_items(answer)
