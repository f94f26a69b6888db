"""A map's geometry as data: zones, their shapes and labels, connections, coasts.

A layout lives in ``render/maps/data/<name>.toml`` and is validated by :class:`MapLayout`
when loaded (:func:`load_layout`). Pixel coordinates are on the layout's own picture of
``size`` (the part of the board image the map occupies, or the whole board). Coastlines
and a zone's ``real`` position may instead be given in geographic degrees (longitude,
latitude) when the layout has a :class:`Geography`, which projects them into the picture.

A zone is drawn from whatever it has: a ``polygon`` (Six Continents' territories, with
``more`` pieces for a sea cut by the picture's edge or an island group), a
``box`` (a board of rectangles such as Freedom!'s Messolonghi), or just a point ``at``
(Epireia's places, whose boxes the game's renderer sizes). A zone missing from the file
can still be placed by a :class:`Grid` (row, column), so new board data still draws.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).resolve().parent / "data"

Point = tuple[float, float]
Box = tuple[int, int, int, int]
ConnectionStyle = Literal["land", "sea", "bridge", "strait"]


def box_outline(box: Box) -> list[Point]:
    """A box's four corners, clockwise from the top left."""
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Geography(Strict):
    """An equirectangular projection of (longitude, latitude) degrees, true at ``cos_lat``."""

    lon_min: float
    lon_max: float
    lat_min: float
    lat_max: float
    cos_lat: float = Field(gt=0, le=1)

    @model_validator(mode="after")
    def _ordered(self) -> Geography:
        if not (self.lon_min < self.lon_max and self.lat_min < self.lat_max):
            raise ValueError("geography: the minimum must be below the maximum")
        return self

    def scale(self, box: Box) -> float:
        """Pixels per degree of latitude when the whole area fits ``box``, proportions kept."""
        x0, y0, x1, y1 = box
        sx = (x1 - x0) / ((self.lon_max - self.lon_min) * self.cos_lat)
        sy = (y1 - y0) / (self.lat_max - self.lat_min)
        return min(sx, sy)

    def project(self, point: Point, box: Box) -> Point:
        """``point`` (lon, lat) in pixels, the area centred in ``box``."""
        lon, lat = point
        x0, y0, x1, y1 = box
        k = self.scale(box)
        width = (self.lon_max - self.lon_min) * self.cos_lat * k
        height = (self.lat_max - self.lat_min) * k
        ox = x0 + ((x1 - x0) - width) / 2
        oy = y0 + ((y1 - y0) - height) / 2
        return ox + (lon - self.lon_min) * self.cos_lat * k, oy + (self.lat_max - lat) * k


class Land(Strict):
    """A coastline (land against the sea) or another area of ground drawn under the zones."""

    name: str
    kind: str = "land"
    points: list[Point] = Field(min_length=3)


class Label(Strict):
    """Where a zone's name is written, when not at the zone's centre."""

    at: Point
    text: str = ""  # the zone's name when empty
    size: int = Field(default=18, ge=6, le=60)


class Zone(Strict):
    """One region, space or territory of the map."""

    name: str = ""
    kind: str = "land"  # terrain: land, sea, mountain, wall, ... (the game's own words)
    coast: bool = False  # a land zone touching the sea (ships may reach it)
    at: Point | None = None  # where its label and pieces are centred
    real: Point | None = None  # where it really lies, in geographic degrees (with a Geography)
    marks: Point | None = None  # where its markers (buildings, a capital) go
    box: Box | None = None
    polygon: list[Point] | None = Field(default=None, min_length=3)
    more: list[list[Point]] = Field(default_factory=list)  # other pieces (islands, a cut sea)
    label: Label | None = None

    @model_validator(mode="after")
    def _pieces(self) -> Zone:
        if self.more and self.polygon is None:
            raise ValueError("more pieces of a zone need its polygon")
        if any(len(piece) < 3 for piece in self.more):
            raise ValueError("a piece of a zone needs at least 3 points")
        return self

    @model_validator(mode="after")
    def _box_ordered(self) -> Zone:
        if self.box is not None and not (self.box[0] < self.box[2] and self.box[1] < self.box[3]):
            raise ValueError(f"box {self.box} is not (left, top, right, bottom)")
        return self

    def outline(self) -> list[Point] | None:
        """The zone's shape as a polygon in pixels (a box's four corners), if it has one."""
        if self.polygon is not None:
            return list(self.polygon)
        if self.box is not None:
            return box_outline(self.box)
        return None

    def outlines(self) -> list[list[Point]]:
        """Every piece of the zone's shape: its outline, then its ``more`` pieces."""
        shape = self.outline()
        return [] if shape is None else [shape, *(list(piece) for piece in self.more)]

    def centre(self) -> Point | None:
        """``at``, else the middle of its box, else its polygon's vertex average."""
        if self.at is not None:
            return self.at
        if self.box is not None:
            x0, y0, x1, y1 = self.box
            return (x0 + x1) / 2, (y0 + y1) / 2
        if self.polygon is not None:
            n = len(self.polygon)
            return sum(x for x, _ in self.polygon) / n, sum(y for _, y in self.polygon) / n
        return None


