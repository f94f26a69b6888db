"""The Six Continents world, drawn: the base map once (seas, provinces, lines over water,
names), then what a board adds on a copy of it: owners' colours, unit and ship chips,
buildings, capitals, red tokens, markers, a weather panel, the players' panel and a legend
of exactly what was drawn. The layout is ``maps/data/sixcontinents.toml``, written from the
grid ``maps/data/grids/sixcontinents.toml`` by ``python -m render.sixcontinents_map``.

Everything takes plain arguments (a province id, a colour, kind -> count), never a view:
the board renderer reduces the game's view to those.

Sizes are chosen for a phone, where the board is shown about 400 px wide (a third of
``WIDTH``): counts are drawn at ``COUNT`` px (11 px there) when they fit, and only a crowded
province shrinks them (to ``SMALLEST_COUNT``); panel and legend text is ``KEY`` px.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw

from engine.games.sixcontinents.board import LINE_WATER, PROVINCES, SEAS
from render import common as c
from render.maps import palette
from render.maps.draw import LINE_STYLES, LineStyle, draw_connections, draw_highlight
from render.maps.gridmap import layout_text, load_grid
from render.maps.layout import DATA_DIR, ConnectionStyle, MapLayout, load_layout
from render.maps.symbols import Shape, draw_symbol


def _checked(layout: MapLayout) -> MapLayout:
    """The layout, refused unless its zones are exactly the game's provinces and seas."""
    missing = (set(PROVINCES) | set(SEAS)) - set(layout.zones)
    extra = set(layout.zones) - set(PROVINCES) - set(SEAS)
    wrong = {z for z in SEAS if z in layout.zones and layout.zones[z].kind != "sea"}
    if missing or extra or wrong:
        raise ValueError(f"sixcontinents layout: missing {sorted(missing)}, unknown "
                         f"{sorted(extra)}, seas not drawn as sea {sorted(wrong)}")
    return layout


LAYOUT: MapLayout = _checked(load_layout("sixcontinents"))
WIDTH, MAP_HEIGHT = LAYOUT.size
KEY = 33  # panel and legend text: 11 px on a 400 px wide phone
COUNT, SMALLEST_COUNT = 33, 18  # unit counts: 11 px on a phone when they fit
NAME = 16  # province names: the colours, chips and the legend say more
SMALLEST_NAME = 11
SEA_NAME = 15
MARK = 24  # building and marker badges

SEA_FILL: c.RGB = (58, 92, 132)  # darker than any owner's tint, so blue lands stay land
LAND_FILL: c.RGB = (245, 242, 234)  # a province nobody owns
BORDER: c.RGB = c.INK
ICE: c.RGB = (196, 206, 214)  # cells of no zone: ice, the Caspian, gaps between seas
TINT = 0.5

# The seats are named after colours, so they wear them: Okabe & Ito's vermillion, blue and
# bluish green stay apart for deuteranopes and protanopes too (tests check it).
OWNER_COLOURS: dict[str, c.RGB] = {
    "red": palette.VERMILLION, "blue": palette.BLUE, "green": palette.BLUISH_GREEN,
}
REBELS: c.RGB = (40, 40, 40)
SAVAGES: c.RGB = palette.BROWN

LINES: dict[ConnectionStyle, LineStyle] = {
    **LINE_STYLES,
    "strait": LineStyle(c.INK, 4, dash=7),  # a line over water: provinces that are adjacent
    "land": LineStyle(c.INK, 4),  # a border drawn as a line where the provinces cannot touch
    "sea": LineStyle((200, 225, 240), 3, dash=5),  # sea zones that are neighbours
}


@dataclass(frozen=True)
class Look:
    """How one kind of piece or marker is drawn and what the legend calls it: a shape (in
    its owner's colour, with a count) or a badge (a short text on a fill)."""

    name: str
    shape: Shape = "square"
    text: str = ""  # a badge's text; empty for a shape
    fill: c.RGB = c.WHITE


