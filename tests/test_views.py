"""engine/core/view.py: finding a Private model anywhere in a view's type, and the split of
a player's view into the spectator's public part and its own secrets (the Duel test game)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core.view import Private, View, private_models, private_of, public_part
from tests.support.duel import GAME as DUEL
from tests.support.duel import DuelPlayerView, DuelView
from tests.support.views import assert_private_only_in_player_model, split_views


class Hand(Private):
    cards: list[str]


class Seat(BaseModel):
    name: str
    hands: dict[str, list[Hand | None]]  # deep inside a union, a list and a dict


class Leaky(View):
    seats: dict[str, Seat]
    note: str | None


class Clean(View):
    seats: dict[str, list[int]]
    kind: str | None


def test_a_private_model_is_found_however_deep_its_field_type_holds_it() -> None:
    assert private_models(Leaky) == ["seats.hands"]
    assert private_models(Clean) == []


def test_the_duel_views_split_into_public_part_and_own_hand() -> None:
    assert_private_only_in_player_model(DuelView, DuelPlayerView)
    state = DUEL.setup("split", 2, DUEL.Options())
    secrets = split_views(DUEL, state)
    assert {role: mine.model_dump()["hand"] for role, mine in secrets.items()} == state.hands
    assert private_of(DUEL.view(state, None)) is None
    assert "private" not in public_part(DUEL.view(state, "north"))
