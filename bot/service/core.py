"""The shared base of the service: the database, a lock per game, loading and caching
games, the guards every operation uses, and the versioned write path (``_commit``).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bot import errors
from bot.metrics import OPEN_STATUSES, Counters
from bot.models import GameRow, LoadedGame, Seat, TurnUpdate
from bot.service.results import store_result
from bot.storage import Conn, Database, Row, parse_stamp, queries, stamp
from engine.core.game import Game, GameState, LogEntry, Prompt
from engine.core.registry import get_game
from engine.core.runner import act, resign_action

MAX_TIMEOUT_HOURS = 24 * 30
PROMPT_CACHE = 1024  # (game, version) -> prompts, oldest dropped first
LOADED_CACHE = 256  # game -> its last loaded row and game, oldest dropped first


DEFAULT_LEASE = timedelta(seconds=120)


def utc_now() -> datetime:
    return datetime.now(UTC)


def default_worker() -> str:
    """A name for this process that no other process shares: host, process id, and a
    random part (a restarted container may get the same process id again)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class WriteConflict(errors.StaleChoice):
    """Another process wrote the game between our read and our write (retried by ``act``)."""


@dataclass(frozen=True)
class Step:
    role: str
    choice: str

    @classmethod
    def resign(cls, roles: list[str]) -> Step:
        """One player's sides resigning together (one action: ``runner.resign_action``)."""
        action = resign_action(roles)
        return cls(action.role, action.choice)


