"""The metrics line: every ``STRATEGOS_METRICS_INTERVAL`` seconds (default 60) the bot logs
the games open, the actions committed, and the clicks refused and failed since the last line
(``bot.metrics``), for a host to watch or to scrape from the log."""

import asyncio
import logging
import time
from typing import Any

from bot.cogs.background import BackgroundCog
from bot.metrics import Counters, metrics_line

log = logging.getLogger("strategos.metrics")


class MetricsCog(BackgroundCog):
    task_name = "strategos-metrics"

    def __init__(self, bot: Any) -> None:
        super().__init__(bot)
        self.last = Counters()
        self.last_time = time.monotonic()

    def wanted(self) -> bool:
        return bool(self.bot.settings.metrics_interval > 0)

    async def cog_load(self) -> None:
        self.last, self.last_time = self.bot.counters.snapshot(), time.monotonic()
        await super().cog_load()

    async def loop(self) -> None:
        while True:
            await asyncio.sleep(self.bot.settings.metrics_interval)
            try:
                await self.report_once()
            except Exception as error:  # a metrics line must never stop the bot
                self.bot.report(error, "metrics")

    async def report_once(self) -> str:
        """Log the line for the time since the last one, and return it."""
        now, counters = time.monotonic(), self.bot.counters.snapshot()
        line = metrics_line(await self.bot.service.open_games(), counters.since(self.last),
                            now - self.last_time, self.bot.shards_text())
        self.last, self.last_time = counters, now
        log.info(line)
        return line


async def setup(bot: Any) -> None:
    await bot.add_cog(MetricsCog(bot))
