"""A whole Six Continents board: the heading, the map, the players' panel, the weather and the
legend composed into one image."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render import common as c
from render.sixcontinents_map.layout import KEY, MAP_HEIGHT, WIDTH
from render.sixcontinents_map.panels import (
    PlayerLine,
    Weather,
    draw_legend,
    draw_players,
    draw_weather,
    legend_height,
    player_rows,
    shortened,
)
from render.sixcontinents_map.picture import MapPicture

HEADER = 70
HEAD_BACK: c.RGB = (40, 36, 32)
PLAYER_ROW = 46
WEATHER_HEIGHT = 2 * KEY + 40


def compose(picture: MapPicture, heading: str, players: Sequence[PlayerLine],
            weather: Weather | None) -> tuple[Image.Image, list[str]]:
    """The board: a heading band, the map, the players' panel, the weather and a legend of
    exactly what the map shows; returns the picture and the legend's entries."""
    legend_h = legend_height(picture.used, WIDTH - 16)
    players_h = 12 + PLAYER_ROW * max(1, player_rows(players))
    weather_h = WEATHER_HEIGHT if weather is not None else 0
    top = HEADER + MAP_HEIGHT
    height = top + 8 + players_h + (8 + weather_h if weather else 0) + 8 + legend_h + 8
    image, draw = c.new_canvas(WIDTH, height, c.PAPER)
    draw.rectangle((0, 0, WIDTH, HEADER), fill=HEAD_BACK)
    text = shortened(heading, "", WIDTH - 32, KEY + 3, bold=True)
    c.label(draw, (16, HEADER / 2), text, size=KEY + 3, bold=True, fill=c.WHITE, anchor="lm")
    image.paste(picture.image, (0, HEADER))
    y = top + 8
    draw_players(draw, (8, y, WIDTH - 8, y + players_h), players)
    y += players_h + 8
    if weather is not None:
        draw_weather(draw, (8, y, WIDTH - 8, y + weather_h), weather.name, weather.effect,
                     weather.rounds_left)
        y += weather_h + 8
    drawn = draw_legend(draw, (8, y, WIDTH - 8, y + legend_h), picture.used)
    return image, drawn
