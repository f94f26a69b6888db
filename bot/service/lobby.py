"""The lobby: open it, join, pick a side, leave, cancel, start the game, and a rematch."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot import errors
from bot.models import GameRow, LoadedGame, TurnUpdate, default_table
from bot.service.core import POST_GRACE, ServiceBase
from bot.service.table import check_table
from bot.storage import Conn, IntegrityError, queries, stamp
from bot.storage.snapshots import log_rows, snapshot
from engine.core.game import Game
from engine.core.registry import get_game
from engine.core.rng import Rng, new_seed, seed_digest
from engine.core.runner import start, with_revision

PLATFORM_OPTIONS = ("timeout_hours", "timeout_policy")


async def seat_sides(conn: Conn, loaded: LoadedGame, user_id: int,
                     picked: Sequence[str], now: str) -> None:
    """``user_id``'s sides become exactly ``picked`` (already checked): seats already held
    keep their place, the rest are reused, added or given up."""
    mine = [s for s in loaded.seats if s.user_id == user_id]
    held = {s.role for s in mine}
    spare = [s.seat for s in mine if s.role not in picked]
    for role in (r for r in picked if r not in held):
        if spare:
            await queries.set_seat_role(conn, loaded.id, spare.pop(0), role)
        else:
            await queries.insert_seat(conn, loaded.id, user_id, role, now)
    for seat in spare:
        await queries.delete_seat(conn, loaded.id, seat)
    await queries.update_game(conn, loaded.id, loaded.version, updated_at=now)


class LobbyMixin(ServiceBase):
    """Before the game: seats, sides and the start."""

    @staticmethod
    def _game_options(game: Game[Any, Any], options: dict[str, Any]) -> dict[str, Any]:
        """The game's own options, stored with the newest rules revision (a rematch of an
        older game too): the revision is the platform's to set, never a player's."""
        fields = game.Options.model_fields
        chosen = {
            k: v for k, v in options.items()
            if (k not in PLATFORM_OPTIONS or k in fields) and k != "revision"
        }
        return with_revision(game, chosen)

    @staticmethod
    def _check_policy(policy: str) -> str:
        if policy not in ("pass", "resign"):
            raise errors.BadSetting("The timeout policy is either 'pass' or 'resign'.")
        return policy

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
        table: int | None = None,
        thread: bool = False,
    ) -> GameRow:
        """A new lobby in a channel (or thread), with the host seated.

        ``seats`` (user ids, in order) seats those users instead of only the host.
        ``table`` is the number of sides (default: one per seat given, else the game's
        smallest table of two or more; the host may change it in the lobby). ``thread``:
        the game moves into a thread of its own when it starts (``move_to_thread``).
        """
        game = get_game(kind)
        if table is None:
            table = len(seats) if seats else default_table(game)
        return await self._open(
            guild_id, channel_id, game, host_id, options, timeout_hours=timeout_hours,
            timeout_policy=timeout_policy, rematch_of=rematch_of, table=table,
            seats=[(user, None) for user in seats or [host_id]], thread=thread,
        )

    async def _open(
        self,
        guild_id: int,
        channel_id: int,
        game: Game[Any, Any],
        host_id: int,
        options: dict[str, Any] | None,
        *,
        timeout_hours: float | None,
        timeout_policy: str | None,
        rematch_of: int | None,
        table: int,
        seats: Sequence[tuple[int, str | None]],
        thread: bool = False,
    ) -> GameRow:
        """The lobby's row and its seats (user, side or None) in one transaction."""
        check_table(game, table)
        if len(seats) > table:
            raise errors.LobbyFull(f"A table of {table} sides seats {table}, not {len(seats)}.")
        given = dict(options or {})
        hours = self._check_hours(
            timeout_hours if timeout_hours is not None else given.get("timeout_hours")
        )
        policy = self._check_policy(timeout_policy or given.get("timeout_policy") or "pass")
        game_options = self._game_options(game, given)
        now = stamp(self._now())
        try:
            async with self.db.transaction() as conn:
                game_id = await queries.insert_game(
                    conn, guild_id=guild_id, channel_id=channel_id, kind=game.id,
                    host_id=host_id, options=json.dumps(game_options, sort_keys=True), now=now,
                    timeout_hours=hours, timeout_policy=policy, rematch_of=rematch_of,
                    players=table, thread=thread,
                )
                for user, role in seats:
                    await queries.insert_seat(conn, game_id, user, role, now)
                row = await queries.get_game(conn, game_id)
        except IntegrityError as error:
            if error.unique:  # the channel's one active game (games_one_active_per_channel)
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
            full = len(loaded.seats) >= loaded.table_size
            if role is None:
                if mine:
                    raise errors.AlreadyJoined()
                if full:
                    raise self._full(loaded)
                await queries.insert_seat(conn, loaded.id, user_id, None, now)
            else:
                self._check_role(loaded, role, user_id)
                free = [s for s in mine if s.role is None]
                if free:
                    await queries.set_seat_role(conn, loaded.id, free[0].seat, role)
                elif full:
                    raise self._full(loaded)
                else:
                    await queries.insert_seat(conn, loaded.id, user_id, role, now)
            await queries.update_game(conn, loaded.id, loaded.version, updated_at=now)
            return await self._fetch(conn, loaded.id)

    @staticmethod
    def _full(loaded: LoadedGame) -> errors.LobbyFull:
        size = loaded.table_size
        more = (" (the host can make it larger)"
                if size < loaded.game.max_players else "")
        return errors.LobbyFull(f"The table is full: its {size} seats are taken{more}.")

    def _check_role(self, loaded: LoadedGame, role: str, user_id: int) -> None:
        sides = loaded.lobby_roles()
        if role not in [info.id for info in sides]:
            names = ", ".join(info.id for info in sides)
            raise errors.UnknownRole(
                f"A table of {len(sides)} has no side {role!r}. Its sides: {names}.")
        holder = next((s for s in loaded.seats if s.role == role), None)
        if holder is not None:
            if holder.computer:
                raise errors.RoleTaken(
                    f"The computer plays {loaded.role_name(role)}: the host can take it off.")
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

    async def choose_roles(
        self, channel_id: int, user_id: int, roles: Sequence[str]
    ) -> LoadedGame:
        """The lobby's side picker: the user's sides become exactly ``roles`` (one or more;
        one player may hold a whole alliance, or sides of several). A user not yet seated
        joins with them. Seats already held keep their place; the rest are reused, added or
        given up, so the game's player count is the number of sides held."""
        picked = list(dict.fromkeys(roles))
        if not picked:
            raise errors.ServiceError("Pick at least one side (or press Leave).")
        now = stamp(self._now())
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            self._require_lobby(loaded)
            mine = [s for s in loaded.seats if s.user_id == user_id]
            held = {s.role for s in mine}
            wanted = [r for r in picked if r not in held]
            for role in wanted:
                self._check_role(loaded, role, user_id)
            seats_after = len(loaded.seats) - len(mine) + len(picked)
            if seats_after > loaded.table_size:
                raise errors.LobbyFull(
                    f"The table has {loaded.table_size} seats and"
                    f" {len(loaded.seats) - len(mine)} are taken by others: pick fewer."
                )
            await seat_sides(conn, loaded, user_id, picked, now)
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
            players = check_table(game, loaded.table_size)  # the engine's player count
            sides = [info.id for info in loaded.role_infos()]
            taken = [s.role for s in loaded.seats if s.role is not None]
            wrong = [r for r in taken if r not in sides]
            if wrong:  # only in a lobby opened before hosts chose the table
                raise errors.UnknownRole(
                    f"A table of {players} has no side {', '.join(wrong)}. Pick again."
                )
            free = [r for r in sides if r not in taken]
            open_seats = [s for s in loaded.seats if s.role is None]
            if len(open_seats) < len(free):
                names = ", ".join(loaded.role_name(r) for r in free)
                smaller = (", or the host makes the table smaller"
                           if players > game.min_players else "")
                raise errors.NotEnoughPlayers(
                    f"Every side needs a player: {len(free) - len(open_seats)} more needed"
                    f" (free: {names}). A player may hold several sides (pick them in the"
                    f" lobby){smaller}."
                )
            if len(open_seats) > len(free):
                raise errors.LobbyFull(
                    f"There are more seats than the table's {players} sides: someone must leave."
                )
            seed = new_seed()
            Rng(seed=f"seats:{seed}").shuffle(free)
            for seat, role in zip(open_seats, free, strict=True):
                await queries.set_seat_role(conn, loaded.id, seat.seat, role)
            state = start(game, seed, players, loaded.row.options)
            stored = snapshot(state)
            first = {role: loaded.version + 1 for role in game.prompts(state)}
            ok = await queries.update_game(
                conn, loaded.id, loaded.version, status="running", seed=seed,
                seed_sha256=seed_digest(seed), players=players, state=stored,
                updated_at=now, prompt_versions=json.dumps(first, sort_keys=True),
                turn_log_start=len(state.log),
                **self._timer_fields(loaded.row.timeout_hours, moment),
            )
            if not ok:
                raise errors.StaleChoice(loaded.version)
            await queries.append_log(conn, loaded.id, 0, log_rows(state.log))
            await queries.set_boards(conn, loaded.id, stored, len(state.log), None, 0,
                                     loaded.version + 1, stamp(moment + POST_GRACE))
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

    async def rematch(self, game_id: int, user_id: int) -> GameRow:
        """A new lobby in the same channel with the same table, options and timer, and
        everyone on the sides they held (the host may change the table, players their
        sides, before the start). The clicker hosts it."""
        old = await self.load(game_id)
        if old.row.status not in ("finished", "aborted"):
            raise errors.ChannelBusy("This game is still going.")
        if not old.is_player(user_id):
            raise errors.NotInGame()
        return await self._open(
            old.row.guild_id, old.row.channel_id, old.game, user_id, old.row.options,
            timeout_hours=old.row.timeout_hours, timeout_policy=old.row.timeout_policy,
            rematch_of=old.id, table=old.table_size,
            seats=[(s.user_id, s.role) for s in old.seats], thread=old.row.thread,
        )

    async def move_to_thread(self, game_id: int, thread_id: int) -> LoadedGame:
        """The started game now lives in its own thread (made by the bot from the lobby
        message): every post goes there, and the channel is free for another game."""
        async with self._lock(game_id), self.db.transaction() as conn:
            if not await queries.move_game(conn, game_id, thread_id):
                raise errors.ChannelBusy("That thread already has a game.")
            return await self._fetch(conn, game_id)