UNITS: dict[str, Look] = {
    "infantry": Look("Infantry", "square"),
    "cavalry": Look("Cavalry", "triangle"),
    "artillery": Look("Artillery", "pentagon"),
    "caravan": Look("Caravan", "hexagon"),
    "rebels": Look("Rebels", "diamond", fill=REBELS),
    "savages": Look("Savages", "star", fill=SAVAGES),
    "slave": Look("Slaves (their owner's colour)", "circle"),
}
SHIPS: dict[str, Look] = {
    "frigate": Look("Frigate", "triangle"),
    "corvette": Look("Corvette", "diamond"),
    "cruiser": Look("Cruiser", "pentagon"),
    "transporter": Look("Transporter", "hexagon"),
    "troopship": Look("Troop ship", "square"),
    "construction_ship": Look("Construction ship", "star"),
    "fishing_boat": Look("Fishing boat", "circle"),
    # A ship at sea off its port of departure, its count the soldiers aboard: where it is
    # bound is secret until it lands, so it is never drawn (nor a transfer's port).
    "voyage": Look("Troop ship at sea (soldiers aboard)", "flag"),
}
BUILDINGS: dict[str, Look] = {
    "port": Look("Port", text="⚓", fill=palette.SKY_BLUE),
    "farm": Look("Farm", text="F", fill=(200, 225, 140)),
    "granary": Look("Granary", text="G", fill=(240, 210, 120)),
    "manufactory": Look("Manufactory", text="⚙", fill=(190, 190, 200)),
    "bunker_1": Look("Bunkers 1", text="B1", fill=(150, 150, 150)),
    "bunker_2": Look("Bunkers 2", text="B2", fill=(110, 110, 110)),
    "road": Look("Road", text="═", fill=(215, 180, 130)),
    "slave_camp": Look("Slave camp", text="S", fill=(230, 230, 230)),
}
MARKERS: dict[str, Look] = {
    "capital": Look("Capital (level)", "star"),
    "red_tokens": Look("Red tokens", "circle", fill=palette.VERMILLION),
    "revolt": Look("Revolt marker", text="R", fill=c.BLACK),
    "mineral": Look("Mineral", text="K", fill=(200, 200, 120)),
    "rare_mineral": Look("Rare mineral", text="K+", fill=(230, 200, 60)),
    "tree": Look("Coconut tree", text="L", fill=(120, 190, 110)),
    "poisoned": Look("Poisoned water", text="✚", fill=c.BLACK),
    "robbery": Look("Robbery economy", text="$", fill=(250, 220, 140)),
    "expedition": Look("Expedition under way", text="E", fill=(170, 210, 235)),
    "blockaded": Look("Port blockaded by an enemy warship", text="✕", fill=palette.VERMILLION),
    "occupied": Look("Occupied (occupier's stripes)", "square", fill=(200, 200, 200)),
    "changed": Look("Changed since the last board", "square", fill=palette.HIGHLIGHT),
}
TOKENS: dict[str, Look] = {k: v for k, v in MARKERS.items() if v.text}  # ``marks(markers=)``
LOOKS: dict[str, Look] = {**UNITS, **{f"ship:{k}": v for k, v in SHIPS.items()},
                          **BUILDINGS, **MARKERS}


@dataclass(frozen=True)
class Chip:
    """``count`` pieces of one kind (a unit or ship kind) in one colour."""

    kind: str
    count: int
    colour: c.RGB


def tint(colour: c.RGB, amount: float = TINT) -> c.RGB:
    """``colour`` mixed with white: an owned province's fill, light enough for chips."""
    r, g, b = colour
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount),
            round(b + (255 - b) * amount))


def owner_colour(owner: str, order: Sequence[str] = ()) -> c.RGB:
    """A seat's colour: its own for red, blue and green, else the palette's by seat order."""
    if owner in OWNER_COLOURS:
        return OWNER_COLOURS[owner]
    return palette.owner_colours(order or [owner]).get(owner, c.GREY)


def name_of(zone: str) -> str:
    info = LAYOUT.zones[zone]
    if info.label is not None and info.label.text:
        return info.label.text
    return info.name


def inner_box(zone: str) -> c.Box:
    """Where a zone's chips go: its layout ``box`` (the rectangle inside its polygon that
    best holds its contents) below its name, above its markers when it is tall enough for
    both (a short one's markers are drawn over the chips' foot)."""
    info = LAYOUT.zones[zone]
    assert info.box is not None
    x0, y0, x1, y1 = info.box
    return x0 + 3, y0 + 20, x1 - 3, y1 - (28 if y1 - y0 >= 100 else 3)


