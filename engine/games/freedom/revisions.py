"""Freedom!'s rules revisions (docs/games/freedom.md, "Rules revisions").

A game keeps the rules revision it was started under (``options.revision``), so that the action
logs of games already running replay exactly. Each rule changed by a revision is one named
test here; the rules read ``if allied_overflow_when_full(state): <new> else: <old>``. The v2.2
preset's new readings (``period_b_sea``, ``period_b_replenishment_morale``) are settled where
the options are filled in (``state.FreedomOptions``).
"""

from __future__ import annotations

from engine.games.freedom.state import FreedomState

NEWEST = 2


def allied_overflow_when_full(state: FreedomState) -> bool:
    """Revision 2: when no space within 2 rows of the Camp has room, the Allied units still to
    place go to the Camp (6 / Polish 5: "puts the remainder in the Camp"). Revision 1 let the
    empty prompt's "pass" drop them."""
    return state.options.revision >= 2


def card_ends_when_spent(state: FreedomState) -> bool:
    """Revision 2: a card's (or an event's) AP menu ends by itself once no action is
    affordable, instead of asking "End the card (0 AP unused)" (issue 13: a click for
    nothing). Revision 1 asks it."""
    return state.options.revision >= 2


def cannon_removal_optional(state: FreedomState) -> bool:
    """Revision 2, v2.2 edition: an Insurgent hit on a space with an Imperial cannon and no
    unit "may remove a Cannon" (v2.2 5.4.2); the 2nd edition removes it ("należy usunąć",
    Polish 4.4.2), as revision 1 did under both editions."""
    return state.options.revision >= 2 and state.options.edition == "v2.2"
