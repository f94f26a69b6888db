"""The turn timer: reminders at half time, and the timeout policy when it runs out."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot import errors
from bot.models import LoadedGame, TurnUpdate
from bot.service.core import ServiceBase, Step
from bot.storage import queries, stamp
from engine.core.game import Game, GameState
from engine.core.runner import act

# The most choices the "pass" timeout makes for one role in one go (a turn of a real game
# takes a dozen at most; the bound only guards against a prompt that never goes away).
MAX_TIMEOUT_STEPS = 100


class TimerMixin(ServiceBase):
    """What the timer loop (``bot/cogs/play.py``) asks for."""

    async def due_reminders(self, now: datetime | None = None) -> list[LoadedGame]:
        """Running games past half time of their turn timer, not yet reminded."""
        moment = stamp(now or self._now())
        async with self.db.read() as conn:
            ids = await queries.due_reminders(conn, moment)
        return [await self.load(game_id) for game_id in ids]

    async def mark_reminded(self, game_id: int) -> None:
        async with self.db.transaction() as conn:
            await queries.mark_reminded(conn, game_id)

    async def due_timeouts(self, now: datetime | None = None) -> list[int]:
        moment = stamp(now or self._now())
        async with self.db.read() as conn:
            return await queries.due_timeouts(conn, moment)

    async def run_timeout(self, game_id: int, now: datetime | None = None) -> TurnUpdate:
        """The turn timer ran out: apply the game's policy to every role still waiting.

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
            order = [r for r in state.roles if r in loaded.prompts]
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
