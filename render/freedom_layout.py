"""Where each space of the Freedom! city map is drawn (pixel boxes on the board picture).

The board data (``engine/games/freedom/data/board.toml``) gives every space a row (1 coast,
2 beach, 3 wall, 4-8 mainland, 9 the Camp, 0 Vasiladi) and a column (1-9 across the
mainland, 0 the Marmarou side, 10 the Klisova side). The picture keeps that grid, north
(the Camp) at the top and the lagoon at the bottom. The few spaces that share a grid
cell or are drawn larger than one cell (the City Centre, the beaches and coast, the
Camp, the islands and their waters) have their own boxes here; any other space falls
back to its row and column, so a space added to the data is still drawn.
"""

from __future__ import annotations

Box = tuple[int, int, int, int]

COL_W = 96
ROW_H = 95
LEFT = 110  # x of column 1
MAP_RIGHT = 1070

ROW_TOP: dict[int, int] = {9: 75, 8: 150, 7: 250, 6: 350, 5: 450, 4: 550, 3: 655, 2: 814,
                           1: 902, 0: 980}
ROW_BOTTOM: dict[int, int] = {9: 145, 8: 245, 7: 345, 6: 445, 5: 545, 4: 645, 3: 750, 2: 894,
                              1: 972, 0: 1050}


def col_x(col: int) -> int:
    """Left edge of a grid column (0 is the Marmarou side, 10 the Klisova side)."""
    if col <= 0:
        return 10
    if col >= 10:
        return 978
    return LEFT + (col - 1) * COL_W


def grid_box(row: int, col: int) -> Box:
    top = ROW_TOP.get(row, 75 + (9 - row) * 100)
    bottom = ROW_BOTTOM.get(row, top + ROW_H)
    x = col_x(col)
    return (x, top, x + COL_W - 4, bottom)


def wide_box(centre_col: float, row: int, width: int) -> Box:
    centre = LEFT + (centre_col - 1) * COL_W + (COL_W - 4) / 2
    top, bottom = ROW_TOP[row], ROW_BOTTOM[row]
    return (int(centre - width / 2), top, int(centre + width / 2), bottom)


SPECIAL: dict[str, Box] = {
    "CAMP": (590, 75, 1068, 145),
    "CITY": (110, 758, 974, 808),
    "B1": wide_box(2, 2, 172), "B2": wide_box(4, 2, 172), "B3": wide_box(6, 2, 172),
    "B4": wide_box(8, 2, 172),
    "S1": wide_box(2, 1, 172), "S2": wide_box(4, 1, 172), "S3": wide_box(6, 1, 172),
    "S4": wide_box(8, 1, 172),
    # the Marmarou side, top to bottom: channel, shallows, the island, its inner water
    "MR1": (10, 550, 102, 645), "MR2": (10, 655, 102, 730), "MAR": (10, 735, 102, 810),
    "MR3": (10, 815, 102, 894),
    # the Klisova side: outer water, inner water, the island, the channel to the coast
    "KO": (978, 550, 1068, 645), "KI": (978, 655, 1068, 750), "KLI": (978, 758, 1068, 840),
    "KS": (978, 845, 1068, 972),
    # Vasiladi, south of the coast
    "VR": (110, 980, 290, 1050), "VAS": (300, 980, 420, 1050),
}


def space_box(space_id: str, row: int, col: int) -> Box:
    return SPECIAL.get(space_id) or grid_box(row, col)
