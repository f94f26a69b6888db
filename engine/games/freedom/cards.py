"""The Freedom! deck: card models and the loader.

The printed deck's text is lost; ``data/cards.toml`` holds an original deck of 100
cards (50 "Dawn of Freedom" cards for Period A, 50 "Twilight of Freedom" cards for
Period B). Every card carries an ``effects`` list written in a small vocabulary of
effect primitives (``card_effects.py``), validated here at load and executed by
``events.py``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.games.freedom.card_effects import (
    SPECIALS,
    Adjust,
    Effect,
    Reinforce,
    Roll,
    Side,
    Special,
    Strike,
)

DATA = Path(__file__).parent / "data" / "cards.toml"



class Card(BaseModel):
    """One card: AP on the top corner, its side's colour, and the event text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[AB](0[1-9]|[1-4][0-9]|50)$")
    name: str
    name_pl: str = ""
    period: Literal["A", "B"]
    side: Side
    ap: int = Field(ge=2, le=4)
    note: str
    text: str
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _period_matches_id(self) -> Card:
        if self.id[0] != self.period:
            raise ValueError(f"card {self.id}: id letter and period {self.period} disagree")
        for effect in walk(self.effects):
            if isinstance(effect, Special) and effect.name not in SPECIALS:
                raise ValueError(f"card {self.id}: unknown special effect {effect.name!r}")
            player = None if self.side == "neutral" else self.side
            owner = resolve(getattr(effect, "who", "self"), player)
            if isinstance(effect, Adjust) and effect.track == "money" and owner != "empire":
                raise ValueError(f"card {self.id}: only the Empire has Money")
            if isinstance(effect, Reinforce) and owner is not None and \
                    (owner == "insurgents") != (effect.kind == "insurgent"):
                raise ValueError(f"card {self.id}: {effect.kind} units belong to the other side")
            if isinstance(effect, Strike) and effect.raids and owner == "empire":
                raise ValueError(f"card {self.id}: only the Insurgents raid")
        return self

    def beneficial_to(self, role: str) -> bool:
        """True when ``role`` may play this card as an Event (own side or neutral)."""
        return self.side in ("neutral", role)


class Deck(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    card: list[Card]

    @model_validator(mode="after")
    def _well_formed(self) -> Deck:
        ids = [c.id for c in self.card]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"duplicate card ids: {duplicates}")
        names = [c.name for c in self.card]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"duplicate card names: {twice}")
        for period in ("A", "B"):
            count = sum(1 for c in self.card if c.period == period)
            if count != 50:
                raise ValueError(f"period {period} has {count} cards, not 50")
        return self


def walk(effects: list[Effect]) -> list[Effect]:
    """Every effect of a list, including those nested in ``roll`` branches."""
    found: list[Effect] = []
    for effect in effects:
        found.append(effect)
        if isinstance(effect, Roll):
            found.extend(walk(effect.then))
            found.extend(walk(effect.otherwise))
    return found


def resolve(who: str, role: str | None) -> str | None:
    """The side ``who`` names when ``role`` resolves the event (None: depends on the player)."""
    if who in ("empire", "insurgents"):
        return who
    if role is None:
        return None
    if who == "self":
        return role
    return "insurgents" if role == "empire" else "empire"


def parse_deck(text: str) -> Deck:
    """A deck from TOML text (tests feed broken decks through here)."""
    return Deck.model_validate(tomllib.loads(text))


@cache
def deck() -> Deck:
    """The deck of ``data/cards.toml``, validated once."""
    return parse_deck(DATA.read_text(encoding="utf-8"))


@cache
def cards_by_id() -> dict[str, Card]:
    return {c.id: c for c in deck().card}


def card(card_id: str) -> Card:
    """The card with this id; KeyError names the id when it does not exist."""
    try:
        return cards_by_id()[card_id]
    except KeyError:
        raise KeyError(f"no Freedom! card {card_id!r}") from None


CARDS: dict[str, Card] = cards_by_id()


def period_ids(period: Literal["A", "B"]) -> list[str]:
    """Card ids of one period in deck order (the rules shuffle them with state.rng)."""
    return [c.id for c in deck().card if c.period == period]
