"""Piece and marker shapes: a unit kind or a marker drawn the same on the map and in the
legend. Shapes tell kinds apart without colour (a d6 a square, a d12 a pentagon, a d20 a
triangle; a castle crenellated, a fortress a star), colours tell owners apart.
"""

from __future__ import annotations

import math
from typing import Literal

from PIL import ImageDraw
from pydantic import BaseModel, ConfigDict

from render import common as c

Shape = Literal["square", "circle", "triangle", "diamond", "pentagon", "hexagon", "star",
                "castle", "flag"]
Point = tuple[float, float]


class Symbol(BaseModel):
    """How one kind of piece or marker looks; ``fill`` None takes its owner's colour."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str  # what the legend calls it
    shape: Shape
    fill: c.RGB | None = None
    edge: c.RGB = c.BLACK


def regular(centre: Point, radius: float, sides: int, turn: float = -90.0) -> list[Point]:
    """A regular polygon's corners, the first at ``turn`` degrees (-90: straight up)."""
    cx, cy = centre
    return [(cx + radius * math.cos(math.radians(turn + 360 * k / sides)),
             cy + radius * math.sin(math.radians(turn + 360 * k / sides))) for k in range(sides)]


def outline(shape: Shape, centre: Point, size: float) -> list[Point]:
    """The shape's polygon, fitting a ``size`` square around ``centre`` (circles excepted)."""
    cx, cy = centre
    h = size / 2
    if shape == "triangle":
        return [(cx, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
    if shape == "diamond":
        return [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)]
    if shape == "pentagon":
        return regular((cx, cy + h * 0.1), h * 1.02, 5)
    if shape == "hexagon":
        return regular(centre, h, 6, turn=0)
    if shape == "star":
        return [p for k in range(5)
                for p in (regular(centre, h, 5)[k], regular(centre, h * 0.45, 5, turn=-54)[k])]
    if shape == "castle":  # a wall with three merlons
        step = size / 5
        top, crenel = cy - h, cy - h + step
        points: list[Point] = [(cx - h, cy + h), (cx - h, top)]
        for k in range(5):
            x0, x1 = cx - h + k * step, cx - h + (k + 1) * step
            y = top if k % 2 == 0 else crenel
            points += [(x0, y), (x1, y)]
        return [*points, (cx + h, cy + h)]
    if shape == "flag":  # a pennant on a pole
        return [(cx - h * 0.6, cy + h), (cx - h * 0.6, cy - h), (cx + h, cy - h * 0.55),
                (cx - h * 0.45, cy - h * 0.1), (cx - h * 0.45, cy + h)]
    return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]


def draw_symbol(draw: ImageDraw.ImageDraw, shape: Shape, centre: Point, size: float,
                fill: c.RGB, edge: c.RGB = c.BLACK) -> None:
    cx, cy = centre
    h = size / 2
    if shape == "circle":
        draw.ellipse((cx - h, cy - h, cx + h, cy + h), fill=fill, outline=edge, width=2)
    elif shape == "square":
        draw.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius=max(2, int(size) // 8),
                               fill=fill, outline=edge, width=2)
    else:
        draw.polygon(outline(shape, centre, size), fill=fill, outline=edge, width=2)


def text_centre(shape: Shape, centre: Point, size: float) -> Point:
    """Where a count reads best inside the shape (a triangle's is low, a flag's left)."""
    cx, cy = centre
    if shape == "triangle":
        return cx, cy + size * 0.14
    if shape == "flag":
        return cx + size * 0.05, cy - size * 0.3
    return centre
