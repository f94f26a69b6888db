"""A computer player's choice: the game's automatic player when it has one, else a random
legal choice. What the bot's computer seats and ``python -m bot play --computer`` use.

The automatic players live in each game's ``ai`` module (``engine.core.registry.AI_MODULES``),
imported here only when a computer first plays that game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Choice, Game, GameState
from engine.core.registry import policies
from engine.core.rng import Rng
from engine.core.simulate import Policy

# The automatic player a computer seat uses when the game offers it (else the first one).
PREFERRED = "greedy"


def computer_policy(game_id: str) -> tuple[str, Policy | None]:
    """The name and the policy of the game's computer player (None: random legal choices)."""
    known = policies(game_id)
    if not known:
        return "random", None
    name = PREFERRED if PREFERRED in known else sorted(known)[0]
    policy: Policy = known[name]
    return name, policy


def computer_choice(
    game: Game[Any, Any], state: GameState, role: str, choices: Sequence[Choice], seed: str
) -> str:
    """The id of the choice the computer makes for ``role`` among ``choices`` (the prompt's).

    ``seed`` seeds the computer's own tie-breaks (never ``state.rng``: the game's dice stay
    those of its seed and its choices). The state is only read."""
    if not choices:
        raise ValueError("a computer is asked to choose among no choices")
    tie_breaks = Rng(seed=f"computer:{seed}:{role}")
    _, policy = computer_policy(game.id)
    if policy is None:
        return tie_breaks.choice(list(choices)).id
    choice_id = policy(game, state, role, choices, tie_breaks)
    if all(choice.id != choice_id for choice in choices):
        raise RuntimeError(f"{game.id}'s automatic player chose {choice_id!r}, not a listed choice")
    return choice_id
