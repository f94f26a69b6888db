"""Checks every game's typed views must pass (engine/core/view.py): the spectator model holds
no ``Private`` model, and a player's view is the spectator's plus its own ``private`` part."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game, GameState
from engine.core.view import Private, View, private_models, private_of, public_part


def assert_private_only_in_player_model(spectator: type[View], player: type[View]) -> None:
    """By type: nothing in the spectator model can hold a secret; the player model adds
    exactly one field, ``private``, of a ``Private`` type."""
    assert private_models(spectator) == []
    assert private_models(player) == ["private"]
    assert issubclass(player, spectator)
    assert set(player.model_fields) - set(spectator.model_fields) == {"private"}


def split_views(game: Game[Any, Any], state: GameState) -> dict[str, Private]:
    """Every role's secrets, after checking that each role's public part is the spectator
    view (nothing that differs between viewers can sit outside ``private``)."""
    spectator = game.view(state, None)
    assert private_of(spectator) is None
    public = public_part(spectator)
    secrets: dict[str, Private] = {}
    for role in state.roles:
        view = game.view(state, role)
        mine = private_of(view)
        assert mine is not None and mine.role == role, role
        assert public_part(view) == public, f"{role}'s public part differs from the spectator's"
        secrets[role] = mine
    return secrets
