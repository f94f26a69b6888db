"""The board, the Surrounding Areas and the tracks, loaded from data/*.toml and validated.

``BOARD``, ``AREAS`` and ``TRACKS`` are read once at import. Every rule module reads the map
through them, never through literal space names (except the few named places of the rules:
the Camp, the City Centre, Marmarou, Klisova, Vasiladi and its waters, and the Sea tile).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.revised import entries_for

DATA = Path(__file__).parent / "data"

Kind = Literal[
    "coast", "beach", "wall", "fort", "city centre", "island", "lagoon", "mainland", "camp"
]
Side = Literal["empire", "insurgents"]
SIDES: tuple[Side, Side] = ("empire", "insurgents")

CAMP = "CAMP"
CITY = "CITY"
MARMAROU = "MAR"
KLISOVA = "KLI"
VASILADI = "VAS"
VASILADI_WATERS = "VR"
KLISOVA_OUTER = "KO"
KLISOVA_INNER = "KI"
SEA = "sea"


def other(side: str) -> Side:
    return "insurgents" if side == "empire" else "empire"


# How the log and the prompts name a side: "the Empire" is singular, "the Insurgents" plural.
SIDE_NAME = {"empire": "the Empire", "insurgents": "the Insurgents"}
POSSESSIVE = {"empire": "the Empire's", "insurgents": "the Insurgents'"}
ADJECTIVE = {"empire": "Imperial", "insurgents": "Insurgent"}


def side_title(side: str) -> str:
    """"The Empire" / "The Insurgents", to start a sentence."""
    return SIDE_NAME[side][0].upper() + SIDE_NAME[side][1:]


def side_does(side: str, verb: str, *, start: bool = True) -> str:
    """``side`` as the subject of ``verb`` (plural form): "The Empire plays", "The Insurgents
    play", "The Empire has" (``start`` False: "the Empire plays", inside a sentence)."""
    if side == "empire":
        verb = "has" if verb == "have" else f"{verb}s"
    name = SIDE_NAME[side]
    return f"{name[0].upper() if start else name[0]}{name[1:]} {verb}"


class Target(BaseModel):
    space: str
    distance: int = Field(ge=1, le=4)
    need: int | None = None  # a fixed roll instead of the distance's (Marmarou exchange: 6)


class SpaceDef(BaseModel):
    id: str
    name: str
    row: int = Field(ge=0, le=9)
    col: int
    kind: Kind
    limit: int = Field(ge=0, le=3)
    slow: bool
    neighbours: list[str]
    toward_camp: list[str] = Field(default_factory=list)
    thick: str | None = None  # only enterable while the Empire holds this island
    attack_only: list[str] = Field(default_factory=list)  # adjacent for attacks, never a step
    island_ring: list[str] = Field(default_factory=list)
    targets: list[Target] = Field(default_factory=list)

    @property
    def on_wall(self) -> bool:
        return self.kind in ("wall", "fort")

    @property
    def in_city(self) -> bool:
        """Where Insurgent units may stand: wall, forts, beach, islands."""
        return self.kind in ("wall", "fort", "beach", "island")


class StartPlacement(BaseModel):
    space: str
    expeditionary: int = 0
    insurgents: int = 0
    civilians: int = 0
    cannon: Side | None = None
    cannons: int = 0  # cannons in the Camp
    bombard: bool = False


class Board(BaseModel):
    space: list[SpaceDef]
    start: list[StartPlacement]

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        ids = {s.id for s in self.space}
        if len(ids) != len(self.space):
            raise ValueError("duplicate space ids")
        by_id = {s.id: s for s in self.space}
        for s in self.space:
            for n in s.neighbours:
                if n not in by_id:
                    raise ValueError(f"{s.id}: unknown neighbour {n}")
                if s.id not in by_id[n].neighbours:
                    raise ValueError(f"adjacency {s.id}-{n} is not symmetric")
            for n in s.toward_camp:
                if n not in s.neighbours:
                    raise ValueError(f"{s.id}: toward_camp {n} is not a neighbour")
            for n in s.attack_only:
                if n not in s.neighbours:
                    raise ValueError(f"{s.id}: attack_only {n} is not a neighbour")
            for t in s.targets:
                if t.space not in by_id:
                    raise ValueError(f"{s.id}: unknown target {t.space}")
            if s.thick is not None and by_id[s.thick].kind != "island":
                raise ValueError(f"{s.id}: thick border must name an island")
        for p in self.start:
            if p.space not in by_id:
                raise ValueError(f"start: unknown space {p.space}")
        return self

    def get(self, space_id: str) -> SpaceDef:
        return self.by_id[space_id]

    @property
    def by_id(self) -> dict[str, SpaceDef]:
        return _BY_ID


