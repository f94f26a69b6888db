"""The deck as a design: every event is its own, and every event does something in most games.

Two cards are the same event when, resolved by the same side, they do exactly the same
("self" and "opponent" replaced by the sides they name): the audit found twelve Period B cards
that repeated a Period A card. Effectiveness is measured on positions of random games (the
first card play of every round of 12 games, see ``event_effects.py``): each event, resolved
there by a player who always does something when it can, must change the pieces, tracks,
areas or hands in at least half of them.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from engine.games.freedom.cards import CARDS, Card, resolve
from tests.games.freedom.event_effects import effect_rates, positions

THRESHOLD = 0.5  # "most random situations"
GAMES = 12


def _resolved(value: Any, role: str) -> Any:
    if isinstance(value, dict):
        out = {k: _resolved(v, role) for k, v in value.items()}
        for key in ("who", "chooser"):
            if key in out:
                out[key] = resolve(out[key], role)
        return out
    if isinstance(value, list):
        return [_resolved(v, role) for v in value]
    return value


def resolved_events(card: Card) -> set[str]:
    """The card's effects as text, once for each side that may resolve it."""
    sides = ["empire", "insurgents"] if card.side == "neutral" else [card.side]
    effects = [e.model_dump() for e in card.effects]
    return {json.dumps(_resolved(effects, side), sort_keys=True) for side in sides}


def test_no_two_cards_have_the_same_event() -> None:
    seen: dict[str, str] = {}
    clashes = []
    for card_id, card in sorted(CARDS.items()):
        for text in resolved_events(card):
            if text in seen:
                clashes.append((seen[text], card_id))
            seen.setdefault(text, card_id)
    assert clashes == []


def test_a_copy_is_caught() -> None:
    """The comparison sees through "self": an Insurgent card and a neutral card that give the
    Insurgents the same thing are the same event."""
    neutral = CARDS["A44"]  # Austrian Merchantmen: gain 2 Supplies (either side)
    copy = CARDS["A36"].model_copy(update={"effects": neutral.effects})
    assert resolved_events(copy) & resolved_events(neutral)


@cache
def _rates() -> dict[str, float]:
    return effect_rates(positions(GAMES))


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_every_event_changes_the_game_in_most_random_positions(card_id: str) -> None:
    rate = _rates()[card_id]
    assert rate >= THRESHOLD, f"{card_id} {CARDS[card_id].name}: {rate:.0%}"
