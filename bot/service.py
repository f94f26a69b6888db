"""The game service: everything the bot does to a game, without Discord.

Cogs call :class:`GameService` with plain ids and render the pydantic models it returns
(``bot.models``). Refusals are :class:`bot.errors.ServiceError` subclasses; engine errors
(``engine.core.errors.EngineError``) pass through unchanged. Both carry a sentence a
player can read.

Notes for the cogs (additions to the agreed contract; nothing was renamed):

- ``open_lobby`` seats the host (without a side). It also takes ``timeout_hours`` and
  ``timeout_policy`` keywords; the same two keys inside ``options`` work too (they are
  kept out of the game's options unless the game's Options model declares them).
- Seats: one row per side; a user may hold several (``join(..., role=...)`` again with
  another side). In the lobby a seat may have no side yet; ``start`` deals the free sides
  to those seats at random (from the game's seed). ``leave`` returns the lobby after
  the change (status ``aborted`` when the last player left).
- Every write bumps ``GameRow.version``; buttons carry the version they were drawn at.
  ``act`` accepts a version from ``GameRow.prompt_version(role)`` (when that role's
  prompt appeared) up to the current one, so in a simultaneous round one player's secret
  choice does not make the others' buttons stale; anything else is refused with
  ``StaleChoice(current_version)``. An undo makes every older button stale.
- ``run_timeout(game_id, now=None)`` takes the timer loop's ``now`` (the same clock that
  picked the game in ``due_timeouts(now)``).
- ``GameRow.seed`` is None until the game is finished; ``seed_sha256`` is public.
- ``resign``, a ``kick(..., resign=True)`` of a player in a running game (without it the
  kick is refused: ``replace`` keeps the game going), and the "resign" timeout policy
  are recorded as the engine action ``engine.core.runner.RESIGN`` so that the record of
  the game replays and verifies them.
- ``undo`` takes back only the user's own last choice and keeps the turn's deadline;
  ``mod_undo`` takes back any last action and restarts the timer.
- ``kick``, ``replace``, ``pause``, ``resume``, ``mod_undo``, ``set_timeout`` and
  ``abort`` write a row with the moderator's id to the action log.
- Extra reads: ``log_lines(game_id)`` (the stored action log), ``notify_modes(user_ids)``,
  ``user_settings(user_id)``, ``games_with_status(*statuses)``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

from bot import errors, rating
from bot.models import (
    GameRow,
    KindStats,
    LeaderboardEntry,
    LoadedGame,
    LogLine,
    NotifyMode,
    RecordMatch,
    ResultLine,
    Seat,
    TurnUpdate,
    UserSettings,
    UserStats,
)
from bot.storage import Database, parse_stamp, queries, stamp
from engine.core.game import Game, GameState, LogEntry, Prompt
from engine.core.record import GameRecord, record_game
from engine.core.registry import get_game
from engine.core.rng import Rng, new_seed, seed_digest
from engine.core.runner import RESIGN, Action, act, parse_options, replay, start, undo_depth

PLATFORM_OPTIONS = ("timeout_hours", "timeout_policy")
MAX_TIMEOUT_HOURS = 24 * 30
NOTIFY_MODES = ("mention", "dm", "both")
# The most choices the "pass" timeout makes for one role in one go (a turn of a real game
# takes a dozen at most; the bound only guards against a prompt that never goes away).
MAX_TIMEOUT_STEPS = 100


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class HistoryItem:
    """One effective action of a game: a row of the log that no undo took back."""

    seq: int
    action: Action
    barrier: bool
    kind: str = "choice"  # "choice" (a player), "timer" or "mod"
    user_id: int | None = None  # who wrote the row (None: the turn timer)
    detail: dict[str, Any] | None = None


def effective_history(rows: Sequence[aiosqlite.Row]) -> list[HistoryItem]:
    """The actions that make the current state: choices and timer moves, minus undone ones."""
    history: list[HistoryItem] = []
    for row in rows:
        if row["kind"] == "undo":
            if not history or history[-1].seq != row["undoes"]:
                raise RuntimeError(f"undo row {row['seq']} does not undo the last action")
            history.pop()
        elif row["choice"] is not None:
            history.append(
                HistoryItem(
                    seq=int(row["seq"]),
                    action=Action(role=row["role"], choice=row["choice"]),
                    barrier=bool(row["barrier"]),
                    kind=row["kind"],
                    user_id=row["user_id"],
                    detail=json.loads(row["detail"]) if row["detail"] else None,
                )
            )
    return history


class WriteConflict(errors.StaleChoice):
    """Another process wrote the game between our read and our write (retried by ``act``)."""


ACT_ATTEMPTS = 5
PROMPT_CACHE = 1024  # (game, version) -> prompts, oldest dropped first
LOADED_CACHE = 256  # game -> its last loaded row and game, oldest dropped first


@dataclass(frozen=True)
class Step:
    role: str
    choice: str


class GameService:
    """Discord-free game operations over one :class:`bot.storage.Database`."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utc_now) -> None:
        self.db = db
        self.clock = clock
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
    def _row(row: aiosqlite.Row) -> GameRow:
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
        )

    def _loaded(self, row: aiosqlite.Row) -> LoadedGame:
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
    def _seats(row: aiosqlite.Row) -> list[Seat]:
        return [
            Seat(game_id=row["id"], seat=seat, user_id=user_id, role=role)
            for seat, user_id, role in json.loads(row["seat_list"])
        ]

    async def _fetch(self, conn: aiosqlite.Connection, game_id: int) -> LoadedGame:
        row = await queries.get_game_with_seats(conn, game_id)
        if row is None:
            raise errors.GameNotFound()
        return self._loaded(row)

    async def _fetch_in(self, conn: aiosqlite.Connection, channel_id: int) -> LoadedGame:
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

    @staticmethod
    def _require_active(loaded: LoadedGame) -> None:
        if loaded.row.status not in ("lobby", "running", "paused"):
            raise errors.GameOver()

    @staticmethod
    def _lobby_roles(game: Game[Any, Any], options: dict[str, Any]) -> list[str]:
        """Every side a lobby seat may pick: the sides of any allowed player count."""
        parsed = parse_options(game, options)
        roles: list[str] = []
        for players in range(game.min_players, game.max_players + 1):
            for info in game.roles(players, parsed):
                if info.id not in roles:
                    roles.append(info.id)
        return roles

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
    def _game_options(game: Game[Any, Any], options: dict[str, Any]) -> dict[str, Any]:
        fields = getattr(game.Options, "model_fields", {})
        return {k: v for k, v in options.items() if k not in PLATFORM_OPTIONS or k in fields}

    @staticmethod
    def _check_policy(policy: str) -> str:
        if policy not in ("pass", "resign"):
            raise errors.BadSetting("The timeout policy is either 'pass' or 'resign'.")
        return policy

    @staticmethod
    def _check_hours(hours: float | None) -> float | None:
        if hours is None or hours == 0:
            return None
        if not 0 < hours <= MAX_TIMEOUT_HOURS:
            raise errors.BadSetting(
                f"A turn timer is between a few minutes and {MAX_TIMEOUT_HOURS} hours."
            )
        return float(hours)

    async def _after_write(self, game_id: int) -> LoadedGame:
        async with self.db.read() as conn:
            return await self._fetch(conn, game_id)

    async def _mod_row(
        self,
        conn: aiosqlite.Connection,
        loaded: LoadedGame,
        mod_id: int,
        now: datetime,
        detail: dict[str, Any],
        **fields: Any,
    ) -> None:
        """A moderator's change: game fields + one log row, with the version check."""
        if not await queries.update_game(
            conn, loaded.id, loaded.version, updated_at=stamp(now), **fields
        ):
            raise errors.StaleChoice(await queries.game_version(conn, loaded.id) or 0)
        await queries.append_action(
            conn, game_id=loaded.id, kind="mod", at=stamp(now), version=loaded.version + 1,
            user_id=mod_id, detail=json.dumps(detail),
        )

    # --- lobby ----------------------------------------------------------------------------

    async def open_lobby(
        self,
        guild_id: int,
        channel_id: int,
        kind: str,
        host_id: int,
        options: dict[str, Any] | None = None,
        *,
        timeout_hours: float | None = None,
        timeout_policy: str | None = None,
        rematch_of: int | None = None,
        seats: Sequence[int] | None = None,
    ) -> GameRow:
        """A new lobby in a channel (or thread), with the host seated.

        ``seats`` (user ids, in order) seats those users instead of only the host.
        """
        game = get_game(kind)
        given = dict(options or {})
        hours = self._check_hours(
            timeout_hours if timeout_hours is not None else given.get("timeout_hours")
        )
        policy = self._check_policy(timeout_policy or given.get("timeout_policy") or "pass")
        game_options = self._game_options(game, given)
        parse_options(game, game_options)
        now = stamp(self._now())
        try:
            async with self.db.transaction() as conn:
                game_id = await queries.insert_game(
                    conn, guild_id=guild_id, channel_id=channel_id, kind=kind, host_id=host_id,
                    options=json.dumps(game_options, sort_keys=True), now=now,
                    timeout_hours=hours, timeout_policy=policy, rematch_of=rematch_of,
                )
                for user in seats or [host_id]:
                    await queries.insert_seat(conn, game_id, user, None, now)
                row = await queries.get_game(conn, game_id)
        except sqlite3.IntegrityError as error:
            if "games.channel_id" in str(error) or "UNIQUE" in str(error):
                raise errors.ChannelBusy() from None
            raise
        assert row is not None
        return self._row(row)

    async def join(self, channel_id: int, user_id: int, role: str | None = None) -> LoadedGame:
        now = stamp(self._now())
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            self._require_lobby(loaded)
            mine = [s for s in loaded.seats if s.user_id == user_id]
            full = len(loaded.seats) >= loaded.game.max_players
            if role is None:
                if mine:
                    raise errors.AlreadyJoined()
                if full:
                    raise errors.LobbyFull()
                await queries.insert_seat(conn, loaded.id, user_id, None, now)
            else:
                self._check_role(loaded, role, user_id)
                free = [s for s in mine if s.role is None]
                if free:
                    await queries.set_seat_role(conn, loaded.id, free[0].seat, role)
                elif full:
                    raise errors.LobbyFull()
                else:
                    await queries.insert_seat(conn, loaded.id, user_id, role, now)
            await queries.update_game(conn, loaded.id, loaded.version, updated_at=now)
            return await self._fetch(conn, loaded.id)

    def _check_role(self, loaded: LoadedGame, role: str, user_id: int) -> None:
        if role not in self._lobby_roles(loaded.game, loaded.row.options):
            names = ", ".join(self._lobby_roles(loaded.game, loaded.row.options))
            raise errors.UnknownRole(f"{loaded.game.name} has no side {role!r}. Sides: {names}.")
        holder = next((s for s in loaded.seats if s.role == role), None)
        if holder is not None:
            if holder.user_id == user_id:
                raise errors.AlreadyJoined(f"You already play {loaded.role_name(role)}.")
            raise errors.RoleTaken(f"Someone else already plays {loaded.role_name(role)}.")

    async def choose_role(self, channel_id: int, user_id: int, role: str) -> LoadedGame:
        """Pick a side in the lobby (the seat without a side, or switch your only seat)."""
        now = stamp(self._now())
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            self._require_lobby(loaded)
            mine = [s for s in loaded.seats if s.user_id == user_id]
            if not mine:
                raise errors.NotInGame()
            if any(s.role == role for s in mine):
                return loaded
            self._check_role(loaded, role, user_id)
            free = [s for s in mine if s.role is None]
            if free:
                seat = free[0].seat
            elif len(mine) == 1:
                seat = mine[0].seat
            else:
                raise errors.ServiceError(
                    "You hold several sides; leave and join again to change them."
                )
            await queries.set_seat_role(conn, loaded.id, seat, role)
            await queries.update_game(conn, loaded.id, loaded.version, updated_at=now)
            return await self._fetch(conn, loaded.id)

    async def leave(self, channel_id: int, user_id: int) -> LoadedGame:
        """Leave a lobby. The host's role passes to the next player; the last one closes it."""
        now = stamp(self._now())
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            if loaded.row.status != "lobby":
                raise errors.GameStarted(
                    "The game has started: use /game resign to give up."
                )
            if not loaded.is_player(user_id):
                raise errors.NotInGame()
            await self._unseat(conn, loaded, user_id, now)
            return await self._fetch(conn, loaded.id)

    async def _unseat(
        self, conn: aiosqlite.Connection, loaded: LoadedGame, user_id: int, now: str
    ) -> None:
        await queries.delete_seats_of(conn, loaded.id, user_id)
        rest = [s for s in loaded.seats if s.user_id != user_id]
        fields: dict[str, Any] = {"updated_at": now}
        if not rest:
            fields.update(status="aborted")
        elif loaded.row.host_id == user_id:
            fields.update(host_id=rest[0].user_id)
        await queries.update_game(conn, loaded.id, loaded.version, **fields)

    async def cancel(self, channel_id: int, user_id: int) -> GameRow:
        """The host closes the lobby; the channel is free again."""
        now = stamp(self._now())
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            if loaded.row.status != "lobby":
                raise errors.GameStarted(
                    "The game has started; a moderator can end it with /mod abort."
                )
            if loaded.row.host_id != user_id:
                raise errors.NotHost()
            await queries.update_game(
                conn, loaded.id, loaded.version, status="aborted", updated_at=now
            )
            row = await queries.get_game(conn, loaded.id)
        assert row is not None
        return self._row(row)

    async def start(self, channel_id: int, user_id: int) -> TurnUpdate:
        """Deal the sides, set the game up from a fresh secret seed, and begin."""
        moment = self._now()
        now = stamp(moment)
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            self._require_lobby(loaded)
            if loaded.row.host_id != user_id:
                raise errors.NotHost()
            game = loaded.game
            players = len(loaded.seats)
            if players < game.min_players:
                raise errors.NotEnoughPlayers(
                    f"{game.name} needs at least {game.min_players} players;"
                    f" {players} joined so far."
                )
            if players > game.max_players:
                raise errors.LobbyFull()
            infos = game.roles(players, parse_options(game, loaded.row.options))
            sides = [info.id for info in infos]
            taken = [s.role for s in loaded.seats if s.role is not None]
            wrong = [r for r in taken if r not in sides]
            if wrong:
                raise errors.UnknownRole(
                    f"With {players} players the sides are {', '.join(sides)};"
                    f" {', '.join(wrong)} is not one of them. Pick again."
                )
            seed = new_seed()
            free = [r for r in sides if r not in taken]
            Rng(seed=f"seats:{seed}").shuffle(free)
            open_seats = [s for s in loaded.seats if s.role is None]
            if len(free) != len(open_seats):
                names = ", ".join(loaded.role_name(r) for r in free)
                raise errors.NotEnoughPlayers(f"Every side needs a player; still free: {names}.")
            for seat, role in zip(open_seats, free, strict=True):
                await queries.set_seat_role(conn, loaded.id, seat.seat, role)
            state = start(game, seed, players, loaded.row.options)
            first = {role: loaded.version + 1 for role in game.prompts(state)}
            ok = await queries.update_game(
                conn, loaded.id, loaded.version, status="running", seed=seed,
                seed_sha256=seed_digest(seed), players=players, state=state.model_dump_json(),
                updated_at=now, prompt_versions=json.dumps(first, sort_keys=True),
                turn_log_start=len(state.log),
                **self._timer_fields(loaded.row.timeout_hours, moment),
            )
            if not ok:
                raise errors.StaleChoice(loaded.version)
            seats = {s.seat: s.user_id for s in loaded.seats}
            await queries.append_action(
                conn, game_id=loaded.id, kind="start", at=now, version=loaded.version + 1,
                user_id=user_id, detail=json.dumps({"seats": seats}),
            )
            after = await self._fetch(conn, loaded.id)
        assert after.state is not None
        return TurnUpdate(
            loaded=after,
            turn_ended=True,
            public_log=[e for e in after.state.log if e.visible_to is None],
        )

    # --- reading --------------------------------------------------------------------------

    async def game_in(self, channel_id: int) -> LoadedGame | None:
        async with self.db.read() as conn:
            row = await queries.active_game_with_seats(conn, channel_id)
        return None if row is None else self._loaded(row)

    async def load(self, game_id: int) -> LoadedGame:
        row = await self.db.fetch(lambda raw: queries.get_game_with_seats_sync(raw, game_id))
        if row is None:
            raise errors.GameNotFound()
        return self._loaded(row)

    async def games_with_status(self, *statuses: str) -> list[int]:
        async with self.db.read() as conn:
            return await queries.games_of_status(conn, statuses)

    async def public_log(self, game_id: int, n: int = 10) -> list[LogEntry]:
        """The last ``n`` public lines of the game's story (never a private line)."""
        loaded = await self.load(game_id)
        if loaded.state is None or n <= 0:
            return []
        public = [e for e in loaded.state.log if e.visible_to is None]
        return public[-n:]

    async def log_lines(self, game_id: int) -> list[LogLine]:
        """The stored action log of a game, oldest first (audits, moderators)."""
        async with self.db.read() as conn:
            rows = await queries.get_actions(conn, game_id)
        return [
            LogLine(
                seq=r["seq"], kind=r["kind"], user_id=r["user_id"], role=r["role"],
                choice=r["choice"], at=parse_stamp(r["at"]), barrier=bool(r["barrier"]),
                undoes=r["undoes"], version=r["version"],
                detail=json.loads(r["detail"]) if r["detail"] else None,
            )
            for r in rows
        ]

    async def _history(self, game_id: int) -> list[HistoryItem]:
        async with self.db.read() as conn:
            return effective_history(await queries.get_actions(conn, game_id))

    async def record(self, game_id: int) -> GameRecord:
        """The verifiable record (seed revealed + every action) of a finished game."""
        async with self.db.read() as conn:
            row = await queries.get_game(conn, game_id)
            if row is None:
                raise errors.GameNotFound()
            if row["status"] != "finished":
                raise errors.NotFinished()
            history = effective_history(await queries.get_actions(conn, game_id))
        return await asyncio.to_thread(
            record_game, row["kind"], row["seed"], row["players"], json.loads(row["options"]),
            [item.action for item in history], game_id,
        )

    async def match_record(self, guild_id: int, record: GameRecord, number: int) -> RecordMatch:
        """Is ``record`` the game #``number`` played on this server? Its seed against the
        SHA-256 posted when that game started, then (once it is over) its actions and result
        against the stored log. A record of a game this server did not host: ``hosted``
        False, and only the record's own consistency can be checked."""
        async with self.db.read() as conn:
            row = await queries.get_game(conn, number)
        if row is None or row["guild_id"] != guild_id or row["seed_sha256"] is None:
            return RecordMatch(number=number, hosted=False, matches=False, message=(
                f"No game #{number} was played on this server, so only the record's own "
                "consistency was checked: anyone can make a consistent record of a game "
                "with a seed of their own."
            ))
        try:
            name = get_game(row["kind"]).name
        except Exception:  # a game no longer installed keeps its id
            name = row["kind"]

        def differs(why: str) -> RecordMatch:
            return RecordMatch(number=number, hosted=True, matches=False, message=(
                f"This is NOT the game {name} #{number} played here: {why}."
            ))

        if row["kind"] != record.game:
            return differs(f"that game is {row['kind']}, the record is {record.game}")
        if row["seed_sha256"] != record.seed_sha256:
            return differs(
                f"its seed's SHA-256, posted when the game started, is `{row['seed_sha256']}`;"
                f" the record's is `{record.seed_sha256}`"
            )
        if row["status"] != "finished":
            return differs("that game is not over, and its seed is still secret")
        played = await self.record(number)
        if (record.players, record.options) != (played.players, played.options):
            return differs("the players or the options differ")
        ours = [(a.role, a.choice) for a in played.actions]
        theirs = [(a.role, a.choice) for a in record.actions]
        if ours != theirs:
            at = next(
                (n for n, (a, b) in enumerate(zip(ours, theirs, strict=False), 1) if a != b),
                min(len(ours), len(theirs)) + 1,
            )
            return differs(f"same seed, but the actions differ from action {at} on")
        if record.result != played.result:
            return differs("the result differs")
        return RecordMatch(number=number, hosted=True, matches=True, message=(
            f"This is the game {name} #{number} as played here: its seed matches the SHA-256 "
            f"posted when it started, and its {len(ours)} actions and result are the ones "
            "stored."
        ))

    # --- playing --------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, version: int, role: str, choice_id: str
    ) -> TurnUpdate:
        """One player's choice: checked, applied, and stored in one transaction."""
        async with self._lock(game_id):
            for _attempt in range(ACT_ATTEMPTS):
                loaded = await self.load(game_id)
                if not loaded.is_player(user_id):
                    raise errors.NotInGame()
                if role not in loaded.roles_of(user_id):
                    raise errors.NotYourRole()
                self._require_running(loaded)
                if not self._current(loaded, role, version):
                    raise errors.StaleChoice(loaded.version)
                if choice_id == RESIGN:
                    raise errors.ServiceError("Use /game resign to resign.")
                try:
                    return await self._commit(loaded, [Step(role, choice_id)], "choice", user_id)
                except WriteConflict:
                    continue  # another process wrote first: check again against its write
            raise errors.StaleChoice(loaded.version)

    @staticmethod
    def _current(loaded: LoadedGame, role: str, version: int) -> bool:
        """Is a prompt shown at ``version`` still current for ``role``?

        Yes when the role's prompt has not changed since then: in a simultaneous round,
        one player's secret choice leaves the others' buttons valid. A role that is not
        prompted now only matches the current version (the engine then says why not).
        """
        if version == loaded.version:
            return True
        if role not in loaded.prompts:
            return False
        return loaded.row.prompt_version(role) <= version < loaded.version

    async def resign(self, game_id: int, user_id: int) -> TurnUpdate:
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            if not loaded.is_player(user_id):
                raise errors.NotInGame()
            self._require_running(loaded, allow_paused=True)
            steps = [Step(r, RESIGN) for r in loaded.roles_of(user_id)]
            return await self._commit(loaded, steps, "choice", user_id)

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
            reset_timer or turn_ended or set(prompts) - before
        ):
            fields.update(self._timer_fields(loaded.row.timeout_hours, moment))
            # What the timer was: a player's undo of this row puts it back (see ``undo``).
            detail = {**(detail or {}), "timer": {
                "before": self._timer_of(loaded.row), "after": fields["deadline"],
            }}
        note = json.dumps(detail) if detail else None

        def write(raw: sqlite3.Connection) -> aiosqlite.Row | int:
            """The transaction, run in the database thread in one go."""
            row = queries.write_game_sync(raw, loaded.id, loaded.version, **fields)
            if row is None:  # someone else wrote first: nothing was changed
                return queries.game_version_sync(raw, loaded.id) or 0
            for step, barrier in applied:
                queries.append_action_sync(
                    raw, game_id=loaded.id, kind=kind, at=now, version=version,
                    user_id=user_id, role=step.role, choice=step.choice, barrier=barrier,
                    detail=note,
                )
            if finished:
                self._store_result(raw, loaded, state, now)
            return row

        row = await self.db.run(write)
        if isinstance(row, int):
            raise WriteConflict(row)
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
        )

    @staticmethod
    def _store_result(
        raw: sqlite3.Connection, loaded: LoadedGame, state: GameState, now: str
    ) -> None:
        """Results per seat and, for a fair game, Elo updates per team (database thread)."""
        assert state.result is not None
        game = loaded.game
        team_of = {info.id: info.team for info in game.roles_of(state)}
        winners = set(state.result.winners)
        teams: dict[str, list[int]] = {}
        for seat in loaded.seats:
            if seat.role is None:
                continue
            members = teams.setdefault(team_of.get(seat.role, seat.role), [])
            if seat.user_id not in members:
                members.append(seat.user_id)
        team_won = {
            team: any(r in winners for r, t in team_of.items() if t == team) for team in teams
        }
        # Several teams that all won or all lost: a draw. One team alone (a solo game, or
        # every player together against the game) won or lost.
        draw = len(teams) > 1 and len(set(team_won.values())) == 1
        users = [u for members in teams.values() for u in members]
        # Rated only when at least two people play and nobody sits on two teams.
        rated = len(teams) >= 2 and len(set(users)) == len(users) >= 2
        row = loaded.row
        before: dict[int, float] = {}
        after: dict[int, float] = {}
        if rated:
            before = queries.ratings_of_sync(raw, row.guild_id, row.kind, users)
            after = rating.update(teams, before, team_won)
            queries.save_ratings_sync(raw, row.guild_id, row.kind, after)
        for seat in loaded.seats:
            if seat.role is None:
                continue
            team = team_of.get(seat.role, seat.role)
            outcome = "draw" if draw else ("win" if team_won[team] else "loss")
            queries.insert_result_sync(
                raw, game_id=row.id, role=seat.role, user_id=seat.user_id,
                guild_id=row.guild_id, kind=row.kind, team=team, outcome=outcome,
                score=state.result.scores.get(seat.role),
                rating_before=before.get(seat.user_id, rating.INITIAL) if rated else None,
                rating_after=after.get(seat.user_id) if rated else None,
                finished_at=now,
            )

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
        state = replay(
            game, seed, loaded.row.players, loaded.row.options,
            [item.action for item in history[:-1]],
        )
        now = stamp(self._now())
        prompts = game.prompts(state)
        # After an undo every prompt is new: older buttons are stale.
        fresh = {role: loaded.version + 1 for role in prompts}
        fields: dict[str, Any] = {
            "state": state.model_dump_json(),
            "updated_at": now,
            "prompt_versions": json.dumps(fresh, sort_keys=True),
            # An undo past the turn's start cannot know where the earlier turn began: the
            # next summary then starts at the undone point.
            "turn_log_start": min(loaded.row.turn_log_start, len(state.log)),
        }
        fields.update(timer)
        async with self.db.transaction() as conn:
            row = await queries.write_game(conn, loaded.id, loaded.version, **fields)
            if row is None:
                raise errors.StaleChoice(await queries.game_version(conn, loaded.id) or 0)
            await queries.append_action(
                conn, game_id=loaded.id, kind="undo", at=now, version=loaded.version + 1,
                user_id=user_id, role=last.action.role, undoes=last.seq,
                detail=json.dumps(detail) if detail else None,
            )
        after = LoadedGame(
            row=self._row(row), seats=self._seats(row), state=state, game=game, prompts=prompts,
            snapshot=fields["state"],
        )
        return TurnUpdate(
            loaded=after,
            turn_ended=state.turn != loaded.state.turn,
            public_log=[LogEntry(text=text, role=last.action.role, action=state.actions)],
        )

    # --- moderation ---------------------------------------------------------------------

    async def abort(self, game_id: int, mod_id: int) -> GameRow:
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_active(loaded)
            now = self._now()
            async with self.db.transaction() as conn:
                await self._mod_row(
                    conn, loaded, mod_id, now, {"abort": True}, status="aborted",
                    deadline=None, remind_at=None,
                )
            return (await self._after_write(game_id)).row

    async def kick(
        self, game_id: int, mod_id: int, user_id: int, *, resign: bool = False
    ) -> TurnUpdate:
        """Remove a player from a lobby. In a running game only with ``resign``: their sides
        resign, which by the rules ends the game for everyone (a side cannot just leave);
        without it the refusal points to ``replace`` (someone takes over) and ``abort``."""
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_active(loaded)
            if not loaded.is_player(user_id):
                raise errors.NotInGame("That user is not in this game.")
            if loaded.row.status == "lobby":
                now = self._now()
                async with self.db.transaction() as conn:
                    await self._unseat(conn, loaded, user_id, stamp(now))
                    await queries.append_action(
                        conn, game_id=loaded.id, kind="mod", at=stamp(now),
                        version=loaded.version + 1, user_id=mod_id,
                        detail=json.dumps({"kick": user_id}),
                    )
                return TurnUpdate(loaded=await self._after_write(game_id), turn_ended=False)
            roles = loaded.roles_of(user_id)
            if not resign:
                sides = " and ".join(loaded.role_name(r) for r in roles)
                raise errors.SeatsHeld(
                    f"That player plays {sides} in this game. Removing them would resign "
                    f"{'those sides' if len(roles) > 1 else 'that side'} and end the game for "
                    "everyone. To keep the game going, give their seats to someone else with "
                    "/mod replace; to stop it without a result, /mod abort; to end it as "
                    "their resignation, /mod kick again with resign: True."
                )
            steps = [Step(r, RESIGN) for r in roles]
            return await self._commit(loaded, steps, "mod", mod_id, detail={"kick": user_id})

    async def replace(
        self, game_id: int, mod_id: int, old_user: int, new_user: int
    ) -> LoadedGame:
        """Give every seat of ``old_user`` to ``new_user`` (the game carries on)."""
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_active(loaded)
            if not loaded.is_player(old_user):
                raise errors.NotInGame("That user is not in this game.")
            if old_user == new_user:
                raise errors.BadSetting("That is the same person.")
            now = self._now()
            extra: dict[str, Any] = {}
            if loaded.row.host_id == old_user:
                extra["host_id"] = new_user
            async with self.db.transaction() as conn:
                await queries.replace_seat_user(conn, game_id, old_user, new_user)
                await self._mod_row(
                    conn, loaded, mod_id, now, {"replace": [old_user, new_user]}, **extra
                )
            return await self._after_write(game_id)

    async def pause(self, game_id: int, mod_id: int) -> LoadedGame:
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_running(loaded)
            async with self.db.transaction() as conn:
                await self._mod_row(
                    conn, loaded, mod_id, self._now(), {"pause": True}, status="paused",
                    deadline=None, remind_at=None, reminded=0,
                )
            return await self._after_write(game_id)

    async def resume(self, game_id: int, mod_id: int) -> LoadedGame:
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            if loaded.row.status != "paused":
                raise errors.NotRunning("This game is not paused.")
            now = self._now()
            async with self.db.transaction() as conn:
                await self._mod_row(
                    conn, loaded, mod_id, now, {"resume": True}, status="running",
                    **self._timer_fields(loaded.row.timeout_hours, now),
                )
            return await self._after_write(game_id)

    async def set_timeout(self, game_id: int, mod_id: int, hours: float | None) -> GameRow:
        """Set (or with 0/None, remove) the per-turn timer; it restarts now."""
        checked = self._check_hours(hours)
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_active(loaded)
            now = self._now()
            timer = (
                self._timer_fields(checked, now)
                if loaded.row.status == "running"
                else {"deadline": None, "remind_at": None, "reminded": 0}
            )
            async with self.db.transaction() as conn:
                await self._mod_row(
                    conn, loaded, mod_id, now, {"timeout_hours": checked},
                    timeout_hours=checked, **timer,
                )
            return (await self._after_write(game_id)).row

    # --- timers ---------------------------------------------------------------------------

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
                steps = [Step(r, RESIGN) for r in order]
                return await self._commit(
                    loaded, steps, "timer", None, detail={"timeout": "resign"}, reset_timer=True
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

    # --- after the game -----------------------------------------------------------------

    async def rematch(self, game_id: int, user_id: int) -> GameRow:
        """A new lobby in the same channel with the same players, options and timer."""
        old = await self.load(game_id)
        if old.row.status not in ("finished", "aborted"):
            raise errors.ChannelBusy("This game is still going.")
        if not old.is_player(user_id):
            raise errors.NotInGame()
        return await self.open_lobby(
            old.row.guild_id, old.row.channel_id, old.row.kind, user_id, old.row.options,
            timeout_hours=old.row.timeout_hours, timeout_policy=old.row.timeout_policy,
            rematch_of=old.id, seats=[s.user_id for s in old.seats],
        )

    async def stats(self, guild_id: int, user_id: int, recent: int = 10) -> UserStats:
        async with self.db.read() as conn:
            kinds = await queries.user_record(conn, guild_id, user_id)
            lines = await queries.recent_results(conn, guild_id, user_id, recent)
        return UserStats(
            guild_id=guild_id,
            user_id=user_id,
            kinds=[
                KindStats(
                    kind=r["kind"], rating=r["rating"], rated_games=r["rated"],
                    games=r["games"], wins=r["wins"], losses=r["losses"], draws=r["draws"],
                )
                for r in kinds
            ],
            recent=[
                ResultLine(
                    game_id=r["game_id"], kind=r["kind"], role=r["role"], team=r["team"],
                    outcome=r["outcome"], rating_before=r["rating_before"],
                    rating_after=r["rating_after"], finished_at=parse_stamp(r["finished_at"]),
                )
                for r in lines
            ],
        )

    async def leaderboard(
        self, guild_id: int, kind: str | None = None, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """Elo per game kind, best first (over all kinds: one line per player and kind)."""
        async with self.db.read() as conn:
            rows = await queries.leaderboard(conn, guild_id, kind, limit)
        return [
            LeaderboardEntry(
                rank=n, user_id=r["user_id"], kind=r["kind"], rating=r["rating"],
                games=r["games"], wins=r["wins"], losses=r["losses"], draws=r["draws"],
            )
            for n, r in enumerate(rows, start=1)
        ]

    # --- settings -----------------------------------------------------------------------

    async def set_moderator_role(self, guild_id: int, role_id: int | None) -> None:
        async with self.db.transaction() as conn:
            await queries.set_moderator_role(conn, guild_id, role_id)

    async def moderator_role(self, guild_id: int) -> int | None:
        async with self.db.read() as conn:
            return await queries.moderator_role(conn, guild_id)

    async def set_notify(self, user_id: int, mode: str) -> UserSettings:
        if mode not in NOTIFY_MODES:
            raise errors.BadSetting("Choose mention, dm or both.")
        async with self.db.transaction() as conn:
            await queries.set_notify(conn, user_id, mode)
        return UserSettings(user_id=user_id, notify=mode)

    async def notify_mode(self, user_id: int) -> NotifyMode:
        return (await self.notify_modes([user_id]))[user_id]

    async def notify_modes(self, user_ids: Sequence[int]) -> dict[int, NotifyMode]:
        async with self.db.read() as conn:
            found = await queries.notify_modes(conn, user_ids)
        return {u: found.get(u, "mention") for u in user_ids}  # type: ignore[misc]

    async def user_settings(self, user_id: int) -> UserSettings:
        return UserSettings(user_id=user_id, notify=await self.notify_mode(user_id))

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as conn:
            if not await queries.set_board_message(conn, game_id, message_id):
                raise errors.GameNotFound()

    async def backup(self, path: str | os.PathLike[str]) -> Path:
        """An online backup of the whole database to ``path`` while the bot runs."""
        return await self.db.backup(path)
