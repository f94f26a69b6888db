"""The contract every game implements, and the machinery shared by all games."""

from engine.core.errors import BadOptions, EngineError, IllegalChoice, NotYourTurn, UnknownGame
from engine.core.game import Choice, Game, GameState, LogEntry, Prompt, Result, RoleInfo
from engine.core.rng import Rng

__all__ = [
    "BadOptions",
    "Choice",
    "EngineError",
    "Game",
    "GameState",
    "IllegalChoice",
    "LogEntry",
    "NotYourTurn",
    "Prompt",
    "Result",
    "Rng",
    "RoleInfo",
    "UnknownGame",
]
