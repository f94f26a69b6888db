"""The turn timer: reminders at half time, and the timeout policy when it runs out."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot import errors
from bot.models import LoadedGame, TurnUpdate
from bot.service.core import Step
from bot.service.schedules import ScheduleMixin
from bot.service.write import WritingBase
from bot.storage import queries, stamp
from engine.core.game import Game, GameState
from engine.core.runner import act

# The most choices the "pass" timeout makes for one role in one go (a turn of a real game
# takes a dozen at most; the bound only guards against a prompt that never goes away).
MAX_TIMEOUT_STEPS = 100


class TimerMixin(ScheduleMixin, WritingBase):
    """What the timer loop (``bot/cogs/play.py``) asks for."""

    async def due_reminders(self, now: datetime | None = None) -> list[LoadedGame]:
        """Running games past half time of their turn timer, not yet reminded."""
        moment = stamp(now or self._now())
        async with self.db.read() as conn:
            ids = await queries.due_reminders(conn, moment)
        return [await self.load(game_id) for game_id in ids]

    async def half_time_reminded(self, loaded: LoadedGame,
                                 now: datetime | None = None) -> list[int]:
        """Whom the half-time reminder is for: the waiting players who set no reminder
        hours of their own and are not on vacation."""
        waiting = loaded.waiting_users()
        settings, away = await self.timing_of(loaded, waiting, now or self._now())
        return [u for u in waiting if u not in away and settings[u].reminder_hours is None]

    async def mark_reminded(self, game_id: int) -> None:
        async with self.db.transaction() as conn:
            await queries.mark_reminded(conn, game_id)

    async def due_timeouts(self, now: datetime | None = None) -> list[int]:
        moment = stamp(now or self._now())
        async with self.db.read() as conn:
            return await queries.due_timeouts(conn, moment)

    async def run_timeout(self, game_id: int, now: datetime | None = None) -> TurnUpdate:
        """The turn timer ran out: apply the game's policy to every role still waiting
        (but a side whose players are all on vacation: ``errors.TimerHeld`` when only such
        sides are late, and their timer restarts when the vacation ends).

        "resign": they resign. "pass": each waiting role, in seating order, makes
        ``game.timeout_choice`` again and again until its part is done (the turn ends, or
        it is no longer asked), so an absent player's turn of several steps costs one timer
        period, not one per step. All of it is one write, announced once; the timer then
        restarts for whoever must act next.
        """
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_running(loaded)
            deadline = loaded.row.deadline
            if deadline is None or deadline > (now or self._now()):
                raise errors.TimerNotDue()
            state = loaded.state
            assert state is not None
            moment = now or self._now()
            waiting = [r for r in state.roles if r in loaded.prompts]
            away = await self.vacations(
                loaded, [u for r in waiting for u in loaded.users_of(r)], moment)
            # A side whose every player is on vacation is not timed out: its timer waits.
            held = [r for r in waiting
                    if loaded.users_of(r) and all(u in away for u in loaded.users_of(r))]
            order = [r for r in waiting if r not in held]
            if not order:
                await self._hold_timer(loaded, max(away.values()))
                raise errors.TimerHeld(
                    [u for r in held for u in loaded.users_of(r)], max(away.values()))
            if loaded.row.timeout_policy == "resign":
                # Every late side resigns at once: each of their teams loses.
                return await self._commit(
                    loaded, [Step.resign(order)], "timer", None, detail={"timeout": "resign"},
                    reset_timer=True,
                )
            steps = self._timeout_steps(loaded.game, state, order)
            return await self._commit(
                loaded, steps, "timer", None, detail={"timeout": "pass"}, reset_timer=True
            )

    async def _hold_timer(self, loaded: LoadedGame, until: datetime) -> None:
        """Every late player is on vacation: the timer restarts when the vacation ends
        (nothing else changes, so the game's version and its buttons stay as they are)."""
        hours = loaded.row.timeout_hours or 0
        async with self.db.transaction() as conn:
            await queries.update_game(conn, loaded.id, loaded.version, bump=False,
                                      **self._timer_fields(hours, until))

    @staticmethod
    def _timeout_steps(game: Game[Any, Any], state: GameState, order: list[str]) -> list[Step]:
        """The "pass" policy's choices for the waiting roles, played on a scratch copy so
        that each one is a choice the prompt offered at that moment. It stops when the
        turn ends (the next turn gets a timer of its own) or the game is over."""
        scratch = state.model_copy(deep=True)
        turn = scratch.turn
        steps: list[Step] = []
        for role in order:
            for _ in range(MAX_TIMEOUT_STEPS):
                if scratch.result is not None or scratch.turn != turn:
                    return steps
                if role not in game.prompts(scratch):
                    break
                choice = game.timeout_choice(scratch, role)
                if choice is None:
                    break
                act(game, scratch, role, choice)
                steps.append(Step(role, choice))
        return steps
