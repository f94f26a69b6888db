"""Every game Strategos hosts, by id."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from engine.core.errors import UnknownGame
from engine.core.game import Game

# Game ids and the module that defines each one's ``GAME``.
GAME_MODULES: dict[str, str] = {
    "freedom": "engine.games.freedom",
    "epireia": "engine.games.epireia",
    "dragons1066": "engine.games.dragons1066",
    "sixcontinents": "engine.games.sixcontinents",
}

# Game ids and the module of each one's automatic players (``POLICIES``: name -> Policy). Only
# what plays them (simulate, benchmarks) imports it, so loading a game does not load its players.
AI_MODULES: dict[str, str] = {
    "freedom": "engine.games.freedom.ai",
    "epireia": "engine.games.epireia.ai",
    "dragons1066": "engine.games.dragons1066.ai",
    "sixcontinents": "engine.games.sixcontinents.ai",
}


@cache
def get_game(game_id: str) -> Game[Any, Any]:
    module_name = GAME_MODULES.get(game_id)
    if module_name is None:
        known = ", ".join(sorted(GAME_MODULES))
        raise UnknownGame(f"There is no game called {game_id!r}. Games: {known}.")
    game: Game[Any, Any] = importlib.import_module(module_name).GAME
    return game


def policies(game_id: str) -> dict[str, Any]:
    """The automatic players a game offers besides random play (``POLICIES`` in its
    ``AI_MODULES`` module: name -> ``engine.core.simulate.Policy``); empty when it has none."""
    get_game(game_id)
    module_name = AI_MODULES.get(game_id)
    if module_name is None:
        return {}
    found: dict[str, Any] = importlib.import_module(module_name).POLICIES
    return dict(found)


def all_games() -> list[Game[Any, Any]]:
    games = []
    for game_id in GAME_MODULES:
        try:
            games.append(get_game(game_id))
        except ModuleNotFoundError:  # a game still being written is simply not listed
            continue
    return games
