"""Slash commands are synced only when the command tree changed; ``python -m bot sync`` always."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import client as bot_client
from bot.__main__ import sync_now
from bot.settings import Settings
from tests.e2e.harness import Strategos
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


def syncs(fake: FakeDiscord) -> int:
    """How many bulk overwrites of the command tree the bot sent so far."""
    return sum(1 for line in fake.requests
               if line.startswith("PUT ") and "/commands" in line)


async def test_a_restart_with_the_same_tree_syncs_nothing(fake: FakeDiscord,
                                                          strategos: Strategos) -> None:
    assert syncs(fake) == 1
    await strategos.restart()
    assert syncs(fake) == 1
    shown = await fake.slash(fake.add_user("alice"), "help")  # the commands still work
    assert shown.response is not None and "/game new" in shown.response.text()


async def test_a_changed_tree_is_synced(fake: FakeDiscord, strategos: Strategos,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    assert "help" in {c["name"] for c in fake.commands()}
    monkeypatch.setattr(bot_client, "COGS", tuple(c for c in bot_client.COGS
                                                  if c != "bot.cogs.help"))
    await strategos.restart()
    assert syncs(fake) == 2
    assert "help" not in {c["name"] for c in fake.commands()}


async def test_the_development_guild_is_its_own_target(fake: FakeDiscord,
                                                       strategos: Strategos) -> None:
    await strategos.stop()
    guild = Strategos(fake, Path(strategos.settings.database), dev_guild=fake.guild_id)
    await guild.start()
    try:
        assert syncs(fake) == 2 and fake.commands(guild=True)
        await guild.restart()
        assert syncs(fake) == 2
    finally:
        await guild.stop()
    assert guild.failures == []


async def test_python_m_bot_sync_forces_it(fake: FakeDiscord, strategos: Strategos,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    await strategos.stop()
    settings = Settings(database=strategos.settings.database)
    assert await sync_now(settings, fake.token) == 0
    assert syncs(fake) == 2
    assert "synced globally" in capsys.readouterr().out
    await strategos.start()  # and a start after it needs none
    assert syncs(fake) == 2