def _half_width(zone: str) -> float:
    box = LAYOUT.zones[zone].box
    assert box is not None
    return (box[2] - box[0]) / 2 - 3


# --- the base map ---------------------------------------------------------------------------

def _draw_province(image: Image.Image, zone: str, fill: c.RGB) -> None:
    draw = ImageDraw.Draw(image)
    for shape in LAYOUT.zones[zone].outlines():
        draw.polygon(shape, fill=fill, outline=BORDER, width=2)
    _draw_name(image, zone)


def _draw_name(image: Image.Image, zone: str) -> None:
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


def name_room(zone: str) -> float:
    """How wide a zone's name may be: its box, over the border lines a little."""
    return 2 * _half_width(zone) + 10


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
            _draw_name(image, zone)
        else:
            _draw_province(image, zone, LAND_FILL)
    for title in LAYOUT.titles:
        c.label(draw, title.at, title.text, size=title.size, bold=True, fill=c.INK,
                outline=c.WHITE)
    return image


# --- what a board adds ----------------------------------------------------------------------

def _chip_width(chip: Chip, size: int) -> int:
    return chip_box(chip, size, upright=False)[0]


def chip_box(chip: Chip, size: int, upright: bool) -> tuple[int, int]:
    """A chip's width and height with its count at ``size``: the shape left of the count, or
    (``upright``, for a narrow province) above it."""
    icon = int(size * 0.75)
    text = c.text_size(str(chip.count), size, bold=True)[0]
    if upright:
        return max(icon, text) + 8, icon + size + 4
    return 4 + icon + 2 + text + 4, size


def _rows(chips: Sequence[Chip], width: int, size: int,
          upright: bool = False) -> list[list[Chip]]:
    rows: list[list[Chip]] = [[]]
    used = 0
    for chip in chips:
        w = chip_box(chip, size, upright)[0]
        if rows[-1] and used + 3 + w > width:
            rows.append([])
            used = 0
        used += (3 if rows[-1] else 0) + w
        rows[-1].append(chip)
    return rows


def _fits(chips: Sequence[Chip], area: c.Box, size: int,
          upright: bool) -> list[list[Chip]] | None:
    x0, y0, x1, y1 = area
    rows = _rows(chips, x1 - x0, size, upright)
    widest = max(sum(chip_box(ch, size, upright)[0] + 3 for ch in row) - 3 for row in rows)
    tall = chip_box(chips[0], size, upright)[1]
    if len(rows) * (tall + 2) - 2 <= y1 - y0 and widest <= x1 - x0:
        return rows
    return None


def fit_chips(chips: Sequence[Chip], area: c.Box) -> tuple[int, list[list[Chip]], bool]:
    """The largest count size (``COUNT`` down to ``SMALLEST_COUNT``) at which the chips fit
    ``area``, side by side or (when that reads larger, in a narrow province) upright; the
    rows at that size, and whether they are upright."""
    for size in range(COUNT, SMALLEST_COUNT - 1, -1):
        for upright in (False, True):
            rows = _fits(chips, area, size, upright)
            if rows is not None:
                return size, rows, upright
    return SMALLEST_COUNT, _rows(chips, area[2] - area[0], SMALLEST_COUNT), False


