"""Dragons of 1066 (Huge Workshop): four kingdoms of a mythic Europe in two alliances.

``GAME`` is the game definition; the rules live in the modules of this package: ``data.py``
(the map, units and set-ups as data), ``state.py`` (the state), ``phases.py`` (the order of
play), ``movement.py``, ``battle.py``, ``reinforce.py``, ``victory.py`` (the rules),
``situation.py`` (the map's index that moving reads, and what is kept with it), ``reach.py``
(where a unit may go on it), ``market.py`` (where new units may go, what the Gold buys),
``*_prompts.py`` (the questions), ``odds.py`` (exact battle odds), ``view.py`` (the views).
"""

from engine.games.dragons1066.game import Dragons1066

GAME = Dragons1066()

__all__ = ["GAME"]
