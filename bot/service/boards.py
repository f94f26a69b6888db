"""The boards a game posted: each board shows what changed since the one before it.

A board is posted when a game starts and whenever a turn ends (the last one when it is
over); the ``boards`` table keeps the states of the last two (migration 0005), rotated in
the transaction of the turn-ending write (``ServiceBase._commit``). An undo rebuilds its
state from the seed and the action log anyway, so it rebuilds these two as well
(``replay_boards``): taking back a turn's end brings back the boards from before it.

Whether the new board reached its channel is kept too (``post_due``, migration 0013): the
bot says so once it has posted it (``board_posted``). A process killed in between leaves it
due; the turn-timer loop of any process then claims it (``claim_late_boards``) and posts it
late (``late_board``), so the players asked next are still told of their turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.models import LoadedGame, TurnUpdate
from bot.service.core import ServiceBase
from bot.service.history import HistoryItem
from bot.storage import Conn, queries, stamp
from bot.storage.snapshots import restore, snapshot
from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.game import Game, GameState
from engine.core.runner import act, start

BOARD_READS = 5
LATE_BATCH = 20  # late boards (or hand-overs) claimed by one pass of the turn-timer loop


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

    async def board_posted(self, game_id: int, version: int,
                           message_id: int | None = None) -> None:
        """The board of ``version`` (the write that stored it) is in its channel, as message
        ``message_id`` (None: the channel refused it; it is not posted late either)."""
        async def write(conn: Conn) -> None:
            if message_id is not None:
                await queries.set_board_message(conn, game_id, message_id)
            await queries.board_posted(conn, game_id, version)
            # a board's post pings everyone asked: a hand-over before it is announced too
            await queries.hand_over_sent(conn, game_id, version)

        await self.db.run(write)

    async def claim_late_boards(self, now: datetime | None = None) -> list[int]:
        """The games whose last board is overdue (its poster died), claimed for a lease (a
        write: ask :meth:`anything_late` first): post each with :meth:`late_board`, then
        :meth:`board_posted`."""
        moment = now or self._now()
        return await self.db.run(lambda conn: queries.claim_late_boards(
            conn, stamp(moment), stamp(moment + self.lease), LATE_BATCH))

    async def anything_late(self, moment: datetime) -> bool:
        """Whether a board or a hand-over is overdue: one read, so that a timer pass with
        nothing late writes nothing."""
        async with self.db.read() as conn:
            return await queries.any_late(conn, stamp(moment))

    async def late_board(self, game_id: int) -> TurnUpdate:
        """The turn post a late board makes: the game as it is now, the public lines of the
        turn the board closed (between the previous board and it), the board before it."""
        loaded, previous = await self.with_previous_board(game_id)
        async with self.db.read() as conn:
            row = await queries.get_boards(conn, game_id)
        assert loaded.state is not None and row is not None
        lines = loaded.state.log[row["previous_log"]:row["state_log"]]
        return TurnUpdate(
            loaded=loaded, turn_ended=True,
            public_log=[e for e in lines if e.visible_to is None],
            finished=loaded.state.result is not None, result=loaded.state.result,
            previous_board=previous,
        )