class MapPicture:
    """A board's map: a copy of the base, what is drawn on it, and the names of every kind
    of symbol drawn (``used``), which the legend must list."""

    def __init__(self) -> None:
        self.image = base().copy()
        self.draw = ImageDraw.Draw(self.image)
        self.used: list[str] = []
        self.count_sizes: dict[str, int] = {}

    def _use(self, kind: str) -> None:
        if kind not in self.used:
            self.used.append(kind)

    def province(self, zone: str, colour: c.RGB | None, occupier: c.RGB | None = None) -> None:
        """A province in its owner's tint (``None``: nobody's); an occupier's colour as
        stripes over it (conquered land before a peace cedes it)."""
        _draw_province(self.image, zone, tint(colour) if colour else LAND_FILL)
        if occupier is None:
            return
        self._use("occupied")
        shapes = LAYOUT.zones[zone].outlines()
        xs = [int(p[0]) for shape in shapes for p in shape]
        ys = [int(p[1]) for shape in shapes for p in shape]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs) + 1, max(ys) + 1
        size = (x1 - x0, y1 - y0)
        mask = Image.new("L", size, 0)  # the province's area, stripes only
        pen = ImageDraw.Draw(mask)
        for shape in shapes:
            pen.polygon([(x - x0, y - y0) for x, y in shape], fill=255)
        gaps = Image.new("L", size, 255)
        ruler = ImageDraw.Draw(gaps)
        for x in range(-size[1] - (x0 + y0) % 14, size[0], 14):
            ruler.line((x, size[1], x + size[1], 0), fill=0, width=4)
        mask.paste(0, mask=gaps)
        self.image.paste(occupier, (x0, y0, x1, y1), mask)
        for shape in LAYOUT.zones[zone].outlines():
            self.draw.polygon(shape, outline=BORDER, width=2)
        _draw_name(self.image, zone)

    def highlight(self, zones: Iterable[str]) -> None:
        """The toolkit's glow on the edge of each zone that changed since the last board
        (every piece of a zone in pieces); the legend then explains it."""
        shapes = [shape for zone in zones for shape in LAYOUT.zones[zone].outlines()]
        if shapes:
            draw_highlight(self.draw, shapes, width=6)
            self._use("changed")

    def chips(self, zone: str, chips: Sequence[Chip], ships: bool = False) -> int:
        """Unit chips (or ships in a sea zone): a white chip per kind and colour with the
        kind's shape and the count, rows centred between the name and the markers; returns
        the count size used. An unknown kind raises ``KeyError`` (it would have no legend)."""
        shown = [chip for chip in chips if chip.count > 0]
        looks = {chip.kind: LOOKS[f"ship:{chip.kind}" if ships else chip.kind] for chip in shown}
        if not shown:
            return COUNT
        area = inner_box(zone)
        size, rows, upright = fit_chips(shown, area)
        x0, y0, x1, y1 = area
        row_h = chip_box(shown[0], size, upright)[1] + 2
        y = (y0 + y1) / 2 - (len(rows) * row_h - 2) / 2
        icon = int(size * 0.75)
        for row in rows:
            total = sum(chip_box(chip, size, upright)[0] for chip in row) + 3 * (len(row) - 1)
            x = (x0 + x1) / 2 - total / 2
            for chip in row:
                look = looks[chip.kind]
                self._use(f"ship:{chip.kind}" if ships else chip.kind)
                w, h = chip_box(chip, size, upright)
                self.draw.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=c.WHITE,
                                            outline=c.INK, width=1)
                fill = look.fill if look.fill != c.WHITE else chip.colour
                if upright:
                    shape_at, count_at, anchor = ((x + w / 2, y + 3 + icon / 2),
                                                  (x + w / 2, y + h - 2), "mb")
                else:
                    shape_at, count_at, anchor = ((x + 4 + icon / 2, y + size / 2),
                                                  (x + 4 + icon + 2, y + size / 2), "lm")
                draw_symbol(self.draw, look.shape, shape_at, icon, fill)
                self.draw.text(count_at, str(chip.count), font=c.font(size, True), fill=c.INK,
                               anchor=anchor)
                x += w + 3
            y += row_h
        self.count_sizes[zone] = size
        return size

    def marks(self, zone: str, buildings: Iterable[str] = (), capital: tuple[int, c.RGB]
              | None = None, red_tokens: int = 0, markers: Iterable[str] = ()) -> None:
        """A row of badges at the province's foot: the capital (a star in its owner's
        colour with its level), its buildings, red tokens (a count), then markers. An
        unknown building or marker raises ``KeyError`` (it would have no legend)."""
        badges: list[tuple[str, str, c.RGB]] = []
        if capital is not None:
            badges.append(("capital", str(capital[0]), capital[1]))
        badges += [(b, "", BUILDINGS[b].fill) for b in buildings]
        if red_tokens:
            badges.append(("red_tokens", str(red_tokens), palette.VERMILLION))
        badges += [(m, "", TOKENS[m].fill) for m in markers]
        if not badges:
            return
        info = LAYOUT.zones[zone]
        assert info.marks is not None
        x, y = info.marks
        room = 2 * _half_width(zone) + 8
        size = MARK
        while size > 14 and len(badges) * (size + 2) > room:
            size -= 2
        left = x - (len(badges) * (size + 2) - 2) / 2 + size / 2
        for k, (kind, text, fill) in enumerate(badges):
            self._use(kind)
            at = (left + k * (size + 2), y)
            look = LOOKS[kind]
            if look.text:
                _badge(self.draw, at, size, look.text, fill)
            else:
                big = size + 8 if kind == "capital" else size
                if kind == "capital":  # a white ring, so the star shows on its own tint
                    draw_symbol(self.draw, "star", at, big + 6, c.WHITE, c.WHITE)
                draw_symbol(self.draw, look.shape, at, big, fill)
                if text:
                    self.draw.text((at[0], at[1] + (1 if kind == "capital" else 0)), text,
                                   font=c.font(int(size * 0.55), True), fill=c.ink_on(fill),
                                   anchor="mm")


