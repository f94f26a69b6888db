"""The shared base of the service: the database, a lock per game, loading and caching
games, and the guards every operation uses (the versioned write path is ``write.py``).

Constant-cost actions: a game's state is stored without its log (``snapshots``; the log is
in rows of its own), and the parsed state of every game this process read or wrote lately
is kept (``LOADED_CACHE`` games, the least recently written dropped first), keyed by the
game's id and version. Every write of a state moves the version on, so a state kept at the
version the database holds is the state stored: a click reads the game's row without its
state (``queries.load_game``) and parses nothing; a game written by another process (or
another ``Database`` object on the same file) is at a version the cache does not hold, and
is read whole again. The version check in the write's transaction stays the arbiter: a write
from a state another process has moved past changes nothing (``WriteConflict``), and the
action is checked again against the state read anew.
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
from bot.models import GameRow, LoadedGame, Seat
from bot.storage import Conn, Database, Row, parse_stamp, queries, stamp
from bot.storage.base import Step as DbStep
from bot.storage.snapshots import parse_log, restore
from engine.core.game import Game, GameState, Prompt
from engine.core.registry import get_game
from engine.core.runner import resign_action

MAX_TIMEOUT_HOURS = 24 * 30
PROMPT_CACHE = 1024  # (game, version) -> prompts, oldest dropped first
LOADED_CACHE = 256  # game -> its last loaded row and game, least recently kept dropped first
# The leading columns of a game row that make its cache key: the row without its state
# (``queries.GAME_COLUMNS``) and its seats.
META_WIDTH = len(queries.GAME_COLUMNS.split(",")) + 1


DEFAULT_LEASE = timedelta(seconds=120)
# A board not posted (or a hand-over not pinged) this long after the write that stored it
# was lost with the process announcing it (``boards.post_due``, ``hand_overs``): the
# turn-timer loop announces it late.
POST_GRACE = timedelta(seconds=60)


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
                 lease: timedelta = DEFAULT_LEASE, cache_size: int = LOADED_CACHE) -> None:
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
        self._cache_size = cache_size
        self.states_parsed = 0  # states read whole from the database (cache misses)

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

    def _loaded(self, row: Row, before: LoadedGame | None = None) -> LoadedGame | None:
        """A game from a row carrying its seats (``queries.*_with_seats``, ``write_game``),
        or None when the row has no state (``queries.GAME_COLUMNS``) and this process does
        not hold the state of its version: read it whole then (``games_with_state``).

        Every click loads its game again, usually at a version already loaded: an unchanged
        row gives back the same (read-only) ``LoadedGame``, a row at the version kept gives
        back its state; only a version this process has not seen parses a state.
        ``_commit`` takes the state over (``LoadedGame.take_state``): readers of the loaded
        game still read the state of its version. ``before``: the game at the version just
        before ``row``'s, whose write changed the row but not the state (a moderator's): its
        state and prompts are this version's.
        """
        key = tuple(row)[:META_WIDTH]
        cached = self._loaded_cache.get(row["id"])
        if cached is not None and cached[0] == key:
            return cached[1]
        game = get_game(row["kind"])
        state: GameState | None = None
        stored: str | None = None
        if not row["started"]:
            pass
        elif len(row) > META_WIDTH:  # read whole: with its state and log
            stored = row["state"]
            state = restore(game, stored, parse_log(row["log"]))
            self.states_parsed += 1
        elif cached is not None and cached[1].version == row["version"] and (
                cached[1].state is not None):
            # The same version with other metadata (a board's message id): the loaded game
            # kept before hands its state over, so one loaded game holds a state at a time
            # and its writer's ``take_state`` changes no other reader's.
            state, stored = cached[1].take_state(), cached[1].snapshot
        elif before is not None and before.version + 1 == row["version"] and (
                before.state is not None):
            state, stored = before.take_state(), before.snapshot
            self._remember((row["id"], row["version"]), before.prompts)
        else:
            return None
        prompts: dict[str, Prompt] = {}
        if state is not None and state.result is None:
            prompts = self._prompts(row["id"], row["version"], game, state)
        loaded = LoadedGame(
            row=self._row(row),
            seats=self._seats(row),
            state=state,
            game=game,
            prompts=prompts,
            snapshot=stored,
        )
        self._keep(key, loaded)
        return loaded

    async def _load_rows(self, conn: Conn, found: list[Row]) -> list[LoadedGame]:
        """Games from their rows: those whose state this process does not hold are read
        again whole, in one query."""
        loaded = [self._loaded(row) for row in found]
        missing = [row["id"] for row, game in zip(found, loaded, strict=True) if game is None]
        if not missing:
            return [game for game in loaded if game is not None]
        whole = {row["id"]: row for row in await queries.games_with_state(conn, missing)}
        done: list[LoadedGame] = []
        for row, game in zip(found, loaded, strict=True):
            if game is None:
                game = self._loaded(whole[row["id"]])
                assert game is not None  # a row read whole always makes a game
            done.append(game)
        return done

    def _held(self, game_id: int) -> LoadedGame | None:
        """The game as this process last loaded or wrote it, without reading the database
        (None: not held). Another process may have written since: only a write checked
        against its version may trust it."""
        cached = self._loaded_cache.get(game_id)
        return None if cached is None else cached[1]

    def _known_version(self, game_id: int) -> int | None:
        """The version of the game whose state this process holds (None: none)."""
        cached = self._loaded_cache.get(game_id)
        if cached is None or cached[1].state is None:
            return None
        return cached[1].version

    def _keep(self, key: tuple[Any, ...], loaded: LoadedGame) -> None:
        self._loaded_cache.pop(loaded.id, None)  # re-inserted last: the newest
        self._loaded_cache[loaded.id] = (key, loaded)
        if len(self._loaded_cache) > self._cache_size:
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
        return (await self._load_rows(conn, [row]))[0]

    async def _fetch_in(self, conn: Conn, channel_id: int) -> LoadedGame:
        row = await queries.active_game_with_seats(conn, channel_id)
        if row is None:
            raise errors.NoGameHere()
        return (await self._load_rows(conn, [row]))[0]

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
            return None if row is None else (await self._load_rows(conn, [row]))[0]

    async def last_game_in(self, channel_id: int) -> LoadedGame | None:
        """The channel's game, or else the last one played there (finished or stopped)."""
        async with self.db.read() as conn:
            row = await queries.active_game_with_seats(conn, channel_id)
            if row is None:
                row = await queries.last_started_game_with_seats(conn, channel_id)
            return None if row is None else (await self._load_rows(conn, [row]))[0]

    async def load(self, game_id: int) -> LoadedGame:
        """The game as stored now: its row, and its state only if this process does not
        hold the state of that version (one read either way, ``queries.load_game``)."""
        for known in (self._known_version(game_id), None):
            row = await self.db.fetch(self._load_step(game_id, known))
            if row is None:
                raise errors.GameNotFound()
            loaded = self._loaded(row)
            if loaded is not None:
                return loaded
            # the state kept was dropped meanwhile: read it whole
        raise RuntimeError(f"game {game_id} could not be read whole")

    @staticmethod
    def _load_step(game_id: int, known: int | None) -> DbStep[Row | None]:
        async def step(conn: Conn) -> Row | None:
            return await queries.load_game(conn, game_id, known)
        return step

    async def games_with_status(self, *statuses: str) -> list[int]:
        async with self.db.read() as conn:
            return await queries.games_of_status(conn, statuses)

    async def open_games(self) -> dict[str, int]:
        """How many games are open, by status (lobby, running, paused)."""
        async with self.db.read() as conn:
            return await queries.count_games_of_status(conn, OPEN_STATUSES)
