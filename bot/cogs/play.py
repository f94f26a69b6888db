"""Playing between commands: the turn-timer loop (reminders at half time, then the policy;
boards and hand-over pings a killed process did not send).

Timers are stored with the game (deadline, reminded), so they survive restarts; this
loop only asks the service what is due, claiming each job so that of several processes on
one database exactly one does it (``bot.service.jobs``). The buttons of play live in ``bot/views``.
"""

import asyncio
import contextlib
import logging
from datetime import datetime
from typing import Any

from discord.ext import commands

from bot import announce, lobby
from bot.cogs.background import BackgroundCog
from bot.errors import ServiceError, TimerHeld
from bot.service.hand_overs import LateHandOver

log = logging.getLogger("strategos.timers")
LATE = "(Posted late: the bot was stopped before it could post this board.)"
LATE_PING = "(Sent late: the bot was stopped before it could send this.)"


class PlayCog(BackgroundCog):
    task_name = "strategos-timers"

    def __init__(self, bot: Any) -> None:
        super().__init__(bot)
        self.running = asyncio.Lock()  # one pass at a time (the loop and tests' direct calls)

    async def loop(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                await self.run_once()
            except Exception as error:  # the loop must outlive one bad pass
                self.bot.report(error, "turn-timer loop")
            await asyncio.sleep(self.bot.settings.timer_interval)

    async def run_once(self) -> None:
        """One pass: every due reminder, then every due timeout; one failure stops nothing."""
        async with self.running:
            await self._run_once()

    async def _run_once(self) -> None:
        service, now = self.bot.service, self.bot.clock()
        # Each due reminder and timeout is claimed first: with several processes on one
        # database, exactly one of them does it (bot.service.jobs).
        for game_id in await service.claim_due("reminder", now):
            try:
                loaded = await service.load(game_id)
                users = await service.half_time_reminded(loaded, now)
                await announce.remind(self.bot, loaded, users)
                await service.mark_reminded(game_id)
            except Exception as error:
                self.bot.report(error, f"reminder of game {game_id}")
            finally:
                await service.release_job(game_id, "reminder")
        for own in await service.own_reminders_due(now):
            try:
                await announce.remind(self.bot, own.loaded, own.users)
            except Exception as error:
                self.bot.report(error, f"reminder of game {own.loaded.row.id}")
        await self._deliver_held_dms(now)
        for game_id in await service.claim_due("timeout", now):
            try:
                await self._time_out(game_id, now)
            finally:
                await service.release_job(game_id, "timeout")
        await self._announce_late(now)

    async def _announce_late(self, now: datetime) -> None:
        """Boards and hand-overs a killed process did not announce: one read asks whether
        any is overdue (claiming is a write), then each is claimed and announced."""
        service = self.bot.service
        if not await service.anything_late(now):
            return
        for game_id in await service.claim_late_boards(now):
            if game_id not in self.bot.posting:  # being posted now: not lost
                await self._post_late(game_id)
        for late in await service.claim_late_hand_overs(now):
            if late.update.loaded.row.id not in self.bot.posting:
                await self._hand_over_late(late)

    async def _post_late(self, game_id: int) -> None:
        """A board whose post was lost with the process making it (killed between the write
        and the post): posted now, once. A post that fails again is reported, not retried."""
        service = self.bot.service
        try:
            update = await service.late_board(game_id)
            if update.loaded.row.status == "aborted":  # its moderator's notice said it all
                await service.board_posted(game_id, update.loaded.version)
                return
            if update.previous_board is None and not update.finished:
                await lobby.announce_start(self.bot, update, LATE)
            else:
                await announce.announce(self.bot, update, LATE)
        except Exception as error:
            self.bot.report(error, f"late board of game {game_id}")
            with contextlib.suppress(Exception):
                await service.board_posted(game_id, (await service.load(game_id)).version)

    async def _time_out(self, game_id: int, now: datetime) -> None:
        service = self.bot.service
        try:
            update = await service.run_timeout(game_id, now)
        except TimerHeld as held:
            await self._say_held(game_id, held)
            return
        except ServiceError as refusal:
            # A harmless race: between the claim and run_timeout a player acted (the
            # deadline moved), a moderator paused or aborted, or the game ended.
            log.info("timeout of game %s not applied: %s", game_id, refusal)
            return
        except Exception as error:
            self.bot.report(error, f"timeout of game {game_id}")
            return
        log.info("turn timer of game %s ran out: the %s rule was applied", game_id,
                 update.loaded.row.timeout_policy)
        try:
            row = update.loaded.row
            await announce.announce(
                self.bot, update,
                f"Time ran out in game #{row.id}: the {row.timeout_policy} rule was applied.",
            )
        except Exception as error:
            self.bot.report(error, f"timeout of game {game_id}")

    async def _hand_over_late(self, late: LateHandOver) -> None:
        """A hand-over whose ping was lost with its process: sent now to those still asked,
        once. A ping that fails again is reported, not retried."""
        update = late.update
        try:
            if update.loaded.row.status == "running":
                await announce.announce_handoff(self.bot, update, late.actor, LATE_PING)
                return
        except Exception as error:
            self.bot.report(error, f"late hand-over of game {update.loaded.row.id}")
        with contextlib.suppress(Exception):
            await self.bot.service.hand_over_sent(update.loaded.row.id, update.loaded.version)

    async def _deliver_held_dms(self, now: datetime) -> None:
        """Direct messages held by quiet hours that are over: sent if the player is still
        asked in that game (a turn that moved on needs no message)."""
        service = self.bot.service
        sent: set[tuple[int, int]] = set()
        for held in await service.take_due_dms(now):
            if (held.user_id, held.game_id) in sent:
                continue  # several turns' messages of one game: one says it all
            sent.add((held.user_id, held.game_id))
            try:
                loaded = await service.load(held.game_id)
                if loaded.row.status == "running" and held.user_id in loaded.waiting_users():
                    await announce.send_dm(self.bot, held.user_id, held.text)
            except Exception as error:
                self.bot.report(error, f"held message of game {held.game_id}")

    async def _say_held(self, game_id: int, held: TimerHeld) -> None:
        loaded = await self.bot.service.load(game_id)
        channel = self.bot.get_partial_messageable(loaded.row.channel_id,
                                                   guild_id=loaded.row.guild_id)
        await announce.post(channel, content=f"{loaded.game.name} #{game_id}: {held}",
                         allowed_mentions=announce.NO_MENTIONS)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayCog(bot))
