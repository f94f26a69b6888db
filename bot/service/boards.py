"""The boards a game posted: each board shows what changed since the one before it.

A board is posted when a game starts and whenever a turn ends (the last one when it is
over); the ``boards`` table keeps the states of the last two (migration 0005), rotated in
the transaction of the turn-ending write (``ServiceBase._commit``). An undo rebuilds its
state from the seed and the action log anyway, so it rebuilds these two as well
(``replay_boards``): taking back a turn's end brings back the boards from before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.models import LoadedGame
from bot.service.core import ServiceBase
from bot.service.history import HistoryItem
from bot.service.snapshots import restore, snapshot
from bot.storage import queries
from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.game import Game, GameState
from engine.core.runner import act, start

BOARD_READS = 5


@dataclass(frozen=True)
class Replayed:
    """A state rebuilt from its log, with the states of its last two boards as stored
    (``snapshots.snapshot``) and the length of each one's log."""

    state: GameState
    board: str
    board_log: int
    previous: str | None
    previous_log: int


def replay_boards(
    game: Game[Any, Any],
    seed: str,
    players: int,
    options: dict[str, Any] | None,
    history: Sequence[HistoryItem],
) -> Replayed:
    """Replay ``history`` from the seed, noting the boards the bot posted on the way: the
    start, then the state after every write (one version: a timeout's several moves are
    one write) in which a turn ended."""
    state = start(game, seed, players, options)
    board, previous = (snapshot(state), len(state.log)), None
    turned = False
    for number, item in enumerate(history, start=1):
        try:
            turned = act(game, state, item.action.role, item.action.choice).turn_ended or turned
        except (IllegalChoice, NotYourTurn) as error:
            where = f"Action {number} ({item.action.role}: {item.action.choice})"
            raise IllegalChoice(f"{where}: {error}") from None
        if number == len(history) or history[number].version != item.version:  # write done
            if turned:
                board, previous = (snapshot(state), len(state.log)), board
            turned = False
    return Replayed(state=state, board=board[0], board_log=board[1],
                    previous=None if previous is None else previous[0],
                    previous_log=0 if previous is None else previous[1])


class BoardsMixin(ServiceBase):
    """The board before the current one, for ``/game board``."""

    async def with_previous_board(self, game_id: int) -> tuple[LoadedGame, GameState | None]:
        """The game and the state of the board posted before its current one (None for the
        first board). Read in two steps, so a turn may end in between (another process):
        a stored board newer than the game read means read both again."""
        for _attempt in range(BOARD_READS):
            loaded = await self.load(game_id)
            async with self.db.read() as conn:
                row = await queries.get_boards(conn, game_id)
            if row is None or row["version"] <= loaded.version:
                break
        if row is None or row["previous"] is None or loaded.state is None:
            return loaded, None
        # A board's log is the first entries of its game's (boards are stored without it).
        return loaded, restore(loaded.game, row["previous"],
                               loaded.state.log[:row["previous_log"]])
