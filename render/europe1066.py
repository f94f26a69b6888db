"""The Dragons of 1066 map, drawn: kingdom colours, the alliance bands, zones with their
unit chips, Castles, Fortresses, Great Cities and battles, over ``maps/data/europe1066.toml``.

Everything here takes plain data (a zone's owner, its stacks, its markers), never a view;
``render/games/dragons1066.py`` reduces the spectator view to that data.

Sizes are chosen for a phone, where the board is shown about 400 px wide (a third of
``WIDTH``): unit counts are drawn at ``COUNT`` px (11 px there) whenever they fit, and only a
crowded zone shrinks them (to ``SMALLEST_COUNT`` at least).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from PIL import Image, ImageDraw

from render import common as c
from render.maps import palette
from render.maps.draw import LINE_STYLES, LineStyle, dashes, draw_connections, draw_highlight
from render.maps.layout import ConnectionStyle, MapLayout, Point, load_layout
from render.maps.symbols import Shape, Symbol, draw_symbol

LAYOUT: MapLayout = load_layout("europe1066")
WIDTH = LAYOUT.size[0]
COUNT, SMALLEST_COUNT = 33, 22  # unit counts: 11 px on a 400 px wide phone, at most a third less
NAME, SEA_NAME = 21, 19  # zone names: the colours and shapes say more
STRIP = 25  # the name band at the top of a land

SILVER: c.RGB = (200, 200, 205)
# The kingdoms are named after colours, so they wear them: Okabe & Ito's vermillion, yellow
# and blue, and a light grey, which stay apart for deuteranopes and protanopes too.
KINGDOM_COLOURS: dict[str, c.RGB] = {
    "red": palette.VERMILLION, "gold": palette.YELLOW, "blue": palette.BLUE, "silver": SILVER,
}
SEA_FILL: c.RGB = (92, 136, 170)  # darker than any kingdom's tint, so blue lands stay land
# An alliance shows in the name band of its kingdoms' lands (dark or light, so it reads
# without colour): the first alliance of the view's list dark, the second light.
BANDS: tuple[tuple[c.RGB, c.RGB], ...] = ((c.INK, c.WHITE), (c.WHITE, c.INK))

UNIT_SHAPES: dict[str, Shape] = {
    "legion": "square", "galleon": "hexagon", "knight": "pentagon", "dragon": "diamond",
    "warbeast": "triangle",
}
CASTLE = Symbol(name="Castle", shape="castle", fill=(150, 150, 150))
FORTRESS = Symbol(name="Fortress", shape="star", fill=palette.REDDISH_PURPLE)
CITY = Symbol(name="Great City", shape="circle", fill=c.WHITE)
BATTLE = Symbol(name="Battle pending", shape="flag", fill=c.WHITE)
CHANGED = Symbol(name="Changed since the last board", shape="square", fill=palette.HIGHLIGHT)
MARKERS = {"castle": CASTLE, "fortress": FORTRESS, "city": CITY, "battle": BATTLE}

LINES: dict[ConnectionStyle, LineStyle] = {
    **LINE_STYLES,
    "strait": LineStyle(palette.SKY_BLUE, 3, dash=6),  # a sea's coast: where Galleons land
}


@dataclass(frozen=True)
class Chip:
    """``count`` units of one kind of one kingdom."""

    kind: str
    kingdom: str
    count: int


@dataclass(frozen=True)
class ZoneData:
    owner: str  # "" for a sea
    chips: tuple[Chip, ...]
    castles: int
    fortress: bool
    city: bool
    battle: bool


def kingdom_colour(kingdom: str, order: Sequence[str] = ()) -> c.RGB:
    if kingdom in KINGDOM_COLOURS:
        return KINGDOM_COLOURS[kingdom]
    others = palette.owner_colours(order or [kingdom])
    return others.get(kingdom, c.GREY)


def tint(colour: c.RGB, amount: float = 0.55) -> c.RGB:
    """``colour`` mixed with white: a land's fill, light enough for the chips on it."""
    r, g, b = colour
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount),
            round(b + (255 - b) * amount))


