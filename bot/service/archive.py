"""Ended games (``/game history``): the list of a channel's, a server's or a player's games
that are over, and any of them at any move, replayed from its seed and effective action log.

Only games that are over are shown: their seed is revealed anyway, and a running game's
history would tell the players more than the channel has seen. A position is the state
after N effective actions (undone ones left out); the bot draws its spectator view only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot import errors
from bot.models import EndedGame, LoadedGame, Position
from bot.service.core import ServiceBase
from bot.service.history import HistoryItem, effective_history
from bot.storage import parse_stamp, queries
from engine.core.game import Game, GameState
from engine.core.runner import Action, act, start
from engine.core.view import View


@dataclass(frozen=True)
class Replay:
    """A game replayed to its end, seen at one move."""

    state: GameState  # after ``move`` actions
    previous: View | None  # the spectator view one move before (None at the start)
    turn_ends: list[int]  # the moves that ended a turn (a board was posted after them)


def replay_to(game: Game[Any, Any], seed: str, players: int, options: dict[str, Any] | None,
              actions: Sequence[Action], move: int) -> Replay:
    """The state after the first ``move`` actions, the spectator view one move before (what
    the board at that move highlights as changed), and every move that ended a turn (the
    whole game is replayed for these: the viewer's turn steps jump to them)."""
    state = start(game, seed, players, options)
    at, previous = (state.model_copy(deep=True) if move == 0 else None), None
    turn_ends: list[int] = []
    for number, action in enumerate(actions, start=1):
        if number == move:
            previous = game.view(state, None)
        if act(game, state, action.role, action.choice).turn_ended:
            turn_ends.append(number)
        if number == move:
            at = state.model_copy(deep=True)
    assert at is not None
    return Replay(state=at, previous=previous, turn_ends=turn_ends)


def turn_views(game: Game[Any, Any], seed: str, players: int, options: dict[str, Any] | None,
               actions: Sequence[Action]) -> list[View]:
    """The spectator view at the start and after every move that ended a turn (the boards
    the channel saw), and after the last move if it ended none."""
    state = start(game, seed, players, options)
    views = [game.view(state, None)]
    ended = True
    for action in actions:
        ended = act(game, state, action.role, action.choice).turn_ended
        if ended:
            views.append(game.view(state, None))
    if not ended:
        views.append(game.view(state, None))
    return views


class ArchiveMixin(ServiceBase):
    """Reading the games that are over."""

    async def ended_games(self, guild_id: int, *, channel_id: int | None = None,
                          user_id: int | None = None, limit: int = 5, offset: int = 0
                          ) -> tuple[list[EndedGame], int]:
        """A page of the server's ended games (of one channel, or where ``user_id`` held a
        seat), the last ended first, and how many there are in all."""
        async with self.db.read() as conn:
            rows = await queries.ended_games(conn, guild_id, channel_id, user_id, limit,
                                             offset)
            total = await queries.count_ended_games(conn, guild_id, channel_id, user_id)
            loaded = await self._load_rows(conn, rows)
        games = [EndedGame(loaded=game, ended_at=parse_stamp(row["updated_at"]))
                 for game, row in zip(loaded, rows, strict=True)]
        return games, total

    async def turn_boards(self, guild_id: int, game_id: int) -> tuple[LoadedGame, list[View]]:
        """An ended game of this server replayed off the event loop: its spectator views,
        turn by turn (``turn_views``), for the replay animation."""
        loaded, seed, history = await self._ended(guild_id, game_id)
        views = await asyncio.to_thread(
            turn_views, loaded.game, seed, loaded.row.players, loaded.row.options,
            [item.action for item in history])
        return loaded, views

    async def _ended(self, guild_id: int, game_id: int
                     ) -> tuple[LoadedGame, str, list[HistoryItem]]:
        """An ended game of this server, its seed and its effective history; anything else
        is refused with one sentence."""
        async with self.db.read() as conn:
            row = await queries.get_game_with_seats(conn, game_id)
            if (row is None or row["guild_id"] != guild_id or not row["started"]
                    or row["status"] not in ("finished", "aborted")):
                raise errors.NotEnded(
                    f"Game #{game_id} is not a finished game of this server: only games that "
                    "are over can be viewed move by move."
                )
            seed = await queries.game_seed(conn, game_id)
            history = effective_history(await queries.get_actions(conn, game_id))
            loaded = (await self._load_rows(conn, [row]))[0]
        assert seed is not None
        return loaded, seed, history

    async def position(self, guild_id: int, game_id: int, move: int | None = None
                       ) -> Position:
        """Game ``game_id`` of this server after ``move`` effective actions (None: the last),
        replayed off the event loop. Refuses a game that is not over, of another server, or
        a move it does not have, with one sentence."""
        loaded, seed, history = await self._ended(guild_id, game_id)
        moves = len(history)
        move = moves if move is None else move
        if not 0 <= move <= moves:
            raise errors.NoSuchMove(f"Game #{game_id} has moves 0 to {moves}; there is no "
                                    f"move {move}.")
        replayed = await asyncio.to_thread(
            replay_to, loaded.game, seed, loaded.row.players, loaded.row.options,
            [item.action for item in history], move,
        )
        lines = [entry for entry in replayed.state.log
                 if entry.action == move and entry.visible_to is None]
        return Position(loaded=loaded, move=move, moves=moves, state=replayed.state,
                        previous=replayed.previous, lines=lines, turn_ends=replayed.turn_ends)
