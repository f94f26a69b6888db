"""Random playouts: complete games with random legal choices, for testing and balance."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from pydantic import BaseModel, Field

from engine.core.game import Game, GameState
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.runner import Action, act, start

MAX_ACTIONS = 50_000


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


def play_random(
    game: Game[Any, Any],
    seed: str,
    players: int,
    options: dict[str, Any] | None = None,
    check: bool = True,
) -> tuple[GameState, Playout]:
    """One complete game; the chooser's randomness is separate from the game's."""
    chooser = Rng(seed=f"chooser:{seed}")
    state = start(game, seed, players, options)
    history: list[Action] = []
    try:
        while state.result is None:
            prompts = game.prompts(state)
            if not prompts:
                raise RuntimeError("nobody has anything to do, but the game is not over")
            role = chooser.choice(sorted(prompts))
            choice = chooser.choice(prompts[role].choices)
            history.append(Action(role=role, choice=choice.id))
            act(game, state, role, choice.id)
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


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: str = "0",
    options: dict[str, Any] | None = None,
    check: bool = True,
) -> Summary:
    game = get_game(game_id)
    began = time.perf_counter()
    wins: Counter[str] = Counter()
    errors: list[str] = []
    actions = turns = 0
    for index in range(games):
        _, playout = play_random(game, f"{seed}-{index}", players, options, check)
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
    )
