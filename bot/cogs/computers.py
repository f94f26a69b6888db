"""Computer players at work: whenever the computer is asked in a running game, it makes its
choices one by one (``GameService.computer_move``) and each is posted as a person's would be
(the turn's board and summary when a turn ends, a hand-over note otherwise).

Turn posts wake it (``announce.wake_computers``); a sweep at start-up and every timer interval
finds games it is asked in that nobody woke, such as after a restart mid-turn. With several
processes on one database, a game's computer plays in the one process that claimed the job
(``bot.service.jobs``); a process that died leaves it to another once its claim runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from discord.ext import commands

from bot import announce
from bot.models import COMPUTER, TurnUpdate

log = logging.getLogger("strategos.computers")


class ComputerCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.playing: dict[int, asyncio.Task[None]] = {}
        self.woken_while_playing: set[int] = set()
        # game -> the version at which its computer player failed: not tried again until
        # the game moves on (a moderator, the turn timer), so one bug is reported once
        self.failed_at: dict[int, int] = {}
        self.sweeper: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.sweeper = asyncio.create_task(self.sweep_loop(), name="strategos-computers")

    async def cog_unload(self) -> None:
        tasks = [*self.playing.values(), *([self.sweeper] if self.sweeper else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @commands.Cog.listener()
    async def on_computer_turn(self, game_id: int) -> None:
        self.wake(game_id)

    def wake(self, game_id: int) -> None:
        """Play the computer's choices in this game now (once: a second wake while it plays
        makes it look once more before it stops)."""
        task = self.playing.get(game_id)
        if task is not None and not task.done():
            self.woken_while_playing.add(game_id)
            return
        self.playing[game_id] = asyncio.create_task(
            self.play(game_id), name=f"strategos-computer-{game_id}")

    async def play(self, game_id: int) -> None:
        service = self.bot.service
        done = False  # it held the claim until the computer was no longer asked
        try:
            while True:
                try:
                    # Claimed (renewed before each move): another process sharing the
                    # database may be playing this game's computer; then this one leaves
                    # it (and its sweep looks again later).
                    if not await service.claim_job(game_id, "computer"):
                        return
                    update = await service.computer_move(game_id)
                except Exception as error:
                    self.failed_at[game_id] = (await service.load(game_id)).version
                    self.bot.report(error, f"computer player of game {game_id}")
                    return
                if update is None:
                    if game_id in self.woken_while_playing:
                        self.woken_while_playing.discard(game_id)
                        continue
                    done = True
                    return
                self.failed_at.pop(game_id, None)
                await self.post(update)
        finally:
            with contextlib.suppress(Exception):  # a lost database: the claim runs out
                await service.release_job(game_id, "computer")
            if self.playing.get(game_id) is asyncio.current_task():
                del self.playing[game_id]
            # Woken here while the claim was being released, or woken in another process
            # that found the claim still held (its move committed before this release, so
            # one read now sees it): look once more.
            woken = game_id in self.woken_while_playing
            self.woken_while_playing.discard(game_id)
            if not self.bot.is_closed() and game_id not in self.failed_at and (
                    woken or (done and await self._asked(game_id))):
                self.wake(game_id)

    async def _asked(self, game_id: int) -> bool:
        try:
            return bool(await self.bot.service.computer_asked(game_id))
        except Exception as error:  # the sweep looks again later
            self.bot.report(error, f"computer player of game {game_id}")
            return False

    async def post(self, update: TurnUpdate) -> None:
        """What a person's choice would post: the board at a turn's end, else a hand-over."""
        try:
            if update.turn_ended or update.finished:
                await announce.announce(self.bot, update)
            elif update.handed_to:
                await announce.announce_handoff(self.bot, update, COMPUTER)
        except Exception as error:  # the game is stored; a failed post must not stop play
            self.bot.report(error, f"post of game {update.loaded.row.id}")

    async def sweep_loop(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                await self.sweep()
            except Exception as error:  # the loop must outlive one bad pass
                self.bot.report(error, "computer players' sweep")
            await asyncio.sleep(self.bot.settings.timer_interval)

    async def sweep(self) -> None:
        """Wake the computer in every running game that waits for it."""
        service = self.bot.service
        for game_id in await service.computer_games():
            failed = self.failed_at.get(game_id)
            if failed is not None and failed == (await service.load(game_id)).version:
                continue
            self.wake(game_id)

    async def settle(self) -> None:
        """Wait until the computer has no choice left to make (for tests and shutdown)."""
        while self.playing:
            await asyncio.gather(*list(self.playing.values()), return_exceptions=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ComputerCog(bot))
