"""The host chooses the table's size in the lobby, through the real bot and the fake
Discord: Epireia's side picker lists exactly the sides of that table, a smaller table
drops the picks it no longer has (and says so), a full table refuses Join."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.harness import Strategos, Table, is_board
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


def menu(fake: FakeDiscord, lobby: FakeMessage, kind: str) -> dict[str, Any]:
    """The lobby's side picker (``lr``) or table picker (``lt``)."""
    (found,) = [s for s in fake.message(lobby).selects()
                if str(s["custom_id"]).startswith(f"sg:{kind}:")]
    return found


def labels(select: dict[str, Any]) -> list[str]:
    return [str(o["label"]) for o in select["options"]]


async def pick(fake: FakeDiscord, user: FakeUser, lobby: FakeMessage, kind: str,
               chosen: list[str]) -> Any:
    select = menu(fake, lobby, kind)
    values = {str(o["label"]): str(o["value"]) for o in select["options"]}
    return await fake.select(user, lobby, str(select["custom_id"]), [values[c] for c in chosen])


async def test_the_host_sets_the_table_and_the_sides_follow(fake: FakeDiscord,
                                                            strategos: Strategos) -> None:
    ann, ben, cid = fake.add_user("ann"), fake.add_user("ben"), fake.add_user("cid")
    table = Table(fake, ann, [ann, ben, cid])
    lobby = await table.open("epireia")
    assert "Table\n2 sides:\nDelian League — free\nPeloponnesian League — free" in \
        fake.message(lobby).text()
    assert labels(menu(fake, lobby, "lr")) == ["Delian League", "Peloponnesian League"]
    tables = menu(fake, lobby, "lt")
    assert labels(tables) == [f"Table: {n} side{'s' if n > 1 else ''}" for n in (1, 2, 3, 4)]
    assert [o.get("default") for o in tables["options"]] == [False, True, False, False]
    assert tables["options"][0]["description"] == "Solo"

    # Only the host sets it.
    refused = await pick(fake, ben, lobby, "lt", ["Table: 4 sides"])
    assert [m.text() for m in refused.followups] == ["Only the host chooses the size of the table."]
    assert refused.followups[0].ephemeral

    await pick(fake, ann, lobby, "lt", ["Table: 4 sides"])
    assert labels(menu(fake, lobby, "lr")) == [
        "Delian League 1", "Peloponnesian League 1", "Delian League 2", "Peloponnesian League 2"]
    await pick(fake, ann, lobby, "lr", ["Delian League 1", "Delian League 2"])
    await pick(fake, ben, lobby, "lr", ["Peloponnesian League 2"])

    # Three sides: Ben's League is not at that table; he keeps a seat without a side.
    smaller = await pick(fake, ann, lobby, "lt", ["Table: 3 sides"])
    (told,) = smaller.followups
    assert not told.ephemeral and told.text() == (
        f"The table now has 3 sides. Picks dropped (not a side of this table): "
        f"Peloponnesian League 2 ({ben.mention}).")
    text = fake.message(lobby).text()
    assert f"{ben.mention} — any side" in text and "1 seat without a side yet" in text
    assert labels(menu(fake, lobby, "lr")) == [
        "Delian League 1", "Peloponnesian League", "Delian League 2"]

    # Full: Cid is told so, and nothing changes.
    full = await fake.click(cid, lobby, label="Join")
    assert [m.text() for m in full.followups] == [
        "The table is full: its 3 seats are taken (the host can make it larger)."]
    mark = fake.cursor()
    await fake.click(ann, lobby, label="Start")
    await fake.wait_for_message(after=mark, where=is_board, what="the first board")
    loaded = await strategos.bot.service.game_in(fake.general.id)
    assert loaded is not None and loaded.row.players == 3
    assert loaded.roles_of(ann.id) == ["delian-1", "delian-2"]
    assert loaded.roles_of(ben.id) == ["peloponnesian-1"] and not loaded.is_player(cid.id)


async def test_a_game_of_one_size_shows_no_table_picker(fake: FakeDiscord,
                                                        strategos: Strategos) -> None:
    ann = fake.add_user("ann")
    lobby = await Table(fake, ann, [ann]).open("freedom")
    # the side picker and the host's computer picker, no table picker
    assert [str(s["custom_id"]).split(":")[1] for s in fake.message(lobby).selects()] == \
        ["lr", "lc"]
    assert "Table\n2 sides:" in fake.message(lobby).text()
