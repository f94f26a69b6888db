"""The map of Greece (data/map.toml): cities, Empires, Territories, validated at import."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

DATA = Path(__file__).parent / "data"
RESOURCE_NAMES = ("wheat", "wood", "copper")
KINDS = ("hoplites-1", "hoplites-2", "triremes-1", "triremes-2", "cavalry-1", "cavalry-2")


class City(BaseModel):
    id: str
    name: str
    league: str = ""  # solo: the league this city must join ("" = free choice)
    integration: int = Field(ge=2, le=12)
    token: str
    order: int
    x: int
    y: int


class Reward(BaseModel):
    wheat: int = 0
    wood: int = 0
    copper: int = 0
    prestige: int = 0
    token: str = ""

    def text(self) -> str:
        parts = [f"{n} {k.title()}" for k in (*RESOURCE_NAMES, "prestige")
                 if (n := getattr(self, k))]
        if self.token:
            parts.append(token_label(self.token) + " token")
        return ", ".join(parts) or "nothing"


class Empire(BaseModel):
    id: str
    name: str
    need_one: int = Field(ge=2, le=12)
    need_two: int = Field(ge=2, le=13)
    sea_only: bool
    reward: Reward
    x: int
    y: int


class Territory(BaseModel):
    id: str
    name: str
    sea: bool
    resource: str
    tax: int = Field(ge=1)
    x: int
    y: int


class SoloTable(BaseModel):
    moves: list[str] = Field(min_length=12, max_length=12)


class GreeceMap(BaseModel):
    solo: SoloTable
    city: list[City]
    empire: list[Empire]
    territory: list[Territory]

    @model_validator(mode="after")
    def _consistent(self) -> GreeceMap:
        ids = [c.id for c in self.city] + [e.id for e in self.empire]
        ids += [t.id for t in self.territory]
        if len(ids) != len(set(ids)):
            raise ValueError("map ids must be unique")
        if len(self.city) != 6 or len(self.empire) != 6 or len(self.territory) != 9:
            raise ValueError("the map has 6 cities, 6 Empires and 9 Territories")
        for city in self.city:
            if city.token not in KINDS or city.league not in ("", "delian", "peloponnesian"):
                raise ValueError(f"city {city.id}: bad token or league")
        for empire in self.empire:
            if empire.reward.token and empire.reward.token not in KINDS:
                raise ValueError(f"empire {empire.id}: bad reward token")
        for space in self.solo.moves:
            if space not in ids:
                raise ValueError(f"solo move table: unknown space {space}")
        for territory in self.territory:
            if territory.resource not in RESOURCE_NAMES:
                raise ValueError(f"territory {territory.id}: bad resource")
        return self

    @property
    def cities(self) -> dict[str, City]:
        return {c.id: c for c in self.city}

    @property
    def empires(self) -> dict[str, Empire]:
        return {e.id: e for e in self.empire}

    @property
    def territories(self) -> dict[str, Territory]:
        return {t.id: t for t in self.territory}


def token_label(kind: str) -> str:
    unit, level = kind.split("-")
    return f"{unit.title()} {'I' * int(level)}"


@cache
def load_map() -> GreeceMap:
    with (DATA / "map.toml").open("rb") as handle:
        return GreeceMap.model_validate(tomllib.load(handle))


MAP = load_map()
CITIES = MAP.cities
EMPIRES = MAP.empires
TERRITORIES = MAP.territories
CITY_IDS = [c.id for c in MAP.city]
EMPIRE_ORDER = [e.id for e in MAP.empire]
SOLO_MOVES = MAP.solo.moves
INTEGRATION_ORDER = [c.id for c in sorted(MAP.city, key=lambda c: c.order)]


def space_name(space: str) -> str:
    for table in (CITIES, EMPIRES, TERRITORIES):
        if space in table:
            return str(table[space].name)
    return "home" if space == "home" else space
