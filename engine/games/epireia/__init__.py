"""Epireia (DTDA Games, 2024): Greek city-states before the Peloponnesian War, 1-4 players.

``GAME`` is the game definition; the rules live in the modules of this package (see
``state.py`` for the state and ``view.py`` for the typed views).
"""

from engine.games.epireia import autoplay
from engine.games.epireia.game import Epireia

GAME = Epireia()

# Automatic players for `python -m engine simulate epireia --policy greedy` (measurement only).
AUTOPLAY = {"greedy": autoplay.autoplay}

__all__ = ["AUTOPLAY", "GAME"]
