"""Six Continents' prices, unit tables, battle modifiers and the realm's numbers
(``data/prices.toml``, ``battle.toml``, ``realm.toml``), read once at import and validated,
then checked against the map (``board``) and the d100 tables (``tables``).

The cross-checks: every price is positive; a unit breaks into units whose soldiers add up to
its own; every id a table names (a unit to break into, a unit an expedition gives, a slave
capture bonus, what a capital level allows) exists; everything one can buy is allowed by
exactly one capital level; and three capitals fit on the map the required distance apart.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.games.sixcontinents.board import DISTANCES, PROVINCES
from engine.games.sixcontinents.tables import AGENTS, EXPEDITIONS, SLAVERY

DATA = Path(__file__).parent / "data"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class March(Strict):
    per_soldier: int = Field(gt=0)
    demolition_refund_divisor: int = Field(gt=0)


class Building(Strict):
    id: str
    name: str
    cost: int = Field(gt=0)
    upkeep: int = Field(default=0, ge=0)
    income: int = Field(default=0, ge=0)
    food: int = Field(default=0, ge=0)
    defence: int = Field(default=0, ge=0)
    capital_level: int = Field(ge=1, le=3)
    additional: bool = False  # beside the province's one building (port, road)
    coastal: bool = False
    weatherproof: bool = False
    in_occupied: bool = False
    raid_modifier: int = Field(default=0, le=0)
    transfer_turns: int = Field(default=0, ge=0)
    upgrade_of: str = ""


class Unit(Strict):
    """A land unit or a ship; ``soldiers`` is its combat value (0: it cannot fight)."""

    id: str
    name: str
    cost: int | None = Field(default=None, gt=0)  # None: formed, not bought (the caravan)
    soldiers: int = Field(default=0, ge=0)
    movement: int = Field(default=0, ge=0)
    movement_three_players: int | None = Field(default=None, gt=0)
    capital_level: int = Field(default=1, ge=1, le=3)
    cannon: bool = False
    breaks_into: tuple[str, ...] = ()
    formed_from: tuple[str, ...] = ()
    form_cost_movement: int = Field(default=0, ge=0)
    capacity: int = Field(default=0, ge=0)
    voyage_turns: int = Field(default=0, ge=0)
    income: int = Field(default=0, ge=0)
    food: int = Field(default=0, ge=0)
    max_per_sea_zone: int = Field(default=0, ge=0)  # 0: no limit
    upkeep: int = Field(default=0, ge=0)  # a ship's currency a turn


class Prices(Strict):
    march: March
    building: tuple[Building, ...]
    unit: tuple[Unit, ...]
    ship: tuple[Unit, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Prices:
        ids = [b.id for b in self.building] + [u.id for u in (*self.unit, *self.ship)]
        if len(ids) != len(set(ids)):
            raise ValueError("prices: ids must be unique")
        buildings = {b.id for b in self.building}
        for b in self.building:
            if b.upgrade_of and b.upgrade_of not in buildings:
                raise ValueError(f"{b.id}: upgrade of unknown {b.upgrade_of!r}")
        for table in (self.unit, self.ship):
            by_id = {u.id: u for u in table}
            for u in table:
                parts = [by_id[p] for p in (*u.breaks_into, *u.formed_from) if p in by_id]
                if len(parts) != len(u.breaks_into) + len(u.formed_from):
                    raise ValueError(f"{u.id}: breaks into or is formed from an unknown unit")
                if u.breaks_into and sum(p.soldiers for p in parts[: len(u.breaks_into)]) \
                        != u.soldiers:
                    raise ValueError(f"{u.id}: its parts' soldiers do not add up")
                if u.cost is None and not u.formed_from:
                    raise ValueError(f"{u.id}: a unit is bought or formed")
        for u in self.unit:
            if u.soldiers < 1 or u.movement < 1:
                raise ValueError(f"{u.id}: a land unit fights and moves")
        return self


Side = Literal["attacker", "defender", "each"]
Per = Literal["extra_province", "extra_soldier", "rebellious_province", "cannon"]


class Modifier(Strict):
    id: str
    battle: Literal["land", "sea"]
    side: Side
    amount: int
    per: Per | None = None
    max: int | None = Field(default=None, gt=0)
    target: Literal["roll", "bunkers"] = "roll"
    not_with: str = ""
    from_buildings: bool = False
    text: str

    @model_validator(mode="after")
    def _meaningful(self) -> Modifier:
        if self.amount == 0 and not self.from_buildings:
            raise ValueError(f"{self.id}: a modifier changes something")
        if self.max is not None and self.per is None:
            raise ValueError(f"{self.id}: only a modifier per unit of something has a max")
        return self


class Encircled(Strict):
    die: int = Field(gt=0)
    keep: int = Field(ge=0)


class ArmyRules(Strict):
    recruits_per_province: int = Field(gt=0)
    digging_in_units: tuple[str, ...]


class Battle(Strict):
    die: int = Field(gt=0)
    defender_wins_ties: bool
    modifier: tuple[Modifier, ...]
    encircled_capital: Encircled
    army: ArmyRules

    @model_validator(mode="after")
    def _consistent(self) -> Battle:
        ids = [m.id for m in self.modifier]
        if len(ids) != len(set(ids)):
            raise ValueError("battle: modifier ids must be unique")
        for m in self.modifier:
            if m.not_with and m.not_with not in ids:
                raise ValueError(f"{m.id}: not_with names an unknown modifier")
        return self


class Start(Strict):
    currency: int = Field(gt=0)
    capital_min_distance: int = Field(ge=1)
    first_player_die: int = Field(gt=1)


class Currency(Strict):
    province_divisor: int = Field(gt=0)
    enemy_capital: int = Field(ge=0)


class Food(Strict):
    provinces_per_food: int = Field(gt=0)
    capital: int = Field(ge=0)
    shortage_die: int = Field(gt=0)
    shortage_die_large: int = Field(gt=0)
    large_realm: int = Field(gt=0)
    soldier_price: int = Field(gt=0)


class ProvinceRules(Strict):
    unit_cap: int = Field(gt=0)
    over_cap_upkeep: int = Field(gt=0)
    max_red_tokens: int = Field(gt=0)
    plunder_tokens: int = Field(gt=0)
    missing_token_fine: int = Field(gt=0)


class Robbery(Strict):
    income: int = Field(gt=0)
    turns: int = Field(gt=0)
    end_tokens: int = Field(gt=0)


class CapitalLevel(Strict):
    level: int = Field(ge=1, le=3)
    upgrade_cost: int = Field(ge=0)
    income: int = Field(gt=0)
    allows: tuple[str, ...]


class CapitalRules(Strict):
    defence: int = Field(gt=0)
    recapture_penalty: int = Field(lt=0)
    temporary_surcharge: int = Field(ge=0)
    temporary_income: int = Field(ge=0)
    temporary_food: int = Field(ge=0)


class Revolts(Strict):
    bribe_per_rebel: int = Field(gt=0)


class Revolt(Strict):
    id: str
    name: str
    text: str
    chance: int = Field(gt=0, le=100)  # d100 at most this
    die: int = Field(gt=0)


class Victory(Strict):
    per_province: int = Field(ge=0)
    per_capital: int = Field(ge=0)
    income_counts: bool
    round_limit: int = Field(ge=0)
    round_limit_choices: tuple[int, ...]
    tie_breaks: tuple[Literal["capitals", "provinces"], ...]


class ThreePlayers(Strict):
    road_upkeep: int = Field(ge=0)
    capital_income_bonus: int = Field(ge=0)
    enemy_capital: int = Field(ge=0)
    caravan_movement: int = Field(gt=0)
    per_capital: int = Field(ge=0)
    capital_food_bonus: int = Field(ge=0)


class Realm(Strict):
    start: Start
    currency: Currency
    food: Food
    provinces: ProvinceRules
    robbery: Robbery
    capital_level: tuple[CapitalLevel, ...] = Field(min_length=3, max_length=3)
    capital: CapitalRules
    revolts: Revolts
    revolt: tuple[Revolt, ...]
    victory: Victory
    three_players: ThreePlayers

    @model_validator(mode="after")
    def _consistent(self) -> Realm:
        levels = [c.level for c in self.capital_level]
        if levels != [1, 2, 3] or self.capital_level[0].upgrade_cost != 0:
            raise ValueError("capital levels 1, 2, 3 in order; level 1 is where one starts")
        if any(c.upgrade_cost <= 0 for c in self.capital_level[1:]):
            raise ValueError("capital upgrades cost something")
        if self.victory.round_limit not in self.victory.round_limit_choices:
            raise ValueError("the default round limit is one of the choices")
        return self


def _read(name: str) -> dict[str, object]:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


PRICES = Prices.model_validate(_read("prices.toml"))
BATTLE = Battle.model_validate(_read("battle.toml"))
REALM = Realm.model_validate(_read("realm.toml"))
BUILDINGS: dict[str, Building] = {b.id: b for b in PRICES.building}
UNITS: dict[str, Unit] = {u.id: u for u in PRICES.unit}
SHIPS: dict[str, Unit] = {s.id: s for s in PRICES.ship}
MODIFIERS: dict[str, Modifier] = {m.id: m for m in BATTLE.modifier}
REVOLTS: dict[str, Revolt] = {r.id: r for r in REALM.revolt}
# Bought with a capital level: buildings, land units, the spy, and "ships" for every ship.
BUYABLE = {*BUILDINGS, *(u for u in UNITS if UNITS[u].cost is not None), "spy", "ships"}


def three_capitals_fit(apart: int) -> bool:
    """Whether three capitals can stand pairwise ``apart`` steps or more (Game Start 2)."""
    ids = sorted(PROVINCES)
    return any(
        all(DISTANCES[a][b] >= apart for a, b in itertools.combinations(trio, 2))
        for trio in itertools.combinations(ids, 3)
    )


def _cross_check() -> None:
    allowed = [a for level in REALM.capital_level for a in level.allows]
    if sorted(allowed) != sorted(BUYABLE):
        raise ValueError(f"capital levels must allow each purchase once: {sorted(allowed)}")
    for row in (*EXPEDITIONS.internal.row, *EXPEDITIONS.overseas.row):
        if row.unit and row.unit not in UNITS:
            raise ValueError(f"expedition {row.id}: unknown unit {row.unit!r}")
    if set(SLAVERY.capture.per_unit) != set(UNITS):
        raise ValueError("slavery: a capture bonus for every land unit, and only those")
    if not set(BATTLE.army.digging_in_units) <= set(UNITS):
        raise ValueError("battle: unknown unit digging in")
    if AGENTS.capital_level != level_allowing("spy"):
        raise ValueError("agents: the spy's capital level differs from realm.toml")
    for building in PRICES.building:
        if building.capital_level != level_allowing(building.id):
            raise ValueError(f"{building.id}: capital level differs from realm.toml")
    for unit in PRICES.unit:
        if unit.cost is not None and unit.capital_level != level_allowing(unit.id):
            raise ValueError(f"{unit.id}: capital level differs from realm.toml")
    if not three_capitals_fit(REALM.start.capital_min_distance):
        raise ValueError("three capitals do not fit on the map the required distance apart")


def level_allowing(item: str) -> int:
    """The capital level that allows buying ``item`` (a price id, "spy" or "ships")."""
    for level in REALM.capital_level:
        if item in level.allows:
            return level.level
    raise KeyError(item)


_cross_check()


# Every price by id, built once (the rules ask for prices on every prompt).
PRICE_TABLE: dict[str, int | None] = {
    **{b.id: b.cost for b in PRICES.building},
    **{u.id: u.cost for u in (*PRICES.unit, *PRICES.ship)},
    "spy": AGENTS.spy_cost,
    "internal_expedition": EXPEDITIONS.internal.cost,
    "overseas_expedition": EXPEDITIONS.overseas.cost,
    **{f"capital_{c.level}": c.upgrade_cost for c in REALM.capital_level[1:]},
}


def price(item: str) -> int:
    """What ``item`` costs: a building, a land unit, a ship, "spy", an expedition
    ("internal_expedition", "overseas_expedition") or a capital upgrade ("capital_2",
    "capital_3")."""
    cost = PRICE_TABLE[item]
    if cost is None:
        raise KeyError(f"{item} is not bought")
    return cost


def capital_income(level: int, players: int) -> int:
    """Currency from the capital each turn (Currency 1; Rules for 3 players 2)."""
    bonus = REALM.three_players.capital_income_bonus if players == 3 else 0
    return REALM.capital_level[level - 1].income + bonus


def food_needed(provinces: int) -> int:
    """Food a realm of ``provinces`` needs: one per two provinces, an odd one counting."""
    per = REALM.food.provinces_per_food
    return -(-provinces // per)


def unit_cap(red_tokens: int) -> int:
    """Units a province (not the capital) holds without paying extra (Costs 1)."""
    return max(0, REALM.provinces.unit_cap - red_tokens)
