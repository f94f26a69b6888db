"""Helpers for the Freedom! rules tests: build positions, load dice, answer prompts."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.core.errors import IllegalChoice
from engine.core.flow import Frame, top
from engine.core.game import Choice
from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.freedom import GAME, cards
from engine.games.freedom.data import CAMP, SPACES
from engine.games.freedom.flow import FLOW
from engine.games.freedom.state import FreedomOptions, FreedomState


class Loaded(Rng):
    """A generator that returns scripted rolls first (tests only)."""

    script: list[int] = Field(default_factory=list)

    def roll(self, sides: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert 1 <= value <= sides, f"scripted {value} on a d{sides}"
            return value
        return super().roll(sides)


def load_dice(state: FreedomState, *values: int) -> None:
    state.rng = Loaded(seed=state.rng.seed, draws=state.rng.draws, script=list(values))


def new_game(seed: str = "rules", **options: Any) -> FreedomState:
    return GAME.setup(seed, 2, FreedomOptions(**options))


def empty_board(state: FreedomState) -> None:
    """Every unit back to the pool and every cannon off the map (the Bombard stays put)."""
    for space in state.spaces.values():
        for kind in ("exp", "ally", "ins"):
            state.pool[kind] += getattr(space, kind)
            setattr(space, kind, 0)
        if space.cannon and not space.bombard:
            state.pool["cannons"] += 1
            space.cannon = None
        space.damage = 0
    state.pool["cannons"] += state.camp_cannons
    state.camp_cannons = 0


def put(state: FreedomState, space: str, *, exp: int = 0, ally: int = 0, ins: int = 0,
        cannon: str | None = None, damage: int | None = None) -> None:
    here = state.spaces[space]
    for kind, n in (("exp", exp), ("ally", ally), ("ins", ins)):
        state.pool[kind] -= n
        setattr(here, kind, getattr(here, kind) + n)
    if cannon is not None:
        if here.cannon is None:
            state.pool["cannons"] -= 1
        here.cannon = cannon  # type: ignore[assignment]
    if damage is not None:
        here.damage = damage


def card_with(ap: int, side: str | None = None, period: str = "A",
              exclude: tuple[str, ...] = ()) -> str:
    for card in cards.deck().card:
        if card.ap == ap and card.period == period and card.id not in exclude and (
            side is None or card.side == side
        ):
            return card.id
    raise LookupError(f"no {period} card with {ap} AP for {side}")


def card_named(name: str) -> str:
    for card in cards.deck().card:
        if name in (card.name, card.name_pl):
            return card.id
    raise LookupError(name)


def to_actions(state: FreedomState, role: str, hand: list[str],
               other_hand: list[str] | None = None) -> None:
    """Jump to the Actions phase with ``role`` to play from ``hand``."""
    state.stack = []
    state.step = "actions"
    state.played = {"empire": 0, "insurgents": 0}
    state.pending_event = state.pending_for = None
    state.active = role
    state.hands[role] = list(hand)
    if other_hand is not None:
        other = "insurgents" if role == "empire" else "empire"
        state.hands[other] = list(other_hand)
    GAME.settle(state)


def play_ap(state: FreedomState, role: str, card: str | None = None, ap: int = 4) -> str:
    """Put a card of ``ap`` AP in ``role``'s hand and play it for AP."""
    if card is None:
        card = card_with(ap, period=state.period)
    to_actions(state, role, [card, *[c for c in state.hands[role] if c != card]][:8])
    choose(state, role, f"card:{card}:ap")
    return card


def choose(state: FreedomState, role: str, *choice_ids: str) -> None:
    for cid in choice_ids:
        act(GAME, state, role, cid)


def ids(state: FreedomState, role: str | None = None) -> list[str]:
    prompts = GAME.prompts(state)
    if role is None:
        (role,) = prompts
    return [c.id for c in prompts[role].choices]


def asked(state: FreedomState) -> tuple[str, str]:
    """(role, prompt state name) of the question asked now."""
    frame = state.stack[-1]
    return frame.role, frame.name


def ap_left(state: FreedomState) -> int:
    for frame in reversed(state.stack):
        if frame.name == "spend":
            return int(frame.data["ap"])
    return 0


__all__ = ["CAMP", "SPACES"]


def current(state: FreedomState) -> tuple[Frame, str, list[Choice]] | None:
    """The question on top: its frame, text and choices (None once the game is over)."""
    frame = top(state)
    if frame is None or state.result is not None:
        return None
    prompt = FLOW.ask(state, frame)
    return frame, prompt.text, prompt.choices


def answer_as(state: FreedomState, role: str, choice_id: str) -> None:
    """``role`` answers the question on top with a listed choice (no action is counted)."""
    prompt = GAME.prompts(state).get(role)
    if prompt is None:
        raise IllegalChoice("It is not your turn to choose.")
    GAME.apply(state, prompt, prompt.find(choice_id))

