"""The metrics line a host watches: games open, actions committed, clicks refused and
failures since the line before, counted by the real bot through the fake Discord."""

from __future__ import annotations

import logging

import pytest

from bot.metrics import Counters, metrics_line
from tests.e2e.harness import Strategos
from tests.e2e.test_platform import start_duel
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


def test_the_line_says_games_actions_rate_refusals_and_failures() -> None:
    line = metrics_line({"lobby": 1, "running": 2, "paused": 0}, Counters(41, 2, 0), 60)
    assert line == ("metrics: 3 games open (1 lobby, 2 running); 41 actions in 60 s "
                    "(0.68/s); 2 refused; 0 failures")
    assert metrics_line({"lobby": 0}, Counters(), 60).startswith("metrics: 0 games open; 0 act")
    assert Counters(5, 1, 1).since(Counters(2, 1, 0)) == Counters(3, 0, 1)


async def test_the_bot_counts_what_happened_since_its_last_line(
        fake: FakeDiscord, strategos: Strategos, caplog: pytest.LogCaptureFixture) -> None:
    cog = strategos.bot.get_cog("MetricsCog")
    assert cog is not None
    await cog.report_once()  # type: ignore[attr-defined]  # (what came before)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    await table.choose(alice, await table.prompt(alice))  # committed
    refused = await fake.slash(fake.add_user("carol"), "game resign")  # not her game
    assert "not" in refused.text()
    with caplog.at_level(logging.INFO, logger="strategos.metrics"):
        line = await cog.report_once()  # type: ignore[attr-defined]
    assert "1 game open (1 running)" in line
    assert "; 1 action in " in line  # Alice's card
    assert "; 1 refused; 0 failures" in line
    assert line in caplog.messages
    again = await cog.report_once()  # type: ignore[attr-defined]
    assert "; 0 actions in " in again and "; 0 refused" in again
