"""Small positions for rule tests: an empty map with only the units a test puts there."""

from __future__ import annotations

from engine.core.runner import act
from engine.games.dragons1066 import GAME
from engine.games.dragons1066.phases import begin_attack, begin_reinforce
from engine.games.dragons1066.setup_board import add_piece
from engine.games.dragons1066.state import DragonsState, Piece


def empty(kingdom: str = "red", players: int = 4, revision: int = 1) -> DragonsState:
    """The starting map's owners with no unit on it, ``kingdom`` about to attack (rules
    ``revision`` 1 unless given)."""
    state = GAME.setup("test", players, GAME.Options(revision=revision))
    state.pieces, state.stack = [], []
    state.initial = dict.fromkeys(state.initial, 0)
    state.kingdom = kingdom
    return state


def put(state: DragonsState, kind: str, owner: str, zone: str, count: int = 1) -> list[Piece]:
    placed = [add_piece(state, kind, owner, zone) for _ in range(count)]
    state.initial[owner] += count
    return placed


def attack(state: DragonsState) -> None:
    """Open the Attack phase of the kingdom to act."""
    state.stack = []
    begin_attack(state)
    GAME.settle(state)


def reinforce(state: DragonsState) -> None:
    state.stack = []
    begin_reinforce(state)
    GAME.settle(state)


def choose(state: DragonsState, *choices: str) -> None:
    """Answer the questions asked, in order, each by the role asked."""
    for choice in choices:
        prompts = GAME.prompts(state)
        assert len(prompts) == 1, prompts
        role = next(iter(prompts))
        act(GAME, state, role, choice, prompts=prompts)
        assert GAME.invariants(state) == [], choice


def ids(state: DragonsState) -> list[str]:
    prompts = GAME.prompts(state)
    return [c.id for prompt in prompts.values() for c in prompt.choices]


def asked(state: DragonsState) -> str:
    return state.stack[-1].name if state.stack else ""


def units(state: DragonsState, zone: str, owner: str | None = None) -> list[str]:
    return sorted(p.kind for p in state.pieces if p.zone == zone
                  and (owner is None or p.owner == owner))


def attackers(state: DragonsState, kind: str, zone: str, count: int = 1) -> list[Piece]:
    """Units of the kingdom to act that moved into ``zone`` this turn."""
    placed = put(state, kind, state.kingdom, zone, count)
    for piece in placed:
        piece.attacking = piece.stopped = piece.moved = True
    return placed


def fight(state: DragonsState, *zones: str) -> None:
    """The Battle phase with battles in ``zones``, up to the first question."""
    state.stack = []
    state.battles = list(zones)
    state.phase = "battle"
    GAME.settle(state)
