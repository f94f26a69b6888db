"""Shared drawing helpers for the board renderers: fonts, colours, text that fits, PNG.

Fonts are DejaVu Sans (regular and bold), shipped in ``render/fonts/`` with their licence
(Bitstream Vera licence, ``LICENSE-DejaVu.txt``), so Greek and Polish letters draw on any
machine. Pictures are drawn in RGB and encoded by :func:`png_bytes`, which quantizes to a
small palette first: about three times smaller and faster to encode than a full-colour PNG.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

# A small, high-contrast palette shared by the games (readable on a phone, colour-blind aware:
# the two sides of each game differ in lightness as well as hue, and pieces carry numbers).
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (30, 30, 34)
MUTED: RGB = (95, 95, 105)
PAPER: RGB = (244, 238, 224)
PANEL: RGB = (252, 249, 240)
GRID: RGB = (170, 160, 140)
SEA: RGB = (160, 198, 222)
DEEP_SEA: RGB = (118, 164, 198)
LAND: RGB = (214, 200, 160)
GRASS: RGB = (190, 198, 150)
STONE: RGB = (165, 160, 150)
RED: RGB = (196, 40, 40)
DARK_RED: RGB = (130, 20, 20)
BLUE: RGB = (35, 85, 185)
DARK_BLUE: RGB = (20, 45, 110)
GREEN: RGB = (40, 140, 60)
PURPLE: RGB = (120, 50, 160)
GOLD: RGB = (214, 170, 40)
ORANGE: RGB = (225, 120, 30)
GREY: RGB = (150, 150, 150)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels (cached)."""
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[bold]), size)


@lru_cache(maxsize=8192)
def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height in pixels of one line (cached: layouts measure the same labels)."""
    left, top, right, bottom = font(size, bold).getbbox(text)
    return int(right - left), int(bottom - top)


def fit_size(text: str, width: int, height: int, start: int, bold: bool = False,
             minimum: int = 9) -> int:
    """The largest font size ≤ ``start`` at which one line of ``text`` fits ``width``×``height``."""
    size = start
    while size > minimum:
        w, h = text_size(text, size, bold)
        if w <= width and h <= height:
            return size
        size -= 1
    return minimum


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``text`` to lines no wider than ``width`` pixels (long words stay)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_size(candidate, size, bold)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


T = TypeVar("T")


def pack_rows(items: Sequence[T], width_of: Callable[[T], int], width: int,
              gap: int) -> list[list[T]]:
    """``items`` flowed into rows no wider than ``width``, ``gap`` pixels between two in a row
    (an item wider than ``width`` gets a row of its own)."""
    rows: list[list[T]] = [[]]
    used = 0
    for item in items:
        w = width_of(item)
        if rows[-1] and used + gap + w > width:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(item)
    return rows


def fits(text: str, width: int, height: int, size: int, bold: bool = False) -> bool:
    """Whether ``text``, wrapped to ``width`` at ``size``, fits ``height`` (no word too wide)."""
    lines = wrap(text, width, size, bold)
    widest = max((text_size(line, size, bold)[0] for line in lines), default=0)
    return widest <= width and int(size * 1.2) * len(lines) <= height


def wrapped_size(text: str, width: int, height: int, start: int, minimum: int,
                 bold: bool = False) -> int:
    """The largest size in [minimum, start] at which wrapped ``text`` fits the box, or 0."""
    for size in range(start, minimum - 1, -1):
        if fits(text, width, height, size, bold):
            return size
    return 0


def draw_text_box(draw: ImageDraw.ImageDraw, box: Box, text: str, start: int = 28,
                  bold: bool = False, fill: RGB = INK, align: str = "center",
                  minimum: int = 10, valign: str = "middle") -> int:
    """Draw ``text`` inside ``box``, wrapped and shrunk until it fits; returns the size used.

    ``align`` is left, center or right; ``valign`` is top or middle.
    """
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    size = wrapped_size(text, width, height, start, minimum + 1, bold) or min(start, minimum)
    lines = wrap(text, width, size, bold)
    line_height = int(size * 1.2)
    total = line_height * len(lines)
    y = y0 if valign == "top" else y0 + max(0, (height - total) // 2)
    for line in lines:
        w = text_size(line, size, bold)[0]
        if align == "left":
            x = x0
        elif align == "right":
            x = x1 - w
        else:
            x = x0 + (width - w) // 2
        draw.text((x, y), line, font=font(size, bold), fill=fill)
        y += line_height
    return size


def ink_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill`` (WCAG relative luminance: the two
    contrasts are equal at about 0.18)."""
    def linear(channel: int) -> float:
        v = channel / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in fill)
    return BLACK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 else WHITE


