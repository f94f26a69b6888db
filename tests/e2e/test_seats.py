"""Two players holding the four kingdoms of Alliance (tests/support/alliance.py), through the
real bot and the fake Discord: picking several sides in the lobby, Take turn offering every
side of theirs that is asked, simultaneous prompts of one player's two sides, a result."""

from __future__ import annotations

import re

import pytest

from tests.e2e.harness import Strategos, Table, choice_items, is_board
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e

NAMES = {"arden": "Arden", "brisk": "Brisk", "corin": "Corin", "dunmor": "Dunmor"}


async def pick_sides(fake: FakeDiscord, user: FakeUser, lobby: FakeMessage,
                     sides: list[str]) -> None:
    """``user`` picks ``sides`` in the lobby's side picker (several values of one menu)."""
    picker = fake.message(lobby).selects()[0]
    assert picker["max_values"] == 4, "the picker must take several sides"
    values = {o["label"]: o["value"] for o in picker["options"]}
    await fake.select(user, lobby, picker["custom_id"], [values[NAMES[s]] for s in sides])


async def seat(fake: FakeDiscord, sides: list[tuple[FakeUser, list[str]]]
               ) -> tuple[Table, FakeMessage]:
    """A lobby of Alliance where each user picks their sides; the first hosts and starts."""
    host = sides[0][0]
    table = Table(fake, host, [user for user, _ in sides])
    lobby = await table.open("alliance")
    for user, roles in sides:
        await pick_sides(fake, user, lobby, roles)
        names = ", ".join(NAMES[r] for r in roles)
        assert f"{user.mention}{' (host)' if user is host else ''} — {names}" in \
            fake.message(lobby).text()
    assert "Table\n4 sides:" in fake.message(lobby).text()
    mark = fake.cursor()
    await fake.click(host, lobby, label="Start")
    board = await fake.wait_for_message(after=mark, where=is_board, what="the first board")
    return table, board


def playing_as(prompt: FakeMessage) -> str:
    """The side a prompt is for (its text starts with **<side>** —)."""
    found = re.search(r"\*\*(\w+)\*\* —", prompt.text())
    assert found, prompt.text()[:300]
    return found.group(1)


def switches(prompt: FakeMessage) -> list[str]:
    return [str(b["label"]) for b in prompt.buttons() if str(b["label"]).startswith("Play as")]


async def test_two_players_each_holding_an_alliance(fake: FakeDiscord,
                                                    strategos: Strategos) -> None:
    ann, ben = fake.add_user("ann"), fake.add_user("ben")
    table, board = await seat(fake, [(ann, ["arden", "corin"]), (ben, ["brisk", "dunmor"])])
    assert board.pinged == [ann.id]  # Arden leads the first round: only Ann is asked

    stake = await table.prompt(ann)
    assert playing_as(stake) == "Arden" and switches(stake) == []
    mark = fake.cursor()
    await table.choose(ann, stake, pick=0)
    # All four kingdoms now play at once. Ann stays with Arden and may switch to Corin;
    # Ben is told it is his turn (by a mention), once although both his kingdoms are asked.
    after = fake.message(stake)
    assert playing_as(after) == "Arden" and switches(after) == ["Play as Corin"]
    handoff = await fake.wait_for_message(after=mark, where=lambda m: ben.mention in m.text(),
                                          what="the hand-off to Ben")
    assert handoff.pinged == [ben.id] and "Brisk" in handoff.text() and "Dunmor" in handoff.text()

    # Ben opens two prompts: Brisk in one, Dunmor (switched to) in the other. Both stay
    # answerable: his Dunmor choice does not make his open Brisk prompt stale.
    brisk = await table.prompt(ben)
    assert playing_as(brisk) == "Brisk" and switches(brisk) == ["Play as Dunmor"]
    dunmor = await table.prompt(ben)
    await fake.click(ben, dunmor, label="Play as Dunmor")
    assert playing_as(fake.message(dunmor)) == "Dunmor"
    assert len(choice_items(fake.message(dunmor))) == 3
    await table.choose(ben, dunmor, pick=0)
    await table.choose(ben, brisk, pick=0)
    assert "no longer current" not in fake.message(brisk).text()
    assert "Waiting for" in fake.message(brisk).text()
    loaded = await strategos.bot.service.load(table_game(table))
    assert set(loaded.prompts) == {"arden", "corin"}

    # Ann answers for Arden, then her prompt moves on to Corin by itself.
    await table.choose(ann, stake, pick=0)
    assert playing_as(fake.message(stake)) == "Corin"
    await table.choose(ann, stake, pick=0)

    end = await table.play_out()
    assert end is not None and "Seed revealed" in end.text()
    loaded = await strategos.bot.service.load(table_game(table))
    assert loaded.state is not None and loaded.state.result is not None
    # Rated by alliance: one rating change per player, not one per kingdom.
    (elo,) = [line for line in end.text().splitlines() if line.startswith("Ratings: ")]
    assert elo.count(ann.mention) == 1 and elo.count(ben.mention) == 1
    # Her record: one game, played as both kingdoms.
    stats = (await fake.slash(ann, "stats")).text()
    assert "1 game:" in stats and f"#{table_game(table)} Alliance as Arden and Corin: " in stats

    # A rematch seats everyone on the kingdoms they held; Ben, who asked for it, hosts.
    rematch = (await fake.click(ben, end, label="Rematch")).response
    assert rematch is not None and not rematch.ephemeral
    text = rematch.text()
    assert f"{ann.mention} — Arden, Corin" in text
    assert f"{ben.mention} (host) — Brisk, Dunmor" in text
    assert f"Arden — {ann.mention}" in text and "— free" not in text


