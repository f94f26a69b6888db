"""The bot client: ``StrategosBot``, a ``commands.Bot`` holding the settings, the game service
and the click handlers of its persistent components.

At start-up (``setup_hook``) it opens the database and runs the migrations, builds the
game service, loads the cogs, registers the persistent dynamic items (so buttons sent
before a restart keep working), syncs the slash commands if they changed
(``bot.command_sync``) and starts the turn-timer loop.
Tests pass ``clock`` to control time and call :meth:`StrategosBot.run_timers_once`.
``bot.app`` builds it with the handlers from ``bot.turns`` and ``bot.lobby``, which import
this module for the type of the bot they are given.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter, deque
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_sync import sync_commands
from bot.discord_render import renderer_for
from bot.metrics import Counters
from bot.service import GameService
from bot.settings import Settings
from bot.storage.db import Database, open_database
from bot.views.archive import HistoryMoveButton, HistoryPageButton, HistoryViewButton
from bot.views.clicks import Clicks
from bot.views.game import RematchButton, TakeTurnButton
from bot.views.leaderboard import LeaderboardPageButton
from bot.views.lobby import ComputerSelect, LobbyButton, RoleSelect, TableSelect
from bot.views.mine import MinePageButton
from bot.views.prompt import ChoiceButton, ChoiceSelect, PageButton
from bot.views.setup import SetupOpen, SetupOption
from engine.core.registry import all_games

log = logging.getLogger("strategos.bot")

COGS = ("bot.cogs.game", "bot.cogs.play", "bot.cogs.computers", "bot.cogs.moderation",
        "bot.cogs.settings", "bot.cogs.stats", "bot.cogs.help", "bot.cogs.heartbeat",
        "bot.cogs.metrics")
MAX_FAILURES = 100
DYNAMIC_ITEMS = (TakeTurnButton, RematchButton, ChoiceButton, ChoiceSelect, PageButton,
                 LobbyButton, RoleSelect, TableSelect, ComputerSelect, SetupOption, SetupOpen,
                 MinePageButton, HistoryPageButton, HistoryViewButton, HistoryMoveButton,
                 LeaderboardPageButton)


def warm_up() -> None:
    for game in all_games():
        renderer_for(game.id)


def utc_now() -> datetime:
    return datetime.now(UTC)


class StrategosBot(commands.Bot):
    def __init__(self, settings: Settings, clicks: Clicks,
                 clock: Callable[[], datetime] = utc_now, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **options)
        self.settings = settings
        self.clock = clock
        self.clicks = clicks
        self.db: Database | None = None
        # python -m bot sync: sync the commands even if the stored digest says unchanged.
        self.force_sync = False
        self._service: GameService | None = None
        # The latest unexpected failures (for tests and a look in a debugger); bounded, so a
        # bot that runs for months does not keep every exception it ever met.
        self.failures: deque[BaseException] = deque(maxlen=MAX_FAILURES)
        self.counters = Counters()  # for the metrics line (bot.cogs.metrics)
        # Games whose board or hand-over this process is announcing now
        # (``announce.announcing``): the turn-timer loop does not announce them late meanwhile.
        self.posting: Counter[int] = Counter()
        self.tree.error(self.on_app_command_error)

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the bot is not set up yet")
        return self._service

    async def setup_hook(self) -> None:
        # Import every game and renderer now (data files, fonts), not inside a 3-second
        # interaction deadline.
        await asyncio.to_thread(warm_up)
        self.db = await open_database(self.settings.database,
                                      allow_empty=self.settings.allow_empty_database)
        self._service = GameService(self.db, clock=self.clock, counters=self.counters,
                                    lease=timedelta(seconds=self.settings.job_lease))
        # Results stored under another rating model (Elo before schema 7) are rated again.
        await self._service.refresh_ratings()
        for cog in COGS:
            await self.load_extension(cog)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.settings.sync_commands or self.force_sync:
            await self.sync_commands(force=self.force_sync)

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Sync the slash commands (to the development guild if set) when the tree changed
        since the last sync, or always with ``force``; True when synced."""
        if self.db is None or self.application_id is None:
            raise RuntimeError("sync_commands runs after login, in setup_hook")
        guild = None
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
        return await sync_commands(self.tree, self.db, self.application_id, guild, force=force)

    async def close(self) -> None:
        await super().close()
        if self.db is not None:
            await self.db.close()
            self.db = None

    async def run_timers_once(self) -> None:
        """One pass of the turn timers (the loop does this every ``timer_interval`` seconds)."""
        cog = self.get_cog("PlayCog")
        if cog is not None:
            await cog.run_once()  # type: ignore[attr-defined]

    async def run_computers_once(self) -> None:
        """Let the computer make every choice it is asked for now, and wait until it has."""
        cog = self.get_cog("ComputerCog")
        if cog is not None:
            await cog.sweep()  # type: ignore[attr-defined]
            await cog.settle()  # type: ignore[attr-defined]

    def gateway_open(self) -> bool:
        """Ready, and the gateway's socket open (not between a drop and its reconnect)."""
        ws = self.ws
        return bool(self.is_ready() and ws is not None and ws.open)

    def holds_guild(self, guild_id: int) -> bool:
        """Whether this process receives the server's events (and has it in its cache)."""
        return True

    def shards_text(self) -> str:
        """The shards this process runs, for the metrics line ("" when not sharded)."""
        return ""

    def report(self, error: BaseException, where: str) -> None:
        """An unexpected failure: logged, and kept in ``failures`` for the tests to see."""
        self.failures.append(error)
        self.counters.failures += 1
        log.error("Unexpected error in %s", where, exc_info=error)

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        name = interaction.command.qualified_name if interaction.command else "?"
        self.report(error, f"command {name}")
        text = "Something went wrong on our side; it has been logged."
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)


class ShardedStrategosBot(StrategosBot, commands.AutoShardedBot):
    """The bot over several gateway shards in one process (``STRATEGOS_SHARD_COUNT``, and
    ``STRATEGOS_SHARD_IDS`` for the ones this process runs): discord.py's AutoShardedBot.
    Each shard receives only its own servers' events; everything the bot sends goes through
    REST, which reaches any server, so a background job of another shard's game works here
    too."""

    def holds_guild(self, guild_id: int) -> bool:
        """Whether the server is on one of this process's shards (Discord's rule)."""
        count = self.shard_count or 1
        return self.shard_ids is None or (guild_id >> 22) % count in self.shard_ids

    def shards_text(self) -> str:
        ids = self.shard_ids if self.shard_ids is not None else range(self.shard_count or 1)
        return (f"shards {','.join(str(i) for i in ids)} of {self.shard_count}, "
                f"{len(self.guilds)} servers")

    def gateway_open(self) -> bool:
        """Ready, and every shard of this process connected."""
        shards = self.shards
        return bool(self.is_ready() and shards
                    and all(not info.is_closed() for info in shards.values()))
