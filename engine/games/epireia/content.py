"""Epireia's content as data: figures, buildings, administrators, prestige track, scenarios,
military tokens, solo scenarios and the Augur deck.

Every file in ``data/`` that this module owns is read once at import with ``tomllib`` and
validated by the pydantic models below; a broken file fails at import with a clear message.
``CONTENT`` holds it all; the ``abilities`` package executes what it describes.

Two small vocabularies describe every effect:

- :class:`Modifier` — a lasting change read where the rules need it (a roll, a cost, a
  conflict, the income, the battle, a forbidden move). Kinds: ``empire_roll``,
  ``integration_roll``, ``conflict_attack``, ``brigand_attack``, ``battle_attack``,
  ``ignore_crowding``, ``income``, ``building_discount``, ``token_discount``,
  ``donate_prestige``, ``forbid``.
- :class:`Effect` — something that happens once. Kinds: ``gain``, ``pay``, ``lose``,
  ``prestige``, ``token``, ``recruit``, ``league_take``, ``action``, ``brigands``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.revised import entries_for

DATA = Path(__file__).parent / "data"

Resource = Literal["wheat", "wood", "copper"]
Unit = Literal["hoplites", "triremes", "cavalry"]
TokenKind = Literal[
    "hoplites-1", "hoplites-2", "triremes-1", "triremes-2", "cavalry-1", "cavalry-2",
]
CityId = Literal["athens", "sparta", "corinth", "delphi", "elis", "larissa"]
FrontId = Literal["flank", "centre", "maritime"]
RESOURCE_NAMES: tuple[str, ...] = ("wheat", "wood", "copper")
UNITS: tuple[str, ...] = ("hoplites", "triremes", "cavalry")
CITIES: tuple[str, ...] = ("athens", "sparta", "corinth", "delphi", "elis", "larissa")
FRONTS: tuple[str, ...] = ("flank", "centre", "maritime")
EMPIRES: tuple[str, ...] = ("persia", "phoenicia", "egypt", "carthage", "syracuse", "macedonia")

ModifierKind = Literal[
    "empire_roll", "integration_roll", "conflict_attack", "brigand_attack", "battle_attack",
    "ignore_crowding", "income", "building_discount", "token_discount", "donate_prestige",
    "forbid",
]
EffectKind = Literal[
    "gain", "pay", "lose", "prestige", "token", "recruit", "league_take", "action", "brigands",
]


class Strict(BaseModel):
    """Read-only content: frozen models and tuples, so no caller can change a card."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Cost(Strict):
    wheat: int = Field(default=0, ge=0)
    wood: int = Field(default=0, ge=0)
    copper: int = Field(default=0, ge=0)

    def as_dict(self) -> dict[str, int]:
        return {"wheat": self.wheat, "wood": self.wood, "copper": self.copper}


class Modifier(Strict):
    """A lasting change. Filters left empty match everything.

    ``target``: an Empire id for ``empire_roll``; for ``forbid``: ``"subjugation"`` (no move
    to a neutral Greek City), ``"sea"`` (no move to a sea-only space) or ``"empire:<id>"``.
    """

    kind: ModifierKind
    amount: int = 0
    resource: Resource | None = None
    unit: Unit | None = None
    front: FrontId | None = None
    terrain: Literal["land", "sea"] | None = None
    target: str = ""

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Modifier:
        needs_amount = self.kind not in ("ignore_crowding", "forbid")
        if needs_amount and self.amount == 0:
            raise ValueError(f"modifier {self.kind} needs a non-zero amount")
        if self.kind == "income" and self.resource is None:
            raise ValueError("an income modifier names its resource")
        if self.kind == "forbid":
            ok = self.target in ("subjugation", "sea") or (
                self.target.startswith("empire:") and self.target[7:] in EMPIRES
            )
            if not ok:
                raise ValueError(f"unknown forbid target {self.target!r}")
        elif self.kind == "empire_roll":
            if self.target and self.target not in EMPIRES:
                raise ValueError(f"unknown empire {self.target!r}")
        elif self.target:
            raise ValueError(f"modifier {self.kind} takes no target")
        if self.front is not None and self.kind != "battle_attack":
            raise ValueError("only battle_attack has a front")
        if self.terrain is not None and self.kind != "conflict_attack":
            raise ValueError("only conflict_attack has a terrain")
        if self.unit is not None and self.kind != "token_discount":
            raise ValueError("only token_discount has a unit")
        return self


