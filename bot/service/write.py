"""The versioned write path of the service: ``_commit`` applies steps to the loaded state and
stores them with the new snapshot in one transaction that changes nothing if another write
came first (``WriteConflict``). The operations that change a game inherit it."""

from __future__ import annotations

import json
from typing import Any

from bot.models import LoadedGame, TurnUpdate
from bot.service.core import META_WIDTH, POST_GRACE, ServiceBase, Step, WriteConflict
from bot.service.results import store_result
from bot.storage import Conn, Row, queries, stamp
from bot.storage.snapshots import log_rows, restore, snapshot
from engine.core.game import LogEntry, Prompt
from engine.core.runner import act


class WritingBase(ServiceBase):
    """``ServiceBase`` with the write path: the base of every operation that changes a game."""

    async def _commit(
        self,
        loaded: LoadedGame,
        steps: list[Step],
        kind: str,
        user_id: int | None,
        *,
        detail: dict[str, Any] | None = None,
        reset_timer: bool = False,
    ) -> TurnUpdate:
        """Apply ``steps`` to the loaded state, then store them with the new snapshot.

        Everything happens in memory first: an engine error (or any exception) while
        applying leaves the database untouched. The write is one transaction that appends
        the rows and replaces the snapshot only if the game is still at the version it
        was loaded at.
        """
        game = loaded.game
        # The state to change: taken over from the loaded game, which every other reader
        # of this version still reads as it was (``LoadedGame.take_state``).
        state = loaded.take_state()
        logged = len(state.log)  # the entries stored already
        before = set(loaded.prompts)
        applied: list[tuple[Step, bool]] = []
        turn_ended = False
        new_log: list[LogEntry] = []
        # The first step is checked against the loaded prompts (those of an equal state,
        # listed once per version); a later step's against its state's own.
        listed: dict[str, Prompt] | None = loaded.prompts if state.result is None else None
        for step in steps:
            if state.result is not None:
                break
            outcome = act(game, state, step.role, step.choice, listed)
            listed = None
            applied.append((step, outcome.barrier))
            turn_ended = turn_ended or outcome.turn_ended
            new_log.extend(outcome.log)
        moment = self._now()
        now = stamp(moment)
        finished = state.result is not None
        prompts = game.prompts(state) if not finished else {}
        newly_asked = [role for role in prompts if role not in before]
        version = loaded.version + 1
        acted = {step.role for step, _ in applied}
        since = {
            role: (
                loaded.row.prompt_version(role)
                if role not in acted and loaded.prompts.get(role) == prompt
                else version
            )
            for role, prompt in prompts.items()
        }
        fields: dict[str, Any] = {
            "state": snapshot(state),
            "updated_at": now,
            "prompt_versions": json.dumps(since, sort_keys=True),
        }
        if turn_ended:  # the summary covers every click of the turn, not just the last
            turn_lines = state.log[min(loaded.row.turn_log_start, len(state.log) - len(new_log)):]
            fields["turn_log_start"] = len(state.log)
        else:
            turn_lines = new_log
        if finished:
            fields.update(status="finished", deadline=None, remind_at=None)
        elif loaded.row.timeout_hours and loaded.row.status == "running" and (
            reset_timer or turn_ended or newly_asked
        ):
            fields.update(self._timer_fields(loaded.row.timeout_hours, moment))
            # What the timer was: a player's undo of this row puts it back (see ``undo``).
            detail = {**(detail or {}), "timer": {
                "before": self._timer_of(loaded.row), "after": fields["deadline"],
            }}
        note = json.dumps(detail) if detail else None
        new_entries = log_rows(state.log[logged:])
        due = stamp(moment + POST_GRACE)  # a board or a hand-over not announced by then is late

        async def write(conn: Conn) -> tuple[Row, Row | None] | int:
            """The transaction, run in the database thread in one go; with the new row, the
            board before this one (snapshot, log length) when a turn ended (it is posted)."""
            row = await queries.write_game(conn, loaded.id, loaded.version, **fields)
            if row is None:  # someone else wrote first: nothing was changed
                return await queries.game_version(conn, loaded.id) or 0
            await queries.append_log(conn, loaded.id, logged, new_entries)
            previous = None
            if turn_ended:
                previous = await queries.turn_board(conn, loaded.id, fields["state"],
                                                    len(state.log), version, due)
                await queries.hand_over_sent(conn, loaded.id, version)  # the board pings all
            elif newly_asked:  # the play passes within the turn: a ping, no board
                await queries.hand_over(conn, loaded.id, version, json.dumps(newly_asked),
                                        user_id, due)
            for step, barrier in applied:
                await queries.append_action(
                    conn, game_id=loaded.id, kind=kind, at=now, version=version,
                    user_id=user_id, role=step.role, choice=step.choice, barrier=barrier,
                    detail=note,
                )
            if finished:
                await store_result(conn, loaded, state, now)
            return row, previous

        written = await self.db.run(write)
        if isinstance(written, int):
            raise WriteConflict(written)
        row, previous = written
        self.counters.actions += len(applied)
        self._remember((loaded.id, row["version"]), prompts)
        after = LoadedGame(
            row=self._row(row), seats=self._seats(row), state=state, game=game, prompts=prompts,
            snapshot=fields["state"],
        )
        self._keep(tuple(row)[:META_WIDTH], after)
        return TurnUpdate(
            loaded=after,
            turn_ended=turn_ended,
            public_log=[e for e in turn_lines if e.visible_to is None],
            finished=finished,
            result=state.result,
            handed_to=newly_asked,
            previous_board=(
                restore(game, previous["previous"], state.log[:previous["previous_log"]])
                if previous is not None and previous["previous"] is not None else None
            ),
        )
