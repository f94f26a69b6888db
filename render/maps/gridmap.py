"""A map drawn as a grid of characters, turned into a layout's polygons and positions.

A schematic world is easiest to design, and to keep honest, as a grid of square cells in
which every cell names the zone it belongs to (two characters a cell, ``..`` for none):
two zones share a border exactly when two of their cells share a side, so a test can
compare the picture's borders with the game's. :func:`trace` turns each zone's cells into
polygons (a zone cut by the picture's edge, or an island group, has several), and
:func:`inner_box` finds the largest rectangle inside a zone, where its name, pieces and
markers go. ``render/maps/data/grids/<name>.toml`` holds the grid; :func:`layout_text` writes the
layout file ``render/maps/data/<name>.toml`` from it (a game's map module has the command),
and a test checks that the two agree.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field

from render.maps.layout import DATA_DIR

GRID_DIR = DATA_DIR / "grids"
BLANK = ".."

Cell = tuple[int, int]  # (row, column)
Corner = tuple[int, int]  # (x, y) in cells


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Wrap(Strict):
    """A line over water that leaves the picture at one edge and comes back at the other."""

    a: str
    b: str
    row_a: float  # the row (in cells) where the line meets the edge beside ``a``
    row_b: float


class GridMap(Strict):
    """The grid file: the cell size, the zones' two-character codes and the rows."""

    name: str
    comment: str = ""
    widths: list[int] = Field(min_length=1)  # each column's width in pixels, left to right
    heights: list[int] = Field(min_length=1)  # each row's height in pixels, top to bottom
    margin: tuple[int, int] = (0, 0)  # the grid's top left corner in the picture
    codes: dict[str, str]  # two characters -> zone id
    seas: list[str] = Field(default_factory=list)  # zone ids drawn as water
    names: dict[str, str] = Field(default_factory=dict)  # zone id -> a shorter label
    rows: str
    titles: list[tuple[str, float, float, int]] = Field(default_factory=list)  # text, col, row
    wraps: list[Wrap] = Field(default_factory=list)
    lines: list[tuple[str, str]] = Field(default_factory=list)  # neighbours drawn as a line
    vias: dict[str, list[tuple[float, float]]] = Field(default_factory=dict)  # "a-b": (col, row)

    @property
    def size(self) -> tuple[int, int]:
        return self.margin[0] * 2 + sum(self.widths), self.margin[1] * 2 + sum(self.heights)

    def x(self, col: float) -> float:
        """The picture's x at a (fractional) column."""
        whole = min(int(col), len(self.widths) - 1)
        return self.margin[0] + sum(self.widths[:whole]) + (col - whole) * self.widths[whole]

    def y(self, row: float) -> float:
        whole = min(int(row), len(self.heights) - 1)
        return self.margin[1] + sum(self.heights[:whole]) + (row - whole) * self.heights[whole]

    def cells(self) -> dict[Cell, str]:
        """Cell -> zone id, for every cell that belongs to a zone."""
        found: dict[Cell, str] = {}
        for r, line in enumerate(self.rows.strip("\n").splitlines()):
            for col, code in enumerate(line.split()):
                if code == BLANK:
                    continue
                if code not in self.codes or r >= len(self.heights) or col >= len(self.widths):
                    raise ValueError(f"row {r}, column {col}: unknown code {code!r} or no size")
                found[(r, col)] = self.codes[code]
        return found


def load_grid(name: str) -> GridMap:
    with (GRID_DIR / f"{name}.toml").open("rb") as handle:
        return GridMap.model_validate(tomllib.load(handle))


def touching(cells: Mapping[Cell, str]) -> set[frozenset[str]]:
    """Every pair of zones with two cells side by side."""
    pairs: set[frozenset[str]] = set()
    for (r, col), zone in cells.items():
        for other in (cells.get((r + 1, col)), cells.get((r, col + 1))):
            if other is not None and other != zone:
                pairs.add(frozenset((zone, other)))
    return pairs


