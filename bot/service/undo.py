"""Taking actions back: a player's own last choice (``undo``) and a moderator's
``mod_undo``, both replayed from the seed without the last effective action (with the
last two boards posted, which an undo of a turn's end brings back).
"""

from __future__ import annotations

import json
from typing import Any

from bot import errors
from bot.models import LoadedGame, TurnUpdate
from bot.service.boards import replay_boards
from bot.service.core import META_WIDTH, ServiceBase
from bot.service.history import HistoryItem, effective_history
from bot.storage import queries, stamp
from bot.storage.snapshots import log_rows, restore, snapshot
from engine.core.game import LogEntry
from engine.core.runner import undo_depth


def common_length(before: list[LogEntry], after: list[LogEntry]) -> int:
    """How many first entries two logs share."""
    for index, (old, new) in enumerate(zip(before, after, strict=False)):
        if old != new:
            return index
    return min(len(before), len(after))


class UndoMixin(ServiceBase):
    """Undo for players and moderators."""

    async def _history(self, game_id: int) -> list[HistoryItem]:
        async with self.db.read() as conn:
            return effective_history(await queries.get_actions(conn, game_id))

    async def undo(self, game_id: int, user_id: int) -> TurnUpdate:
        """Take back the player's own last choice, never past dice, draws or reveals.

        Only a choice this user made: a move of the turn timer or of a moderator is taken
        back by a moderator (``mod_undo``). The turn timer is not extended: the deadline
        stays, or goes back to what it was if the undone choice had restarted it.
        """
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            if not loaded.is_player(user_id):
                raise errors.NotInGame()
            self._require_running(loaded)
            history = await self._history(game_id)
            if not history:
                raise errors.CannotUndo()
            last = history[-1]
            if last.kind != "choice":
                raise errors.CannotUndo(
                    "The last move was made by the turn timer or a moderator, not by you: "
                    "only a moderator can take it back (/mod undo)."
                )
            if last.user_id != user_id or last.action.role not in loaded.roles_of(user_id):
                raise errors.CannotUndo()
            pairs = [(item.action, item.barrier) for item in history]
            if undo_depth(pairs, last.action.role) < 1:
                raise errors.CannotUndo()
            text = f"{loaded.role_name(last.action.role)} takes back their last choice."
            return await self._undo(
                loaded, history, user_id, text, None, timer=self._timer_before(loaded, last)
            )

    @staticmethod
    def _timer_before(loaded: LoadedGame, undone: HistoryItem) -> dict[str, Any]:
        """The timer fields after a player's undo: unchanged, unless the undone choice
        restarted the timer (it ended a turn or prompted someone new) and nothing changed
        it since; then the timer the game had before that choice, deadline and reminder."""
        timer = (undone.detail or {}).get("timer")
        current = stamp(loaded.row.deadline) if loaded.row.deadline else None
        if not timer or current is None or timer.get("after") != current:
            return {}
        before = timer.get("before") or {}
        if before.get("deadline") is None:
            return {}
        return {
            "deadline": before["deadline"],
            "remind_at": before.get("remind_at"),
            "reminded": int(before.get("reminded", 0)),
        }

    async def mod_undo(self, game_id: int, mod_id: int) -> TurnUpdate:
        """A moderator takes back the last action, whoever made it (one step, logged)."""
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_running(loaded, allow_paused=True)
            history = await self._history(game_id)
            if not history:
                raise errors.CannotUndo("There is no action to take back.")
            role = history[-1].action.role
            text = f"A moderator took back the last action ({loaded.role_name(role)})."
            # A moderator's undo (often of the timer's own move) gives a fresh timer.
            restart = (
                self._timer_fields(loaded.row.timeout_hours, self._now())
                if loaded.row.timeout_hours and loaded.row.status == "running" else {}
            )
            return await self._undo(
                loaded, history, mod_id, text, {"moderator": mod_id}, timer=restart
            )

    async def _undo(
        self,
        loaded: LoadedGame,
        history: list[HistoryItem],
        user_id: int,
        text: str,
        detail: dict[str, Any] | None,
        *,
        timer: dict[str, Any],
    ) -> TurnUpdate:
        """Take back the last effective action; ``timer``: the timer fields to set."""
        last = history[-1]
        async with self.db.read() as conn:
            seed = await queries.game_seed(conn, loaded.id)
        assert seed is not None and loaded.state is not None
        game = loaded.game
        # The boards come back with the state: undoing a turn's end undoes its board.
        replayed = replay_boards(game, seed, loaded.row.players, loaded.row.options,
                                 history[:-1])
        state = replayed.state
        now = stamp(self._now())
        prompts = game.prompts(state)
        # After an undo every prompt is new: older buttons are stale.
        fresh = {role: loaded.version + 1 for role in prompts}
        fields: dict[str, Any] = {
            "state": snapshot(state),
            "updated_at": now,
            "prompt_versions": json.dumps(fresh, sort_keys=True),
            # An undo past the turn's start cannot know where the earlier turn began: the
            # next summary then starts at the undone point.
            "turn_log_start": min(loaded.row.turn_log_start, len(state.log)),
        }
        fields.update(timer)
        # The replayed log is the stored one without the undone action's entries: only the
        # tail from the first entry that differs is rewritten (the rest is checked equal).
        kept = common_length(loaded.state.log, state.log)
        async with self.db.transaction() as conn:
            row = await queries.write_game(conn, loaded.id, loaded.version, **fields)
            if row is None:
                raise errors.StaleChoice(await queries.game_version(conn, loaded.id) or 0)
            await queries.append_action(
                conn, game_id=loaded.id, kind="undo", at=now, version=loaded.version + 1,
                user_id=user_id, role=last.action.role, undoes=last.seq,
                detail=json.dumps(detail) if detail else None,
            )
            await queries.cut_log(conn, loaded.id, kept)
            await queries.append_log(conn, loaded.id, kept, log_rows(state.log[kept:]))
            # An undo's board, when it takes back a turn's end, is posted by its command;
            # it is not posted late (nobody waits on it to learn of a turn).
            await queries.set_boards(conn, loaded.id, replayed.board, replayed.board_log,
                                     replayed.previous, replayed.previous_log,
                                     loaded.version + 1, None)
        after = LoadedGame(
            row=self._row(row), seats=self._seats(row), state=state, game=game, prompts=prompts,
            snapshot=fields["state"],
        )
        self._remember((loaded.id, row["version"]), prompts)
        self._keep(tuple(row)[:META_WIDTH], after)  # the next click parses nothing
        return TurnUpdate(
            loaded=after,
            turn_ended=state.turn != loaded.state.turn,
            public_log=[LogEntry(text=text, role=last.action.role, action=state.actions)],
            previous_board=(
                restore(game, replayed.previous, state.log[:replayed.previous_log])
                if replayed.previous is not None else None
            ),
        )
