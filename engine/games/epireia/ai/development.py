"""The greedy player's development turn: each action tried on a cheap copy of the state and
scored; the best taken when it beats ending the turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.epireia.ai.scoring import ADMIN_USE_VALUE, value
from engine.games.epireia.ai.setup_picks import pick_ability
from engine.games.epireia.state import (
    EpireiaState,
    Frame,
)


def scratch(state: EpireiaState) -> EpireiaState:
    """A copy to try a choice on (without the log, the costly part to copy)."""
    return state.model_copy(update={"log": []}).model_copy(deep=True)


def try_choices(game: Game[Any, Any], state: EpireiaState, role: str,
                steps: Sequence[str]) -> float | None:
    copy = scratch(state)
    try:
        for step in steps:
            act(game, copy, role, step)
        while copy.stack and copy.stack[-1].name == "ability" and copy.stack[-1].role == role:
            frame = copy.stack[-1]
            options = [str(o[0]) for o in frame.data.get("options", [])] or ["none"]
            act(game, copy, role, pick_ability(game, copy, frame, options, Rng(seed="x")))
    except Exception:  # a candidate the engine refuses is simply not taken
        return None
    if role not in copy.seats:
        return None
    return value(copy, role)


def develop(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
            rng: Rng) -> str:
    role = frame.role
    base = value(state, role)
    scored: list[tuple[float, float, str]] = []
    for choice in ids:
        if choice == "done":
            continue
        if choice.startswith("don:"):
            resource = choice[4:]
            have = state.seats[role].resources[resource]
            for amount in range(2, min(8, have) + 1):
                score = try_choices(game, state, role, [choice, f"amt:{amount}"])
                if score is not None:
                    scored.append((score, rng.below(1000) / 1e6, choice))
            continue
        if choice == "use:assembly":
            continue  # decided below: an extra action is worth what the best action gains
        if choice == "use:plans":
            continue
        score = try_choices(game, state, role, [choice])
        if score is not None:
            if choice.startswith("use:"):
                score += ADMIN_USE_VALUE  # the use itself is what the Archeion was built for
            scored.append((score, rng.below(1000) / 1e6, choice))
    if not scored:
        return "done"
    best, _, pick = max(scored)
    gain = best - base
    if gain <= 0.05:
        return "done"
    if pick.startswith("build:") and "use:plans" in ids:
        return "use:plans"
    if "use:assembly" in ids and gain > 1.0 and not pick.startswith("use:"):
        return "use:assembly"
    return pick


def donate_amount(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    role = frame.role
    best = ("back", value(state, role))
    for choice in ids:
        if choice.startswith("amt:"):
            score = try_choices(game, state, role, [choice])
            if score is not None and score > best[1] + 1e-9:
                best = (choice, score)
    return best[0]
