"""Moderation: abort, kick, replace, pause, resume and the turn timer, each logged with
the moderator's id (``mod_undo`` is in ``bot.service.undo``).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot import errors
from bot.models import GameRow, LoadedGame, TurnUpdate
from bot.service.core import Step
from bot.service.write import WritingBase
from bot.storage import Conn, queries, stamp


class ModerationMixin(WritingBase):
    """A moderator's changes to a game."""

    @staticmethod
    def _require_active(loaded: LoadedGame) -> None:
        if loaded.row.status not in ("lobby", "running", "paused"):
            raise errors.GameOver()

    async def _after_write(self, before: LoadedGame) -> LoadedGame:
        """The game after a moderator's write, which changes its row or seats, never its
        state: the state of the version before is handed over, not parsed again (unless
        another process wrote meanwhile)."""
        async with self.db.read() as conn:
            row = await queries.get_game_with_seats(conn, before.id)
            if row is None:
                raise errors.GameNotFound()
            loaded = self._loaded(row, before)
            return loaded if loaded is not None else (await self._load_rows(conn, [row]))[0]

    async def _mod_row(
        self,
        conn: Conn,
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
                # the moderator's notice ends the game's posts: no board is posted late
                await queries.board_posted(conn, loaded.id, loaded.version + 1)
            return (await self._after_write(loaded)).row

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
                return TurnUpdate(loaded=await self._after_write(loaded), turn_ended=False)
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
            return await self._commit(loaded, [Step.resign(roles)], "mod", mod_id,
                                      detail={"kick": user_id})

    async def replace(
        self, game_id: int, mod_id: int, old_user: int, new_user: int, role: str | None = None
    ) -> LoadedGame:
        """Give every seat of ``old_user`` to ``new_user`` (the game carries on), or with
        ``role`` only that side (``new_user`` may already hold others)."""
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_active(loaded)
            if not loaded.is_player(old_user):
                raise errors.NotInGame("That user is not in this game.")
            if old_user == new_user:
                raise errors.BadSetting("That is the same person.")
            mine = loaded.roles_of(old_user)
            if role is not None and role not in mine:
                sides = ", ".join(loaded.role_name(r) for r in mine) or "no side yet"
                raise errors.NotYourRole(f"That player does not hold {role!r}; they hold {sides}.")
            # The host's part passes on with the last seat the old user held.
            moving_all = all(role in (None, s.role) for s in loaded.seats if s.user_id == old_user)
            now = self._now()
            extra: dict[str, Any] = {}
            if loaded.row.host_id == old_user and moving_all:
                extra["host_id"] = new_user
            detail: dict[str, Any] = {"replace": [old_user, new_user]}
            async with self.db.transaction() as conn:
                if role is None:
                    await queries.replace_seat_user(conn, game_id, old_user, new_user)
                else:
                    await queries.replace_role_user(conn, game_id, role, new_user)
                    detail["role"] = role
                await self._mod_row(conn, loaded, mod_id, now, detail, **extra)
            return await self._after_write(loaded)

    async def pause(self, game_id: int, mod_id: int) -> LoadedGame:
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            self._require_running(loaded)
            async with self.db.transaction() as conn:
                await self._mod_row(
                    conn, loaded, mod_id, self._now(), {"pause": True}, status="paused",
                    deadline=None, remind_at=None, reminded=0,
                )
            return await self._after_write(loaded)

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
            return await self._after_write(loaded)

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
            return (await self._after_write(loaded)).row