def _badge(draw: ImageDraw.ImageDraw, at: tuple[float, float], size: int, text: str,
           fill: c.RGB) -> None:
    x, y = at
    h = size / 2
    draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=4, fill=fill, outline=c.INK,
                           width=1)
    px = int(size * (0.7 if len(text) == 1 else 0.5))
    draw.text((x, y), text, font=c.font(px, True), fill=c.ink_on(fill), anchor="mm")


# --- panels -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerLine:
    """One player's line in the players' panel."""

    name: str
    colour: c.RGB
    currency: int
    food: int
    provinces: int
    acting: bool = False
    detail: str = ""  # a second line (capital, soldiers, points), "" for none


def player_rows(players: Sequence[PlayerLine]) -> int:
    """Rows the players' panel needs: one a player, two when any has a ``detail``."""
    return len(players) * (2 if any(p.detail for p in players) else 1)


def draw_players(draw: ImageDraw.ImageDraw, box: c.Box, players: Sequence[PlayerLine]) -> None:
    """One line per player: a swatch in his colour, currency, food and provinces; below
    it, his ``detail`` when any player has one."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=c.PANEL, outline=c.GRID, width=2)
    rows = player_rows(players) // max(1, len(players))
    row = (y1 - y0 - 8) / max(1, len(players) * rows)
    for k, player in enumerate(players):
        y = y0 + 4 + row * (k * rows + 0.5)
        if player.detail:
            detail = shortened(player.detail, "", x1 - x0 - 74, KEY)
            c.label(draw, (x0 + 58, y + row), detail, size=KEY, anchor="lm")
        draw.rectangle((x0 + 12, y - 16, x0 + 46, y + 16), fill=player.colour, outline=c.INK,
                       width=2)
        tail = f": {player.currency} currency · {player.food} food · {player.provinces} provinces"
        text = shortened(player.name, tail, x1 - x0 - 100, KEY, player.acting) + tail
        c.label(draw, (x0 + 58, y), text, size=KEY, bold=player.acting, anchor="lm")
        if player.acting:
            c.label(draw, (x1 - 16, y), "◀", size=KEY, bold=True, anchor="rm")


def shortened(name: str, tail: str, width: float, size: int, bold: bool = False) -> str:
    """``name`` cut short (with "…") so that ``name + tail`` fits ``width`` at ``size``:
    key text keeps its size on a phone, long names give way."""
    if c.text_size(name + tail, size, bold)[0] <= width:
        return name
    while name and c.text_size(name + "…" + tail, size, bold)[0] > width:
        name = name[:-1]
    return name + "…"


def draw_weather(draw: ImageDraw.ImageDraw, box: c.Box, name: str, effect: str,
                 rounds_left: int) -> None:
    """The weather: its name and rounds left (this one included) on the first line, its
    effect below."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=(232, 240, 248), outline=c.GRID, width=2)
    rounds = "its last round" if rounds_left == 1 else f"{rounds_left} rounds left"
    c.label(draw, (x0 + 14, y0 + 8 + KEY / 2), f"Weather: {name} ({rounds})", size=KEY,
            bold=True, anchor="lm")
    c.draw_text_box(draw, (x0 + 14, y0 + KEY + 16, x1 - 14, y1 - 6), effect, start=KEY - 3,
                    minimum=KEY - 8, align="left", valign="top")


