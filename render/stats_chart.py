"""A player's statistics as one picture: the rating history per game kind (a line per
kind over its rated games, the current ± as a bar at its end) and win rates by game and by
side (horizontal bars).

Pure: it draws a :class:`StatsChart` of plain numbers and names; the bot builds that from
the game service. Drawn 800 px wide with text of at least 22 px, so that on a phone, where
Discord shows it about 400 px wide, the smallest text is still about 11 px.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw
from pydantic import BaseModel

from render import common as c
from render.maps.palette import OWNER_ORDER

WIDTH = 800
PHONE_WIDTH = 400  # how wide a phone shows an image in a message
TEXT = 22  # the smallest text: 11 px at PHONE_WIDTH
TITLE = 28
MARGIN = 24
PLOT_HEIGHT = 300
BAR_ROW = 40
LABEL_WIDTH = 300  # the bars' labels; the rest of the row is the bar and its numbers
LEGEND_ROW = 32
EMPTY_PLOT = 90  # the plot's height when there is no rated game: one line of text


class RatingLine(BaseModel):
    """One game kind's ratings: before the first rated game, then after each."""

    name: str
    ratings: list[float]
    uncertainty: float | None = None  # the current ± on the same scale


class WinRate(BaseModel):
    label: str
    games: int
    wins: int
    draws: int = 0


class StatsChart(BaseModel):
    title: str
    lines: list[RatingLine]
    by_game: list[WinRate]
    by_side: list[WinRate]


def _rated(lines: Sequence[RatingLine]) -> bool:
    return any(line.ratings for line in lines)


def _height(chart: StatsChart) -> int:
    height = MARGIN + TITLE + 16
    if _rated(chart.lines):
        height += PLOT_HEIGHT + 40 + LEGEND_ROW * len(chart.lines)
    else:
        height += EMPTY_PLOT
    for bars in (chart.by_game, chart.by_side):
        if bars:
            height += 16 + TEXT + 12 + BAR_ROW * len(bars)
    return height + MARGIN


def draw_stats(chart: StatsChart) -> Image.Image:
    """The whole picture, top to bottom: title, rating history, win rates."""
    image, draw = c.new_canvas(WIDTH, _height(chart), c.PANEL)
    y = MARGIN
    c.label(draw, (MARGIN, y), chart.title, size=TITLE, bold=True, anchor="lt")
    y += TITLE + 16
    y = _history(draw, chart.lines, y)
    for heading, bars in (("Win rate by game", chart.by_game),
                          ("Win rate by side", chart.by_side)):
        if bars:
            y = _bars(draw, heading, bars, y + 16)
    return image


def stats_png(chart: StatsChart) -> bytes:
    return c.png_bytes(draw_stats(chart))


