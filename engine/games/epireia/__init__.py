"""Epireia (DTDA Games, 2024): Greek city-states before the Peloponnesian War, 1-4 players.

``GAME`` is the game definition; the rules live in the modules of this package (see
``state.py`` for the state, ``view.py`` for the typed views and ``view_build.py`` for building
them).
"""

from engine.games.epireia.game import Epireia

GAME = Epireia()

__all__ = ["GAME"]