class Effect(Strict):
    """Something that happens once.

    ``gain``/``pay``/``lose`` ``amount`` of ``resource`` (a ``pay`` makes the whole effect
    list all-or-nothing; ``lose`` takes what there is); ``prestige`` +``amount``; ``token``
    puts ``token`` from the supply into the league reserve; ``recruit`` lets the player take a
    new Influential Figure of their City; ``league_take`` moves up to ``amount`` of
    ``resource`` from the league treasury; ``action`` gives ``amount`` development actions;
    ``brigands`` puts Brigands on ``targets`` (Territory ids, or ``"random-land"``).
    """

    kind: EffectKind
    amount: int = 0
    resource: Resource | None = None
    token: TokenKind | None = None
    targets: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Effect:
        if self.kind in ("gain", "pay", "lose", "league_take") and (
            self.resource is None or self.amount <= 0
        ):
            raise ValueError(f"effect {self.kind} needs a resource and a positive amount")
        if self.kind in ("prestige", "action") and self.amount <= 0:
            raise ValueError(f"effect {self.kind} needs a positive amount")
        if self.kind == "token" and self.token is None:
            raise ValueError("a token effect names its token kind")
        if self.kind == "brigands" and not self.targets:
            raise ValueError("a brigands effect lists its targets")
        return self


class FigureBefore(Strict):
    """What a figure's card said under earlier rules revisions (``Figure.before``)."""

    attack: int | None = Field(default=None, ge=1, le=3)
    sea: bool | None = None


class Figure(Strict):
    id: str
    name: str
    city: CityId
    attack: int = Field(ge=1, le=3)
    sea: bool
    ability: str
    modifiers: tuple[Modifier, ...] = ()
    on_play: tuple[Effect, ...] = ()
    # The card as games started under an earlier rules revision read it: ``{2 = {attack = 2}}``
    # is the attack of revisions 1 and 2 (the lowest key at or above a game's revision wins).
    before: dict[int, FigureBefore] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _has_an_ability(self) -> Figure:
        if not self.modifiers and not self.on_play:
            raise ValueError(f"figure {self.id} has no ability")
        if any(m.kind == "forbid" for m in self.modifiers):
            raise ValueError("figures do not forbid")
        return self

    def under(self, revision: int) -> Figure:
        """The card as a game of rules ``revision`` reads it."""
        earlier = entries_for(self.before, revision)
        if not earlier:
            return self
        return self.model_copy(update={**earlier[0].model_dump(exclude_none=True), "before": {}})


BuildingFamily = Literal["military", "religious", "civil", "political", "administrator"]


class Building(Strict):
    id: str
    name: str
    family: BuildingFamily
    cost: Cost
    text: str
    unlocks: Unit | None = None
    admin: bool = False
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()

    @model_validator(mode="after")
    def _family_fits(self) -> Building:
        if (self.family == "military") != (self.unlocks is not None):
            raise ValueError(f"{self.id}: exactly the military buildings unlock a unit")
        if (self.family == "administrator") != self.admin:
            raise ValueError(f"{self.id}: exactly the administrator building enables it")
        if self.family in ("religious", "civil", "political") and not (
            self.effects or self.modifiers
        ):
            raise ValueError(f"{self.id}: a {self.family} building needs an effect")
        return self


class AdminOption(Strict):
    id: str
    label: str
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()

    @model_validator(mode="after")
    def _does_something(self) -> AdminOption:
        if not self.effects and not self.modifiers:
            raise ValueError(f"administrator option {self.id} does nothing")
        return self


class Administrator(Strict):
    id: str
    name: str
    text: str
    options: tuple[AdminOption, ...] = Field(min_length=1)


class PrestigeBonus(Strict):
    level: int = Field(ge=1)
    text: str
    effects: tuple[Effect, ...] = Field(min_length=1)


