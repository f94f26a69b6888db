"""How often each card's event changes the game, measured on positions of random games.

``positions(games)`` plays random games and keeps a copy of the state at the first card play of
every round; ``effect_rates(positions)`` resolves every event of the right period on each of
them (for each side that may play it) with a player that always does something when it can, and
returns, per card, the share of positions where the material state (pieces, tracks, areas,
hands) changed. Run as a script for a table: ``python tests/games/freedom/event_effects.py``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.freedom import GAME, events, flow
from engine.games.freedom.cards import CARDS
from engine.games.freedom.state import FreedomState
from tests.games.freedom.freedom_helpers import answer_as, current

MATERIAL = {
    "spaces", "camp_cannons", "pool", "bombard_lost", "morale", "money", "supplies", "plea",
    "prep", "areas", "hands", "decks", "result", "flags",
}
IDLE = ("done", "pass", "back")


def fingerprint(state: FreedomState) -> str:
    return json.dumps(state.model_dump(include=MATERIAL), sort_keys=True)


def positions(games: int, seed: str = "effects") -> list[FreedomState]:
    """A copy of each random game's state at the first card play of every round."""
    found: list[FreedomState] = []
    for index in range(games):
        state = start(GAME, f"{seed}-{index}", 2)
        assert isinstance(state, FreedomState)
        chooser = Rng(seed=f"{seed}-chooser-{index}")
        seen: set[int] = set()
        while state.result is None:
            frame = state.stack[-1]
            if frame.name == "play" and state.round not in seen:
                seen.add(state.round)
                found.append(state.model_copy(deep=True))
            prompts = GAME.prompts(state)
            role = sorted(prompts)[0]
            # several units placed at once are the same as one by one: left out, so the
            # positions do not hang on that convenience
            singles = [c for c in prompts[role].choices if not c.id.startswith("all:")]
            act(GAME, state, role, chooser.choice(singles).id)
    return found


def _busy_choice(ids: list[str], chooser: Rng) -> str:
    """A random answer, but never "stop" while something else can be done."""
    busy = [i for i in ids if i not in IDLE]
    return chooser.choice(busy or ids)


def resolve(state: FreedomState, card_id: str, role: str, chooser: Rng) -> bool:
    """Resolve ``card_id``'s event for ``role`` on ``state`` (changed in place); True when the
    material state changed."""
    before = fingerprint(state)
    state.stack = []
    flow.push(state, "ev_hold", role)
    events.play_event(state, card_id, role)
    GAME.settle(state)
    for _ in range(300):
        if state.result is not None or state.stack[-1].name == "ev_hold":
            break
        asking = current(state)
        assert asking is not None
        frame, _, choices = asking
        answer_as(state, frame.role, _busy_choice([c.id for c in choices], chooser))
    return fingerprint(state) != before


@flow.prompt_state
class Hold(flow.PromptState):
    """Stays under the event so the phase machine never runs while it is measured."""

    name = "ev_hold"

    def choices(self, state: FreedomState, frame: Any) -> list[Any]:
        return []


def effect_rates(found: list[FreedomState]) -> dict[str, float]:
    """Card id -> share of (position, side) pairs of its period where the event did something."""
    rates: dict[str, float] = {}
    for card_id, card in sorted(CARDS.items()):
        sides = ["empire", "insurgents"] if card.side == "neutral" else [card.side]
        tried = changed = 0
        for n, position in enumerate(found):
            if position.period != card.period:
                continue
            for side in sides:
                state = position.model_copy(deep=True)
                tried += 1
                changed += resolve(state, card_id, side, Rng(seed=f"{card_id}-{side}-{n}"))
        rates[card_id] = changed / tried if tried else 0.0
    return rates


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    table = effect_rates(positions(count))
    for cid, rate in sorted(table.items(), key=lambda item: item[1]):
        print(f"{cid} {rate:5.0%} {CARDS[cid].name} — {CARDS[cid].text}")
