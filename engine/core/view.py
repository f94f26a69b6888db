"""Typed views: what a spectator, or one role, may see of a game.

``Game.view(state, None)`` is the spectator view, the only source of channel text and board
images; ``Game.view(state, role)`` is that role's view. Each game declares both as pydantic
models. Privacy is structural:

- a role's secrets (its hand, its secret choices, its hidden placements, the full text of
  its secret question) live only in models that subclass ``Private``;
- the spectator model never holds a ``Private`` model, which ``private_models`` checks on
  the model's *type*, field by field, recursively (a test per game calls it);
- a player's view is the spectator view plus one field, ``private``, holding that role's
  ``Private`` model: ``public_part(player_view) == public_part(spectator_view)``, so
  nothing that differs between roles can hide in the public fields.

Consumers read attributes; where JSON is really needed (a generic renderer, a command that
dumps the view), ``view.model_dump(mode="json")``.
"""

from __future__ import annotations

import types
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict

PRIVATE_FIELD = "private"


class View(BaseModel):
    """The base of every game's views: typed fields, nothing unknown."""

    model_config = ConfigDict(extra="forbid")

    game: str


class Private(BaseModel):
    """The base of every model holding secrets: what only ``role`` (or its team) may see."""

    model_config = ConfigDict(extra="forbid")

    role: str


def private_of(view: View) -> Private | None:
    """The secrets part of a player's view; None for a spectator view."""
    value = getattr(view, PRIVATE_FIELD, None)
    return value if isinstance(value, Private) else None


def public_part(view: View) -> dict[str, Any]:
    """Everything but the secrets, as JSON-ready data: equal for every viewer of one state."""
    return view.model_dump(mode="json", exclude={PRIVATE_FIELD})


def private_models(model: type[BaseModel]) -> list[str]:
    """Paths of every field of ``model``'s type (recursively) that can hold a ``Private``
    model, e.g. ``["private", "battle.sides[].pool"]``; a spectator model must have none."""
    found: list[str] = []
    _walk(model, "", found, set())
    return found


def _walk(model: type[BaseModel], path: str, found: list[str], seen: set[type]) -> None:
    if model in seen:
        return
    seen.add(model)
    for name, field in model.model_fields.items():
        for inner in _model_types(field.annotation):
            where = f"{path}.{name}" if path else name
            if issubclass(inner, Private):
                found.append(where)
            else:
                _walk(inner, where, found, seen)
    seen.discard(model)


def _model_types(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models an annotation can hold: ``X``, ``X | None``, ``list[X]``,
    ``dict[str, X]``, ``Literal`` (none), nested any depth."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = get_origin(annotation)
    if origin is None and not isinstance(annotation, types.UnionType):
        return []
    if origin is not Union and not isinstance(annotation, types.UnionType) \
            and not isinstance(origin, type):
        return []  # Literal[...], Annotated metadata and the like hold no models
    return [model for arg in get_args(annotation) for model in _model_types(arg)]
