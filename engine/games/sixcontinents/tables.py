"""The d100 tables of Six Continents: weather, the two expedition tables, the agents' cards and
slavery (``data/weather.toml``, ``expeditions.toml``, ``agents.toml``, ``slavery.toml``).

Every range table must cover 1-100 exactly once: a gap or an overlap fails at import, naming
the numbers. The lookups at the end (``weather_for``, ``expedition_outcome``,
``capture_chance``, ``catch_die``, ``mutiny_chance``, ``spy_succeeds``) are what the rules read.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).parent / "data"
D100 = 100


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Ranged(Strict):
    """A row of a d100 table: rolls ``low`` to ``high``, both included."""

    low: int = Field(ge=1, le=D100)
    high: int = Field(ge=1, le=D100)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _ordered(self) -> Ranged:
        if self.low > self.high:
            raise ValueError(f"{self.id}: {self.low}-{self.high} is empty")
        return self


R = TypeVar("R", bound=Ranged)


def coverage_problems(rows: Sequence[Ranged]) -> list[str]:
    """Every number 1-100 that no row or several rows cover, as readable complaints."""
    problems = []
    for roll in range(1, D100 + 1):
        hits = [r.id for r in rows if r.low <= roll <= r.high]
        if len(hits) != 1:
            problems.append(f"{roll}: {', '.join(hits) or 'no row'}")
    ids = [r.id for r in rows]
    if len(ids) != len(set(ids)):
        problems.append("a row id is repeated")
    return problems


def _covers(name: str, rows: Sequence[Ranged]) -> None:
    problems = coverage_problems(rows)
    if problems:
        raise ValueError(f"the {name} table must cover 1-100 once: {'; '.join(problems[:5])}")


def row_for(rows: Sequence[R], roll: int) -> R:
    """The row of ``rows`` a d100 ``roll`` falls on."""
    for row in rows:
        if row.low <= roll <= row.high:
            return row
    raise ValueError(f"no row for the roll {roll}")


class Weather(Ranged):
    attack: int = 0
    farm_income: int = 0
    manufactory_income: int = 0
    farm_food: int = 0
    march_cost: int | None = Field(default=None, ge=0)
    extra_movement: int = Field(default=0, ge=0)
    building_surcharge: int = Field(default=0, ge=0)
    no_overseas_expeditions: bool = False


class WeatherTable(Strict):
    duration_die: int = Field(ge=1)
    weather: tuple[Weather, ...]

    @model_validator(mode="after")
    def _whole(self) -> WeatherTable:
        _covers("weather", self.weather)
        return self


OutcomeKind = Literal[
    "nothing", "mineral", "currency", "poison", "savages", "income", "units",
    "destroy_buildings", "tree", "bunker_damage", "next_expedition_cost", "free_roads",
    "lose_soldiers", "delay", "farm_discount", "robbery_tokens", "capital_upgrade",
    "battle_bonus", "captain_auction", "plague",
]
# The numbers each kind uses; all of them must be given, no other may be.
OUTCOME_FIELDS: dict[str, frozenset[str]] = {
    "nothing": frozenset(),
    "mineral": frozenset({"cost", "income", "marker"}),
    "currency": frozenset({"currency"}),
    "poison": frozenset({"count", "marker"}),
    "savages": frozenset({"die"}),
    "income": frozenset({"income", "turns"}),
    "units": frozenset({"count", "unit"}),
    "destroy_buildings": frozenset({"count"}),
    "tree": frozenset({"currency", "income", "count", "marker"}),
    "bunker_damage": frozenset({"amount"}),
    "next_expedition_cost": frozenset({"amount"}),
    "free_roads": frozenset({"count"}),
    "lose_soldiers": frozenset({"count"}),
    "delay": frozenset({"turns", "cost"}),
    "farm_discount": frozenset({"count", "amount"}),
    "robbery_tokens": frozenset({"count", "die"}),
    "capital_upgrade": frozenset(),
    "battle_bonus": frozenset({"amount"}),
    "captain_auction": frozenset(),
    "plague": frozenset({"die", "turns"}),
}
OPTIONAL_FIELDS: dict[str, frozenset[str]] = {"poison": frozenset({"cost"})}
NUMBERS = ("cost", "income", "currency", "count", "die", "turns", "amount", "unit", "marker")
# The markers of the rule book: minerals "K+" and "K", the coconut tree "L", the black card.
Marker = Literal["", "K+", "K", "L", "black"]


class Outcome(Ranged):
    kind: OutcomeKind
    cost: int = Field(default=0, ge=0)
    income: int = 0
    currency: int = Field(default=0, ge=0)
    count: int = Field(default=0, ge=0)
    die: int = Field(default=0, ge=0)
    turns: int = Field(default=0, ge=0)
    amount: int = 0
    unit: str = ""
    marker: Marker = ""

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Outcome:
        given = {name for name in NUMBERS if getattr(self, name)}
        need = OUTCOME_FIELDS[self.kind]
        allowed = need | OPTIONAL_FIELDS.get(self.kind, frozenset())
        if not need <= given or not given <= allowed:
            raise ValueError(
                f"{self.id}: a {self.kind} outcome gives exactly {sorted(need)}"
                f" (and may give {sorted(allowed - need)}), not {sorted(given)}"
            )
        return self


class Expedition(Strict):
    cost: int = Field(gt=0)
    turns: int = Field(gt=0)
    limit: int = Field(default=0, ge=0)  # overseas: active at once (internal: one per province)
    extra_per_tree: int = Field(default=0, ge=0)
    row: tuple[Outcome, ...]


class Expeditions(Strict):
    internal: Expedition
    overseas: Expedition

    @model_validator(mode="after")
    def _whole(self) -> Expeditions:
        _covers("internal expedition", self.internal.row)
        _covers("overseas expedition", self.overseas.row)
        if self.overseas.limit < 1:
            raise ValueError("at least one overseas expedition may be active")
        return self


CardKind = Literal[
    "sabotage", "incitement", "free_slaves", "burn_food", "counterintelligence", "nothing",
]


class Card(Strict):
    id: str
    name: str
    kind: CardKind
    text: str
    success_above: int | None = Field(default=None, ge=0, lt=D100)
    success_above_with_slave: int | None = Field(default=None, ge=0, lt=D100)
    amount: int = Field(default=0, ge=0)
    die: int = Field(default=0, ge=0)


class Agents(Strict):
    spy_cost: int = Field(gt=0)
    capital_level: int = Field(ge=1, le=3)
    spy_killed_at_most: int = Field(ge=0, lt=D100)
    counterintelligence_penalty: int = Field(ge=0, lt=D100)
    card: tuple[Card, ...]

    @model_validator(mode="after")
    def _one_of_each(self) -> Agents:
        kinds = [c.kind for c in self.card]
        if sorted(kinds) != sorted(get_args(CardKind)):
            raise ValueError("agents: exactly one card of each kind")
        for card in self.card:
            rolled = card.kind not in ("counterintelligence", "nothing")
            if rolled != (card.success_above is not None):
                raise ValueError(f"{card.id}: only action cards roll for success")
            if card.kind in ("sabotage", "burn_food", "free_slaves") and card.amount < 1:
                raise ValueError(f"{card.id}: needs an amount")
            if card.kind == "incitement" and card.die < 1:
                raise ValueError(f"{card.id}: needs the mutiny die")
            if card.kind != "incitement" and card.success_above_with_slave is not None:
                raise ValueError(f"{card.id}: only incitement is easier where a slave works")
        return self


class Catch(Strict):
    below: int | None = Field(default=None, gt=0)
    die: int = Field(gt=0)


class MutinyRow(Strict):
    slaves: int = Field(gt=0)
    chance: int = Field(gt=0, le=D100)


class Capture(Strict):
    base: int = Field(ge=0, le=D100)
    per_unit: dict[str, int]


class Slavery(Strict):
    upkeep_relief: int = Field(ge=0)
    farm_food: int = Field(ge=0)
    movement: int = Field(gt=0)
    each_next: int = Field(ge=0)
    capture: Capture
    catch: tuple[Catch, ...] = Field(min_length=1)
    mutiny: tuple[MutinyRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ordered(self) -> Slavery:
        bounds = [c.below for c in self.catch]
        if bounds[-1] is not None or None in bounds[:-1]:
            raise ValueError("slavery: only the last catch row has no bound")
        if [m.slaves for m in self.mutiny] != list(range(1, len(self.mutiny) + 1)):
            raise ValueError("slavery: mutiny rows for 1, 2, 3 ... slaves in order")
        chances = [m.chance for m in self.mutiny]
        if chances != sorted(chances):
            raise ValueError("slavery: more slaves never mutiny less")
        return self


def _read(name: str) -> dict[str, object]:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


WEATHER = WeatherTable.model_validate(_read("weather.toml"))
EXPEDITIONS = Expeditions.model_validate(_read("expeditions.toml"))
AGENTS = Agents.model_validate(_read("agents.toml"))
SLAVERY = Slavery.model_validate(_read("slavery.toml"))
CARDS: dict[str, Card] = {c.id: c for c in AGENTS.card}
ExpeditionKind = Literal["internal", "overseas"]


def weather_for(roll: int) -> Weather:
    """The weather a d100 ``roll`` brings (Weather conditions)."""
    return row_for(WEATHER.weather, roll)


def expedition(kind: ExpeditionKind) -> Expedition:
    return EXPEDITIONS.internal if kind == "internal" else EXPEDITIONS.overseas


def expedition_outcome(kind: ExpeditionKind, roll: int) -> Outcome:
    """What an internal or overseas expedition finds on a d100 ``roll`` (Economy 2.0)."""
    return row_for(expedition(kind).row, roll)


def capture_chance(units_left: Mapping[str, int]) -> int:
    """The d100 chance (roll at most this) to catch slaves, from the winner's units left."""
    bonus = sum(SLAVERY.capture.per_unit[unit] * n for unit, n in units_left.items())
    return min(D100, SLAVERY.capture.base + bonus)


