"""The table's size in a lobby: how many sides the game will have, chosen by the host.

A game whose sides depend on the player count (Epireia: Solo alone, two Leagues at two,
four Cities at four) needs it chosen before anyone picks a side: the side picker lists
exactly that table's sides. It is stored in ``games.players``, which becomes the engine's
player count at the start.
"""

from __future__ import annotations

from typing import Any

from bot import errors
from bot.models import DroppedPick, TableChange
from bot.service.core import ServiceBase
from bot.storage import queries, stamp
from engine.core.game import Game
from engine.core.runner import parse_options


def check_table(game: Game[Any, Any], size: int) -> int:
    """``size`` if the game can be played by that many sides, else a friendly refusal."""
    if not game.min_players <= size <= game.max_players:
        if game.min_players == game.max_players:
            allowed = f"always {game.min_players}"
        else:
            allowed = f"{game.min_players} to {game.max_players}"
        raise errors.BadSetting(f"A table of {game.name} has {allowed} sides, not {size}.")
    return size


class TableMixin(ServiceBase):
    """The host sets the number of sides."""

    async def set_table(self, channel_id: int, user_id: int, size: int) -> TableChange:
        """The host makes the table ``size`` sides. Picks of sides that the new table does
        not have are dropped: that seat goes (or, if it was the user's only one, stays
        without a side). Refused, changing nothing, when more players are seated than the
        new table has sides."""
        now = stamp(self._now())
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            self._require_lobby(loaded)
            if loaded.row.host_id != user_id:
                raise errors.NotHost("Only the host chooses the size of the table.")
            check_table(loaded.game, size)
            if size == loaded.table_size:
                return TableChange(loaded=loaded, dropped=[])
            names = {info.id: info.name for info in loaded.role_infos()}
            options = parse_options(loaded.game, loaded.row.options)
            sides = {info.id for info in loaded.game.roles(size, options)}
            dropped: list[DroppedPick] = []
            remove: list[int] = []
            unpick: list[int] = []
            for seat in loaded.seats:
                if seat.role is None or seat.role in sides:
                    continue
                dropped.append(DroppedPick(user_id=seat.user_id, name=names[seat.role]))
                kept = [s for s in loaded.seats
                        if s.user_id == seat.user_id and s.seat not in [*remove, seat.seat]]
                (remove if kept else unpick).append(seat.seat)
            seated = len(loaded.seats) - len(remove)
            if seated > size:
                raise errors.LobbyFull(
                    f"{seated} seats are taken, more than a table of {size} sides has: "
                    "someone must leave or give up a side first."
                )
            for seat_number in remove:
                await queries.delete_seat(conn, loaded.id, seat_number)
            for seat_number in unpick:
                await queries.set_seat_role(conn, loaded.id, seat_number, None)
            await queries.update_game(conn, loaded.id, loaded.version, players=size,
                                      updated_at=now)
            return TableChange(loaded=await self._fetch(conn, loaded.id), dropped=dropped)