async def test_two_players_holding_a_kingdom_of_each_alliance(fake: FakeDiscord,
                                                              strategos: Strategos) -> None:
    ann, ben = fake.add_user("ann"), fake.add_user("ben")
    table, _ = await seat(fake, [(ann, ["arden", "brisk"]), (ben, ["corin", "dunmor"])])
    # Round 1: each answers every prompt of theirs from one Take turn.
    for user in (ann, ben):
        prompt = await table.prompt(user)
        while table.choices_left(prompt):
            await table.choose(user, prompt, pick=0)
    # Round 2 is led by Brisk: after setting the stake as Brisk, Ann's prompt stays with
    # Brisk (asked for a card now, as is Arden) rather than jumping to her first side.
    lead = await table.prompt(ann)
    assert playing_as(lead) == "Brisk"
    await table.choose(ann, lead, pick=0)
    assert playing_as(fake.message(lead)) == "Brisk"
    assert switches(fake.message(lead)) == ["Play as Arden"]
    end = await table.play_out()
    assert end is not None and "Seed revealed" in end.text()
    assert "Ratings:" not in end.text()  # a player on both sides: the game is not rated
    loaded = await strategos.bot.service.load(table_game(table))
    assert loaded.state is not None and loaded.state.result is not None
    assert loaded.roles_of(ann.id) == ["arden", "brisk"]
    # Her record names each kingdom with its own outcome (one won, one lost; or a draw).
    stats = (await fake.slash(ann, "stats")).text()
    assert "unrated · 1 game:" in stats
    assert re.search(r"as (Arden \(win\) and Brisk \(loss\)|Arden \(loss\) and Brisk "
                     r"\(win\)|Arden and Brisk: draw)", stats), stats


async def test_resigning_and_replacing_with_several_sides(fake: FakeDiscord,
                                                          strategos: Strategos) -> None:
    ann, ben, cid = fake.add_user("ann"), fake.add_user("ben"), fake.add_user("cid")
    table, _ = await seat(fake, [(ann, ["arden", "corin"]), (ben, ["brisk", "dunmor"])])
    game_id = table_game(table)
    # One of Ann's kingdoms goes to Cid; she keeps the other.
    replaced = await fake.slash(fake.owner, "mod replace", old=ann, new=cid, side="corin")
    assert "now plays Corin instead of" in replaced.text()
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.roles_of(ann.id) == ["arden"] and loaded.roles_of(cid.id) == ["corin"]
    # Ben resigns: both his kingdoms, so the Red alliance wins.
    mark = fake.cursor()
    await fake.slash(ben, "game resign")
    end = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    assert "resign" in end.text().lower()
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.state is not None and loaded.state.result is not None
    assert sorted(loaded.state.result.winners) == ["arden", "corin"]


async def test_a_player_on_both_alliances_resigns_both_kingdoms_at_once(
        fake: FakeDiscord, strategos: Strategos) -> None:
    ann, ben = fake.add_user("ann"), fake.add_user("ben")
    table, _ = await seat(fake, [(ann, ["arden", "brisk"]), (ben, ["corin", "dunmor"])])
    mark = fake.cursor()
    await fake.slash(ann, "game resign")
    end = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    # Not Arden's resignation alone (which would hand Blue, and so Ann's Brisk, the win).
    assert "No winner** — arden and brisk resigned" in end.text()
    assert "Ratings:" not in end.text()
    loaded = await strategos.bot.service.load(table_game(table))
    assert loaded.state is not None and loaded.state.result is not None
    assert loaded.state.result.winners == []


def table_game(table: Table) -> int:
    assert table.lobby is not None
    found = re.search(r"#(\d+)", table.lobby.text())
    assert found, table.lobby.text()
    return int(found.group(1))
