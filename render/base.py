"""The renderer contract: one module per game under ``render/games/``.

A renderer turns a *view* (``Game.view(state, role)``: a typed model, already redacted;
see ``engine/core/view.py``) into pictures and text, reading the model's attributes.
Board images are made only from the spectator view (``role=None``), so nothing hidden can
reach a channel through them.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Protocol

from PIL import Image

from engine.core.view import View


class Renderer(Protocol):
    def board(self, view: View, previous: View | None = None) -> Image.Image:
        """The public board picture, from the spectator view; given the spectator view of the
        last board posted, what changed since is highlighted (``render.maps.draw``)."""
        ...

    def extra_images(self, view: View) -> list[tuple[str, Image.Image]]:
        """More public pictures worth posting now (Epireia's Great Battle), named."""
        ...

    def focus(self, board: Image.Image, view: View, previous: View | None = None
              ) -> Image.Image | None:
        """The phone card (``render.focus``) a turn post shows first: the status over the
        part of ``board`` (this view's board picture) where things changed since
        ``previous``; None when the board itself reads at a phone's 400 px."""
        ...

    def status_text(self, view: View) -> str:
        """A few lines of Markdown for the channel: round, phase, tracks. Spectator view only."""
        ...

    def private_text(self, view: View) -> str:
        """Markdown for one player's ephemeral message: their hand and secrets (the player
        view's ``private`` part); for a spectator view, a line saying so."""
        ...


@cache
def get_renderer(game_id: str) -> Renderer:
    module = importlib.import_module(f"render.games.{game_id}")
    renderer: Renderer = module.RENDERER
    return renderer