class PrestigeTrack(Strict):
    max: int = Field(ge=8)
    bonus: tuple[PrestigeBonus, ...]

    @model_validator(mode="after")
    def _levels_on_track(self) -> PrestigeTrack:
        levels = [b.level for b in self.bonus]
        if levels != sorted(set(levels)) or levels[-1] > self.max:
            raise ValueError("prestige bonus levels must rise strictly and stay on the track")
        return self


ObjectiveCheck = Literal["prestige_per_city", "prestige", "treasury", "buildings", "reserve",
                         "territories"]


class Objective(Strict):
    check: ObjectiveCheck
    amount: int = Field(ge=1)
    text: str
    resource: Resource | None = None
    unit: Unit | None = None
    terrain: Literal["land", "sea"] | None = None


class CardText(Strict):
    """What an earlier rules revision printed differently on a card (unset: the same)."""

    name: str = ""
    story: str = ""
    objective: str = ""  # the objective's text


class Scenario(Strict):
    id: str
    act: int = Field(ge=1, le=3)
    name: str
    story: str
    objective: Objective
    reward: TokenKind
    constraints: tuple[Modifier, ...] = ()
    constraint_text: str = ""
    on_reveal: tuple[Effect, ...] = ()
    revision_1: CardText | None = None  # the name and story of revision-1 games, if they differ

    @model_validator(mode="after")
    def _constraints_explained(self) -> Scenario:
        if (self.constraints or self.on_reveal) and not self.constraint_text:
            raise ValueError(f"scenario {self.id}: say what its constraint does")
        return self


class TokenType(Strict):
    kind: TokenKind
    unit: Unit
    level: int = Field(ge=1, le=2)
    name: str
    count: int = Field(ge=1)
    cost: Cost
    value: int = Field(ge=1)
    power: str = ""

    @model_validator(mode="after")
    def _kind_matches(self) -> TokenType:
        if self.kind != f"{self.unit}-{self.level}":
            raise ValueError(f"token kind {self.kind} is not {self.unit}-{self.level}")
        return self


class TokenPower(Strict):
    id: Literal["phalanx", "ram", "charge"]
    name: str
    text: str
    amount: int = Field(ge=1)


class Front(Strict):
    id: FrontId
    name: str
    rows: tuple[tuple[Unit, ...], ...] = Field(min_length=2, max_length=2)


Army = dict[FrontId, tuple[tuple[str, ...], ...]]


class SoloScenario(Strict):
    id: str
    name: str
    story: str
    city: CityId | Literal[""] = ""
    league: Literal["delian", "peloponnesian", ""] = ""
    rounds: int = Field(ge=3, le=14)  # rules revision 1 (one difficulty)
    # Rules revision 2: the rounds at each difficulty (the ``solo_difficulty`` option).
    difficulty: dict[Literal["standard", "hard"], int] = Field(default_factory=dict)
    enemy_cities: tuple[CityId, ...] = Field(min_length=1)
    enemy_figures: tuple[str, ...] = Field(min_length=1)
    objectives: tuple[Objective, ...] = Field(min_length=1)
    enemy_army: Army


    @model_validator(mode="after")
    def _both_difficulties(self) -> SoloScenario:
        if set(self.difficulty) != {"standard", "hard"} or not all(
                3 <= n <= 14 for n in self.difficulty.values()):
            raise ValueError(f"solo scenario {self.id}: rounds for standard and hard, 3 to 14")
        return self


class AugurCard(Strict):
    id: str
    name: str
    text: str
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()

    @model_validator(mode="after")
    def _does_something(self) -> AugurCard:
        if not self.effects and not self.modifiers:
            raise ValueError(f"augur card {self.id} does nothing")
        return self


