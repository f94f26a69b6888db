"""Drawing a map from its layout and simple data: zones, coasts, connections, labels,
unit stacks by kind with counts, markers, a legend of the symbols used, and the highlight
of what changed. Everything takes plain data (zone id -> owner, zone id -> units), never a
game's view, so every game's renderer can use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from math import dist

from PIL import ImageDraw

from render import common as c
from render.maps import palette
from render.maps.layout import ConnectionStyle, MapLayout, Point
from render.maps.symbols import Symbol, draw_symbol, text_centre


@dataclass(frozen=True)
class Unit:
    """Pieces of one kind and one owner in a zone (owner "" for neutral pieces)."""

    kind: str
    count: int
    owner: str = ""


@dataclass(frozen=True)
class LineStyle:
    colour: c.RGB
    width: int
    dash: int = 0  # length of dashes and gaps; 0 draws a solid line
    ties: bool = False  # short bars across the line (a bridge)


LINE_STYLES: dict[ConnectionStyle, LineStyle] = {
    "land": LineStyle(c.MUTED, 3),
    "sea": LineStyle(palette.BLUE, 3, dash=12),
    "strait": LineStyle(palette.BLUE, 3, dash=5),
    "bridge": LineStyle((110, 80, 40), 7, ties=True),
}


COAST: c.RGB = palette.SKY_BLUE


def draw_lands(draw: ImageDraw.ImageDraw, layout: MapLayout,
               outline: c.RGB = (150, 135, 100)) -> None:
    """Coastlines and other ground under the zones, filled by their kind's terrain."""
    for land, polygon in zip(layout.lands, layout.land_polygons(), strict=True):
        draw.polygon(polygon, fill=palette.terrain_fill(land.kind), outline=outline)


def draw_zones(draw: ImageDraw.ImageDraw, layout: MapLayout,
               fills: Mapping[str, c.RGB] | None = None, outline: c.RGB = c.INK,
               width: int = 2) -> None:
    """Every zone with a shape: its owner's colour from ``fills``, else its terrain. A
    coastal zone's edge is a blue band (ships may land there)."""
    for zid, zone in layout.zones.items():
        fill = (fills or {}).get(zid) or palette.terrain_fill(zone.kind)
        for shape in zone.outlines():
            draw.polygon(shape, fill=fill, outline=outline, width=width)
            if zone.coast:
                ring = [*shape, shape[0]]
                draw.line(ring, fill=COAST, width=width + 6, joint="curve")
                draw.line(ring, fill=outline, width=1)


def dashes(start: Point, end: Point, dash: int) -> list[tuple[Point, Point]]:
    """The pieces of a dashed line from ``start`` to ``end`` (dash and gap alike)."""
    (x0, y0), (x1, y1) = start, end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    if dash <= 0 or length == 0:
        return [(start, end)]
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    pieces = []
    at = 0.0
    while at < length:
        stop = min(at + dash, length)
        pieces.append(((x0 + ux * at, y0 + uy * at), (x0 + ux * stop, y0 + uy * stop)))
        at += 2 * dash
    return pieces


def draw_connections(draw: ImageDraw.ImageDraw, layout: MapLayout,
                     styles: Mapping[ConnectionStyle, LineStyle] = LINE_STYLES) -> None:
    """A line between the centres of each pair of connected zones (through its ``via``
    points), in its style; a bridge's ties cross the middle of its middle leg. A wrapping
    line skips its legs between its first and last via points (off the picture)."""
    for link in layout.connections:
        a, b = layout.centre(link.a), layout.centre(link.b)
        if a is None or b is None:
            continue
        if not link.wraps:  # a zone in several pieces: from the piece nearest the other end
            a, b = nearest_piece(layout, link.a, b, a), nearest_piece(layout, link.b, a, b)
        style = styles[link.style]
        path = [a, *link.via, b]
        for leg, (start, end) in enumerate(pairwise(path)):
            if link.wraps and 1 <= leg < len(link.via):
                continue
            for p, q in dashes(start, end, style.dash):
                draw.line((p, q), fill=style.colour, width=style.width)
        if style.ties:
            middle = (len(path) - 1) // 2
            _ties(draw, path[middle], path[middle + 1], style)


def nearest_piece(layout: MapLayout, zone_id: str, towards: Point, centre: Point) -> Point:
    """``centre``, or for a zone with ``more`` pieces the middle of the piece nearest
    ``towards`` (its own centre when that is its main piece)."""
    zone = layout.zones.get(zone_id)
    if zone is None or not zone.more:
        return centre
    def middle(piece: Sequence[Point]) -> Point:
        xs, ys = [p[0] for p in piece], [p[1] for p in piece]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    pieces = zone.outlines()
    best = min(range(len(pieces)), key=lambda k: dist(middle(pieces[k]), towards))
    return centre if best == 0 else middle(pieces[best])


def _ties(draw: ImageDraw.ImageDraw, start: Point, end: Point, style: LineStyle) -> None:
    (x0, y0), (x1, y1) = start, end
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    nx, ny = -(y1 - y0) / length * style.width, (x1 - x0) / length * style.width
    for t in (0.35, 0.5, 0.65):
        mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        draw.line((mx - nx, my - ny, mx + nx, my + ny), fill=style.colour, width=2)


def zone_name(layout: MapLayout, zone_id: str, names: Mapping[str, str] | None = None) -> str:
    """The label's text: the layout's label or name, else the game's name, else the id."""
    zone = layout.zones[zone_id]
    if zone.label is not None and zone.label.text:
        return zone.label.text
    return zone.name or (names or {}).get(zone_id) or c.title_case(zone_id)