def components(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The side-connected groups of ``cells``, largest first (ties: the topmost, leftmost)."""
    todo = set(cells)
    groups: list[set[Cell]] = []
    while todo:
        start = min(todo)
        group = {start}
        stack = [start]
        todo.discard(start)
        while stack:
            r, col = stack.pop()
            for nxt in ((r + 1, col), (r - 1, col), (r, col + 1), (r, col - 1)):
                if nxt in todo:
                    todo.discard(nxt)
                    group.add(nxt)
                    stack.append(nxt)
        groups.append(group)
    return sorted(groups, key=lambda g: (-len(g), min(g)))


def trace(group: set[Cell]) -> list[Corner]:
    """The outline of one side-connected group of cells, clockwise, corners only.

    Raises ``ValueError`` for a group with a hole (a polygon cannot show it)."""
    edges: dict[Corner, list[Corner]] = {}
    for r, col in group:
        sides = (((r - 1, col), (col, r), (col + 1, r)),
                 ((r, col + 1), (col + 1, r), (col + 1, r + 1)),
                 ((r + 1, col), (col + 1, r + 1), (col, r + 1)),
                 ((r, col - 1), (col, r + 1), (col, r)))
        for nxt, start, end in sides:
            if nxt not in group:
                edges.setdefault(start, []).append(end)
    first = min(edges)
    loop = [first]
    here = first
    previous = (first[0] - 1, first[1])  # the outline starts going right along the top
    used = 0
    total = sum(len(v) for v in edges.values())
    while True:
        options = edges[here]
        if len(options) > 1:  # two cells meet only at this corner: turn right
            came, at = previous, here
            options.sort(key=lambda e: _turn(came, at, e))
        there = options.pop(0)
        used += 1
        previous, here = here, there
        if here == first:
            break
        loop.append(here)
    if used != total:
        raise ValueError("a zone's cells enclose a hole")
    return _corners(loop)


def _turn(a: Corner, b: Corner, c: Corner) -> int:
    """0 for a right turn (kept at a pinch, so each group stays one loop), 1 straight, 2 left."""
    cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
    return 0 if cross > 0 else (1 if cross == 0 else 2)


def _corners(loop: list[Corner]) -> list[Corner]:
    kept = []
    n = len(loop)
    for i, here in enumerate(loop):
        a, c = loop[i - 1], loop[(i + 1) % n]
        if (here[0] - a[0]) * (c[1] - here[1]) - (here[1] - a[1]) * (c[0] - here[0]) != 0:
            kept.append(here)
    return kept


def inner_box(group: set[Cell], widths: Sequence[int] = (), heights: Sequence[int] = (),
              want: tuple[int, int] = (150, 120), narrowest: int = 0
              ) -> tuple[int, int, int, int]:
    """The rectangle of cells inside the group that best holds a ``want`` sized box (in
    pixels, with the columns' ``widths`` and rows' ``heights``; 1 a cell when not given),
    any at least ``narrowest`` wide before any narrower, the larger on a tie, as (left,
    top, right, bottom) in cells."""
    rows = sorted({r for r, _ in group})
    cols = sorted({col for _, col in group})
    def wide(a: int, b: int) -> int:
        return sum(widths[a:b]) if widths else b - a
    def tall(a: int, b: int) -> int:
        return sum(heights[a:b]) if heights else b - a
    best: tuple[bool, int, int, tuple[int, int, int, int]] = (False, 0, 0, (0, 0, 0, 0))
    for top in rows:
        for bottom in rows:
            if bottom < top:
                continue
            for left in cols:
                right = left
                while all((r, right) in group for r in range(top, bottom + 1)):
                    right += 1
                if right == left:
                    continue
                w, h = wide(left, right), tall(top, bottom + 1)
                score = (w >= narrowest, min(w, want[0]) * min(h, want[1]), w * h)
                if score > best[:3]:
                    best = (*score, (left, top, right, bottom + 1))
    return best[3]


def _pt(grid: GridMap, x: float, y: float) -> str:
    return f"[{round(grid.x(x))}, {round(grid.y(y))}]"


def _px(x: float, y: float) -> str:
    return f"[{round(x)}, {round(y)}]"


def layout_text(grid: GridMap, names: Mapping[str, str],
                straits: Iterable[tuple[str, str]] = ()) -> str:
    """The layout file for ``grid``: each zone's polygons; its ``box``, the rectangle inside
    that best holds its name at the top, its pieces (``at``) and its markers at the foot;
    the ``straits`` (lines over water) and the grid's ``lines`` as connections."""
    cells = grid.cells()
    by_zone: dict[str, set[Cell]] = {}
    for cell, zone in cells.items():
        by_zone.setdefault(zone, set()).add(cell)
    out = [f"# {line}".rstrip() for line in grid.comment.strip().splitlines()]
    out += ["", f'name = "{grid.name}"', f"size = [{grid.size[0]}, {grid.size[1]}]", ""]
    for title, col, row, size in grid.titles:
        out += ["[[titles]]", f'text = "{title}"', f"at = {_pt(grid, col, row)}",
                f"size = {size}", ""]
    for zone in sorted(by_zone, key=lambda z: (z in grid.seas, min(by_zone[z]))):
        groups = components(by_zone[zone])
        sea = zone in grid.seas
        out.append(f"[zones.{zone}]")
        out.append(f'name = "{names.get(zone, zone)}"')
        out.append(f'kind = "{"sea" if sea else "land"}"')
        if not sea and any(cells.get(n) in grid.seas for cell in by_zone[zone]
                           for n in _sides(cell)):
            out.append("coast = true")
        left, top, right, bottom = inner_box(groups[0], grid.widths, grid.heights,
                                             narrowest=42)
        x0, y0, x1, y1 = (round(v) for v in (grid.x(left), grid.y(top), grid.x(right),
                                              grid.y(bottom)))
        cx = (x0 + x1) / 2
        out.append(f"box = [{x0}, {y0}, {x1}, {y1}]")
        out.append(f"at = {_px(cx, (y0 + 20 + y1 - (28 if y1 - y0 >= 100 else 3)) / 2)}")
        out.append(f"marks = {_px(cx, y1 - 13)}")
        out.append("polygon = [" + ", ".join(_pt(grid, *p) for p in trace(groups[0])) + "]")
        if len(groups) > 1:
            out.append("more = [")
            out += ["    [" + ", ".join(_pt(grid, *p) for p in trace(g)) + "],"
                    for g in groups[1:]]
            out.append("]")
        text = grid.names.get(zone, "")
        text_line = f'text = "{text}", ' if text else ""
        out.append(f"label = {{ at = {_px(cx, y0 + 11)}, {text_line}size = 16 }}")
        out.append("")
    wrapped = {frozenset((w.a, w.b)) for w in grid.wraps}
    links = [(a, b, "strait") for a, b in straits if frozenset((a, b)) not in wrapped]
    links += [(a, b, "land" if a not in grid.seas and b not in grid.seas else "sea")
              for a, b in grid.lines]
    for a, b, style in links:
        out += ["[[connections]]", f'a = "{a}"', f'b = "{b}"', f'style = "{style}"']
        if f"{a}-{b}" in grid.vias:
            out.append("via = [" + ", ".join(_pt(grid, col, row)
                                              for col, row in grid.vias[f"{a}-{b}"]) + "]")
        out.append("")
    for wrap in grid.wraps:
        ax = 0 if _centre_x(by_zone[wrap.a]) < _centre_x(by_zone[wrap.b]) else grid.size[0]
        bx = grid.size[0] - ax
        out += ["[[connections]]", f'a = "{wrap.a}"', f'b = "{wrap.b}"', 'style = "strait"',
                f"via = [{_px(ax, grid.y(wrap.row_a))}, {_px(bx, grid.y(wrap.row_b))}]",
                "wraps = true", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _centre_x(group: set[Cell]) -> float:
    return sum(col for _, col in group) / len(group)


def _sides(cell: Cell) -> list[Cell]:
    r, col = cell
    return [(r + 1, col), (r - 1, col), (r, col + 1), (r, col - 1)]