class Content(Strict):
    figures: dict[str, Figure]
    buildings: dict[str, Building]
    administrators: dict[str, Administrator]
    prestige: PrestigeTrack
    scenarios: dict[str, Scenario]
    tokens: dict[str, TokenType]
    powers: dict[str, TokenPower]
    fronts: dict[str, Front]
    solo: dict[str, SoloScenario]
    augur: dict[str, AugurCard]

    def figures_of(self, city: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.city == city]

    def scenarios_of_act(self, act: int) -> list[Scenario]:
        return [s for s in self.scenarios.values() if s.act == act]

    def slot_accepts(self, front: str, row: int) -> list[str]:
        """Units a battlefield slot of ``front`` in ``row`` (0 or 1) accepts (any column)."""
        return list(self.fronts[front].rows[row])

    @model_validator(mode="after")
    def _consistent(self) -> Content:
        problems: list[str] = []
        for city in CITIES:
            if len(self.figures_of(city)) != 5:
                problems.append(f"{city} has {len(self.figures_of(city))} figures, not 5")
        for act in (1, 2, 3):
            if len(self.scenarios_of_act(act)) != 3:
                problems.append(f"act {act} needs 3 scenario cards")
        if set(self.tokens) != {f"{u}-{lv}" for u in UNITS for lv in (1, 2)}:
            problems.append("tokens.toml must list the six token kinds")
        for token in self.tokens.values():
            if token.power and token.power not in self.powers:
                problems.append(f"token {token.kind}: unknown power {token.power}")
        if set(self.fronts) != set(FRONTS):
            problems.append("tokens.toml must describe the three fronts")
        if {b.unlocks for b in self.buildings.values() if b.unlocks} != set(UNITS):
            problems.append("one military building per unit")
        for solo in self.solo.values():
            problems.extend(self._solo_problems(solo))
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def _solo_problems(self, solo: SoloScenario) -> list[str]:
        problems: list[str] = []
        if solo.city and solo.city in solo.enemy_cities:
            problems.append(f"{solo.id}: the player's city is also an enemy")
        if len(solo.enemy_figures) != len(solo.enemy_cities):
            problems.append(f"{solo.id}: one enemy figure per enemy city")
        for city, figure in zip(solo.enemy_cities, solo.enemy_figures, strict=False):
            if figure not in self.figures or self.figures[figure].city != city:
                problems.append(f"{solo.id}: {figure} is not a figure of {city}")
        used: dict[str, int] = {}
        if set(solo.enemy_army) != set(FRONTS):
            problems.append(f"{solo.id}: the enemy army names the three fronts")
        for front, columns in solo.enemy_army.items():
            if len(columns) != 3 or any(len(col) != 2 for col in columns):
                problems.append(f"{solo.id}: {front} needs 3 columns of 2 rows")
                continue
            for column in columns:
                for row, kind in enumerate(column):
                    if not kind:
                        continue
                    if kind not in self.tokens:
                        problems.append(f"{solo.id}: unknown token {kind}")
                        continue
                    if self.tokens[kind].unit not in self.slot_accepts(front, row):
                        problems.append(f"{solo.id}: {kind} cannot stand in {front} row {row}")
                    used[kind] = used.get(kind, 0) + 1
        for kind, count in used.items():
            if kind in self.tokens and count > self.tokens[kind].count:
                problems.append(f"{solo.id}: more {kind} than the supply holds")
        return problems


def _read(name: str) -> dict[str, object]:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


def _by_id(rows: object, key: str = "id") -> dict[str, object]:
    result: dict[str, object] = {}
    for row in rows if isinstance(rows, list) else []:
        ident = row[key]
        if ident in result:
            raise ValueError(f"duplicate id {ident!r}")
        result[ident] = row
    return result


def load_content() -> Content:
    """Read and validate every content file; raises ``ValueError`` on any problem."""
    tokens = _read("tokens.toml")
    prestige = _read("prestige.toml")
    return Content.model_validate({
        "figures": _by_id(_read("figures.toml").get("figure")),
        "buildings": _by_id(_read("buildings.toml").get("building")),
        "administrators": _by_id(_read("administrators.toml").get("administrator")),
        "prestige": {"max": prestige.get("max"), "bonus": prestige.get("bonus")},
        "scenarios": _by_id(_read("scenarios.toml").get("scenario")),
        "tokens": _by_id(tokens.get("token"), key="kind"),
        "powers": _by_id(tokens.get("power")),
        "fronts": _by_id(tokens.get("front")),
        "solo": _by_id(_read("solo.toml").get("solo")),
        "augur": _by_id(_read("augur.toml").get("augur")),
    })


CONTENT: Content = load_content()
