"""Helpers for the Epireia rules tests: fast set-ups and scripted dice."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.epireia import GAME
from engine.games.epireia.state import HOME, EpireiaState, FigureState


class ScriptedRng(Rng):
    """An Rng whose d12 rolls come from a script (other draws stay seeded)."""

    script: list[int] = Field(default_factory=list)

    def roll(self, sides: int) -> int:
        if sides == 12 and self.script:
            return self.script.pop(0)
        return super().roll(sides)


def new_game(players: int, seed: str = "t", options: dict[str, Any] | None = None) -> EpireiaState:
    state = start(GAME, seed, players, options)
    assert isinstance(state, EpireiaState)
    return state


def choose(state: EpireiaState, role: str, choice: str) -> None:
    act(GAME, state, role, choice)


CITY_PLAN = {
    "delian-1": ("athens", "archon", "pericles"),
    "peloponnesian-1": ("sparta", "polemarch", "brasidas"),
    "delian-2": ("corinth", "merchant", "timoleon"),
    "peloponnesian-2": ("larissa", "priestess", "heliodorus"),
}


def set_up(players: int, seed: str = "t", revision: int | None = None) -> EpireiaState:
    """A multiplayer game through its set-up, seats taking CITY_PLAN's cities and figures
    (under the newest rules revision, or ``revision``)."""
    state = new_game(players, seed, None if revision is None else {"revision": revision})
    while state.phase == "setup":
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        city, admin, figure = CITY_PLAN[role]
        frame = state.stack[-1].name if state.stack else ""
        ids = [c.id for c in prompts[role].choices]
        if f"city:{city}" in ids:
            choose(state, role, f"city:{city}")
        elif f"adm:{admin}" in ids:
            choose(state, role, f"adm:{admin}")
        elif f"fig:{figure}" in ids:
            choose(state, role, f"fig:{figure}")
        else:  # pragma: no cover - the plan covers every set-up prompt
            raise AssertionError(f"unexpected prompt {frame}: {ids}")
    return state


def solo_game(scenario: str = "first-peloponnesian-war") -> EpireiaState:
    """A solo game of ``scenario`` through its set-up, taking the first offer each time."""
    state = new_game(1)
    choose(state, "solo", f"scn:{scenario}")
    while state.phase == "setup":
        prompt = GAME.prompts(state)["solo"]
        choose(state, "solo", prompt.choices[0].id)
    return state


def script(state: EpireiaState, *rolls: int) -> None:
    state.rng = ScriptedRng(seed=state.rng.seed, draws=state.rng.draws, script=list(rolls))


def place(state: EpireiaState, figure: str, owner: str, space: str) -> None:
    """Put a figure in play for ``owner`` on ``space`` (test set-up)."""
    seat = state.seats[owner]
    if figure not in seat.figure_cards:
        seat.figure_cards.append(figure)
    state.figures[figure] = FigureState(owner=owner, location=space)


def clear_figures(state: EpireiaState) -> None:
    for role in state.roles:
        state.seats[role].figure_cards.clear()
    state.figures.clear()


__all__ = ["HOME", "ScriptedRng", "choose", "clear_figures", "new_game", "place", "script",
           "set_up"]
