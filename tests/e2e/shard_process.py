"""``python -m tests.e2e.shard_process``: the real ``python -m bot`` (``bot.__main__.main``,
settings from the environment), pointed at a fake Discord, for the tests that run bot
processes (``test_shard_processes.py``).

The only changes to a production start: discord.py's REST base and gateway address are the
fake's (``FAKE_DISCORD_API``, ``FAKE_DISCORD_GATEWAY``), as ``tests.fakediscord.pointed_at``
does in-process, and the test games are registered (the Duel test game plays fast)."""

from __future__ import annotations

import os
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import main
from engine.core import registry

registry.GAME_MODULES.setdefault("duel", "tests.support.duel")


def point_at_fake() -> None:
    Route.BASE = os.environ["FAKE_DISCORD_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])


if __name__ == "__main__":
    point_at_fake()
    sys.exit(main([]))
