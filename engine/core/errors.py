"""Typed errors whose message a player can read as it is."""


class EngineError(Exception):
    """Base class: ``str(error)`` is a friendly sentence for the player."""


class UnknownGame(EngineError):
    pass


class BadOptions(EngineError):
    pass


class NotYourTurn(EngineError):
    pass


class IllegalChoice(EngineError):
    pass


class StaleChoice(EngineError):
    """The choice was offered by a prompt that is no longer current."""


class ReplayMismatch(EngineError):
    """A replayed game did not produce what its record says."""


class BadRecord(EngineError):
    """A file that is not a game record (not JSON, or not the record's fields)."""
