"""A cog that runs one loop in the background while it is loaded (the turn timers, the
heartbeat, the metrics line): the task starts with the cog and is cancelled with it."""

import asyncio
import contextlib
from typing import Any, ClassVar

from discord.ext import commands


class BackgroundCog(commands.Cog):
    task_name: ClassVar[str]  # the asyncio task's name, seen in a debugger and in tests

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.task: asyncio.Task[None] | None = None

    def wanted(self) -> bool:
        """Whether the loop runs at all (a setting may turn it off)."""
        return True

    async def loop(self) -> None:
        raise NotImplementedError

    async def cog_load(self) -> None:
        if self.wanted():
            self.task = asyncio.create_task(self.loop(), name=self.task_name)

    async def cog_unload(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
