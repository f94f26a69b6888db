"""Six Continents (working title): a grand-strategy game for 2-3 players on six continents.

The game's content is data with validated loaders: the map (``board.py``, ``data/map/``),
the d100 tables (``tables.py``), the prices, unit tables, battle modifiers and the realm's
numbers (``content.py``). The rules engine's first playable core builds on them (``game.py``:
set-up, weather, income and food, building, the army, land battles, victory, the robbery
economy, internal expeditions, fishing boats, sea voyages, revolts, peace); the bot offers it
(``engine.core.registry``). The rules as implemented and every decision where the rule book
is silent: docs/games/sixcontinents.md.
"""

from engine.games.sixcontinents.game import GAME

__all__ = ["GAME"]
