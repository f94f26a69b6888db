"""Stored settings and bookkeeping: the moderator role, how a player is notified,
the board message of a game, and online backups.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from bot import errors
from bot.models import NotifyMode, UserSettings
from bot.service.core import ServiceBase
from bot.storage import queries

NOTIFY_MODES = ("mention", "dm", "both")


class SettingsMixin(ServiceBase):
    """Settings per server, per player and per game."""

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

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as conn:
            if not await queries.set_board_message(conn, game_id, message_id):
                raise errors.GameNotFound()

    async def backup(self, path: str | os.PathLike[str]) -> Path:
        """An online backup of the whole database to ``path`` while the bot runs."""
        return await self.db.backup(path)
