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
  are recorded as one engine action (``engine.core.runner.resign_action``: ``RESIGN`` for
  one side, ``!resign:<others>`` for several together) so that the record of the game
  replays and verifies them.
- ``undo`` takes back only the user's own last choice and keeps the turn's deadline;
  ``mod_undo`` takes back any last action and restarts the timer.
- ``kick``, ``replace``, ``pause``, ``resume``, ``mod_undo``, ``set_timeout`` and
  ``abort`` write a row with the moderator's id to the action log.
- Extra reads: ``log_lines(game_id)`` (the stored action log), ``notify_modes(user_ids)``,
  ``user_settings(user_id)``, ``games_with_status(*statuses)``, ``games_of(user_id,
  guild_id=None)`` (a player's lobbies, running and paused games, their turns first),
  ``ended_games(guild_id, channel_id=, user_id=)`` and ``position(guild_id, game_id,
  move)`` (an ended game replayed to a move).
- ``TurnUpdate.previous_board``: when a turn ended, the state of the board posted before
  (draw its spectator view as ``previous``); ``with_previous_board(game_id)`` gives the
  same for ``/game board``.

One module per job, each a mixin over ``core.ServiceBase`` (the database, locks, loading and
caching, guards and the versioned write path), combined here into ``GameService``:
``lobby``, ``table`` (the host's choice of the number of sides), ``play``, ``undo``,
``moderation``, ``timers``, ``records``, ``stats``, ``settings``, ``boards`` (the last two
boards posted: each board highlights what changed since the one before) and ``mine`` (a
player's games on a server or on all of them, for ``/game mine``) and ``archive`` (the games
that are over, and any of them at any move, for ``/game history``), ``computers`` (the host
seats the computer on sides; its moves, stored like a person's), ``schedules`` (players'
reminder hours, quiet hours and vacations), ``jobs`` (background jobs claimed by one process
of several), ``hand_overs`` (pings within a turn a killed process did not send); ``history``
(the effective action history), ``snapshots`` (a state stored without its log, the log in
rows of its own) and ``results`` (results and ratings at the end of a game, and their
recomputation: ``stats.refresh_ratings`` at start-up) are helpers of theirs.
"""

from __future__ import annotations

from bot.service.archive import ArchiveMixin
from bot.service.boards import BoardsMixin
from bot.service.computers import ComputerMixin
from bot.service.hand_overs import HandOversMixin
from bot.service.history import effective_history
from bot.service.jobs import JobsMixin
from bot.service.lobby import LobbyMixin
from bot.service.mine import MineMixin
from bot.service.moderation import ModerationMixin
from bot.service.play import PlayMixin
from bot.service.records import RecordsMixin
from bot.service.schedules import ScheduleMixin
from bot.service.settings import SettingsMixin
from bot.service.stats import StatsMixin
from bot.service.table import TableMixin
from bot.service.timers import TimerMixin
from bot.service.undo import UndoMixin

__all__ = ["GameService", "effective_history"]


class GameService(
    LobbyMixin,
    TableMixin,
    PlayMixin,
    UndoMixin,
    ModerationMixin,
    TimerMixin,
    RecordsMixin,
    StatsMixin,
    SettingsMixin,
    BoardsMixin,
    HandOversMixin,
    MineMixin,
    ArchiveMixin,
    ComputerMixin,
    ScheduleMixin,
    JobsMixin,
):
    """Discord-free game operations over one :class:`bot.storage.Database`."""
