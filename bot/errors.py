"""Errors the game service raises. ``str(error)`` is a friendly sentence a player can read.

Cogs catch :class:`ServiceError` (and :class:`engine.core.errors.EngineError`, which the
service lets through unchanged) and show the message as it is.
"""

from __future__ import annotations

from datetime import datetime

from engine.core import errors as engine_errors


class ServiceError(Exception):
    """Base class of every refusal by the game service."""

    default = "That can't be done right now."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or self.default)


class NoGameHere(ServiceError):
    default = "There is no game in this channel. Start one with /game new."


class GameNotFound(NoGameHere):
    default = "That game does not exist any more."


class ChannelBusy(ServiceError):
    default = "This channel already has a game. Finish or cancel it first, or use another channel."


class NotInGame(ServiceError):
    default = "You are not in this game."


class NotYourRole(NotInGame):
    default = "You don't play that side in this game."


class NotHost(ServiceError):
    default = "Only the player who opened this game can do that."


class NotModerator(ServiceError):
    default = "Only a moderator can do that."


class GamePaused(ServiceError):
    default = "This game is paused by a moderator."


class NotRunning(ServiceError):
    default = "This game is not running."


class TimerNotDue(ServiceError):
    """The timer loop came for a game whose deadline moved (a player acted meanwhile)."""

    default = "This game's turn timer has not run out."


class TimerHeld(ServiceError):
    """The turn timer ran out for players who are all on vacation: it waits for them."""

    def __init__(self, users: list[int], until: datetime) -> None:
        self.users, self.until = users, until
        who = " ".join(f"<@{u}>" for u in users)
        super().__init__(f"The turn timer waits for {who}, on vacation until "
                         f"<t:{int(until.timestamp())}:f>; it restarts then.")


class SeatsHeld(ServiceError):
    default = "That player holds sides in this running game."


class StillInLobby(NotRunning):
    default = "This game has not started yet."


class GameOver(NotRunning):
    default = "This game is over."


class StaleChoice(ServiceError, engine_errors.StaleChoice):
    """A click on a prompt that is no longer current; ``current_version`` is the live one."""

    default = "This choice is no longer current."

    def __init__(self, current_version: int, message: str | None = None) -> None:
        super().__init__(message)
        self.current_version = current_version


class LobbyFull(ServiceError):
    default = "This game is full."


class AlreadyJoined(ServiceError):
    default = ("You are already in this game; to hold more sides, pick them in the lobby's menu "
               "(or /game join side:).")


class RoleTaken(ServiceError):
    default = "Someone else already plays that side."


class UnknownRole(ServiceError):
    default = "This game has no such side."


class NotEnoughPlayers(ServiceError):
    default = "Not enough players have joined yet."


class CannotUndo(ServiceError):
    default = (
        "There is nothing of yours to take back: undo stops at dice rolls, card draws and "
        "reveals, and at another player's move."
    )


class NotFinished(ServiceError):
    default = "The seed and the record are revealed when the game is over."


class BadSetting(ServiceError):
    default = "That setting is not valid."


class GameStarted(ServiceError):
    default = "This game has already started."


class NotEnded(ServiceError):
    default = ("That game is not a finished game of this server: only games that are over "
               "can be viewed move by move.")


class NoSuchMove(ServiceError):
    default = "That game has no such move."


class StorageFull(ServiceError):
    """The disk (or the database's size limit) is full: the write was rolled back."""

    default = ("The bot's storage is full, so nothing was changed. Please tell the server's "
               "owner; your game is safe as it was.")


class StorageUnreachable(ServiceError):
    """The database server cannot be reached (PostgreSQL): the write did not happen."""

    default = ("The bot cannot reach its database right now, so nothing was changed. Please "
               "try again in a minute; if it lasts, tell the server's owner.")


class StorageError(RuntimeError):
    """The database cannot be used at start-up (a folder, an empty or damaged file, a newer
    schema, a PostgreSQL server that cannot be reached): ``str()`` is the one line the
    command prints."""


class MalformedClick(ServiceError):
    """A button or menu payload the bot never sends (a tampered or broken client)."""

    default = "That menu sent something I did not offer; open it again and pick an option."