def bounds(zone: str) -> c.Box:
    shape = LAYOUT.zones[zone].outline() or []
    xs, ys = [p[0] for p in shape], [p[1] for p in shape]
    return int(min(xs)), int(min(ys)), int(max(xs)), int(max(ys))


@cache
def base() -> Image.Image:
    """The map without anything that changes: paper and the connection lines (the zones,
    drawn over them, leave each line visible between the two it joins)."""
    image, draw = c.new_canvas(*LAYOUT.size, c.PAPER)
    draw_connections(draw, LAYOUT, LINES)
    return image


def chip_width(chip: Chip, size: int) -> int:
    return 5 + int(size * 0.75) + 3 + c.text_size(str(chip.count), size, bold=True)[0] + 5


def chip_rows(chips: Sequence[Chip], width: int, size: int) -> list[list[Chip]]:
    """The chips flowed into rows no wider than ``width``."""
    return c.pack_rows(chips, lambda chip: chip_width(chip, size), width, gap=4)


def fit_chips(chips: Sequence[Chip], area: c.Box) -> tuple[int, list[list[Chip]]]:
    """The largest count size (``COUNT`` down to ``SMALLEST_COUNT``) at which every chip
    fits ``area``, and the rows at that size."""
    x0, y0, x1, y1 = area
    size = COUNT
    while True:
        rows = chip_rows(chips, x1 - x0, size)
        if size <= SMALLEST_COUNT or len(rows) * (size + 2) - 2 <= y1 - y0:
            return size, rows
        size -= 2


def draw_chips(draw: ImageDraw.ImageDraw, chips: Sequence[Chip], area: c.Box,
               order: Sequence[str]) -> int:
    """A white chip per stack (its kind's shape in the kingdom's colour, then the count),
    rows centred in ``area``; returns the count size used."""
    if not chips:
        return COUNT
    size, rows = fit_chips(chips, area)
    x0, y0, x1, y1 = area
    row_h = size + 2
    y = (y0 + y1) / 2 - (len(rows) * row_h - 2) / 2
    for row in rows:
        total = sum(chip_width(chip, size) for chip in row) + 4 * (len(row) - 1)
        x = (x0 + x1) / 2 - total / 2
        for chip in row:
            w = chip_width(chip, size)
            draw.rounded_rectangle((x, y, x + w, y + size), radius=6, fill=c.WHITE,
                                   outline=c.INK, width=1)
            icon = int(size * 0.75)
            draw_symbol(draw, UNIT_SHAPES.get(chip.kind, "square"), (x + 5 + icon / 2,
                        y + size / 2), icon, kingdom_colour(chip.kingdom, order))
            draw.text((x + 5 + icon + 3, y + size / 2), str(chip.count),
                      font=c.font(size, True), fill=c.INK, anchor="lm")
            x += w + 4
        y += row_h
    return size


def fitted_name(text: str, width: int, size: int) -> int:
    """The size ``text`` fits ``width`` at, from ``size`` down to 14."""
    while size > 14 and c.text_size(text, size, bold=True)[0] > width:
        size -= 1
    return size


def draw_land(draw: ImageDraw.ImageDraw, zone: str, data: ZoneData, band: tuple[c.RGB, c.RGB],
              order: Sequence[str]) -> int:
    """A land: its owner's tint, the alliance's name band, the chips; returns the count
    size used."""
    x0, y0, x1, y1 = bounds(zone)
    colour = kingdom_colour(data.owner, order)
    draw.rectangle((x0, y0, x1, y1), fill=tint(colour), outline=c.INK, width=2)
    if LAYOUT.zones[zone].coast:
        draw.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=palette.SKY_BLUE, width=3)
    back, ink = band
    draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + STRIP), fill=back)
    draw.line((x0, y0 + STRIP + 1, x1, y0 + STRIP + 1), fill=colour, width=3)
    name = LAYOUT.zones[zone].name
    size = fitted_name(name, x1 - x0 - 30, NAME)
    draw.text(((x0 + x1) / 2, y0 + 2 + STRIP / 2), name, font=c.font(size, True), fill=ink,
              anchor="mm")
    return draw_chips(draw, data.chips, (x0 + 4, y0 + STRIP + 4, x1 - 4, y1 - 3), order)