def draw_labels(draw: ImageDraw.ImageDraw, layout: MapLayout,
                names: Mapping[str, str] | None = None, size: int = 18) -> None:
    """Each zone's name at its label position (else its centre), with a light halo."""
    for zid, zone in layout.zones.items():
        at = zone.label.at if zone.label is not None else layout.centre(zid)
        if at is None:
            continue
        text_size = zone.label.size if zone.label is not None else size
        c.label(draw, at, zone_name(layout, zid, names), size=text_size, bold=True,
                outline=c.WHITE)


def stack_centres(centre: Point, count: int, size: float, gap: float = 4,
                  per_row: int = 4) -> list[Point]:
    """Centres of ``count`` pieces around ``centre``: rows of ``per_row``, centred."""
    rows = [min(per_row, count - start) for start in range(0, count, per_row)]
    cx, cy = centre
    top = cy - (len(rows) * size + (len(rows) - 1) * gap) / 2 + size / 2
    points = []
    for r, n in enumerate(rows):
        left = cx - (n * size + (n - 1) * gap) / 2 + size / 2
        points += [(left + k * (size + gap), top + r * (size + gap)) for k in range(n)]
    return points


def piece_fill(symbol: Symbol, owner: str, colours: Mapping[str, c.RGB]) -> c.RGB:
    return symbol.fill or colours.get(owner, c.GREY)


def draw_stack(draw: ImageDraw.ImageDraw, centre: Point, units: Sequence[Unit],
               symbols: Mapping[str, Symbol], colours: Mapping[str, c.RGB],
               size: int = 30, per_row: int = 4) -> list[Point]:
    """The pieces in one zone: one symbol per (kind, owner) with its count on it, in the
    order given; returns where each was drawn. A kind without a symbol is a square."""
    shown = [unit for unit in units if unit.count > 0]
    centres = stack_centres(centre, len(shown), size, per_row=per_row)
    for unit, at in zip(shown, centres, strict=True):
        symbol = symbols.get(unit.kind) or Symbol(name=unit.kind, shape="square")
        fill = piece_fill(symbol, unit.owner, colours)
        draw_symbol(draw, symbol.shape, at, size, fill, symbol.edge)
        text = str(unit.count)
        text_px = int(size * (0.55 if len(text) < 2 else 0.45))
        draw.text(text_centre(symbol.shape, at, size), text, font=c.font(text_px, True),
                  fill=c.ink_on(fill), anchor="mm")
    return centres


def draw_marker(draw: ImageDraw.ImageDraw, centre: Point, symbol: Symbol,
                colour: c.RGB | None = None, size: int = 26) -> None:
    """A marker (a castle, a fortress, a flag): its symbol, no count."""
    draw_symbol(draw, symbol.shape, centre, size, symbol.fill or colour or c.GREY, symbol.edge)


def used_kinds(stacks: Mapping[str, Sequence[Unit]], markers: Mapping[str, Iterable[str]]
               | None = None) -> set[str]:
    """The kinds of piece and marker on the map now (what the legend must explain)."""
    kinds = {unit.kind for units in stacks.values() for unit in units if unit.count > 0}
    for marks in (markers or {}).values():
        kinds.update(marks)
    return kinds


LEGEND_SIZE = 16


def legend_entries(symbols: Mapping[str, Symbol], used: Iterable[str],
                   owners: Mapping[str, c.RGB] | None = None) -> list[str]:
    """The legend's lines, in order: each used symbol (in the symbols' order), then owners."""
    wanted = set(used)
    return [symbols[kind].name for kind in symbols if kind in wanted] + list(owners or {})


def draw_legend(draw: ImageDraw.ImageDraw, box: c.Box, symbols: Mapping[str, Symbol],
                used: Iterable[str], owners: Mapping[str, c.RGB] | None = None,
                size: int = LEGEND_SIZE) -> list[str]:
    """A framed legend of exactly the symbols used (owner-coloured ones drawn grey) and of
    the owners' colours, flowing left to right in rows; returns the names drawn."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=c.PANEL, outline=c.GRID, width=2)
    wanted = set(used)
    entries: list[tuple[str, Symbol, c.RGB]] = [
        (symbols[kind].name, symbols[kind], symbols[kind].fill or c.GREY)
        for kind in symbols if kind in wanted]
    entries += [(name, Symbol(name=name, shape="circle"), colour)
                for name, colour in (owners or {}).items()]
    icon = size + 6
    row_h = icon + 8
    x, y = x0 + 10, y0 + 6 + row_h / 2
    drawn: list[str] = []
    for name, symbol, fill in entries:
        width = icon + 6 + c.text_size(name, size)[0] + 14
        if x + width > x1 and x > x0 + 10:
            x, y = x0 + 10, y + row_h
        if y + row_h / 2 > y1:
            break  # no room left: the box is too small for this legend
        draw_symbol(draw, symbol.shape, (x + icon / 2, y), icon, fill, symbol.edge)
        c.label(draw, (x + icon + 6, y), name, size=size, anchor="lm")
        drawn.append(name)
        x += width
    return drawn


def draw_highlight(draw: ImageDraw.ImageDraw, outlines: Iterable[Sequence[Point]],
                   colour: c.RGB = palette.HIGHLIGHT, edge: c.RGB = palette.HIGHLIGHT_EDGE,
                   width: int = 8) -> None:
    """A glowing frame on each shape's edge (what changed since the last board): a band of
    ``colour`` between two dark lines, so it shows on pale land and on the dark sea alike."""
    for shape in outlines:
        ring = [*shape, shape[0]]
        draw.line(ring, fill=edge, width=width, joint="curve")
        draw.line(ring, fill=colour, width=max(2, width - 4), joint="curve")