def legend_names(used: Iterable[str]) -> list[str]:
    """The legend's entries for the kinds drawn, in the legend's order."""
    wanted = set(used)
    return [_entry(kind, look) for kind, look in LOOKS.items() if kind in wanted]


def draw_legend(draw: ImageDraw.ImageDraw, box: c.Box, used: Iterable[str],
                size: int = KEY - 5) -> list[str]:
    """A framed legend of exactly the kinds drawn (pieces grey: the colour is the owner's),
    flowing in rows; ships are marked "(ship)". Returns the names drawn."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=c.PANEL, outline=c.GRID, width=2)
    wanted = set(used)
    icon = size + 4
    row_h = icon + 10
    x, y = x0 + 12, y0 + 8 + row_h / 2
    drawn: list[str] = []
    for kind, look in LOOKS.items():
        if kind not in wanted:
            continue
        name = _entry(kind, look)
        width = icon + 8 + c.text_size(name, size)[0] + 20
        if x + width > x1 and x > x0 + 12:
            x, y = x0 + 12, y + row_h
        if y + row_h / 2 > y1:
            break
        at = (x + icon / 2, y)
        if look.text:
            _badge(draw, at, icon, look.text, look.fill)
        elif kind == "occupied":
            _striped(draw, at, icon)
        else:
            fill = look.fill if look.fill != c.WHITE else c.GREY
            draw_symbol(draw, look.shape, at, icon, fill)
        c.label(draw, (x + icon + 8, y), name, size=size, anchor="lm")
        drawn.append(name)
        x += width
    return drawn


def _striped(draw: ImageDraw.ImageDraw, at: tuple[float, float], size: int) -> None:
    """The occupation's picture in the legend: a pale square with dark diagonal stripes."""
    x0, y0 = at[0] - size / 2, at[1] - size / 2
    draw.rectangle((x0, y0, x0 + size, y0 + size), fill=tint(c.GREY, 0.6))
    for t in (size * 0.35, size * 0.7, size * 1.05, size * 1.4, size * 1.75):
        if t <= size:
            start, end = (x0, y0 + t), (x0 + t, y0)
        else:
            start, end = (x0 + t - size, y0 + size), (x0 + size, y0 + t - size)
        draw.line((start, end), fill=c.MUTED, width=3)
    draw.rectangle((x0, y0, x0 + size, y0 + size), outline=c.INK, width=2)


def _entry(kind: str, look: Look) -> str:
    """A legend line's text: ships that do not say so are marked "(ship)"."""
    sea = kind.startswith("ship:") and not any(w in look.name for w in ("ship", "boat"))
    return look.name + (" (ship)" if sea else "")


def legend_height(used: Iterable[str], width: int, size: int = KEY - 5) -> int:
    """How tall :func:`draw_legend` needs its box for ``used`` at ``width``."""
    rows, x = 1, 12
    icon = size + 4
    for kind, look in LOOKS.items():
        if kind not in set(used):
            continue
        name = _entry(kind, look)
        w = icon + 8 + c.text_size(name, size)[0] + 20
        if x + w > width and x > 12:
            rows, x = rows + 1, 12
        x += w
    return 16 + rows * (icon + 10)


# --- a whole board ---------------------------------------------------------------------------

HEADER = 70
HEAD_BACK: c.RGB = (40, 36, 32)
PLAYER_ROW = 46
WEATHER_HEIGHT = 2 * KEY + 40


@dataclass(frozen=True)
class Weather:
    name: str
    effect: str
    rounds_left: int


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