def label(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int = 20,
          bold: bool = False, fill: RGB = INK, anchor: str = "mm",
          outline: RGB | None = None) -> None:
    """One line of text anchored at ``xy`` (Pillow anchors), with an optional halo."""
    kwargs: dict[str, Any] = {}
    if outline is not None:
        kwargs = {"stroke_width": max(1, size // 10), "stroke_fill": outline}
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor, **kwargs)


def pill(draw: ImageDraw.ImageDraw, center: tuple[float, float], text: str, fill: RGB,
         size: int = 20, ink: RGB = WHITE, radius: int | None = None) -> Box:
    """A rounded badge with centred text (a unit count, a marker); returns its box."""
    w, h = text_size(text, size, bold=True)
    cx, cy = center
    pad_x, pad_y = max(6, size // 3), max(4, size // 4)
    box = (int(cx - w / 2 - pad_x), int(cy - h / 2 - pad_y),
           int(cx + w / 2 + pad_x), int(cy + h / 2 + pad_y))
    draw.rounded_rectangle(box, radius=radius if radius is not None else (box[3] - box[1]) // 2,
                           fill=fill, outline=BLACK, width=2)
    draw.text((cx, cy), text, font=font(size, True), fill=ink, anchor="mm")
    return box


def piece(draw: ImageDraw.ImageDraw, center: tuple[float, float], count: int, fill: RGB,
          size: int = 34, ink: RGB = WHITE, shape: str = "square") -> None:
    """A block of pieces: a coloured square (or circle/triangle) showing how many."""
    cx, cy = center
    half = size / 2
    box = (cx - half, cy - half, cx + half, cy + half)
    if shape == "circle":
        draw.ellipse(box, fill=fill, outline=BLACK, width=2)
    elif shape == "triangle":
        draw.polygon([(cx, cy - half), (cx + half, cy + half), (cx - half, cy + half)],
                     fill=fill, outline=BLACK)
    else:
        draw.rounded_rectangle(box, radius=max(2, size // 8), fill=fill, outline=BLACK, width=2)
    text = str(count)
    text_px = int(size * (0.62 if len(text) < 2 else 0.5))
    offset = size * 0.12 if shape == "triangle" else 0
    draw.text((cx, cy + offset), text, font=font(text_px, True), fill=ink, anchor="mm")


def track(draw: ImageDraw.ImageDraw, box: Box, name: str, values: range | list[int],
          markers: Mapping[int, list[RGB]], size: int = 18) -> None:
    """A numbered track: one cell per value, markers drawn as coloured discs in their cell."""
    x0, y0, x1, y1 = box
    cells = list(values)
    label(draw, (x0, y0), name, size=size, bold=True, anchor="lt")
    top = y0 + int(size * 1.35)
    cell_w = (x1 - x0) / max(1, len(cells))
    for i, value in enumerate(cells):
        cx0 = x0 + i * cell_w
        cell = (int(cx0), top, int(cx0 + cell_w) - 1, y1)
        colours = markers.get(value, [])
        draw.rectangle(cell, fill=PANEL if not colours else (255, 240, 190), outline=GRID)
        number_size = min(size, int(cell_w * 0.55) + 2)
        draw.text((cx0 + cell_w / 2, top + 2), str(value), font=font(number_size),
                  fill=MUTED, anchor="mt")
        radius = min(cell_w, y1 - top) * 0.28
        for k, colour in enumerate(colours):
            mx = cx0 + cell_w / 2 + (k - (len(colours) - 1) / 2) * radius * 1.3
            my = (top + y1) / 2 + number_size * 0.4
            draw.ellipse((mx - radius, my - radius, mx + radius, my + radius), fill=colour,
                         outline=BLACK, width=2)


def new_canvas(width: int, height: int, background: RGB = PAPER
               ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), background)
    return image, ImageDraw.Draw(image)


def png_bytes(image: Image.Image, colours: int = 96) -> bytes:
    """Encode as PNG after a fast palette quantize (small files, quick to send)."""
    paletted = image.convert("RGB").quantize(colors=colours, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def md_escape(text: str) -> str:
    """Escape Discord Markdown control characters in names that come from data."""
    for char in ("\\", "*", "_", "~", "`", "|", ">"):
        text = text.replace(char, "\\" + char)
    return text


def as_int(value: Any, default: int = 0) -> int:
    """``value`` as an int when it is one (or a numeric string), else ``default``."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value)
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return default
    return default


def title_case(identifier: str) -> str:
    """A data id as a display name: ``city_centre`` → ``City centre``."""
    text = identifier.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def counted(n: int, noun: str) -> str:
    """``1 token``, ``2 tokens``: a count with its noun (regular English plurals only)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def join_nonempty(parts: Iterable[str], sep: str = " · ") -> str:
    return sep.join(p for p in parts if p)