def catch_die(enemy_soldiers: int) -> int:
    """The die for how many slaves are caught when ``enemy_soldiers`` fought (never more)."""
    for row in SLAVERY.catch:
        if row.below is None or enemy_soldiers < row.below:
            return row.die
    raise ValueError("no catch row")  # the loader guarantees an unbounded last row


def mutiny_chance(slaves: int) -> int:
    """The d100 chance (roll at most this) that ``slaves`` slaves rise after a lost battle."""
    if slaves <= 0:
        return 0
    rows = SLAVERY.mutiny
    if slaves <= len(rows):
        return rows[slaves - 1].chance
    return min(D100, rows[-1].chance + SLAVERY.each_next * (slaves - len(rows)))


def success_threshold(card: Card, *, protected: bool, slave_there: bool = False) -> int | None:
    """The roll a card must beat, or None when it needs no roll (Action types)."""
    above = card.success_above
    if above is None:
        return None
    if slave_there and card.success_above_with_slave is not None:
        above = card.success_above_with_slave
    if protected:
        above += AGENTS.counterintelligence_penalty
    return min(above, D100)


def spy_succeeds(card: Card, roll: int, *, protected: bool, slave_there: bool = False) -> bool:
    threshold = success_threshold(card, protected=protected, slave_there=slave_there)
    return threshold is None or roll > threshold


def spy_killed(roll: int) -> bool:
    """A target's roll of 1-10 kills the spy who sent the card."""
    return roll <= AGENTS.spy_killed_at_most