def _ticks(low: float, high: float) -> list[float]:
    """Three to six round values across [low, high]."""
    span = max(high - low, 1.0)
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if span / step <= 5:
            break
    first = -(-low // step) * step
    return [first + step * k for k in range(int((high - first) // step) + 1)]


def _history(draw: ImageDraw.ImageDraw, lines: Sequence[RatingLine], top: int) -> int:
    """The line chart and its legend; returns the y below them."""
    left, right = MARGIN + 80, WIDTH - MARGIN
    if not _rated(lines):
        bottom = top + EMPTY_PLOT
        draw.rectangle((MARGIN, top, right, bottom), fill=c.WHITE, outline=c.GRID)
        c.label(draw, ((MARGIN + right) / 2, (top + bottom) / 2),
                "No rated games yet: no rating history", size=TEXT, fill=c.MUTED)
        return bottom
    bottom = top + PLOT_HEIGHT
    draw.rectangle((left, top, right, bottom), fill=c.WHITE, outline=c.GRID)
    values = [v for line in lines for v in line.ratings]
    spreads = [line.uncertainty or 0.0 for line in lines if line.ratings]
    low, high = min(values) - max(spreads), max(values) + max(spreads)
    pad = max((high - low) * 0.08, 10.0)
    low, high = low - pad, high + pad
    steps = max(max(len(line.ratings) for line in lines) - 1, 1)

    def at(index: int, value: float) -> tuple[float, float]:
        return (left + 12 + (right - left - 24) * index / steps,
                bottom - (bottom - top) * (value - low) / (high - low))

    for tick in _ticks(low, high):
        _, ty = at(0, tick)
        draw.line((left, ty, right, ty), fill=(225, 222, 214))
        c.label(draw, (left - 8, ty), f"{tick:,.0f}", size=TEXT, fill=c.MUTED, anchor="rm")
    c.label(draw, ((left + right) / 2, bottom + 8), f"rated games (0 to {steps})", size=TEXT,
            fill=c.MUTED, anchor="mt")
    y = bottom + 40
    for n, line in enumerate(lines):
        colour = OWNER_ORDER[n % len(OWNER_ORDER)]
        points = [at(i, v) for i, v in enumerate(line.ratings)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=4, joint="curve")
        dot = 5 if len(points) <= 40 else 0
        for x, py in points:
            if dot:
                draw.ellipse((x - dot, py - dot, x + dot, py + dot), fill=colour)
        if line.ratings and line.uncertainty:  # the current ± at the last point
            x, _ = points[-1]
            _, y_top = at(0, line.ratings[-1] + line.uncertainty)
            _, y_low = at(0, line.ratings[-1] - line.uncertainty)
            draw.line((x, y_top, x, y_low), fill=colour, width=2)
            draw.line((x - 8, y_top, x + 8, y_top), fill=colour, width=2)
            draw.line((x - 8, y_low, x + 8, y_low), fill=colour, width=2)
        draw.rectangle((MARGIN, y + 4, MARGIN + 20, y + 24), fill=colour)
        text = line.name
        if line.ratings:
            text += f": {line.ratings[-1]:,.0f}"
            if line.uncertainty:
                text += f" ± {line.uncertainty:,.0f}"
            text += f" after {len(line.ratings) - 1} rated game"
            text += "s" if len(line.ratings) != 2 else ""
        c.label(draw, (MARGIN + 30, y + 14), text, size=TEXT, anchor="lm")
        y += LEGEND_ROW
    return y


def _bars(draw: ImageDraw.ImageDraw, heading: str, bars: Sequence[WinRate], top: int) -> int:
    """A heading, then one bar per row: the share of games won (draws in a lighter part)."""
    c.label(draw, (MARGIN, top), heading, size=TEXT, bold=True, anchor="lt")
    y = top + TEXT + 12
    x0, x1 = MARGIN + LABEL_WIDTH, WIDTH - MARGIN - 150
    for bar in bars:
        c.label(draw, (MARGIN, y + BAR_ROW / 2), _clip(bar.label, LABEL_WIDTH - 12), size=TEXT,
                anchor="lm")
        box = (x0, y + 8, x1, y + BAR_ROW - 8)
        draw.rectangle(box, fill=(232, 228, 218), outline=c.GRID)
        if bar.games:
            won = x0 + (x1 - x0) * bar.wins / bar.games
            drawn = won + (x1 - x0) * bar.draws / bar.games
            if bar.wins:
                draw.rectangle((x0, y + 8, won, y + BAR_ROW - 8), fill=c.GREEN)
            if bar.draws:
                draw.rectangle((won, y + 8, drawn, y + BAR_ROW - 8), fill=(150, 200, 160))
        share = f"{bar.wins}/{bar.games} · {bar.wins / bar.games:.0%}" if bar.games else "–"
        c.label(draw, (x1 + 10, y + BAR_ROW / 2), share, size=TEXT, anchor="lm")
        y += BAR_ROW
    return y


def _clip(text: str, width: int) -> str:
    """``text``, cut with an ellipsis to fit ``width`` at the bars' text size."""
    if c.text_size(text, TEXT)[0] <= width:
        return text
    while text and c.text_size(text + "…", TEXT)[0] > width:
        text = text[:-1]
    return text + "…"
