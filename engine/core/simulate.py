"""Playouts: complete games with random legal choices (or a game's own automatic player),
for testing and balance.

A game may offer automatic players ("policies") besides random play: its ``ai`` module
(``engine.core.registry.AI_MODULES``) exposes ``POLICIES``, a dict of policy name -> ``Policy``
(see ``engine.core.registry.policies``).
A policy reads the state and returns one of the listed choice ids; it must not change the
state nor draw from ``state.rng`` (its own ``Rng`` is given for tie-breaks), so that the dice
of a game depend only on the game's seed and the choices made.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from engine.core.errors import BadOptions
from engine.core.game import Choice, Game, GameState
from engine.core.registry import get_game, policies
from engine.core.rng import Rng
from engine.core.runner import Action, act, parse_options, start

MAX_ACTIONS = 50_000
RANDOM = "random"

# (game, state, role, choices of role's prompt, the policy's own generator) -> choice id
Policy = Callable[[Game[Any, Any], GameState, str, Sequence[Choice], Rng], str]


class Playout(BaseModel):
    seed: str
    actions: int
    turns: int
    winners: list[str] = Field(default_factory=list)
    error: str | None = None
    history: list[Action] = Field(default_factory=list)


class Summary(BaseModel):
    game: str
    players: int
    games: int
    errors: int
    wins: dict[str, int]
    average_actions: float
    average_turns: float
    seconds: float
    first_errors: list[str] = Field(default_factory=list)
    policies: dict[str, str] = Field(default_factory=dict)  # role -> policy, when not random


def play_random(
    game: Game[Any, Any],
    seed: str,
    players: int,
    options: dict[str, Any] | None = None,
    check: bool = True,
    players_by_role: Mapping[str, Policy] | None = None,
) -> tuple[GameState, Playout]:
    """One complete game; the chooser's randomness is separate from the game's.

    Roles in ``players_by_role`` are played by that policy, the others at random."""
    chooser = Rng(seed=f"chooser:{seed}")
    auto = players_by_role or {}
    tie_breaks = {role: Rng(seed=f"policy:{role}:{seed}") for role in auto}
    state = start(game, seed, players, options)
    history: list[Action] = []
    try:
        while state.result is None:
            prompts = game.prompts(state)
            if not prompts:
                raise RuntimeError("nobody has anything to do, but the game is not over")
            role = chooser.choice(sorted(prompts))
            policy = auto.get(role)
            if policy is None:
                choice_id = chooser.choice(prompts[role].choices).id
            else:
                choice_id = policy(game, state, role, prompts[role].choices, tie_breaks[role])
            history.append(Action(role=role, choice=choice_id))
            act(game, state, role, choice_id)
            if check:
                broken = game.invariants(state)
                if broken:
                    raise AssertionError("; ".join(broken))
            if state.actions > MAX_ACTIONS:
                raise RuntimeError(f"no result after {MAX_ACTIONS} actions")
    except Exception as error:
        return state, Playout(
            seed=seed, actions=state.actions, turns=state.turn,
            error=f"seed {seed} action {state.actions}: {type(error).__name__}: {error}",
            history=history,
        )
    assert state.result is not None
    return state, Playout(
        seed=seed, actions=state.actions, turns=state.turn, winners=state.result.winners,
        history=history,
    )


def resolve_policies(
    game: Game[Any, Any], players: int, options: dict[str, Any] | None,
    wanted: Mapping[str, str] | None,
) -> dict[str, Policy]:
    """Policies by role from names by role (``"*"``: every role); "random" means none."""
    if not wanted:
        return {}
    roles = [info.id for info in game.roles(players, parse_options(game, options))]
    known = policies(game.id)
    chosen: dict[str, Policy] = {}
    for who, name in wanted.items():
        if who != "*" and who not in roles:
            raise BadOptions(f"{game.name} has no role {who!r}. Roles: {', '.join(roles)}.")
        if name != RANDOM and name not in known:
            names = ", ".join([RANDOM, *sorted(known)])
            raise BadOptions(f"{game.name} has no automatic player {name!r}. Players: {names}.")
    for role in roles:
        name = wanted.get(role, wanted.get("*", RANDOM))
        if name != RANDOM:
            chosen[role] = known[name]
    return chosen


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: str = "0",
    options: dict[str, Any] | None = None,
    check: bool = True,
    policy: Mapping[str, str] | None = None,
) -> Summary:
    """``games`` complete games; ``policy`` names the automatic player of each role (``"*"``
    for every role; default random)."""
    game = get_game(game_id)
    by_role = resolve_policies(game, players, options, policy)
    names = {role: (policy or {}).get(role, (policy or {}).get("*", RANDOM))
             for role in by_role}
    began = time.perf_counter()
    # Every role is listed, a role that never won with 0.
    roles = [info.id for info in game.roles(players, parse_options(game, options))]
    wins: Counter[str] = Counter(dict.fromkeys(roles, 0))
    errors: list[str] = []
    actions = turns = 0
    for index in range(games):
        _, playout = play_random(game, f"{seed}-{index}", players, options, check, by_role)
        actions += playout.actions
        turns += playout.turns
        if playout.error:
            errors.append(playout.error)
        wins.update(playout.winners)
    return Summary(
        game=game_id,
        players=players,
        games=games,
        errors=len(errors),
        wins=dict(sorted(wins.items())),
        average_actions=actions / games if games else 0.0,
        average_turns=turns / games if games else 0.0,
        seconds=round(time.perf_counter() - began, 3),
        first_errors=errors[:5],
        policies=names,
    )
