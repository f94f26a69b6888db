"""The renderer contract: one module per game under ``render/games/``.

A renderer turns a *view* (``Game.view(state, role)``, already redacted) into pictures
and text. Board images are made only from the spectator view (``role=None``), so
nothing hidden can reach a channel through them.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any, Protocol

from PIL import Image


class Renderer(Protocol):
    def board(self, view: dict[str, Any], previous: dict[str, Any] | None = None
              ) -> Image.Image:
        """The public board picture, from the spectator view; given the spectator view of the
        last board posted, what changed since is highlighted (``render.maps.draw``)."""
        ...

    def extra_images(self, view: dict[str, Any]) -> list[tuple[str, Image.Image]]:
        """More public pictures worth posting now (Epireia's Great Battle), named."""
        ...

    def status_text(self, view: dict[str, Any]) -> str:
        """A few lines of Markdown for the channel: round, phase, tracks. Spectator view only."""
        ...

    def private_text(self, view: dict[str, Any]) -> str:
        """Markdown for one player's ephemeral message: their hand and secrets."""
        ...


@cache
def get_renderer(game_id: str) -> Renderer:
    module = importlib.import_module(f"render.games.{game_id}")
    renderer: Renderer = module.RENDERER
    return renderer
