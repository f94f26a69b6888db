"""Complete games of Freedom! and Epireia through the real bot and the fake Discord.

Every choice is a button or select option the bot actually sent (picked at random among
them with a fixed seed); the game must reach its end, with the final board, the result,
the revealed seed and a record that replays.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest

from engine.core.record import GameRecord, verify
from engine.core.registry import get_game
from tests.e2e.harness import Strategos, Table, assert_private_stays_private, is_board
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


async def play_full_game(fake: FakeDiscord, strategos: Strategos, game: str, players: int,
                         seed: int, restart_after: int) -> Table:
    users = [fake.add_user(f"player{i}") for i in range(players)]
    table = Table(fake, users[0], users)
    table.rng.seed(seed)
    definition = get_game(game)
    # A game of several table sizes is opened at this one; a fixed one through its menus.
    sized: dict[str, Any] = (
        {"sides": players} if definition.min_players < definition.max_players else {})
    await table.open(game, **sized)
    first = await table.gather()
    digest = re.search(r"SHA-256 is `([0-9a-f]{64})`", first.text())
    assert digest and first.images()

    # Play part of the game, restart the bot, and play on to the end.
    await table.play_out(stop_after=restart_after)
    assert table.over() is None, "the game ended before the restart"
    await strategos.restart()
    end = await table.play_out()
    assert end is not None

    assert end.images(), "the final board is attached"
    seed_text = re.search(r"Seed revealed: `([^`]+)`", end.text())
    assert seed_text and hashlib.sha256(seed_text.group(1).encode()).hexdigest() == \
        digest.group(1)
    record_file = next(a for a in end.attachments if a.filename.endswith(".json"))
    record = GameRecord.model_validate(json.loads(record_file.data))
    assert record.game == game
    assert verify(record).ok
    boards = [m for m in fake.channel_messages() if is_board(m)]
    assert all(m.images() for m in boards)
    assert len(table.private_texts) > 10
    print(f"{game}: {table.actions} choices, {len(fake.requests)} requests, slowest "
          f"acknowledgement {max(fake.latencies) * 1000:.0f} ms")
    assert_private_stays_private(fake, table.private_texts)
    return table


async def test_full_game_of_freedom(fake: FakeDiscord, strategos: Strategos) -> None:
    table = await play_full_game(fake, strategos, "freedom", players=2, seed=1,
                                 restart_after=30)
    assert table.actions > 30


@pytest.mark.parametrize("players", [1, 2, 4])
async def test_full_game_of_epireia(fake: FakeDiscord, strategos: Strategos,
                                    players: int) -> None:
    restart_after = 6 if players == 1 else 20  # a lost solo game can be short
    table = await play_full_game(fake, strategos, "epireia", players=players, seed=players,
                                 restart_after=restart_after)
    assert table.actions > restart_after
