"""How many clicks a game takes on Discord: ``python -m bot clicks <game>``.

Automatic players (the game's greedy one) play whole games, and every choice is priced as
the bot shows its prompt (``bot.views.layout``): a button is 1 click, a choice in a select
menu 2 (open the menu, pick), and each page turned to reach it 1 more. A *stint* is what one
role does until another role plays or the turn ends (the bot posts a board): one that
follows another role's choice starts with **Take turn** (1 click; after a board the same
player's prompt is already open). An
*action* is a choice made at the stint's top level (the flow's shallowest frame) with every
choice of the nested questions it opened and the later steps of its own frame: "play a card"
with its moves, "recruit" with its figure, "from" with its "to". The report gives clicks per
stint and per kind of action (the first choice's id up to its first colon), against the
targets of at most 3 clicks per action after Take turn and 8 per stint.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.views.layout import rows_per_page, unit_of, units_for
from engine.core.game import Choice, Game, GameState
from engine.core.registry import get_game, policies
from engine.core.rng import Rng
from engine.core.runner import act, start

ACTION_TARGET, STINT_TARGET = 3, 8
TAKE_TURN = 1


def choice_clicks(choices: Sequence[Choice], choice_id: str, last_choice: str = "") -> int:
    """Clicks to make ``choice_id`` from a prompt listing ``choices``. The bot opens it on
    the page offering ``last_choice`` (the player's previous choice) if it does, else on
    its first page."""
    units = units_for(list(choices))
    per_page = rows_per_page(units)
    position = unit_of(units, choice_id)
    if position is None:
        raise ValueError(f"{choice_id!r} is not among the choices")
    last = unit_of(units, last_choice) if last_choice else None
    shown = 0 if last is None else last // per_page
    return abs(position // per_page - shown) + (1 if units[position].kind == "buttons" else 2)


def depth(state: GameState) -> int:
    """How deep the flow's question is (frames on its stack; 0 for a game without one)."""
    stack = getattr(state, "stack", None)
    return len(stack) if isinstance(stack, list) else 0


def halfway(state: GameState) -> bool:
    """Whether the question asked is a later step of an action of several picks
    (``engine.core.steps``: its frame keeps the picks made so far)."""
    stack = getattr(state, "stack", None)
    if not isinstance(stack, list) or not stack:
        return False
    return bool(stack[-1].data.get("picked"))


@dataclass
class Action:
    kind: str
    example: str  # the first choice's label
    clicks: int = 0


@dataclass
class Stint:
    role: str
    turn: int  # the game's turn it is played in
    clicks: int = 0
    top: int = 0  # the depth of its top-level questions
    actions: list[Action] = field(default_factory=list)


@dataclass
class Tally:
    """Clicks of whole games: every stint and every action."""

    games: int = 0
    stints: list[int] = field(default_factory=list)
    actions: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    examples: dict[str, str] = field(default_factory=dict)

    def add(self, stint: Stint) -> None:
        self.stints.append(stint.clicks)
        for action in stint.actions:
            self.actions[action.kind].append(action.clicks)
            self.examples.setdefault(action.kind, action.example)


def play_counting(game: Game[Any, Any], seed: str, players: int, tally: Tally,
                  options: dict[str, Any] | None = None) -> None:
    """One game by the greedy player (random where a game has none), its clicks tallied."""
    policy = policies(game.id).get("greedy")
    chooser = Rng(seed=f"clicks:{seed}")
    state = start(game, seed, players, options)
    stint: Stint | None = None
    last_choice: dict[str, str] = {}
    while state.result is None:
        prompts = game.prompts(state)
        role = chooser.choice(sorted(prompts))
        choices = prompts[role].choices
        if policy is None:
            choice_id = chooser.choice(choices).id
        else:
            choice_id = policy(game, state, role, choices, chooser)
        level = depth(state)
        if stint is None or stint.role != role or stint.turn != state.turn:
            if stint is not None:
                tally.add(stint)
            taking = stint is None or stint.role != role
            if taking:  # Take turn opens the prompt on its first page
                last_choice.pop(role, None)
            stint = Stint(role=role, turn=state.turn, top=level,
                          clicks=TAKE_TURN if taking else 0)
        if not stint.actions or (level <= stint.top and not halfway(state)):
            stint.top = min(stint.top, level)
            label = next(c.label for c in choices if c.id == choice_id)
            stint.actions.append(Action(kind=choice_id.split(":")[0], example=label))
        cost = choice_clicks(choices, choice_id, last_choice.get(role, ""))
        last_choice[role] = choice_id
        stint.clicks += cost
        stint.actions[-1].clicks += cost
        act(game, state, role, choice_id, prompts=prompts)
    if stint is not None:
        tally.add(stint)
    tally.games += 1


def measure(game_id: str, players: int, games: int, seed: str = "clicks",
            options: dict[str, Any] | None = None) -> Tally:
    game = get_game(game_id)
    tally = Tally()
    for index in range(games):
        play_counting(game, f"{seed}-{index}", players, tally, options)
    return tally


def _p90(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def report(tally: Tally, game_id: str, players: int, most: int = 12) -> str:
    """A Markdown table: clicks per stint, then the most frequent kinds of action."""
    name = get_game(game_id).name
    lines = [
        f"Clicks in {tally.games} greedy games of {name}, {players} players (`python -m bot "
        f"clicks {game_id} --players {players} --games {tally.games}`); targets: an action at "
        f"most {ACTION_TARGET} clicks after Take turn, a stint (all one side does until another "
        f"side plays or the board is posted) at most {STINT_TARGET}.",
        "",
        "| what | how often | median clicks | 90% within | most |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    stints = tally.stints
    if stints:
        lines.append(f"| a stint (with Take turn when another side played) | {len(stints)} | "
                     f"{statistics.median(stints):g} | {_p90(stints)} | {max(stints)} |")
    ranked = sorted(tally.actions.items(), key=lambda item: -len(item[1]))[:most]
    for kind, clicks in ranked:
        example = tally.examples[kind].replace("|", "/")
        lines.append(f"| `{kind}` (e.g. {example}) | {len(clicks)} | "
                     f"{statistics.median(clicks):g} | {_p90(clicks)} | {max(clicks)} |")
    return "\n".join(lines)