class Connection(Strict):
    """Two zones one can move between, drawn as a line in its ``style`` from one centre to
    the other through the ``via`` points (around a label, across a strait at its narrows)."""

    a: str
    b: str
    style: ConnectionStyle = "land"
    via: list[Point] = Field(default_factory=list)
    # The line leaves the picture at its first via point and comes back at its last, the
    # part between them not drawn (a strait across a world map's edge).
    wraps: bool = False

    @model_validator(mode="after")
    def _wrap_ends(self) -> Connection:
        if self.wraps and len(self.via) < 2:
            raise ValueError(f"connection {self.a}-{self.b}: a wrapping line needs two via points")
        return self


class Grid(Strict):
    """Rows and columns of same-width cells; a row or column beyond the table takes the
    nearest one listed."""

    columns: dict[int, int] = Field(min_length=1)  # column -> its left edge
    cell_width: int = Field(gt=0)
    rows: dict[int, tuple[int, int]] = Field(min_length=1)  # row -> (top, bottom)

    def box(self, row: int, col: int) -> Box:
        col = min(max(col, min(self.columns)), max(self.columns))
        row = min(max(row, min(self.rows)), max(self.rows))
        x = self.columns[col]
        top, bottom = self.rows[row]
        return (x, top, x + self.cell_width, bottom)


class MapLayout(Strict):
    """A whole map: validated so that every connection joins known zones and every drawn
    point lies inside the picture."""

    name: str
    size: tuple[int, int]  # the picture's width and height in pixels
    frame: Box | None = None  # the part of the picture zones may occupy (default: all of it)
    geography: Geography | None = None
    lands: list[Land] = Field(default_factory=list)
    zones: dict[str, Zone] = Field(default_factory=dict)
    connections: list[Connection] = Field(default_factory=list)
    grid: Grid | None = None
    titles: list[Label] = Field(default_factory=list)  # names that are no zone's (continents)

    @model_validator(mode="after")
    def _consistent(self) -> MapLayout:
        problems: list[str] = []
        for link in self.connections:
            problems += [f"connection {link.a}-{link.b}: no zone {end!r}"
                         for end in (link.a, link.b) if end not in self.zones]
            if link.a == link.b:
                problems.append(f"connection {link.a}-{link.b} joins a zone to itself")
            problems += [f"connection {link.a}-{link.b}: {p} is outside the map"
                         for p in link.via if not self.inside(p)]
        pairs = [frozenset((link.a, link.b)) for link in self.connections]
        problems += [f"connection {'-'.join(sorted(p))} listed twice"
                     for i, p in enumerate(pairs) if p in pairs[:i]]
        for zid, zone in self.zones.items():
            drawn = [zone.at, zone.marks, *(p for piece in zone.outlines() for p in piece),
                     zone.label.at if zone.label else None]
            problems += [f"zone {zid}: {point} is outside the map"
                         for point in drawn if point is not None and not self.inside(point)]
            if zone.real is not None and self.geography is None:
                problems.append(f"zone {zid}: a real position needs a [geography]")
            if self.centre(zid) is None:
                problems.append(f"zone {zid}: no position (at, box, polygon or real)")
        problems += [f"title {title.text!r}: {title.at} is outside the map"
                     for title in self.titles if not self.inside(title.at)]
        if self.geography is None:
            problems += [f"land {land.name}: {p} is outside the map"
                         for land in self.lands for p in land.points if not self.inside(p)]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def bounds(self) -> Box:
        return self.frame or (0, 0, self.size[0], self.size[1])

    def inside(self, point: Point) -> bool:
        x0, y0, x1, y1 = self.bounds
        return x0 <= point[0] <= x1 and y0 <= point[1] <= y1

    def project(self, point: Point) -> Point:
        """A geographic point (or, without a geography, a pixel point) in pixels."""
        if self.geography is None:
            return point
        return self.geography.project(point, (0, 0, self.size[0], self.size[1]))

    def land_polygons(self) -> list[list[Point]]:
        return [[self.project(p) for p in land.points] for land in self.lands]

    def centre(self, zone_id: str) -> Point | None:
        """Where a zone's label and pieces go: its own centre, else its projected real place."""
        zone = self.zones.get(zone_id)
        if zone is None:
            return None
        centre = zone.centre()
        if centre is None and zone.real is not None and self.geography is not None:
            return self.project(zone.real)
        return centre

    def outline(self, zone_id: str, row: int | None = None,
                col: int | None = None) -> list[Point] | None:
        """A zone's shape in pixels; from the grid when the zone has none of its own."""
        zone = self.zones.get(zone_id)
        shape = zone.outline() if zone is not None else None
        if shape is None and self.grid is not None and row is not None and col is not None:
            shape = box_outline(self.grid.box(row, col))
        return shape

    def neighbours(self, zone_id: str) -> list[str]:
        return [link.b if link.a == zone_id else link.a for link in self.connections
                if zone_id in (link.a, link.b)]


def parse_layout(text: str) -> MapLayout:
    return MapLayout.model_validate(tomllib.loads(text))


@cache
def load_layout(name: str) -> MapLayout:
    """``render/maps/data/<name>.toml``, validated (cached: layouts never change at run time)."""
    return parse_layout((DATA_DIR / f"{name}.toml").read_text(encoding="utf-8"))


def layout_names() -> list[str]:
    return sorted(path.stem for path in DATA_DIR.glob("*.toml"))
