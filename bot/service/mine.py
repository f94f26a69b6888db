"""A player's games (``/game mine``): every lobby, running and paused game they sit in, on
one server or on all of them, their turns first, then by the nearest deadline."""

from __future__ import annotations

from datetime import datetime

from bot.models import MyGame
from bot.service.core import ServiceBase
from bot.storage import queries

# Where a game without a deadline sorts: after every game with one.
NO_DEADLINE = datetime.max.timestamp()


def order(entry: MyGame) -> tuple[int, int, float, int]:
    """Your turn first; then running games before paused ones and lobbies; then the nearest
    deadline (none last); then the oldest game."""
    status = {"running": 0, "paused": 1, "lobby": 2}.get(entry.loaded.row.status, 3)
    deadline = entry.deadline
    return (0 if entry.your_turn else 1, status,
            deadline.timestamp() if deadline else NO_DEADLINE, entry.loaded.id)


class MineMixin(ServiceBase):
    """The games of one player."""

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[MyGame]:
        """The user's lobbies, running and paused games on ``guild_id`` (every server when
        None), each with the user's sides asked to act now, sorted by :func:`order`."""
        async with self.db.read() as conn:
            games = await self._load_rows(conn, await queries.games_of_user(conn, user_id,
                                                                            guild_id))
        entries = [MyGame(loaded=loaded, asked=list(loaded.prompts_for(user_id)))
                   for loaded in games]
        return sorted(entries, key=order)
