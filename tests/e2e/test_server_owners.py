"""What server owners expect of a host, through the real bot and the fake Discord: /help,
/mod hidden from members by default, the heartbeat of the running bot, the backup before
migrating an old database."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.health import check_heartbeat
from engine.version import version
from tests.e2e.harness import Strategos
from tests.e2e.test_platform import start_duel
from tests.fakediscord import FakeDiscord, FakeDiscordError, Perm
from tests.storage.test_migrations import load_fixture

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
        assert f"`{name}`" in text, f"{name} is missing from /help"
    assert "/mod: Moderator tools for the game in this channel (Manage Channels)" in text


async def test_help_works_in_a_direct_message(fake: FakeDiscord, strategos: Strategos) -> None:
    alice = fake.add_user("alice")
    shown = await fake.slash(alice, "help", in_channel=fake.dm_channel(alice))
    assert shown.response is not None and "Your first game" in shown.response.text()


def top_command(fake: FakeDiscord, name: str) -> dict[str, Any]:
    return next(c for c in fake.commands() if c["name"] == name)


async def test_mod_is_for_manage_channels_unless_integrations_say_otherwise(
        fake: FakeDiscord, strategos: Strategos) -> None:
    assert top_command(fake, "mod")["default_member_permissions"] == str(Perm.MANAGE_CHANNELS)
    assert top_command(fake, "game").get("default_member_permissions") is None
    settings = [o["name"] for o in top_command(fake, "settings")["options"]]
    assert "moderator-role" not in settings
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    channel_manager = fake.add_user("carol", roles=[fake.add_role("Staff", Perm.MANAGE_CHANNELS)])
    await start_duel(fake, [alice, bob], "rounds_to_win=1")
    with pytest.raises(FakeDiscordError, match="hides /mod"):
        await fake.slash(alice, "mod pause")
    paused = await fake.slash(channel_manager, "mod pause")
    assert "paused" in paused.text() and not paused.ephemeral
    # Manage Channels is not Manage Server: the moderator role stays the owner's choice.
    refused = await fake.slash(channel_manager, "mod moderator-role",
                               role=fake.add_role("Referees"))
    assert refused.ephemeral and "Manage Server" in refused.text()
    assert await strategos.bot.service.moderator_role(fake.guild_id) is None


async def beat_of(path: Path, after: float = 0.0) -> float:
    """The heartbeat file's modification time once it is later than ``after``."""
    for _ in range(200):
        if path.exists() and path.stat().st_mtime > after:
            return path.stat().st_mtime
        await asyncio.sleep(0.05)
    raise AssertionError(f"no heartbeat written to {path}")


async def test_the_running_bot_beats_and_a_stopped_one_goes_stale(
        fake: FakeDiscord, strategos: Strategos) -> None:
    await strategos.stop()
    quick = Strategos(fake, Path(strategos.settings.database), heartbeat_max_age=0.6)
    await quick.start()
    path = quick.settings.heartbeat_path
    try:
        first = await beat_of(path)
        assert path.parent == Path(strategos.settings.database).parent
        await beat_of(path, after=first)  # it keeps beating
        assert check_heartbeat(path, 0.6, datetime.now(UTC)).healthy
    finally:
        await quick.stop()
    assert quick.failures == []
    last = path.stat().st_mtime
    await asyncio.sleep(0.7)  # more than the allowed age: a stopped bot writes nothing more
    assert path.stat().st_mtime == last
    assert not check_heartbeat(path, 0.6, datetime.now(UTC)).healthy


async def test_a_bot_started_on_an_old_database_backs_it_up_first(
        fake: FakeDiscord, tmp_path: Path) -> None:
    old = tmp_path / "old" / "strategos.db"
    old.parent.mkdir()
    load_fixture(4, old)
    bot = Strategos(fake, old)
    await bot.start()
    try:
        assert (old.parent / "strategos.schema-v4.backup.db").is_file()
        assert await bot.bot.service.moderator_role(100) == 555  # the data is still there
    finally:
        await bot.stop()
    assert bot.failures == []
