"""What a board adds on a copy of the base map (``MapPicture``): owners' tints and occupation
stripes, chips fitted into each zone, badges."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from render import common as c
from render.maps import palette
from render.maps.draw import draw_highlight
from render.maps.symbols import draw_symbol
from render.sixcontinents_map.base import base, draw_name, draw_province
from render.sixcontinents_map.layout import (
    COUNT,
    LAYOUT,
    MARK,
    SMALLEST_COUNT,
    half_width,
    inner_box,
)
from render.sixcontinents_map.looks import BORDER, BUILDINGS, LAND_FILL, LOOKS, TOKENS, Chip, tint


def chip_width(chip: Chip, size: int) -> int:
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
    return c.pack_rows(chips, lambda chip: chip_box(chip, size, upright)[0], width, gap=3)


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
        draw_province(self.image, zone, tint(colour) if colour else LAND_FILL)
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
        draw_name(self.image, zone)

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
        room = 2 * half_width(zone) + 8
        size = MARK
        while size > 14 and len(badges) * (size + 2) > room:
            size -= 2
        left = x - (len(badges) * (size + 2) - 2) / 2 + size / 2
        for k, (kind, text, fill) in enumerate(badges):
            self._use(kind)
            at = (left + k * (size + 2), y)
            look = LOOKS[kind]
            if look.text:
                badge(self.draw, at, size, look.text, fill)
            else:
                big = size + 8 if kind == "capital" else size
                if kind == "capital":  # a white ring, so the star shows on its own tint
                    draw_symbol(self.draw, "star", at, big + 6, c.WHITE, c.WHITE)
                draw_symbol(self.draw, look.shape, at, big, fill)
                if text:
                    self.draw.text((at[0], at[1] + (1 if kind == "capital" else 0)), text,
                                   font=c.font(int(size * 0.55), True), fill=c.ink_on(fill),
                                   anchor="mm")


def badge(draw: ImageDraw.ImageDraw, at: tuple[float, float], size: int, text: str,
          fill: c.RGB) -> None:
    x, y = at
    h = size / 2
    draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=4, fill=fill, outline=c.INK,
                           width=1)
    px = int(size * (0.7 if len(text) == 1 else 0.5))
    draw.text((x, y), text, font=c.font(px, True), fill=c.ink_on(fill), anchor="mm")
