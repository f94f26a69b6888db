"""Dragons of 1066 (Huge Workshop): four kingdoms of a mythic Europe in two alliances.

The rules live in the modules of this package: ``data.py`` (the map, units and set-ups as
data), ``state.py`` (the state), ``view.py`` (the typed views).
"""
