"""Where each space of the Freedom! city map is drawn (pixel boxes on the board picture).

The geometry is data: ``render/maps/data/messolonghi.toml`` (its comments explain the grid
and the spaces with boxes of their own), loaded and validated through the map toolkit.
This module keeps the names the Freedom! renderer reads: any space without a box of its
own falls back to its row and column, so a space added to the board data is still drawn.
"""

from __future__ import annotations

from render.maps.layout import Grid, MapLayout, load_layout

Box = tuple[int, int, int, int]

MESSOLONGHI: MapLayout = load_layout("messolonghi")
if MESSOLONGHI.grid is None:
    raise ValueError("messolonghi.toml: the city map needs its [grid]")
GRID: Grid = MESSOLONGHI.grid

LEFT = GRID.columns[1]  # x of column 1
COL_W = GRID.columns[2] - GRID.columns[1]  # from one column's left edge to the next
ROW_H = GRID.rows[4][1] - GRID.rows[4][0]
MAP_RIGHT = MESSOLONGHI.bounds[2]

ROW_TOP: dict[int, int] = {row: top for row, (top, _) in GRID.rows.items()}
ROW_BOTTOM: dict[int, int] = {row: bottom for row, (_, bottom) in GRID.rows.items()}


def col_x(col: int) -> int:
    """Left edge of a grid column (0 is the Marmarou side, 10 the Klisova side)."""
    return GRID.box(4, col)[0]


def grid_box(row: int, col: int) -> Box:
    return GRID.box(row, col)


def wide_box(centre_col: float, row: int, width: int) -> Box:
    """A box ``width`` wide centred on a (possibly fractional) column, one row tall."""
    centre = LEFT + (centre_col - 1) * COL_W + GRID.cell_width / 2
    top, bottom = ROW_TOP[row], ROW_BOTTOM[row]
    return (int(centre - width / 2), top, int(centre + width / 2), bottom)


SPECIAL: dict[str, Box] = {zid: zone.box for zid, zone in MESSOLONGHI.zones.items()
                           if zone.box is not None}


def space_box(space_id: str, row: int, col: int) -> Box:
    return SPECIAL.get(space_id) or grid_box(row, col)
