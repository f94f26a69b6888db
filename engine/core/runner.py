"""Running a game: the only road from a player's choice to a new state.

These functions wrap a game definition with the checks every game shares: the game
must not be over, the role must have a prompt, the choice must be listed. They also
note whether an action used randomness or revealed hidden information, which is what
undo and the replay verifier need to know.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.core.errors import BadOptions, IllegalChoice, NotYourTurn
from engine.core.game import Choice, Game, GameOptions, GameState, LogEntry, Prompt, trusted


class Action(BaseModel):
    """One applied choice, as stored in the action log."""

    role: str
    choice: str


class Outcome(BaseModel):
    """What applying one action did, beyond the new state."""

    random: bool
    reveal: bool
    turn_ended: bool
    log: list[LogEntry]

    @property
    def barrier(self) -> bool:
        """Undo never crosses an action that rolled, drew or revealed."""
        return self.random or self.reveal


def parse_options(game: Game[Any, Any], options: dict[str, Any] | None) -> GameOptions:
    """A game's options from their JSON form. Options that name no ``revision`` are a new
    game's: they get the game's newest rules (a stored game's options always name theirs)."""
    given = {"revision": game.revision, **(options or {})}
    try:
        parsed = game.Options.model_validate(given)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}" for e in error.errors()
        )
        raise BadOptions(f"Those options don't work for {game.name}: {problems}") from None
    if parsed.revision > game.revision:
        raise BadOptions(
            f"This game was started under rules revision {parsed.revision} of {game.name},"
            f" newer than this Strategos knows ({game.revision})."
        )
    return parsed


def with_revision(game: Game[Any, Any], options: dict[str, Any] | None) -> dict[str, Any]:
    """``options`` naming the rules revision they start a game under (the given one, else
    the newest), as stored with a game so that its log always replays under the same rules."""
    return {**(options or {}), "revision": parse_options(game, options).revision}


def start(
    game: Game[Any, Any], seed: str, players: int, options: dict[str, Any] | None = None
) -> GameState:
    if not game.min_players <= players <= game.max_players:
        raise BadOptions(
            f"{game.name} is for {game.min_players}–{game.max_players} players, not {players}."
        )
    state: GameState = game.setup(seed, players, parse_options(game, options))
    state.actions = 0
    return state


# A resignation in the action log. "!" is not allowed in choice ids (game.CHOICE_ID), so
# this never collides with a game's own choice; any role of a running game may resign at
# any time, and the record/verifier replay it like every other action.
RESIGN = "!resign"
# One player's several sides resigning at once: ``!resign:<side>,<side>`` by the first of
# them names the others. One action, so that the first side's resignation does not end the
# game before the others' (``Game.resign`` with ``also``); a lone side stays plain RESIGN.
RESIGN_WITH = RESIGN + ":"


def resign_action(roles: Sequence[str]) -> Action:
    """The action by which ``roles`` (one player's sides, at least one) resign together."""
    first, *others = roles
    return Action(role=first, choice=RESIGN_WITH + ",".join(others) if others else RESIGN)


def resigning_with(choice_id: str) -> list[str] | None:
    """The other sides resigning with this action's role; None if it is no resignation."""
    if choice_id == RESIGN:
        return []
    if choice_id.startswith(RESIGN_WITH):
        return choice_id[len(RESIGN_WITH):].split(",")
    return None


def act(
    game: Game[Any, Any],
    state: GameState,
    role: str,
    choice_id: str,
    prompts: dict[str, Prompt] | None = None,
) -> Outcome:
    """Validate and apply one choice (or a resignation: :func:`resign_action`), mutating
    ``state``.

    ``prompts`` are this state's prompts when the caller already has them (computed once per
    state: they are handed to ``Game.apply`` with the choice)."""
    if state.result is not None:
        raise NotYourTurn("This game is over.")
    prompt: Prompt | None = None
    choice: Choice | None = None
    also = resigning_with(choice_id)
    if also is not None:
        sides = [role, *also]
        if any(side not in state.roles for side in sides) or len(set(sides)) != len(sides):
            raise NotYourTurn("That side is not in this game.")
    else:
        prompt = (game.prompts(state) if prompts is None else prompts).get(role)
        if prompt is None:
            raise NotYourTurn("It is not your turn to choose.")
        choice = prompt.find(choice_id)
    draws, reveals, turn, log_len = state.rng.draws, state.reveals, state.turn, len(state.log)
    state.actions += 1
    if also:
        game.resign(state, role, also)
    elif prompt is None or choice is None:
        game.resign(state, role)  # a lone side: the call every stored "!resign" makes
    else:
        game.apply(state, prompt, choice)
    return trusted(Outcome, {  # one per action: not validated again
        "random": state.rng.draws != draws,
        "reveal": state.reveals != reveals,
        "turn_ended": state.turn != turn or state.result is not None,
        "log": state.log[log_len:],
    })


def replay(
    game: Game[Any, Any],
    seed: str,
    players: int,
    options: dict[str, Any] | None,
    actions: list[Action],
) -> GameState:
    """Rebuild a state from its seed and action log."""
    state = start(game, seed, players, options)
    for number, action in enumerate(actions, start=1):
        try:
            act(game, state, action.role, action.choice)
        except (IllegalChoice, NotYourTurn) as error:
            where = f"Action {number} ({action.role}: {action.choice})"
            raise IllegalChoice(f"{where}: {error}") from None
    return state


def canonical_json(state: GameState) -> str:
    return json.dumps(state.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))


def state_digest(state: GameState) -> str:
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


def undo_depth(history: list[tuple[Action, bool]], role: str) -> int:
    """How many trailing actions ``role`` may take back.

    ``history`` pairs each action with its barrier flag (random or reveal). Only the
    role's own consecutive last actions count, and none that rolled, drew or revealed.
    """
    depth = 0
    for action, barrier in reversed(history):
        if action.role != role or barrier:
            break
        depth += 1
    return depth
