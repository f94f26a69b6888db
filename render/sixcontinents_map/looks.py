"""How the Six Continents map looks: its fills, the owners' colours (colour-blind safe), the
lines over water, and the chip of every unit, ship, building, marker and token."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render import common as c
from render.maps import palette
from render.maps.draw import LINE_STYLES, LineStyle
from render.maps.layout import ConnectionStyle
from render.maps.symbols import Shape

SEA_FILL: c.RGB = (58, 92, 132)  # darker than any owner's tint, so blue lands stay land
LAND_FILL: c.RGB = (245, 242, 234)  # a province nobody owns
BORDER: c.RGB = c.INK
ICE: c.RGB = (196, 206, 214)  # cells of no zone: ice, the Caspian, gaps between seas
TINT = 0.5
# The seats are named after colours, so they wear them: Okabe & Ito's vermillion, blue and
# bluish green stay apart for deuteranopes and protanopes too (tests check it).
OWNER_COLOURS: dict[str, c.RGB] = {
    "red": palette.VERMILLION, "blue": palette.BLUE, "green": palette.BLUISH_GREEN,
}
REBELS: c.RGB = (40, 40, 40)
SAVAGES: c.RGB = palette.BROWN
LINES: dict[ConnectionStyle, LineStyle] = {
    **LINE_STYLES,
    "strait": LineStyle(c.INK, 4, dash=7),  # a line over water: provinces that are adjacent
    "land": LineStyle(c.INK, 4),  # a border drawn as a line where the provinces cannot touch
    "sea": LineStyle((200, 225, 240), 3, dash=5),  # sea zones that are neighbours
}


@dataclass(frozen=True)
class Look:
    """How one kind of piece or marker is drawn and what the legend calls it: a shape (in
    its owner's colour, with a count) or a badge (a short text on a fill)."""

    name: str
    shape: Shape = "square"
    text: str = ""  # a badge's text; empty for a shape
    fill: c.RGB = c.WHITE


UNITS: dict[str, Look] = {
    "infantry": Look("Infantry", "square"),
    "cavalry": Look("Cavalry", "triangle"),
    "artillery": Look("Artillery", "pentagon"),
    "caravan": Look("Caravan", "hexagon"),
    "rebels": Look("Rebels", "diamond", fill=REBELS),
    "savages": Look("Savages", "star", fill=SAVAGES),
    "slave": Look("Slaves (their owner's colour)", "circle"),
}
SHIPS: dict[str, Look] = {
    "frigate": Look("Frigate", "triangle"),
    "corvette": Look("Corvette", "diamond"),
    "cruiser": Look("Cruiser", "pentagon"),
    "transporter": Look("Transporter", "hexagon"),
    "troopship": Look("Troop ship", "square"),
    "construction_ship": Look("Construction ship", "star"),
    "fishing_boat": Look("Fishing boat", "circle"),
    # A ship at sea off its port of departure, its count the soldiers aboard: where it is
    # bound is secret until it lands, so it is never drawn (nor a transfer's port).
    "voyage": Look("Troop ship at sea (soldiers aboard)", "flag"),
}
BUILDINGS: dict[str, Look] = {
    "port": Look("Port", text="⚓", fill=palette.SKY_BLUE),
    "farm": Look("Farm", text="F", fill=(200, 225, 140)),
    "granary": Look("Granary", text="G", fill=(240, 210, 120)),
    "manufactory": Look("Manufactory", text="⚙", fill=(190, 190, 200)),
    "bunker_1": Look("Bunkers 1", text="B1", fill=(150, 150, 150)),
    "bunker_2": Look("Bunkers 2", text="B2", fill=(110, 110, 110)),
    "road": Look("Road", text="═", fill=(215, 180, 130)),
    "slave_camp": Look("Slave camp", text="S", fill=(230, 230, 230)),
}
MARKERS: dict[str, Look] = {
    "capital": Look("Capital (level)", "star"),
    "red_tokens": Look("Red tokens", "circle", fill=palette.VERMILLION),
    "revolt": Look("Revolt marker", text="R", fill=c.BLACK),
    "mineral": Look("Mineral", text="K", fill=(200, 200, 120)),
    "rare_mineral": Look("Rare mineral", text="K+", fill=(230, 200, 60)),
    "tree": Look("Coconut tree", text="L", fill=(120, 190, 110)),
    "poisoned": Look("Poisoned water", text="✚", fill=c.BLACK),
    "robbery": Look("Robbery economy", text="$", fill=(250, 220, 140)),
    "expedition": Look("Expedition under way", text="E", fill=(170, 210, 235)),
    "blockaded": Look("Port blockaded by an enemy warship", text="✕", fill=palette.VERMILLION),
    "occupied": Look("Occupied (occupier's stripes)", "square", fill=(200, 200, 200)),
    "changed": Look("Changed since the last board", "square", fill=palette.HIGHLIGHT),
}
TOKENS: dict[str, Look] = {k: v for k, v in MARKERS.items() if v.text}  # ``marks(markers=)``
LOOKS: dict[str, Look] = {**UNITS, **{f"ship:{k}": v for k, v in SHIPS.items()},
                          **BUILDINGS, **MARKERS}


@dataclass(frozen=True)
class Chip:
    """``count`` pieces of one kind (a unit or ship kind) in one colour."""

    kind: str
    count: int
    colour: c.RGB


def tint(colour: c.RGB, amount: float = TINT) -> c.RGB:
    """``colour`` mixed with white: an owned province's fill, light enough for chips."""
    r, g, b = colour
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount),
            round(b + (255 - b) * amount))


def owner_colour(owner: str, order: Sequence[str] = ()) -> c.RGB:
    """A seat's colour: its own for red, blue and green, else the palette's by seat order."""
    if owner in OWNER_COLOURS:
        return OWNER_COLOURS[owner]
    return palette.owner_colours(order or [owner]).get(owner, c.GREY)
