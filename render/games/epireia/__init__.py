"""Epireia pictures and texts: the map of Greece, the city boards, the Great Battle.

Everything is drawn from the typed views of ``engine/games/epireia/view.py``. Board images,
the battle image and the status text read only the spectator view (``EpireiaView``);
``texts.private_text`` is the one place that reads a seat's secrets
(``EpireiaPlayerView.private``). Static facts (place names, positions on the map, Empire
numbers) come from the game's public map data.

- ``reading``: the view read for every picture and text (names, colours, counts);
- ``map``: the map of Greece with its owners, figures and tokens;
- ``panel``: the header, the side panel (scenario, leagues, extras) and the city boards;
- ``battle``: the Great Battle's image;
- ``texts``: the status and private messages.
"""

from __future__ import annotations

from PIL import Image

from engine.core.view import View
from render import common as c
from render.focus import focus_card
from render.games.epireia.battle import battle_image
from render.games.epireia.map import (
    MAP_BOX,
    draw_map,
    draw_map_legend,
    focus_boxes,
    place_contents,
)
from render.games.epireia.panel import (
    PANEL_TOP,
    draw_city_board,
    draw_extras,
    draw_header,
    draw_leagues,
    draw_scenario,
)
from render.games.epireia.reading import HEIGHT, WIDTH, epireia_view
from render.games.epireia.texts import private_text, status_text
from render.maps.changes import changes


class EpireiaRenderer:
    """The ``render.base.Renderer`` for Epireia."""

    def board(self, any_view: View, previous: View | None = None) -> Image.Image:
        view = epireia_view(any_view)
        image, draw = c.new_canvas(WIDTH, HEIGHT)
        draw_header(draw, view)
        changed = (changes(place_contents(epireia_view(previous)), place_contents(view))
                   if previous is not None else {})
        image.paste(draw_map(view, changed), (MAP_BOX[0], MAP_BOX[1]))
        draw_map_legend(draw)
        draw.rectangle(MAP_BOX, outline=c.INK, width=2)
        top = draw_scenario(draw, view, PANEL_TOP)
        top = draw_leagues(draw, view, top)
        draw_extras(draw, view, top)
        roles = list(view.seats)
        if roles:
            width = (WIDTH - 12) / len(roles)
            for i, role in enumerate(roles):
                box = (int(8 + i * width), MAP_BOX[3] + 8, int(8 + (i + 1) * width) - 8,
                       HEIGHT - 8)
                draw_city_board(draw, view, role, box)
        return image

    def focus(self, board: Image.Image, any_view: View, previous: View | None = None
              ) -> Image.Image | None:
        view = epireia_view(any_view)
        changed = (changes(place_contents(epireia_view(previous)), place_contents(view))
                   if previous is not None else {})
        return focus_card(board, focus_boxes(changed), status_text(view), MAP_BOX)

    def extra_images(self, any_view: View) -> list[tuple[str, Image.Image]]:
        view = epireia_view(any_view)
        if view.battle is None:
            return []
        return [("great-battle", battle_image(view, view.battle))]

    def status_text(self, view: View) -> str:
        return status_text(epireia_view(view))

    def private_text(self, view: View) -> str:
        return private_text(epireia_view(view))

RENDERER = EpireiaRenderer()
