"""The greedy player's set-up: a City, an Administrator, a starting figure, a solo scenario
and league, from fixed preferences (the multiplayer draft takes the strongest City left)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng
from engine.games.epireia import abilities
from engine.games.epireia.content import CONTENT
from engine.games.epireia.state import (
    EpireiaState,
    Frame,
)

CITY_PREFERENCE = ("athens", "sparta", "corinth", "larissa", "elis", "delphi")  # solo
# The multiplayer draft takes the strongest City left, as measured with this player in 2-player
# mirror games (`bench/epireia_balance.py cities 8 --seed cit8` and `--seed cty`, 160 games per
# City: Athens 64%, Larissa 55%, Delphi 54%, Corinth 48%, Sparta 44%, Elis 36% of their games).
# The solo order above drafted Sparta and Corinth second and third: with 4 players the draft
# (Delian, Peloponnesian, Peloponnesian, Delian) gave the Peloponnesians the weakest pair.
DRAFT_PREFERENCE = ("athens", "larissa", "delphi", "corinth", "sparta", "elis")
ADMIN_PREFERENCE = ("polemarch", "archon", "merchant", "architect", "priestess", "trapezites")
FIGURE_PREFERENCE = {
    "athens": ("pericles", "themistocles", "cimon", "aristides", "cleisthenes"),
    "sparta": ("gorgo", "leonidas", "pausanias", "archidamus", "brasidas"),
    "corinth": ("adeimantus", "timoleon", "periander", "aristeus", "xenophon"),
    "delphi": ("aristonice", "perialla", "timasitheus", "xenoclea", "aceratus"),
    "elis": ("hippias", "eupolemos", "thrasydaeus", "tisamenus", "libon"),
    "larissa": ("aleuas", "heliodorus", "echecratidas", "pheidon", "thorax"),
}


def first_of(preference: Sequence[str], ids: list[str], prefix: str) -> str:
    for item in preference:
        if f"{prefix}{item}" in ids:
            return f"{prefix}{item}"
    return ids[0]


def pick_scenario(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    return rng.choice(ids)


def pick_city(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
              rng: Rng) -> str:
    preference = CITY_PREFERENCE if state.is_solo else DRAFT_PREFERENCE
    return first_of(preference, ids, "city:")


def pick_league(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                rng: Rng) -> str:
    return "lg:delian"


def pick_admin(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
               rng: Rng) -> str:
    return first_of(ADMIN_PREFERENCE, ids, "adm:")


def pick_figure(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                rng: Rng) -> str:
    city = state.seats[frame.role].city
    return first_of(FIGURE_PREFERENCE.get(city, ()), ids, "fig:")


def pick_ability(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                 rng: Rng) -> str:
    """A recruit: the strongest figure (sea-going on a tie)."""
    figures = [i for i in ids if i in CONTENT.figures]
    if not figures:
        return ids[0]
    cards = {f: abilities.figure_card(state, f) for f in figures}
    return max(figures, key=lambda f: (cards[f].attack, cards[f].sea, -ids.index(f)))
