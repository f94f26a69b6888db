"""A greedy automatic player for Freedom!, for balance runs and playouts.

Imported only by what plays it (``engine.core.registry.policies``: simulate, benchmarks); the
rules never import it. ``score_choices`` hands each question to its scorer: ``card_play``
(which card, and how), ``action_scores`` (inside an action), ``phase_scores`` (the phases' and
effects' questions); they read a ``context.Context`` of the position, the worth of each menu
entry (``menus``), the accounts (``economy``) and the timing of the last word (``doors``).

``choose(state, role, choices, rng)`` returns the id of one of ``choices`` (the prompt ``role``
is answering now). It reads the state and never changes it, never draws from ``state.rng``
(that would change the game's dice), and breaks ties with the ``rng`` it is given, so a game
between automatic players is deterministic for a seed.

Rules of thumb, no lookahead (a copy of the state per candidate would cost ~0.5 ms, too slow
for hundreds of games). Every choice gets a score and the best one is taken:

* the **Empire** picks a *focus* on the wall (the space its cannons, damage and row-4 troops
  already press hardest), moves units toward it and toward the lagoon back doors, weighing
  each move by the risk it runs (the expected Insurgent hits on a space from guns, attacks
  and raids; a lone unit in range hands the Insurgents a morale choice, a stack of three
  rarely), builds cannons as close to the wall as it can pay for (saving Preparation for
  it), fires at the focus, pays the Reward and attacks where the odds or the prize are good
  (the defenders of a fort or beach it can walk into above all), enters forts and beaches late
  in the Actions phase and two at a time, pleads for funds while the Money it still needs to
  the end exceeds what it has, guards its own tiles by how few markers they have, and spends
  spare AP on Support (the Sea above all) and Preparation; under the 2nd edition, when the
  Insurgents play first, it keeps its strongest card for its last word (the play after their
  last card, which nothing answers before the position check) and its Money for that play's
  Reward;
* the **Insurgents** weigh every city space by the threat in front of it (adjacent Imperial
  units, wall damage, a destroyed and empty space is an open door) and regroup, train and
  place units where the need is highest; they attack and raid the Imperial units that matter
  most (in a fort or on a beach, on the wall, in the lagoon behind the city, cannon crews),
  repair the wall in front of the enemy, build cannons there and keep the Sea; their last card
  before the Empire's last word shores up every fort or beach held by a single unit beside
  Imperial units.

Each side plays its own events, other cards for AP, and triggers the pending event of its own
side that the opponent played for AP with its least useful card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Choice
from engine.core.rng import Rng
from engine.games.freedom.ai.action_scores import (
    score_emp_attack,
    score_emp_cannon,
    score_emp_move,
    score_emp_slow,
    score_ins_attack,
    score_ins_cannon,
    score_ins_raid,
    score_ins_repair,
    score_ins_train,
    score_regroup,
    score_support,
)
from engine.games.freedom.ai.card_play import score_play, score_spend
from engine.games.freedom.ai.context import Context, Scorer
from engine.games.freedom.ai.phase_scores import (
    score_cannon_removal,
    score_cannons,
    score_ev_space,
    score_morale,
    score_opening,
    score_place,
    score_place_cannon,
    score_remove,
)
from engine.games.freedom.data import CITY
from engine.games.freedom.state import FreedomState

SCORERS: dict[str, Scorer] = {
    "play": score_play,
    "spend": score_spend,
    "emp_move": score_emp_move,
    "emp_slow": score_emp_slow,
    "emp_attack": score_emp_attack,
    "emp_support": score_support,
    "ins_support": score_support,
    "emp_cannon": score_emp_cannon,
    "opening": score_opening,
    "cannons": score_cannons,
    "morale_choice": score_morale,
    "remove_units": score_remove,
    "place_units": score_place,
    "place_cannon": score_place_cannon,
    "cannon_removal": score_cannon_removal,
    "ins_regroup": score_regroup,
    "ins_attack": score_ins_attack,
    "ins_raid": score_ins_raid,
    "ins_repair": score_ins_repair,
    "ins_train": score_ins_train,
    "ins_cannon": score_ins_cannon,
}


def score_choices(state: FreedomState, role: str, choices: Sequence[Choice]) -> list[float]:
    """The greedy player's score of each choice (higher is better)."""
    frame = state.stack[-1] if state.stack else None
    if frame is None or frame.role != role:
        return [0.0 for _ in choices]
    ctx = Context(state, role)
    scorer = SCORERS.get(frame.name)
    if scorer is None:
        scorer = score_ev_space if frame.name.startswith("ev_") else None
    if scorer is None:
        return [-50.0 if c.id == "back" else 0.0 for c in choices]
    return [scorer(ctx, frame, c.id) if c.id != "pass" or frame.name != "play"
            else 0.0 for c in choices]


def choose(state: FreedomState, role: str, choices: Sequence[Choice], rng: Rng) -> str:
    """The greedy choice among ``choices`` (the prompt ``role`` answers now); ties by ``rng``."""
    if not choices:
        raise ValueError("nothing to choose from")
    scores = score_choices(state, role, choices)
    top = max(scores)
    best = [c.id for c, s in zip(choices, scores, strict=True) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def autoplay(game: Any, state: Any, role: str, choices: Sequence[Choice], rng: Rng) -> str:
    """The policy hook of ``engine.core.simulate`` (``--policy greedy``)."""
    assert isinstance(state, FreedomState)
    return choose(state, role, choices, rng)


# The automatic players this module offers, by name (``engine.core.registry.policies``).
POLICIES = {"greedy": autoplay}
__all__ = ["CITY", "POLICIES", "Context", "autoplay", "choose", "score_choices"]