class ServiceBase:
    """What every part of the service shares: the database and clock, a lock per game,
    the caches of loaded games and prompts, the guards, and the versioned write path
    (``_commit``). Each job's mixin inherits from it; ``GameService`` combines them."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utc_now,
                 counters: Counters | None = None, *, worker: str | None = None,
                 lease: timedelta = DEFAULT_LEASE) -> None:
        self.db = db
        self.clock = clock
        # This process among those sharing the database, and how long a background job it
        # claims stays its own (``bot.service.jobs``).
        self.worker = worker or default_worker()
        self.lease = lease
        # What the metrics line reports: the bot hands in its own, which also counts its
        # refusals and failures.
        self.counters = counters or Counters()
        self._locks: dict[int, asyncio.Lock] = {}
        self._prompt_cache: dict[tuple[int, int], dict[str, Prompt]] = {}
        self._loaded_cache: dict[int, tuple[tuple[Any, ...], LoadedGame]] = {}

    # --- helpers --------------------------------------------------------------------------

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _now(self) -> datetime:
        moment = self.clock()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    @staticmethod
    def _row(row: Row) -> GameRow:
        finished = row["status"] == "finished"
        return GameRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            kind=row["kind"],
            status=row["status"],
            seed=row["seed"] if finished else None,
            seed_sha256=row["seed_sha256"],
            players=row["players"],
            options=json.loads(row["options"]),
            version=row["version"],
            host_id=row["host_id"],
            created_at=parse_stamp(row["created_at"]),
            timeout_hours=row["timeout_hours"],
            timeout_policy=row["timeout_policy"],
            deadline=parse_stamp(row["deadline"]) if row["deadline"] else None,
            remind_at=parse_stamp(row["remind_at"]) if row["remind_at"] else None,
            reminded=bool(row["reminded"]),
            board_message_id=row["board_message_id"],
            rematch_of=row["rematch_of"],
            prompt_versions=json.loads(row["prompt_versions"] or "{}"),
            turn_log_start=row["turn_log_start"],
            thread=bool(row["thread"]),
        )

    def _loaded(self, row: Row) -> LoadedGame:
        """A game from a row carrying its seats (``queries.*_with_seats``, ``write_game``).

        Every click loads its game again, often at a version already loaded: an unchanged
        row gives back the same (read-only) ``LoadedGame`` instead of parsing the state
        again. ``_commit`` never changes a loaded state; it parses its own from ``snapshot``.
        """
        key = tuple(row)
        cached = self._loaded_cache.get(row["id"])
        if cached is not None and cached[0] == key:
            return cached[1]
        game = get_game(row["kind"])
        state = game.load(row["state"]) if row["state"] else None
        prompts: dict[str, Prompt] = {}
        if state is not None and state.result is None:
            prompts = self._prompts(row["id"], row["version"], game, state)
        loaded = LoadedGame(
            row=self._row(row),
            seats=self._seats(row),
            state=state,
            game=game,
            prompts=prompts,
            snapshot=row["state"],
        )
        self._keep(key, loaded)
        return loaded

    def _keep(self, key: tuple[Any, ...], loaded: LoadedGame) -> None:
        self._loaded_cache.pop(loaded.id, None)  # re-inserted last: the newest
        self._loaded_cache[loaded.id] = (key, loaded)
        if len(self._loaded_cache) > LOADED_CACHE:
            self._loaded_cache.pop(next(iter(self._loaded_cache)))

    def _prompts(
        self, game_id: int, version: int, game: Game[Any, Any], state: GameState
    ) -> dict[str, Prompt]:
        """The prompts of a game at a version: one state per version, so they are kept
        for the next load of the same version (every click loads the game again)."""
        key = (game_id, version)
        prompts = self._prompt_cache.get(key)
        if prompts is None:
            prompts = game.prompts(state)
            self._remember(key, prompts)
        return prompts

    def _remember(self, key: tuple[int, int], prompts: dict[str, Prompt]) -> None:
        self._prompt_cache[key] = prompts
        if len(self._prompt_cache) > PROMPT_CACHE:
            self._prompt_cache.pop(next(iter(self._prompt_cache)))

    @staticmethod
    def _seats(row: Row) -> list[Seat]:
        return [
            Seat(game_id=row["id"], seat=seat, user_id=user_id, role=role)
            for seat, user_id, role in json.loads(row["seat_list"])
        ]

    async def _fetch(self, conn: Conn, game_id: int) -> LoadedGame:
        row = await queries.get_game_with_seats(conn, game_id)
        if row is None:
            raise errors.GameNotFound()
        return self._loaded(row)

    async def _fetch_in(self, conn: Conn, channel_id: int) -> LoadedGame:
        row = await queries.active_game_with_seats(conn, channel_id)
        if row is None:
            raise errors.NoGameHere()
        return self._loaded(row)

    @staticmethod
    def _require_lobby(loaded: LoadedGame) -> None:
        if loaded.row.status != "lobby":
            raise errors.GameStarted()

    @staticmethod
    def _require_running(loaded: LoadedGame, allow_paused: bool = False) -> None:
        status = loaded.row.status
        if status == "running" or (allow_paused and status == "paused"):
            return
        if status == "paused":
            raise errors.GamePaused()
        if status == "lobby":
            raise errors.StillInLobby()
        raise errors.GameOver()

    def _timer_fields(self, hours: float | None, now: datetime) -> dict[str, Any]:
        if not hours:
            return {"deadline": None, "remind_at": None, "reminded": 0}
        return {
            "deadline": stamp(now + timedelta(hours=hours)),
            "remind_at": stamp(now + timedelta(hours=hours / 2)),
            "reminded": 0,
        }

    @staticmethod
    def _timer_of(row: GameRow) -> dict[str, Any]:
        """A game's timer fields as stored (to put them back after an undo)."""
        return {
            "deadline": stamp(row.deadline) if row.deadline else None,
            "remind_at": stamp(row.remind_at) if row.remind_at else None,
            "reminded": int(row.reminded),
        }

    @staticmethod
    def _check_hours(hours: float | None) -> float | None:
        if hours is None or hours == 0:
            return None
        if not 0 < hours <= MAX_TIMEOUT_HOURS:
            raise errors.BadSetting(
                f"A turn timer is between a few minutes and {MAX_TIMEOUT_HOURS} hours."
            )
        return float(hours)

    async def _unseat(
        self, conn: Conn, loaded: LoadedGame, user_id: int, now: str
    ) -> None:
        await queries.delete_seats_of(conn, loaded.id, user_id)
        # the computer neither keeps a lobby open alone nor hosts it
        rest = [s for s in loaded.seats if s.user_id != user_id and not s.computer]
        fields: dict[str, Any] = {"updated_at": now}
        if not rest:
            fields.update(status="aborted")
        elif loaded.row.host_id == user_id:
            fields.update(host_id=rest[0].user_id)
        await queries.update_game(conn, loaded.id, loaded.version, **fields)

    # --- loading --------------------------------------------------------------------------

    async def game_in(self, channel_id: int) -> LoadedGame | None:
        async with self.db.read() as conn:
            row = await queries.active_game_with_seats(conn, channel_id)
        return None if row is None else self._loaded(row)

    async def last_game_in(self, channel_id: int) -> LoadedGame | None:
        """The channel's game, or else the last one played there (finished or stopped)."""
        async with self.db.read() as conn:
            row = await queries.active_game_with_seats(conn, channel_id)
            if row is None:
                row = await queries.last_started_game_with_seats(conn, channel_id)
        return None if row is None else self._loaded(row)

    async def load(self, game_id: int) -> LoadedGame:
        row = await self.db.fetch(lambda conn: queries.get_game_with_seats(conn, game_id))
        if row is None:
            raise errors.GameNotFound()
        return self._loaded(row)

    async def games_with_status(self, *statuses: str) -> list[int]:
        async with self.db.read() as conn:
            return await queries.games_of_status(conn, statuses)

    async def open_games(self) -> dict[str, int]:
        """How many games are open, by status (lobby, running, paused)."""
        async with self.db.read() as conn:
            return await queries.count_games_of_status(conn, OPEN_STATUSES)

    # --- the write path ------------------------------------------------------------------

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
        assert loaded.state is not None
        # A private copy: the loaded game is shared with every other reader of its version.
        state = (
            game.load(loaded.snapshot) if loaded.snapshot is not None
            else loaded.state.model_copy(deep=True)
        )
        before = set(loaded.prompts)
        applied: list[tuple[Step, bool]] = []
        turn_ended = False
        new_log: list[LogEntry] = []
        for step in steps:
            if state.result is not None:
                break
            outcome = act(game, state, step.role, step.choice)
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
            "state": state.model_dump_json(),
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

        async def write(conn: Conn) -> tuple[Row, str | None] | int:
            """The transaction, run in the database thread in one go; with the new row, the
            state of the board before this one when a turn ended (its board is posted)."""
            row = await queries.write_game(conn, loaded.id, loaded.version, **fields)
            if row is None:  # someone else wrote first: nothing was changed
                return await queries.game_version(conn, loaded.id) or 0
            previous = (
                await queries.turn_board(conn, loaded.id, fields["state"], version)
                if turn_ended else None
            )
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
        self._keep(tuple(row), after)
        return TurnUpdate(
            loaded=after,
            turn_ended=turn_ended,
            public_log=[e for e in turn_lines if e.visible_to is None],
            finished=finished,
            result=state.result,
            handed_to=newly_asked,
            previous_board=game.load(previous) if previous is not None else None,
        )
