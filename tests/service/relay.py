"""Relay: a tiny test game whose turns take several choices, with no dice and no reveals.

Players take turns (Red, then Blue; alone: Red only). A turn is ``steps`` moves, each
"move:a" (a point) or "move:b" (nothing); the last move of a turn ends it. After ``turns``
turns in all the game ends: with two players the higher score wins (a tie: both, a draw),
alone Red wins with at least ``target`` points. There is no pass choice, so the "pass"
timeout plays the first choice, move by move. Platform tests only (timers, undo, results).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.game import Choice, Game, GameOptions, GameState, Prompt, Result, RoleInfo
from engine.core.rng import Rng
from engine.core.view import View


class RelayOptions(GameOptions):
    steps: int = Field(default=3, ge=1, le=20)
    turns: int = Field(default=4, ge=1, le=50)
    target: int = Field(default=2, ge=0)


class RelayState(GameState):
    options: RelayOptions
    scores: dict[str, int]
    moves: int = 0  # moves made in the current turn


class RelayView(View):
    """Nothing is secret: every role sees this too."""

    game: Literal["relay"] = "relay"
    scores: dict[str, int]
    turn: int
    moves: int


class Relay(Game[RelayState, RelayOptions]):
    id = "relay"
    name = "Relay"
    min_players = 1
    max_players = 2
    summary = "Turns of several moves, for platform tests."
    docs = "tests/service/relay.py"
    Options = RelayOptions
    State = RelayState

    def roles(self, players: int, options: RelayOptions) -> list[RoleInfo]:
        seats = [RoleInfo(id="red", name="Red", team="red"),
                 RoleInfo(id="blue", name="Blue", team="blue")]
        return seats[:players]

    def setup(self, seed: str, players: int, options: RelayOptions) -> RelayState:
        roles = [info.id for info in self.roles(players, options)]
        return RelayState(game=self.id, rng=Rng(seed=seed), players=players, roles=roles,
                          options=options, scores=dict.fromkeys(roles, 0))

    def active(self, state: RelayState) -> str:
        return state.roles[state.turn % len(state.roles)]

    def prompts(self, state: RelayState) -> dict[str, Prompt]:
        if state.result is not None:
            return {}
        role = self.active(state)
        step = state.moves + 1
        return {role: Prompt(role=role, text=f"Move {step} of {state.options.steps}.",
                             choices=[Choice(id="move:a", label="Score"),
                                      Choice(id="move:b", label="Wait")])}

    def apply(self, state: RelayState, prompt: Prompt, choice: Choice) -> None:
        role, choice_id = prompt.role, choice.id
        if choice_id == "move:a":
            state.scores[role] += 1
        state.moves += 1
        state.say(f"{role.title()} moves ({choice_id}).", role=role)
        if state.moves < state.options.steps:
            return
        state.moves = 0
        state.turn += 1
        if state.turn < state.options.turns:
            return
        if len(state.roles) == 1:
            won = state.scores["red"] >= state.options.target
            state.result = Result(winners=["red"] if won else [], scores=dict(state.scores),
                                  reason="Red reached the target" if won else "Red fell short")
            return
        best = max(state.scores.values())
        winners = [r for r in state.roles if state.scores[r] == best]
        state.result = Result(winners=winners, scores=dict(state.scores), reason="most points")

    def view(self, state: RelayState, role: str | None) -> RelayView:
        return RelayView(scores=dict(state.scores), turn=state.turn, moves=state.moves)


GAME = Relay()
