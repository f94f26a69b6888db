"""The map of Six Continents (``data/map/*.toml``): continents, land provinces, sea zones and
the lines over water, read once at import and validated.

One file per continent lists its provinces and describes each; ``seas.toml`` holds the sea
zones and the names of the lines over water. The loader refuses a one-sided border, line or
sea neighbour, an unknown id, a continent whose list and provinces differ, a line without its
name, and a land graph or a sea graph that falls apart. Everything else reads the map through
the constants and functions at the end of this module.
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

MAP_DIR = Path(__file__).parent / "data" / "map"
CONTINENT_FILES = (
    "north_america", "south_america", "europe", "africa", "asia", "oceania",
)


class Strict(BaseModel):
    """Read-only content: unknown fields are refused and nothing can be changed."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Province(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    x: int = Field(ge=0, le=1600)
    y: int = Field(ge=0, le=800)
    borders: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()  # lines over water (General rule 2)
    seas: tuple[str, ...] = ()  # the sea zones its coast touches

    @property
    def coastal(self) -> bool:
        """A port may be built here (Buildings: "adjacent to water")."""
        return bool(self.seas)


class Continent(Strict):
    id: str
    name: str
    provinces: tuple[str, ...] = Field(min_length=1)
    province: tuple[Province, ...]

    @model_validator(mode="after")
    def _listed(self) -> Continent:
        ids = [p.id for p in self.province]
        if len(set(self.provinces)) != len(self.provinces):
            raise ValueError(f"{self.id}: a province is listed twice")
        if sorted(ids) != sorted(self.provinces):
            missing = set(self.provinces) ^ set(ids)
            raise ValueError(f"{self.id}: list and provinces differ: {sorted(missing)}")
        return self


class Sea(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    x: int = Field(ge=0, le=1600)
    y: int = Field(ge=0, le=800)
    neighbours: tuple[str, ...] = Field(min_length=1)


class Line(Strict):
    between: tuple[str, str]
    water: str = Field(min_length=1)


class Seas(Strict):
    sea: tuple[Sea, ...]
    line: tuple[Line, ...]


def _symmetric(name: str, links: Mapping[str, Iterable[str]], known: set[str]) -> None:
    for here, theirs in links.items():
        seen: set[str] = set()
        for there in theirs:
            if there not in known:
                raise ValueError(f"{here}: unknown {name} {there!r}")
            if there == here or there in seen:
                raise ValueError(f"{here}: {name} {there!r} repeated or itself")
            seen.add(there)
            if here not in links[there]:
                raise ValueError(f"{name} {here}-{there} is written on one end only")


def connected(nodes: Iterable[str], links: Mapping[str, Iterable[str]]) -> bool:
    """Whether every node is reached from the first through ``links``."""
    todo = list(nodes)
    if not todo:
        return True
    seen = {todo[0]}
    queue = deque([todo[0]])
    while queue:
        for there in links[queue.popleft()]:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return seen >= set(todo)


class WorldMap(Strict):
    continent: tuple[Continent, ...] = Field(min_length=6, max_length=6)
    seas: Seas

    @model_validator(mode="after")
    def _consistent(self) -> WorldMap:
        provinces = [p for c in self.continent for p in c.province]
        land = {p.id for p in provinces}
        water = {s.id for s in self.seas.sea}
        every = [p.id for p in provinces] + [s.id for s in self.seas.sea]
        every += [c.id for c in self.continent]
        if len(every) != len(set(every)):
            raise ValueError("ids must be unique across continents, provinces and seas")
        _symmetric("border", {p.id: p.borders for p in provinces}, land)
        _symmetric("line", {p.id: p.lines for p in provinces}, land)
        _symmetric("sea neighbour", {s.id: s.neighbours for s in self.seas.sea}, water)
        for p in provinces:
            if set(p.borders) & set(p.lines):
                raise ValueError(f"{p.id}: a neighbour is both a border and a line")
            for sea in p.seas:
                if sea not in water or p.seas.count(sea) > 1:
                    raise ValueError(f"{p.id}: unknown or repeated sea {sea!r}")
        written = {frozenset((p.id, q)) for p in provinces for q in p.lines}
        named = [frozenset(line.between) for line in self.seas.line]
        if len(named) != len(set(named)) or set(named) != written:
            raise ValueError("each line over water is named exactly once in seas.toml")
        links = {p.id: (*p.borders, *p.lines) for p in provinces}
        if not connected(land, links):
            raise ValueError("the land provinces are not connected, lines over water included")
        if not connected(water, {s.id: s.neighbours for s in self.seas.sea}):
            raise ValueError("the sea zones are not connected")
        for zone in self.seas.sea:
            if not any(zone.id in p.seas for p in provinces) and len(zone.neighbours) < 2:
                raise ValueError(f"{zone.id}: a sea zone with no coast must join two seas")
        return self


def _read(path: Path) -> dict[str, object]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def load_map() -> WorldMap:
    """Read and validate every map file (raises ``pydantic.ValidationError``)."""
    return WorldMap.model_validate({
        "continent": [_read(MAP_DIR / f"{name}.toml") for name in CONTINENT_FILES],
        "seas": _read(MAP_DIR / "seas.toml"),
    })


WORLD = load_map()
CONTINENTS: dict[str, Continent] = {c.id: c for c in WORLD.continent}
PROVINCES: dict[str, Province] = {p.id: p for c in WORLD.continent for p in c.province}
SEAS: dict[str, Sea] = {s.id: s for s in WORLD.seas.sea}
CONTINENT_OF: dict[str, str] = {p.id: c.id for c in WORLD.continent for p in c.province}
# Land adjacency: a common border or a line over water (General rule 2).
ADJACENT: dict[str, frozenset[str]] = {
    p.id: frozenset((*p.borders, *p.lines)) for p in PROVINCES.values()
}
SEA_ADJACENT: dict[str, frozenset[str]] = {s.id: frozenset(s.neighbours) for s in SEAS.values()}
COASTS: dict[str, tuple[str, ...]] = {
    s: tuple(p.id for p in PROVINCES.values() if s in p.seas) for s in SEAS
}
LINE_WATER: dict[frozenset[str], str] = {
    frozenset(line.between): line.water for line in WORLD.seas.line
}


def adjacent(a: str, b: str) -> bool:
    return b in ADJACENT[a]


def distances_from(start: str) -> dict[str, int]:
    """Steps from ``start`` to every land province over borders and lines over water."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in ADJACENT[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


DISTANCES: dict[str, dict[str, int]] = {p: distances_from(p) for p in PROVINCES}


def distance(a: str, b: str) -> int:
    return DISTANCES[a][b]


def capitals_allowed(chosen: Iterable[str], candidate: str, apart: int) -> bool:
    """Whether ``candidate`` may be a capital beside the ``chosen`` ones (Game Start 2)."""
    return all(distance(c, candidate) >= apart for c in chosen)
