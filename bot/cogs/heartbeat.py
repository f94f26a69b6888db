"""The heartbeat loop: while the bot is connected to Discord it writes the time to the
heartbeat file every few seconds (``bot.health``), so a supervisor can tell a live bot from
a stuck or disconnected one with ``python -m bot health``."""

import asyncio
import logging
from datetime import UTC, datetime

from discord.ext import commands

from bot.cogs.background import BackgroundCog
from bot.health import write_heartbeat

log = logging.getLogger("strategos.health")
MOST_SECONDS_BETWEEN_BEATS = 30.0


def beat_interval(max_age: float) -> float:
    """Three beats fit in the allowed age, so one late beat is no alarm."""
    return min(MOST_SECONDS_BETWEEN_BEATS, max_age / 3)


class HeartbeatCog(BackgroundCog):
    task_name = "strategos-heartbeat"

    def connected(self) -> bool:
        """Ready, and connected to the gateway (every shard of this process)."""
        return bool(self.bot.gateway_open())

    async def loop(self) -> None:
        settings = self.bot.settings
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            if self.connected():
                try:
                    # Real time, not the bot's (injectable) clock: the health check compares
                    # it with the time of the machine.
                    await asyncio.to_thread(write_heartbeat, settings.heartbeat_path,
                                            datetime.now(UTC))
                except OSError as error:
                    log.warning("Could not write the heartbeat file: %s", error)
            await asyncio.sleep(beat_interval(settings.heartbeat_max_age))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HeartbeatCog(bot))
