"""Six Continents (working title): a grand-strategy game for 2-3 players on six continents.

This package holds, for now, the game's content as data and its validated loaders: the map
(``board.py``, ``data/map/*.toml``), the d100 tables (``tables.py``: weather, expeditions,
agents, slavery) and the prices, unit tables, battle modifiers and the realm's numbers
(``content.py``). The rules engine builds on them; the game is not registered yet. The rules
as implemented and every decision where the rule book is silent: docs/games/sixcontinents.md.
"""
