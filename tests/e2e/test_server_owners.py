"""What server owners expect of a host, through the real bot and the fake Discord: /help."""

from __future__ import annotations

from typing import Any

import pytest

from engine.version import version
from tests.e2e.harness import Strategos
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e


def synced_commands(commands: list[dict[str, Any]]) -> list[str]:
    """Every command a member can type, as "/game new", from what the bot synced."""
    names = []
    for top in commands:
        subs = [o for o in top.get("options") or [] if o["type"] in (1, 2)]
        if not subs:
            names.append(f"/{top['name']}")
        for sub in subs:
            inner = [o for o in sub.get("options") or [] if o["type"] == 1]
            names += ([f"/{top['name']} {sub['name']} {o['name']}" for o in inner]
                      if sub["type"] == 2 else [f"/{top['name']} {sub['name']}"])
    return names


async def test_help_lists_every_synced_command_with_the_version(
        fake: FakeDiscord, strategos: Strategos) -> None:
    alice = fake.add_user("alice")
    shown = await fake.slash(alice, "help")
    page = shown.response
    assert page is not None and page.ephemeral and shown.followups == []
    assert fake.channel_messages() == []
    text = page.text()
    assert f"Strategos {version()}" in text and "/game new" in text and "Join" in text
    names = synced_commands(fake.commands())
    assert len(names) > 20 and "/help" in names
    for name in names:
        assert name in text, f"{name} is missing from /help"


async def test_help_works_in_a_direct_message(fake: FakeDiscord, strategos: Strategos) -> None:
    alice = fake.add_user("alice")
    shown = await fake.slash(alice, "help", in_channel=fake.dm_channel(alice))
    assert shown.response is not None and "Your first game" in shown.response.text()
