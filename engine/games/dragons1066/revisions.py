"""Dragons of 1066's rules revisions (docs/games/dragons1066.md, "Rules revisions").

A game keeps the rules revision it was started under (``options.revision``), so that the
action logs of games already running replay exactly. Each change a revision brings is one
named test here; the prompts read ``if moves_from_to(state): <new> else: <old>``.

Revision 2 changes no rule of the game, only how its choices are asked (issue 13: fewer
clicks), but its prompts list other choices and a forced menu is no longer asked, so a
revision-1 action log would not replay under it.
"""

from __future__ import annotations

from engine.games.dragons1066.state import DragonsState

NEWEST = 2


def moves_from_to(state: DragonsState) -> bool:
    """Revision 2: a move is one "from → to" choice moving every unit of a zone that may end
    there (the Attack menu lists them, and the first pick of *Move units*); revision 1 asks
    the zone, the units and the destination."""
    return state.options.revision >= 2


def buy_in_bulk(state: DragonsState) -> bool:
    """Revision 2: *Buy as suggested* spends the Gold in one click, and a place with room for
    several new units takes as many as the Gold buys in one pick; revision 1 buys one unit
    per Buy, unit and place."""
    return state.options.revision >= 2


def march_as_suggested(state: DragonsState) -> bool:
    """Revision 2: *March as suggested* makes every Reinforcement move of a simple rule
    (``suggest.py``: toward the front, a guard kept in each Fortress) in one click."""
    return state.options.revision >= 2


def forced_menus_skipped(state: DragonsState) -> bool:
    """Revision 2: an Attack menu whose only choice is to go on (no unit can attack, no
    Galleon can carry) ends by itself, and so do the steps of a move or a purchase with one
    choice left; revision 1 asks them."""
    return state.options.revision >= 2
