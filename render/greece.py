"""The drawn map of Greece for Epireia: coastlines and where each named place sits.

The geometry is data: ``render/maps/data/greece.toml``, loaded and validated through the
map toolkit (:func:`render.maps.layout.load_layout`). This module keeps the names the
Epireia renderer reads. Coordinates are (longitude, latitude) in degrees;
:class:`Projection` turns them into pixels. Places the game data names but the map does
not know are laid out along the map's edge, so a new territory still gets drawn (see
``render/games/epireia/map.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from render.maps.layout import Geography, MapLayout, load_layout

LonLat = tuple[float, float]

GREECE: MapLayout = load_layout("greece")
if GREECE.geography is None:
    raise ValueError("greece.toml: the map of Greece needs its [geography]")
_GEOGRAPHY: Geography = GREECE.geography

LON_MIN, LON_MAX = _GEOGRAPHY.lon_min, _GEOGRAPHY.lon_max
LAT_MIN, LAT_MAX = _GEOGRAPHY.lat_min, _GEOGRAPHY.lat_max
COS_LAT = _GEOGRAPHY.cos_lat

_LANDS_BY_NAME: dict[str, list[LonLat]] = {land.name: list(land.points) for land in GREECE.lands}
BALKANS = _LANDS_BY_NAME["Balkans"]
PELOPONNESE = _LANDS_BY_NAME["Peloponnese"]
ANATOLIA = _LANDS_BY_NAME["Anatolia"]
EUBOEA = _LANDS_BY_NAME["Euboea"]
CRETE = _LANDS_BY_NAME["Crete"]
ISLANDS: list[list[LonLat]] = [list(land.points) for land in GREECE.lands
                               if land.kind == "island" and land.name not in ("Euboea", "Crete")]
LANDS: list[list[LonLat]] = [list(land.points) for land in GREECE.lands]

# Where each named place sits (ids are matched case-insensitively, spaces/underscores alike).
PLACES: dict[str, LonLat] = {zid.replace("-", " "): zone.real
                             for zid, zone in GREECE.zones.items() if zone.real is not None}


def from_drawing(x: float, y: float) -> LonLat:
    """The game data's x/y on its 1000 x 800 drawing back to (lon, lat) (see map.toml)."""
    return x / 100 + 18.5, 42.5 - y / 110


def place_key(name: str) -> str:
    return " ".join(name.lower().replace("_", " ").replace("-", " ").split())


@dataclass(frozen=True)
class Projection:
    """Maps (lon, lat) into the pixel box ``(x0, y0, x1, y1)``, keeping proportions."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def scale(self) -> float:
        return _GEOGRAPHY.scale((self.x0, self.y0, self.x1, self.y1))

    def __call__(self, point: LonLat) -> tuple[float, float]:
        return _GEOGRAPHY.project(point, (self.x0, self.y0, self.x1, self.y1))

    def polygon(self, points: list[LonLat]) -> list[tuple[float, float]]:
        return [self(p) for p in points]


# Where the labels of each place go on the 1010 x 736 map frame of the board picture.
LAYOUT_SIZE = GREECE.size
LAYOUT: dict[str, tuple[int, int]] = {zid: (round(zone.at[0]), round(zone.at[1]))
                                      for zid, zone in GREECE.zones.items() if zone.at is not None}