def draw_markers(draw: ImageDraw.ImageDraw, zone: str, data: ZoneData) -> None:
    """On a zone's corners, over its edge and any highlight: Castles top left, the Fortress
    top right, the Great City bottom right, a pending battle's frame and flag bottom left."""
    x0, y0, x1, y1 = bounds(zone)
    for k in range(data.castles):
        draw_symbol(draw, "castle", (x0 + 4 + k * 22, y0 + 2), 22, CASTLE.fill or c.GREY)
    if data.fortress:
        draw_symbol(draw, "star", (x1 - 4, y0 + 2), 34, FORTRESS.fill or c.GREY)
    if data.city:
        draw_symbol(draw, "circle", (x1 - 2, y1 - 2), 20, c.WHITE)
        draw.ellipse((x1 - 6, y1 - 6, x1 + 2, y1 + 2), fill=c.INK)
    if data.battle:
        draw_battle(draw, LAYOUT.zones[zone].outline() or [], (x0 + 6, y1 - 4))


def draw_sea(draw: ImageDraw.ImageDraw, zone: str, data: ZoneData,
             order: Sequence[str]) -> int:
    shape = LAYOUT.zones[zone].outline() or []
    x0, y0, x1, y1 = bounds(zone)
    draw.polygon(shape, fill=SEA_FILL, outline=c.INK, width=2)
    name = LAYOUT.zones[zone].name
    size = fitted_name(name, x1 - x0 - 20, SEA_NAME)
    draw.text(((x0 + x1) / 2, y0 + 14), name, font=c.font(size, True), fill=c.WHITE,
              anchor="mm")
    return draw_chips(draw, data.chips, (x0 + 6, y0 + 26, x1 - 6, y1 - 4), order)


def draw_battle(draw: ImageDraw.ImageDraw, shape: Sequence[Point], flag: Point) -> None:
    """A pending battle: the zone's edge in black and white dashes, and a white flag."""
    ring = [*shape, shape[0]]
    draw.line(ring, fill=c.BLACK, width=6)
    for start, end in pairwise(ring):
        for p, q in dashes(start, end, 10):
            draw.line((p, q), fill=c.WHITE, width=3)
    draw_symbol(draw, "flag", flag, 34, BATTLE.fill or c.WHITE)


def draw_map(zones: Mapping[str, ZoneData], bands: Mapping[str, tuple[c.RGB, c.RGB]],
             order: Sequence[str], lit: Sequence[str] = ()) -> tuple[Image.Image, dict[str, int]]:
    """The whole map: every zone of the layout from ``zones`` (a zone missing there drawn
    empty), the zones ``lit`` highlighted; returns the picture and each zone's count size."""
    image = base().copy()
    draw = ImageDraw.Draw(image)
    sizes: dict[str, int] = {}
    empty = ZoneData("", (), 0, False, False, False)
    for zone, info in LAYOUT.zones.items():
        data = zones.get(zone, empty)
        if info.kind == "sea":
            sizes[zone] = draw_sea(draw, zone, data, order)
        else:
            band = bands.get(data.owner, BANDS[0])
            sizes[zone] = draw_land(draw, zone, data, band, order)
    draw_highlight(draw, [LAYOUT.zones[z].outline() or [] for z in lit if z in LAYOUT.zones])
    for zone in LAYOUT.zones:
        draw_markers(draw, zone, zones.get(zone, empty))
    return image, sizes