def preview_map() -> MapPicture:
    """A map showing every kind of piece, building and marker once or more (provinces
    owned in turn by red, blue, green and nobody): for designers, the tests and the
    benchmark (``python -m render.sixcontinents_map --preview out.png``)."""
    picture = MapPicture()
    seats = ("red", "blue", "green", "")
    for k, zone in enumerate(PROVINCES):
        seat = seats[k % len(seats)]
        picture.province(zone, owner_colour(seat) if seat else None,
                         occupier=owner_colour("blue") if zone == "france" else None)
    red, blue, green = (owner_colour(s) for s in ("red", "blue", "green"))
    picture.chips("germany", [Chip("infantry", 6, red), Chip("cavalry", 2, red),
                              Chip("artillery", 1, red)])
    picture.chips("france", [Chip("infantry", 3, blue)])
    picture.chips("brazil_northeast", [Chip("infantry", 12, green), Chip("caravan", 1, green)])
    picture.chips("china", [Chip("rebels", 7, REBELS)])
    picture.chips("peru", [Chip("savages", 4, SAVAGES)])
    picture.chips("india", [Chip("infantry", 2, blue), Chip("slave", 3, blue)])
    picture.chips("north_sea", [Chip("frigate", 3, red), Chip("cruiser", 1, blue)], ships=True)
    picture.chips("caribbean", [Chip("fishing_boat", 1, green), Chip("corvette", 2, green)],
                  ships=True)
    picture.chips("java_sea", [Chip("transporter", 2, red)], ships=True)
    picture.chips("mid_atlantic", [Chip("troopship", 1, green),
                                   Chip("construction_ship", 1, green)], ships=True)
    picture.chips("bay_of_bengal", [Chip("voyage", 10, blue)], ships=True)
    picture.marks("germany", ["port", "farm", "road"], capital=(2, red), red_tokens=2)
    picture.marks("brazil_northeast", ["port"], capital=(3, green))
    picture.marks("iberia", ["port"], markers=["blockaded"])
    picture.marks("ukraine", [], capital=(1, blue))
    picture.marks("china", ["bunker_2"], red_tokens=4, markers=["revolt"])
    picture.marks("india", ["manufactory", "granary"], markers=["mineral", "tree"])
    picture.marks("danube", ["slave_camp", "bunker_1"], markers=["poisoned", "rare_mineral"])
    picture.marks("egypt", [], markers=["robbery", "expedition"])
    picture.highlight(["france", "north_sea"])
    return picture


def preview(picture: MapPicture | None = None) -> tuple[Image.Image, list[str]]:
    """:func:`preview_map` (or ``picture``) as a whole board of three players."""
    red, blue, green = (owner_colour(s) for s in ("red", "blue", "green"))
    players = [PlayerLine("Red", red, 40, 2, 22, acting=True,
                          detail="Capital Germany (level 2) · 9 soldiers · 31 points"),
               PlayerLine("Blue", blue, 17, 3, 22,
                          detail="Capital Ukraine (level 1) · 3 soldiers · 24 points"),
               PlayerLine("Green", green, 8, 1, 21,
                          detail="Capital Brazil (level 3) · 13 soldiers · 30 points")]
    weather = Weather("Hard frost", "Frozen ground and rivers: every unit moves 1 more; "
                      "marching costs nothing.", 2)
    return compose(picture or preview_map(), "Round 3 of 30 · Red to act", players, weather)


# --- the layout file --------------------------------------------------------------------------

def write_layout(path: Path = DATA_DIR / "sixcontinents.toml") -> str:
    """Write the layout from the grid (names and lines over water from the game's map)."""
    names = {**{p: v.name for p, v in PROVINCES.items()}, **{s: v.name for s, v in SEAS.items()}}
    straits = [tuple(sorted(pair)) for pair in LINE_WATER]
    text = layout_text(load_grid("sixcontinents"), names,
                       sorted((a, b) for a, b in straits))
    path.write_text(text, encoding="utf-8")
    return text


def main(argv: Sequence[str]) -> None:
    """``python -m render.sixcontinents_map``: rewrite the layout from the grid;
    ``--preview out.png``: save :func:`preview`."""
    if argv[:1] == ["--preview"]:
        preview()[0].save(argv[1] if len(argv) > 1 else "sixcontinents-preview.png")
    else:
        write_layout(Path(argv[0]) if argv else DATA_DIR / "sixcontinents.toml")


if __name__ == "__main__":
    main(sys.argv[1:])