class Reward(BaseModel):
    supplies: int = 0
    morale: int = 0
    units: int = 0
    cannons: int = 0
    vasiladi: int = 0


class AreaDef(BaseModel):
    id: str
    name: str
    side: Side
    support: int = Field(ge=0, le=5)
    insurgents: Reward
    empire: Reward
    # The rewards of earlier rules revisions where they differ: revision -> side -> reward,
    # the reward up to and including that revision (games keep the rules they started under).
    before: dict[int, dict[Side, Reward]] = Field(default_factory=dict)

    def reward(self, side: str, revision: int | None = None) -> Reward:
        """``side``'s reward under rules ``revision`` (None: the newest)."""
        if revision is not None:
            for rewards in entries_for(self.before, revision):
                if side in rewards:
                    return rewards[side]
        return self.empire if side == "empire" else self.insurgents


class Areas(BaseModel):
    area: list[AreaDef] = Field(min_length=8, max_length=8)


class DesertionBand(BaseModel):
    at_most: int
    units: int


class MoraleTrack(BaseModel):
    max: int
    empire_start: int
    insurgents_start: int
    desertion: list[DesertionBand]


class PopulationBand(BaseModel):
    low: int
    high: int
    supplies: int


class PopulationTrack(BaseModel):
    bands: list[PopulationBand]

    @model_validator(mode="after")
    def _contiguous(self) -> PopulationTrack:
        for a, b in zip(self.bands, self.bands[1:], strict=False):
            if b.low != a.high + 1:
                raise ValueError("population bands must be contiguous")
        return self


class PleaTrack(BaseModel):
    empire_target: int
    empire_step: int
    empire_money: int
    empire_max: int
    insurgents_target: int
    insurgents_max: int
    help_supplies: int
    help_units: int
    help_morale: int


class Pay(BaseModel):
    money: dict[str, int]
    supplies: dict[str, int]
    unpaid_morale: int


class Limits(BaseModel):
    money_max: int
    supplies_max: int
    preparation_max: int
    support_max: int


class Costs(BaseModel):
    empire_move: int
    empire_slow: int
    empire_attack: int
    empire_reward: int
    empire_reward_money: int
    empire_prep: int
    empire_support: int
    empire_plea: int
    empire_cannon: dict[str, int]
    insurgents_regroup: int
    insurgents_attack: int
    insurgents_prep: int
    insurgents_support: int
    insurgents_plea: int
    insurgents_repair: int
    insurgents_train: int
    insurgents_cannon: int
    insurgents_cannon_supplies: int
    klisova_raid: int


class PeriodB(BaseModel):
    allied_on_map: int
    allied_in_camp: int
    allied_rows: list[int]
    sea_support: int
    empire_supplies: int
    empire_money: int
    empire_plea: int
    civilians: int
    insurgents_plea: int


class Pieces(BaseModel):
    expeditionary: int
    allied: int
    insurgents: int
    civilians: int
    cannons: int


class Tracks(BaseModel):
    morale: MoraleTrack
    population: PopulationTrack
    plea: PleaTrack
    pay: Pay
    limits: Limits
    costs: Costs
    period_b: PeriodB
    pieces: Pieces

    def desertion(self, morale: int) -> int:
        for band in sorted(self.morale.desertion, key=lambda b: b.at_most):
            if morale <= band.at_most:
                return band.units
        return 0

    def population_cost(self, population: int) -> int:
        for band in self.population.bands:
            if band.low <= population <= band.high:
                return band.supplies
        return self.population.bands[-1].supplies

    def band(self, population: int) -> str:
        for band in self.population.bands:
            if band.low <= population <= band.high:
                return f"{band.low}-{band.high}"
        last = self.population.bands[-1]
        return f"{last.low}-{last.high}"


def _load(name: str) -> dict[str, object]:
    with open(DATA / name, "rb") as handle:
        return tomllib.load(handle)


BOARD = Board.model_validate(_load("board.toml"))
_BY_ID: dict[str, SpaceDef] = {s.id: s for s in BOARD.space}
AREAS: dict[str, AreaDef] = {
    a.id: a for a in Areas.model_validate(_load("areas.toml")).area
}
TRACKS = Tracks.model_validate(_load("tracks.toml"))
SPACES: dict[str, SpaceDef] = _BY_ID
# A space's place in board order (the order of ``SPACES`` and of a state's ``spaces``).
BOARD_ORDER: dict[str, int] = {sid: index for index, sid in enumerate(SPACES)}
