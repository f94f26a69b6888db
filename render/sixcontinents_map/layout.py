"""The Six Continents map's layout (``maps/data/sixcontinents.toml``, checked at load) and its
sizes: the board's width, the map's height, text sizes chosen for a phone; where a zone's name
and contents fit."""

from __future__ import annotations

from engine.games.sixcontinents.board import PROVINCES, SEAS
from render import common as c
from render.maps.layout import MapLayout, load_layout


def checked_layout(layout: MapLayout) -> MapLayout:
    """The layout, refused unless its zones are exactly the game's provinces and seas."""
    missing = (set(PROVINCES) | set(SEAS)) - set(layout.zones)
    extra = set(layout.zones) - set(PROVINCES) - set(SEAS)
    wrong = {z for z in SEAS if z in layout.zones and layout.zones[z].kind != "sea"}
    if missing or extra or wrong:
        raise ValueError(f"sixcontinents layout: missing {sorted(missing)}, unknown "
                         f"{sorted(extra)}, seas not drawn as sea {sorted(wrong)}")
    return layout


LAYOUT: MapLayout = checked_layout(load_layout("sixcontinents"))
WIDTH, MAP_HEIGHT = LAYOUT.size
KEY = 33  # panel and legend text: 11 px on a 400 px wide phone
COUNT, SMALLEST_COUNT = 33, 18  # unit counts: 11 px on a phone when they fit
NAME = 16  # province names: the colours, chips and the legend say more
SMALLEST_NAME = 11
SEA_NAME = 15
MARK = 24  # building and marker badges


def name_of(zone: str) -> str:
    info = LAYOUT.zones[zone]
    if info.label is not None and info.label.text:
        return info.label.text
    return info.name


def inner_box(zone: str) -> c.Box:
    """Where a zone's chips go: its layout ``box`` (the rectangle inside its polygon that
    best holds its contents) below its name, above its markers when it is tall enough for
    both (a short one's markers are drawn over the chips' foot)."""
    info = LAYOUT.zones[zone]
    assert info.box is not None
    x0, y0, x1, y1 = info.box
    return x0 + 3, y0 + 20, x1 - 3, y1 - (28 if y1 - y0 >= 100 else 3)


def half_width(zone: str) -> float:
    box = LAYOUT.zones[zone].box
    assert box is not None
    return (box[2] - box[0]) / 2 - 3


def name_room(zone: str) -> float:
    """How wide a zone's name may be: its box, over the border lines a little."""
    return 2 * half_width(zone) + 10
