"""Colour-blind-safe colours for the owners of zones and pieces, and terrain fills.

Owners take Okabe & Ito's eight hues ("Color Universal Design", 2008), chosen to stay
apart for deuteranopes, protanopes and tritanopes, plus a brown for a sixth owner that
stays apart from the first five under the same simulations (Epireia's Larissa). Pieces
still carry numbers and shapes: colour is never the only clue.
"""

from __future__ import annotations

from collections.abc import Iterable

from render import common as c

BLACK: c.RGB = (0, 0, 0)
ORANGE: c.RGB = (230, 159, 0)
SKY_BLUE: c.RGB = (86, 180, 233)
BLUISH_GREEN: c.RGB = (0, 158, 115)
YELLOW: c.RGB = (240, 228, 66)
BLUE: c.RGB = (0, 114, 178)
VERMILLION: c.RGB = (213, 94, 0)
REDDISH_PURPLE: c.RGB = (204, 121, 167)
BROWN: c.RGB = (120, 90, 50)

OKABE_ITO: dict[str, c.RGB] = {
    "black": BLACK, "orange": ORANGE, "sky_blue": SKY_BLUE, "bluish_green": BLUISH_GREEN,
    "yellow": YELLOW, "blue": BLUE, "vermillion": VERMILLION, "reddish_purple": REDDISH_PURPLE,
}

# The order owners are coloured in: the six most distinct first (yellow and sky blue are
# faint on a light map, black is kept for neutral or enemy pieces).
OWNER_ORDER: tuple[c.RGB, ...] = (BLUE, VERMILLION, BLUISH_GREEN, REDDISH_PURPLE, ORANGE,
                                  BROWN, SKY_BLUE, YELLOW)

# The highlight of what changed since the last board: Okabe & Ito's yellow between dark
# edges, so that it shows on pale land as well as on the sea.
HIGHLIGHT: c.RGB = YELLOW
HIGHLIGHT_EDGE: c.RGB = c.INK

TERRAIN: dict[str, c.RGB] = {
    "land": c.LAND, "sea": c.SEA, "deep sea": c.DEEP_SEA, "lake": c.SEA, "grass": c.GRASS,
    "plain": c.GRASS, "forest": (150, 172, 120), "hills": (200, 180, 140),
    "mountain": c.STONE, "island": c.LAND, "city": (235, 235, 228), "wall": c.STONE,
}


def owner_colours(owners: Iterable[str]) -> dict[str, c.RGB]:
    """A distinct colour per owner, in the order given (more than eight: the colours repeat)."""
    return {owner: OWNER_ORDER[i % len(OWNER_ORDER)] for i, owner in enumerate(owners)}


def terrain_fill(kind: str) -> c.RGB:
    return TERRAIN.get(kind, c.PANEL)
