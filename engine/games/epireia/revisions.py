"""Epireia's rules revisions: one named question per rule that changed in a revision.

A game keeps the revision it was started under (``state.options.revision``), so the action
log of a game started before a change replays exactly. Revision 2 (docs/games/epireia.md,
"Rules revisions") re-read the rule book where revision 1 had departed from it or left the
leagues unbalanced; each helper below says which rule it reads again. Revision 3 changed
designed data only, kept in the data beside the new value (``before`` of a figure in
``data/figures.toml``, read by ``catalog.figure_card``): Aleuas fights at attack 3 again and
Adeimantus at 1.
"""

from __future__ import annotations

from engine.games.epireia.content import SoloScenario
from engine.games.epireia.state import EpireiaState

NEWEST = 3


def _at_least(state: EpireiaState, revision: int) -> bool:
    return state.options.revision >= revision


def figures_defend_allied_cities(state: EpireiaState) -> bool:
    """A figure may go to a Greek City allied to its own league and fight there for it (the
    rules put no allegiance limit on "MOVE to a GREEK CITY"). Revision 1: it could not."""
    return _at_least(state, 2)


def league_tie_break(state: EpireiaState) -> bool:
    """Fronts tied and no maritime victory: "If both leagues have the same Prestige, the player
    with the most Copper wins" compares the leagues, so the tie goes to the league with more
    Prestige per City, then more Copper per City ("8 Prestige per city", the Olympic card).
    Revision 1: the league of the single player with the most Prestige, then Copper (with 3
    players two Delian players had two chances against one)."""
    return _at_least(state, 2)


def mirrored_diplomacy(state: EpireiaState) -> bool:
    """With 4 players diplomacy mirrors the draft (``delian-1``, the Peloponnesian players,
    ``delian-2``): ``peloponnesian-1`` starts ("The Peloponnesian League player starts"), then
    ``delian-1``, ``delian-2``, and ``peloponnesian-2`` last. Revision 1: both Peloponnesian
    players, then both Delian players (decision 26)."""
    return _at_least(state, 2) and state.players == 4


def lone_player_turns(state: EpireiaState) -> bool:
    """With 3 players the two Delian players' turns are "followed by the turns of the
    Peloponnesian League player": the lone player takes two development turns, one for each
    Delian turn. Revision 1: one turn."""
    return _at_least(state, 2) and state.players == 3


def solo_objectives_stay_completed(state: EpireiaState) -> bool:
    """Solo: "you must successfully complete all the objectives" and the Battle "begins only if
    the player has successfully completed the scenario's objectives": an objective met at any
    moment is completed for good (as a multiplayer card is "completed" when first met).
    Revision 1: every objective had to hold at the end of the last round."""
    return _at_least(state, 2) and state.is_solo


def prestige_per_city_on_average(state: EpireiaState) -> bool:
    """The Olympic Games' "posséder 8 de prestige par cité" (to hold 8 Prestige per city) is
    met when the league holds 8 Prestige for each of its Cities, in all: one City's glory may
    carry its partner's. Revision 1: every City of the league needed 8 by itself, which two
    Cities rarely reached before the round limit."""
    return _at_least(state, 2)


def lone_player_collects_twice(state: EpireiaState) -> bool:
    """With 3 players the lone Peloponnesian City collects its resources twice at each
    collection, one for each City of the Delian League. The rule book gives the lone player
    nothing against two Cities; this is ours, for balance (docs: "Balance")."""
    return _at_least(state, 2) and state.players == 3


def solo_rounds(state: EpireiaState, scenario: SoloScenario) -> int:
    """A solo scenario's round limit: revision 2 sets it by the ``solo_difficulty`` option
    (the rule book: "The number of rounds is indicated on each Scenario card"; the cards are
    ours). Revision 1: one number per scenario."""
    if _at_least(state, 2):
        return scenario.difficulty[state.options.solo_difficulty]
    return scenario.rounds

