"""The base map, drawn once: seas, provinces, lines over water and the zones' names."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render import common as c
from render.maps.draw import draw_connections
from render.sixcontinents_map.layout import (
    LAYOUT,
    MAP_HEIGHT,
    NAME,
    SEA_NAME,
    SMALLEST_NAME,
    WIDTH,
    inner_box,
    name_of,
    name_room,
)
from render.sixcontinents_map.looks import BORDER, ICE, LAND_FILL, LINES, SEA_FILL


def draw_province(image: Image.Image, zone: str, fill: c.RGB) -> None:
    draw = ImageDraw.Draw(image)
    for shape in LAYOUT.zones[zone].outlines():
        draw.polygon(shape, fill=fill, outline=BORDER, width=2)
    draw_name(image, zone)


def draw_name(image: Image.Image, zone: str) -> None:
    """The zone's name at its label place, shrunk to its width (down to 11 px); a sea lane
    too narrow for it has it written upwards along the lane."""
    info = LAYOUT.zones[zone]
    assert info.label is not None
    text = name_of(zone)
    sea = info.kind == "sea"
    width = name_room(zone)
    size = SEA_NAME if sea else NAME
    while size > SMALLEST_NAME and c.text_size(text, size, bold=True)[0] > width:
        size -= 1
    ink = c.WHITE if sea else c.INK
    if sea and c.text_size(text, size, bold=True)[0] > width:
        _upright_name(image, zone, text, ink)
        return
    c.label(ImageDraw.Draw(image), info.label.at, text, size=size, bold=True, fill=ink)


def _upright_name(image: Image.Image, zone: str, text: str, ink: c.RGB) -> None:
    x0, y0, x1, y1 = inner_box(zone)
    size = SEA_NAME
    while size > 11 and c.text_size(text, size, bold=True)[0] > y1 - y0 + 20:
        size -= 1
    w, h = c.text_size(text, size, bold=True)
    stamp = Image.new("L", (w + 4, h + 8), 0)
    ImageDraw.Draw(stamp).text((2, 2), text, font=c.font(size, True), fill=255)
    stamp = stamp.rotate(90, expand=True)
    at = (int((x0 + x1) / 2 - stamp.width / 2), int((y0 + y1) / 2 - stamp.height / 2))
    image.paste(Image.new("RGB", stamp.size, ink), at, stamp)


@cache
def base() -> Image.Image:
    """The map without anything that changes: seas, the lines over water (drawn under the
    provinces, so each shows across the water between the two it joins), provinces nobody
    owns, the names and the continents'."""
    image, draw = c.new_canvas(WIDTH, MAP_HEIGHT, ICE)
    for info in LAYOUT.zones.values():
        if info.kind == "sea":
            for shape in info.outlines():
                draw.polygon(shape, fill=SEA_FILL, outline=(190, 215, 235), width=2)
    draw_connections(draw, LAYOUT, LINES)
    for zone, info in LAYOUT.zones.items():
        if info.kind == "sea":
            draw_name(image, zone)
        else:
            draw_province(image, zone, LAND_FILL)
    for title in LAYOUT.titles:
        c.label(draw, title.at, title.text, size=title.size, bold=True, fill=c.INK,
                outline=c.WHITE)
    return image
