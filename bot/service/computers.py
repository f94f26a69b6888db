"""Computer players: the host seats the computer on sides in the lobby; during the game it
makes its choices with the game's automatic player (``engine.core.computer``), each one
checked and stored like a person's (a "choice" of the user id ``COMPUTER`` in the action
log: a person's undo never takes it back)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bot import errors
from bot.models import COMPUTER, LoadedGame, TurnUpdate
from bot.service.core import Step, WriteConflict
from bot.service.lobby import seat_sides
from bot.service.write import WritingBase
from bot.storage import queries, stamp
from engine.core.computer import computer_choice


class ComputerMixin(WritingBase):
    """Seating the computer, and its moves."""

    async def set_computer_sides(
        self, channel_id: int, user_id: int, roles: Sequence[str]
    ) -> LoadedGame:
        """The host's computer picker: the computer's sides become exactly ``roles`` (none
        takes it off the table). A side a person holds cannot be given to it."""
        picked = list(dict.fromkeys(roles))
        now = stamp(self._now())
        async with self.db.transaction() as conn:
            loaded = await self._fetch_in(conn, channel_id)
            self._require_lobby(loaded)
            if loaded.row.host_id != user_id:
                raise errors.NotHost("Only the host seats computer players.")
            known = {info.id: info.name for info in loaded.lobby_roles()}
            for role in picked:
                if role not in known:
                    raise errors.UnknownRole(f"A table of {len(known)} has no side {role!r}.")
                holders = [s for s in loaded.seats if s.role == role and not s.computer]
                if holders:
                    raise errors.RoleTaken(
                        f"<@{holders[0].user_id}> plays {known[role]}: they must give it up "
                        "before the computer can take it."
                    )
            mine = [s for s in loaded.seats if s.computer]
            others = len(loaded.seats) - len(mine)
            if others + len(picked) > loaded.table_size:
                raise errors.LobbyFull(
                    f"The table has {loaded.table_size} seats and {others} are taken by"
                    " players: give the computer fewer sides."
                )
            await seat_sides(conn, loaded, COMPUTER, picked, now)
            return await self._fetch(conn, loaded.id)

    async def computer_games(self) -> list[int]:
        """Running games in which the computer must choose now (after a restart, say)."""
        async with self.db.read() as conn:
            games = await self._load_rows(conn, await queries.games_of_user(conn, COMPUTER, None))
        waiting = []
        for loaded in games:
            if loaded.row.status == "running" and self._computer_to_act(loaded):
                waiting.append(loaded.id)
        return waiting

    async def computer_asked(self, game_id: int) -> bool:
        """Whether the computer must choose in this running game now."""
        loaded = await self.load(game_id)
        return loaded.row.status == "running" and bool(self._computer_to_act(loaded))

    @staticmethod
    def _computer_to_act(loaded: LoadedGame) -> list[str]:
        if loaded.state is None:
            return []
        mine = set(loaded.computer_roles())
        return [role for role in loaded.state.roles if role in mine and role in loaded.prompts]

    async def computer_move(self, game_id: int) -> TurnUpdate | None:
        """One choice of the computer in this game, if it is asked (None: it is not, or the
        game is not running). The choice is worked out in a worker thread, so the bot's
        event loop goes on serving clicks meanwhile."""
        async with self._lock(game_id):
            for _attempt in range(3):
                loaded = await self.load(game_id)
                if loaded.row.status != "running":
                    return None
                roles = self._computer_to_act(loaded)
                if not roles or loaded.state is None:
                    return None
                role = roles[0]
                choice = await asyncio.to_thread(
                    computer_choice, loaded.game, loaded.state, role,
                    loaded.prompts[role].choices, f"{loaded.row.seed_sha256}:{loaded.version}",
                )
                try:
                    return await self._commit(loaded, [Step(role, choice)], "choice", COMPUTER)
                except WriteConflict:
                    continue  # another process wrote first: look again
            return None
