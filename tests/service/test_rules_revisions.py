"""Rules revisions on the bot: a lobby stores the newest, a stored game keeps its own."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService
from engine.core.game import Game
from engine.core.registry import get_game
from tests.service.play import GUILD, NORTH, play_out, started_duel


async def test_a_lobby_stores_the_newest_revision_whatever_it_was_given(
    service: GameService, duel_at_revision_2: Game[Any, Any]
) -> None:
    row = await service.open_lobby(GUILD, 10, "duel", NORTH, {"revision": 1})
    assert row.options == {"revision": 2}


async def test_a_rematch_of_an_older_game_plays_the_newest_rules(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = (await started_duel(service)).loaded
    assert first.row.options["revision"] == 1
    await play_out(service, first.id)
    monkeypatch.setattr(get_game("duel"), "revision", 2)  # a newer Strategos is deployed
    loaded = await service.load(first.id)
    assert loaded.row.options["revision"] == 1  # the finished game keeps its rules
    assert loaded.state is not None and loaded.state.options.revision == 1  # type: ignore[attr-defined]
    row = await service.rematch(first.id, NORTH)
    assert row.options["revision"] == 2


