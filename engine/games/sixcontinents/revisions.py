"""Six Continents' rules revisions (docs/games/sixcontinents.md, "Rules revisions").

A game keeps the rules revision it was started under (``options.revision``), so that the
action logs of games already running replay exactly. Each change a revision brings is one
named test here; the prompts read ``if attacks_in_one_choice(state): <new> else: <old>``.

Revision 2 changes no rule of the game, only how its choices are asked (issue 13: fewer
clicks): its prompts list more choices, so a revision-1 game's prompts (and a random
player's picks among them) would differ under it.
"""

from __future__ import annotations

from engine.games.sixcontinents.state import SixState

NEWEST = 2


def attacks_in_one_choice(state: SixState) -> bool:
    """Revision 2: *Attack a province* lists, beside each target, one choice attacking it
    with every unit that can reach it, fighting to the end, with the chance of taking it,
    and *Attack an enemy fleet* one choice per zone and enemy fleet next to it, the zone's
    whole fleet to the end, with the chance of winning; revision 1 asks the target, the
    forces and the withdraw point (at sea the zone, the ships, the enemy fleet and the
    withdraw point)."""
    return state.options.revision >= 2


def warships_in_one_choice(state: SixState) -> bool:
    """Revision 2: *Build a warship or transporter* is one choice of the kind and the sea zone
    ("Frigate on the North Sea (12)"); revision 1 asks the kind, then the zone."""
    return state.options.revision >= 2


def ships_from_to(state: SixState) -> bool:
    """Revision 2: *Sail ships* lists one "from → to" choice per sea zone and neighbour,
    sailing every ship there that can; revision 1 asks the zone, the ships and where to."""
    return state.options.revision >= 2
