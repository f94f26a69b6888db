"""A greedy automatic player for Epireia, for balance runs and playouts (solo and leagues).

Imported only by what plays it (``engine.core.registry.policies``: simulate, benchmarks); the
rules never import it. ``autoplay`` hands each prompt to its module: ``setup_picks``,
``development``, ``diplomacy``, ``battle``; they score with ``scoring`` and plan armies with
``army``.

``autoplay(game, state, role, choices, rng)`` returns the id of one of ``choices`` (the prompt
``role`` answers now). It reads the state and never changes it, never draws from ``state.rng``
(the game's dice must depend only on the seed and the choices), and breaks ties with the ``rng``
it is given, so a game between automatic players is deterministic for a seed.

How it plays (rules of thumb plus a one-ply lookahead):

* **Set-up**: a City, Administrator and starting figure from fixed preferences (in the
  multiplayer draft the strongest City left as measured; the Polemarch's cheap tokens and the
  Archon's extra actions first; strong or sea-going figures).
* **Development**: every action (each donation amount, building, token, administrator option)
  is applied to a cheap copy of the state with the engine's own functions and the copy is
  scored; the best action is taken if it beats ending the turn. The score counts resources (worth
  little in the last round), income, the objectives (the solo scenario's, or the current Act's
  card for the player's league, kept at full value once the league has met it), Prestige, and
  the battle: in solo the cost of the tokens (and military buildings) still missing from the
  cheapest army that wins two fronts against the known enemy army; with several players the
  strength of the league's reserve and the City's own military buildings.
* **Diplomacy**: each figure goes where its expected gain is highest: an Empire (chance of the
  roll with every bonus, times the reward), a Territory (the chance to beat the Brigands and
  whoever may contest it, times the tax and the objective), a Greek City (its token), or it
  stays on a held Territory to protect it; where a league partner's figure already stands, only
  what it adds to that figure counts.
* **The Great Battle**: the tokens are placed after the cheapest plan that wins two fronts
  against the enemy army (solo) or against an estimate of the other league's placement (the
  maritime front is preferred: it breaks a tie in fronts); the figures go to the fronts of that
  plan; a figure is engaged in the column where it turns the front.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Choice, Game, GameState
from engine.core.rng import Rng
from engine.games.epireia.ai.battle import battle_commit, battle_figure, battle_place, battle_slot
from engine.games.epireia.ai.development import develop, donate_amount
from engine.games.epireia.ai.diplomacy import move, move_to
from engine.games.epireia.ai.setup_picks import (
    pick_ability,
    pick_admin,
    pick_city,
    pick_figure,
    pick_league,
    pick_scenario,
)
from engine.games.epireia.flow import active_frames
from engine.games.epireia.state import EpireiaState


def autoplay(
    game: Game[Any, Any], state: GameState, role: str, choices: Sequence[Choice], rng: Rng
) -> str:
    """The greedy player's choice for ``role`` now (one of ``choices``' ids)."""
    assert isinstance(state, EpireiaState)
    ids = [c.id for c in choices]
    frame = next((f for f in active_frames(state) if f.role == role), None)
    pick = ""
    if frame is not None:
        handler = HANDLERS.get(frame.name)
        if handler is not None:
            pick = handler(game, state, frame, ids, rng)
    if pick in ids:
        return pick
    for fallback in ("auto", "done", "pass", "none"):
        if fallback in ids:
            return fallback
    return ids[0]


HANDLERS = {
    "solo_scenario": pick_scenario,
    "solo_city": pick_city,
    "solo_league": pick_league,
    "draft_city": pick_city,
    "draft_admin": pick_admin,
    "choose_figure": pick_figure,
    "ability": pick_ability,
    "develop": develop,
    "donate": donate_amount,
    "move": move,
    "move_to": move_to,
    "battle_place": battle_place,
    "battle_slot": battle_slot,
    "battle_figure": battle_figure,
    "battle_commit": battle_commit,
}
# The automatic players this module offers, by name (``engine.core.registry.policies``).
POLICIES = {"greedy": autoplay}
