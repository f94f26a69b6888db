"""Dragons of 1066 as data: the map, the unit table, the seats and the starting set-ups.

Every file in ``data/`` is read once at import with ``tomllib`` and validated by the pydantic
models below (a broken file fails at import with a clear message). The rules read only the
constants at the end: ``KINGDOMS`` (in turn order), ``ALLIANCES``, ``LANDS``, ``SEAS``,
``ZONES``, ``NEIGHBOURS`` (zone -> every zone it borders: land borders and bridges, coasts,
sea borders), ``UNITS`` (cheapest first), ``TABLES`` and ``STARTS``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).parent / "data"

# The lands the rules name, with their bridges: the map must hold them.
NAMED_LANDS = ("egypt", "syria", "constantinople", "bulgaria", "greece")
NAMED_BRIDGES = (("egypt", "syria"), ("constantinople", "bulgaria"),
                 ("constantinople", "greece"))

Domain = Literal["land", "sea", "air"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Kingdom(Strict):
    id: str
    name: str
    alliance: str


class Alliance(Strict):
    id: str
    name: str


class Land(Strict):
    id: str
    name: str
    home: str  # the kingdom owning it at the start
    castles: int = Field(default=0, ge=0, le=2)
    fortress: bool = False
    great_city: str = ""  # the city's name: a Great City (the rules' "Capital")


class Sea(Strict):
    id: str
    name: str
    coasts: tuple[str, ...]


class Connections(Strict):
    land_borders: tuple[tuple[str, str], ...]
    bridges: tuple[tuple[str, str], ...]
    sea_borders: tuple[tuple[str, str], ...]


class MapData(Strict):
    kingdom: tuple[Kingdom, ...]
    alliance: tuple[Alliance, ...]
    land: tuple[Land, ...]
    sea: tuple[Sea, ...]
    connections: Connections

    @model_validator(mode="after")
    def _consistent(self) -> MapData:
        lands = {land.id for land in self.land}
        seas = {sea.id for sea in self.sea}
        kingdoms = {k.id for k in self.kingdom}
        _unique("zone", [*(z.id for z in self.land), *(z.id for z in self.sea)])
        _unique("kingdom", [k.id for k in self.kingdom])
        if len(self.kingdom) != 4 or len(self.alliance) != 2:
            raise ValueError("the map needs four kingdoms in two alliances")
        for k in self.kingdom:
            if k.alliance not in {a.id for a in self.alliance}:
                raise ValueError(f"kingdom {k.id}: unknown alliance {k.alliance!r}")
        for team in self.alliance:
            if sum(k.alliance == team.id for k in self.kingdom) != 2:
                raise ValueError(f"alliance {team.id} must have two kingdoms")
        for land in self.land:
            if land.home not in kingdoms:
                raise ValueError(f"land {land.id}: unknown kingdom {land.home!r}")
        fortresses = [land for land in self.land if land.fortress]
        if sorted(land.home for land in fortresses) != sorted(kingdoms):
            raise ValueError("there must be four Fortresses, one in each kingdom")
        for sea in self.sea:
            _known(f"coast of {sea.id}", sea.coasts, lands)
        c = self.connections
        for a, b in (*c.land_borders, *c.bridges):
            _known("land border", (a, b), lands)
        for a, b in c.sea_borders:
            _known("sea border", (a, b), seas)
        _known("named land", NAMED_LANDS, lands)
        bridges = {frozenset(pair) for pair in c.bridges}
        if bridges != {frozenset(pair) for pair in NAMED_BRIDGES}:
            raise ValueError("the bridges must be exactly Egypt-Syria, Constantinople-Bulgaria "
                             "and Constantinople-Greece")
        _unique("connection", [frozenset(p) for p in (*c.land_borders, *c.bridges,
                                                      *c.sea_borders)])
        return self


class Unit(Strict):
    id: str
    name: str
    plural: str
    domain: Domain
    die: Literal[6, 12, 20]
    cost: int = Field(ge=1)
    move: int = Field(ge=1)
    carries: int = Field(default=0, ge=0)  # land units a sea unit may carry at once
    passes_empty_lands: bool = False  # moves on through lands with no enemy units


class UnitTable(Strict):
    unit: tuple[Unit, ...]


class Seat(Strict):
    id: str
    name: str
    kingdoms: tuple[str, ...]


class Table(Strict):
    players: int
    seats: tuple[Seat, ...]


class Placement(Strict):
    zone: str
    unit: str
    count: int = Field(ge=1)


class Start(Strict):
    kingdom: str
    units: tuple[Placement, ...]


class Extra(Strict):
    players: tuple[int, ...]
    kingdom: str
    units: tuple[Placement, ...]


class Setups(Strict):
    table: tuple[Table, ...]
    start: tuple[Start, ...]
    extra: tuple[Extra, ...] = ()


def _unique(what: str, items: Iterable[object]) -> None:
    seen: set[object] = set()
    for item in items:
        if item in seen:
            raise ValueError(f"{what} {item!r} is listed twice")
        seen.add(item)


def _known(what: str, ids: Iterable[str], known: set[str]) -> None:
    for zone in ids:
        if zone not in known:
            raise ValueError(f"{what}: unknown id {zone!r}")


def _read(name: str) -> dict[str, object]:
    with (DATA / name).open("rb") as file:
        return tomllib.load(file)


MAP = MapData.model_validate(_read("map.toml"))
UNIT_TABLE = UnitTable.model_validate(_read("units.toml"))
SETUPS = Setups.model_validate(_read("setups.toml"))

KINGDOMS: dict[str, Kingdom] = {k.id: k for k in MAP.kingdom}  # in turn order
TURN_ORDER: tuple[str, ...] = tuple(KINGDOMS)
ALLIANCES: dict[str, Alliance] = {a.id: a for a in MAP.alliance}
LANDS: dict[str, Land] = {land.id: land for land in MAP.land}
SEAS: dict[str, Sea] = {sea.id: sea for sea in MAP.sea}
ZONES: dict[str, Land | Sea] = {**LANDS, **SEAS}
UNITS: dict[str, Unit] = {u.id: u for u in sorted(UNIT_TABLE.unit, key=lambda u: u.die)}
FORTRESSES: tuple[str, ...] = tuple(land.id for land in MAP.land if land.fortress)
BRIDGES: frozenset[frozenset[str]] = frozenset(frozenset(p) for p in MAP.connections.bridges)


def _neighbours() -> dict[str, tuple[str, ...]]:
    found: dict[str, set[str]] = {zone: set() for zone in ZONES}
    c = MAP.connections
    pairs = [*c.land_borders, *c.bridges, *c.sea_borders,
             *((sea.id, land) for sea in MAP.sea for land in sea.coasts)]
    for a, b in pairs:
        found[a].add(b)
        found[b].add(a)
    return {zone: tuple(sorted(near)) for zone, near in found.items()}


NEIGHBOURS: dict[str, tuple[str, ...]] = _neighbours()
TABLES: dict[int, Table] = {t.players: t for t in SETUPS.table}
STARTS: dict[str, Start] = {s.kingdom: s for s in SETUPS.start}


def _check_setups() -> None:
    for table in SETUPS.table:
        held = sorted(k for seat in table.seats for k in seat.kingdoms)
        if held != sorted(KINGDOMS):
            raise ValueError(f"table of {table.players}: every kingdom needs exactly one seat")
    starts: list[Start | Extra] = [*SETUPS.start, *SETUPS.extra]
    for start in starts:
        if start.kingdom not in KINGDOMS:
            raise ValueError(f"set-up: unknown kingdom {start.kingdom!r}")
        for placed in start.units:
            unit = UNITS.get(placed.unit)
            if unit is None or placed.zone not in ZONES:
                raise ValueError(f"set-up of {start.kingdom}: bad placement {placed}")
            at_sea = placed.zone in SEAS
            if (unit.domain == "sea") != at_sea:
                raise ValueError(f"set-up of {start.kingdom}: {unit.id} cannot be at "
                                 f"{placed.zone}")
            if not at_sea and LANDS[placed.zone].home != start.kingdom:
                raise ValueError(f"set-up of {start.kingdom}: {placed.zone} is not its land")
    if sorted(STARTS) != sorted(KINGDOMS):
        raise ValueError("every kingdom needs a starting set-up")


_check_setups()


# kingdom -> its alliance's id (read on every unit of every question: a plain dict)
ALLIANCE_OF: dict[str, str] = {k.id: k.alliance for k in MAP.kingdom}


def alliance_of(kingdom: str) -> str:
    return ALLIANCE_OF[kingdom]


def allies(kingdom: str) -> tuple[str, ...]:
    """The kingdoms of ``kingdom``'s alliance, itself included."""
    alliance = KINGDOMS[kingdom].alliance
    return tuple(k for k in KINGDOMS if KINGDOMS[k].alliance == alliance)


def is_land(zone: str) -> bool:
    return zone in LANDS


# zone -> the lands, and the seas, it borders (NEIGHBOURS split once, in its order)
LAND_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    zone: tuple(z for z in near if z in LANDS) for zone, near in NEIGHBOURS.items()}
SEA_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    zone: tuple(z for z in near if z in SEAS) for zone, near in NEIGHBOURS.items()}


def land_neighbours(zone: str) -> tuple[str, ...]:
    return LAND_NEIGHBOURS[zone]


def sea_neighbours(zone: str) -> tuple[str, ...]:
    return SEA_NEIGHBOURS[zone]


def starting_units(kingdom: str, players: int) -> list[Placement]:
    placed = list(STARTS[kingdom].units)
    for extra in SETUPS.extra:
        if extra.kingdom == kingdom and players in extra.players:
            placed += extra.units
    return placed
