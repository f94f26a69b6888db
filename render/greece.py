"""The drawn map of Greece for Epireia: coastlines and where each named place sits.

Coordinates are (longitude, latitude) in degrees, simplified from real geography of the
5th century BC Aegean; :class:`Projection` turns them into pixels. Places the game data
names but this table does not know are laid out along the map's edge, so a new
territory still gets drawn (see ``render/games/epireia.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

LonLat = tuple[float, float]

LON_MIN, LON_MAX = 18.5, 28.6
LAT_MIN, LAT_MAX = 35.1, 42.5
COS_LAT = 0.79  # cos(38°): equirectangular projection true near the Aegean's middle

BALKANS: list[LonLat] = [
    (19.0, 42.0), (19.0, 41.9), (19.45, 41.8), (19.5, 41.2), (19.4, 40.45), (19.8, 40.05),
    (20.1, 39.65), (20.4, 39.25), (20.75, 38.95), (21.1, 38.6), (21.3, 38.35), (21.8, 38.35),
    (22.4, 38.3), (22.9, 38.05), (23.0, 37.96), (23.4, 37.98), (23.7, 37.9), (24.02, 37.65),
    (24.05, 38.05), (23.7, 38.33), (23.2, 38.65), (22.85, 38.85), (23.05, 39.05),
    (22.95, 39.35), (23.25, 39.3), (22.9, 39.8), (22.6, 40.2), (22.65, 40.55), (22.95, 40.6),
    (23.0, 40.3), (23.35, 39.95), (23.45, 40.2), (23.7, 39.95), (23.8, 40.2), (24.35, 40.1),
    (23.9, 40.45), (24.4, 40.9), (25.3, 40.95), (26.0, 40.75), (26.2, 40.35), (26.7, 40.5),
    (27.3, 40.65), (28.0, 41.0), (29.0, 41.2), (29.2, 42.0),
]
PELOPONNESE: list[LonLat] = [
    (23.0, 37.96), (22.8, 38.05), (22.4, 38.15), (21.8, 38.25), (21.3, 38.15), (21.1, 37.85),
    (21.6, 37.6), (21.65, 37.05), (21.9, 36.75), (22.15, 37.0), (22.4, 36.45), (22.6, 36.8),
    (23.05, 36.45), (23.1, 36.9), (22.75, 37.5), (23.15, 37.3), (23.5, 37.35), (23.2, 37.65),
]
ANATOLIA: list[LonLat] = [
    (30.0, 42.0), (29.2, 42.0), (29.1, 41.1), (28.0, 40.45), (27.3, 40.4), (26.65, 40.35),
    (26.2, 40.05), (26.1, 39.5), (26.8, 39.35), (26.95, 38.95), (26.4, 38.55), (26.3, 38.3),
    (27.05, 38.45), (27.2, 38.0), (27.2, 37.45), (27.5, 37.05), (28.0, 36.8), (28.5, 36.6),
    (29.3, 36.25), (30.0, 36.3),
]
EUBOEA: list[LonLat] = [
    (22.85, 38.9), (23.3, 38.98), (23.65, 38.75), (24.1, 38.45), (24.58, 38.02), (24.25, 38.15),
    (23.65, 38.45), (23.15, 38.7),
]
CRETE: list[LonLat] = [
    (23.5, 35.3), (23.8, 35.62), (24.4, 35.42), (25.1, 35.4), (26.3, 35.3), (26.15, 35.0),
    (25.0, 34.95), (24.0, 35.15),
]
ISLANDS: list[list[LonLat]] = [
    [(26.1, 39.35), (26.6, 39.4), (26.45, 39.0), (25.85, 39.15)],  # Lesbos
    [(25.85, 38.55), (26.15, 38.55), (26.05, 38.2), (25.85, 38.25)],  # Chios
    [(26.55, 37.8), (27.0, 37.8), (26.8, 37.65)],  # Samos
    [(19.65, 39.8), (20.1, 39.65), (19.95, 39.4)],  # Corcyra
    [(20.4, 38.35), (20.75, 38.3), (20.55, 38.05)],  # Cephallenia
    [(24.75, 37.2), (25.1, 37.1), (24.95, 36.95)],  # Naxos and the Cyclades
    [(25.5, 40.6), (25.75, 40.55), (25.6, 40.4)],  # Thasos / Samothrace
]
LANDS: list[list[LonLat]] = [BALKANS, PELOPONNESE, ANATOLIA, EUBOEA, CRETE, *ISLANDS]

# Where each named place sits (ids are matched case-insensitively, spaces/underscores alike).
PLACES: dict[str, LonLat] = {
    # the six cities
    "athens": (23.73, 37.98),
    "sparta": (22.43, 37.07),
    "corinth": (22.9, 37.9),
    "delphi": (22.5, 38.48),
    "elis": (21.45, 37.85),
    "larissa": (22.42, 39.64),
    # land territories
    "epirus": (20.7, 39.55),
    "illyria": (19.95, 41.25),
    "euboea": (23.75, 38.58),
    "chalkidiki": (23.55, 40.25),
    "aeolis": (27.3, 39.15),
    "ionia": (27.6, 37.95),
    "thrace": (25.4, 41.25),
    "boeotia": (23.3, 38.35),
    "thessaly": (22.2, 39.4),
    "attica": (23.8, 38.1),
    "arcadia": (22.2, 37.55),
    "crete": (24.9, 35.25),
    # maritime territories
    "thrakiko pelagos": (24.9, 40.45),
    "aigaio pelagos": (25.1, 38.95),
    "kritiko pelagos": (24.6, 36.1),
    "ionian sea": (20.2, 37.2),
    # empires (pinned near the edges, in the direction of the real empire)
    "persia": (29.0, 39.4),
    "phoenicia": (29.0, 35.6),
    "egypt": (26.9, 35.5),
    "carthage": (19.9, 35.5),
    "syracuse": (19.9, 36.9),
    "macedonia": (22.2, 41.25),
    "scythia": (27.5, 41.6),
    "lydia": (28.8, 38.3),
}


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
        sx = (self.x1 - self.x0) / ((LON_MAX - LON_MIN) * COS_LAT)
        sy = (self.y1 - self.y0) / (LAT_MAX - LAT_MIN)
        return min(sx, sy)

    def __call__(self, point: LonLat) -> tuple[float, float]:
        lon, lat = point
        k = self.scale
        width = (LON_MAX - LON_MIN) * COS_LAT * k
        height = (LAT_MAX - LAT_MIN) * k
        ox = self.x0 + ((self.x1 - self.x0) - width) / 2
        oy = self.y0 + ((self.y1 - self.y0) - height) / 2
        return ox + (lon - LON_MIN) * COS_LAT * k, oy + (LAT_MAX - lat) * k

    def polygon(self, points: list[LonLat]) -> list[tuple[float, float]]:
        return [self(p) for p in points]


# Where the labels of each place go on the 1010 x 736 map frame of the board picture: near
# the real place, nudged apart so that no two labels (and the figures under them) overlap.
LAYOUT_SIZE = (1010, 736)
LAYOUT: dict[str, tuple[int, int]] = {
    "athens": (562, 470), "sparta": (420, 575), "corinth": (386, 478), "delphi": (390, 372),
    "elis": (240, 470), "larissa": (422, 285),
    "epirus": (230, 300), "illyria": (175, 118), "euboea": (610, 372), "chalkidiki": (510, 210),
    "aeolis": (832, 352), "ionia": (842, 470),
    "thrakiko-pelagos": (700, 150), "aigaio-pelagos": (690, 270), "kritiko-pelagos": (588, 640),
    "persia": (918, 232), "phoenicia": (918, 600), "egypt": (760, 690), "carthage": (92, 662),
    "syracuse": (92, 548), "macedonia": (370, 110),
}
