"""Freedom! pictures and texts: the siege of Messolonghi, its tracks and Surrounding Areas.

Everything is drawn from the typed views of ``engine/games/freedom/view.py``. The board
picture and the status text read only the spectator view (``FreedomView``);
``texts.private_text`` is the one place that reads a hand (``FreedomPlayerView.private``).
Static facts (space names, rows, area names and rewards, card texts) come from the game's
public data files.

- ``reading``: the board's size, the pieces' and sides' colours and names, the view read;
- ``map``: the city map (spaces, wall damage, pieces, legend) and what changed since the
  last board;
- ``panel``: the header, the tracks, the Surrounding Areas and the footer;
- ``texts``: the status and private messages.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.core.view import View
from render.focus import focus_card
from render.games.freedom.map import MAP_AREA, base_image, changed_boxes, draw_changes, draw_map
from render.games.freedom.panel import (
    AREAS_HEIGHT,
    draw_areas,
    draw_footer,
    draw_header,
    draw_tracks,
)
from render.games.freedom.reading import freedom_view
from render.games.freedom.texts import private_text, status_text


class FreedomRenderer:
    """The ``render.base.Renderer`` for Freedom!."""

    def board(self, any_view: View, previous: View | None = None) -> Image.Image:
        view = freedom_view(any_view)
        image = base_image().copy()
        draw = ImageDraw.Draw(image)
        draw_header(draw, view)
        draw_map(draw, view)
        if previous is not None:
            draw_changes(draw, freedom_view(previous), view)
        top = draw_tracks(draw, view, 72)
        top = draw_areas(draw, view, top, top + AREAS_HEIGHT)
        draw_footer(draw, view, top)
        return image

    def extra_images(self, view: View) -> list[tuple[str, Image.Image]]:
        return []

    def focus(self, board: Image.Image, any_view: View, previous: View | None = None
              ) -> Image.Image | None:
        view = freedom_view(any_view)
        changed = changed_boxes(freedom_view(previous), view) if previous is not None else []
        return focus_card(board, changed, status_text(view), MAP_AREA)

    def status_text(self, view: View) -> str:
        return status_text(freedom_view(view))

    def private_text(self, view: View) -> str:
        return private_text(freedom_view(view))

RENDERER = FreedomRenderer()
