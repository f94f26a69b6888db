"""The state of a game of Freedom!: options, pieces, tracks, cards and the prompt stack."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, PrivateAttr, field_validator, model_validator

from engine.core.flow import FlowState
from engine.core.flow import Frame as Frame  # the rules modules import it from here
from engine.core.game import GameOptions
from engine.core.order import in_order
from engine.games.freedom.data import AREAS, SPACES

T = TypeVar("T")

Phase = Literal["administration", "opening", "actions", "cannons", "replenishment", "over"]


class FreedomOptions(GameOptions):
    """Game options. ``edition`` picks the defaults; each difference can be overridden.

    Revision 2 reads two v2.2 phrases again (docs "Rules revisions"): "4 Support at Sea" is
    four Support actions, as in the 2nd edition, and the Period B Morale loss is the one of
    Administration (5.1), told twice; the v2.2 preset no longer sets ``markers`` and the
    Replenishment loss. Games started under revision 1 keep the old preset."""

    edition: Literal["2nd", "v2.2"] = "2nd"
    insurgent_supplies: int | None = Field(default=None, ge=0, le=30)  # 8 (2nd) / 10 (v2.2)
    administration_draw: Literal["up_to_8", "draw_7"] | None = None
    opening: Literal["up_to_5", "exactly_5"] | None = None
    position_check: Literal["end_of_actions", "end_of_round"] | None = None
    period_b_sea: Literal["actions", "markers"] | None = None
    # v2.2 also has the Empire lose 1 Morale at the start of every Period B Replenishment.
    period_b_replenishment_morale: bool | None = None
    timeout_policy: Literal["pass", "resign"] = "pass"

    @model_validator(mode="after")
    def _edition_defaults(self) -> FreedomOptions:
        v22 = self.edition == "v2.2"
        if self.insurgent_supplies is None:
            self.insurgent_supplies = 10 if v22 else 8
        if self.administration_draw is None:
            self.administration_draw = "draw_7" if v22 else "up_to_8"
        if self.opening is None:
            self.opening = "exactly_5" if v22 else "up_to_5"
        if self.position_check is None:
            self.position_check = "end_of_round" if v22 else "end_of_actions"
        old_v22 = v22 and self.revision < 2  # the v2.2 preset of revision 1
        if self.period_b_sea is None:
            self.period_b_sea = "markers" if old_v22 else "actions"
        if self.period_b_replenishment_morale is None:
            self.period_b_replenishment_morale = old_v22
        return self


class Occupancy:
    """Which spaces hold Imperial units, Insurgent units, a cannon: what the action menus and
    the phases ask after every action, without a walk over the 74 spaces.

    Derived from the spaces (never part of the state's JSON): built when a state is made or
    read back, then kept by the spaces themselves (``SpaceState.__setattr__`` tells it every
    new count, whoever writes it); ``invariants.check`` compares it with a fresh one. Equal
    when the same spaces hold the same sides, like the boards it is derived from. Its sets are
    unordered: whatever lists them sorts, or only asks whether one is empty.

    ``memo`` keeps what the listings worked out from the pieces alone (which units can move,
    which cannons can fire, where a Raid goes: ``remembered``) while no piece moves: every
    write to a space empties it. Most questions of a game are asked on a board the last one
    left as it was (a card's AP menu again after Support or Preparation, a step back)."""

    __slots__ = ("cannons", "imperial", "insurgent", "memo")

    def __init__(self, spaces: dict[str, SpaceState]) -> None:
        self.imperial: set[str] = set()
        self.insurgent: set[str] = set()
        self.cannons: set[str] = set()
        self.memo: dict[Hashable, Any] = {}
        for sid, space in spaces.items():
            self.note(sid, space)

    def note(self, sid: str, space: SpaceState) -> None:
        """``space`` (``sid``) changed: file it again (and forget what was worked out)."""
        if self.memo:
            self.memo.clear()
        pieces = space.__dict__
        if pieces["exp"] + pieces["ally"] > 0:
            self.imperial.add(sid)
        else:
            self.imperial.discard(sid)
        if pieces["ins"] > 0:
            self.insurgent.add(sid)
        else:
            self.insurgent.discard(sid)
        if pieces["cannon"] is not None:
            self.cannons.add(sid)
        else:
            self.cannons.discard(sid)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Occupancy) and (
            self.imperial == other.imperial and self.insurgent == other.insurgent
            and self.cannons == other.cannons)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Occupancy(imperial={sorted(self.imperial)}, insurgent={sorted(self.insurgent)},"
                f" cannons={sorted(self.cannons)})")


_set = object.__setattr__


def remembered(state: FreedomState, key: Hashable, work: Callable[[FreedomState], T]) -> T:
    """``work(state)``, worked out once while the board's pieces stay as they are (the
    ``Occupancy``'s memo, under ``key``). ``work`` must read nothing but the spaces' pieces,
    and its result is shared: never change it."""
    memo = state.occupancy.memo
    kept = memo.get(key)
    if kept is not None:
        found: T = kept[1]
        return found
    found = work(state)
    memo[key] = (work, found)  # the work is kept too: ``invariants`` does it again to compare
    return found


# The fields of a space (every write to one is told to its ``Occupancy``).
FILED = frozenset({"exp", "ally", "ins", "civ", "cannon", "bombard", "damage"})


class SpaceState(BaseModel):
    """What stands on one space. ``cannon`` is the owner of its one cannon (or None).

    A space of a state knows its id and its board's ``Occupancy`` (private: not in its JSON),
    and tells the latter of every change to its pieces. Both are in pydantic's private dict,
    put there by ``FreedomState.attach`` (``filed``), and not declared as private
    attributes: pydantic initialises a declared one on every space of every state it reads,
    which was a third of the time to read a state back (what the bot does for every action)."""

    exp: int = 0  # Imperial Expeditionary units (red)
    ally: int = 0  # Imperial Allied units (green, Period B)
    ins: int = 0  # Insurgent units (blue)
    civ: int = 0  # Civilians (white, City Centre only)
    cannon: Literal["empire", "insurgents"] | None = None
    bombard: bool = False  # the cannon here is the Insurgent Bombard
    damage: int = 0  # wall only: 0 intact, 1 damaged, 2 destroyed

    @property
    def imperial(self) -> int:
        return self.exp + self.ally

    @property
    def filed(self) -> tuple[str, Occupancy | None]:
        """The id this space is filed by and the ``Occupancy`` it tells ("" and None before
        its state attaches it)."""
        private = self.__pydantic_private__
        if not private:
            return "", None
        return private["_sid"], private["_board"]

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in FILED:
            super().__setattr__(name, value)
            return
        # a field write as pydantic's own does it (no validation on assignment), then filed
        self.__dict__[name] = value
        self.__pydantic_fields_set__.add(name)
        private = self.__pydantic_private__
        if private:
            board = private["_board"]
            if board is not None:
                board.note(private["_sid"], self)


class Area(BaseModel):
    side: Literal["empire", "insurgents"]
    support: int = 0


class LastCard(BaseModel):
    card: str
    role: str
    mode: Literal["event", "ap", "discard"]


class FreedomState(FlowState):
    options: FreedomOptions
    round: int = 1
    phase: Phase = "administration"
    spaces: dict[str, SpaceState]
    camp_cannons: int = 0
    # Pieces beside the board.
    pool: dict[str, int]  # exp, ally, ins, civ, cannons
    bombard_lost: bool = False
    # Tracks.
    morale: dict[str, int]
    money: int = 10
    supplies: dict[str, int]
    population: int = 20
    plea: dict[str, int | None]  # insurgents: None once the Government has answered
    prep: dict[str, int]
    areas: dict[str, Area]
    # Cards.
    decks: dict[str, list[str]]  # "A"/"B" -> card ids, top first (hidden)
    hands: dict[str, list[str]]
    discard: list[str] = Field(default_factory=list)
    played: dict[str, int]  # cards played (or discarded for an event) this Actions phase
    extra_draw: dict[str, int]  # v2.2 last-card compensation: draw this many more next round
    last_card: LastCard | None = None
    # An event played for AP that its beneficiary may trigger on its next turn.
    pending_event: str | None = None
    pending_for: str | None = None
    active: str = "empire"  # whose card play it is in the Actions phase
    # Per card play.
    card_ap: int = 0
    ap_left: int = 0
    reward: bool = False  # Reward Attack paid this card
    attacked: dict[str, int] = Field(default_factory=dict)  # space -> Imperial units that attacked
    attacks_per_unit: int = 1
    # Phase bookkeeping for the phase machine (see phases.py).
    step: str = "start"
    # Anything card events need to remember between prompts or until the end of a round.
    flags: dict[str, Any] = Field(default_factory=dict)

    # The rules list spaces and areas in board order (choices, removals, checks): a state
    # read back from a store that sorts JSON keys (a JSONB column, a canonical dump) must
    # play on exactly as the one written, so the board order is restored on load.
    @field_validator("spaces")
    @classmethod
    def _spaces_in_board_order(cls, spaces: dict[str, SpaceState]) -> dict[str, SpaceState]:
        return in_order(spaces, SPACES)

    @field_validator("areas")
    @classmethod
    def _areas_in_board_order(cls, areas: dict[str, Area]) -> dict[str, Area]:
        return in_order(areas, AREAS)

    _occupancy: Occupancy = PrivateAttr(default_factory=lambda: Occupancy({}))

    def model_post_init(self, context: Any, /) -> None:
        """File the spaces (a new state, or one read back) in a fresh ``Occupancy``."""
        self.attach()

    def attach(self) -> None:
        """Build the ``Occupancy`` from the spaces and make each space keep it."""
        board = Occupancy(self.spaces)
        for sid, space in self.spaces.items():
            _set(space, "__pydantic_private__", {"_sid": sid, "_board": board})
        self._occupancy = board

    @property
    def occupancy(self) -> Occupancy:
        # read from pydantic's private dict directly: ``self._occupancy`` goes through
        # ``BaseModel.__getattr__``, several times slower (the listings ask after every action)
        private = self.__pydantic_private__
        assert private is not None
        board: Occupancy = private["_occupancy"]
        return board

    @property
    def period(self) -> str:
        return "A" if self.round <= 3 else "B"

    def __setattr__(self, name: str, value: Any) -> None:
        # a field write as pydantic's own does it (no validation on assignment) without its
        # dispatch: the rules write the state's fields several times per action
        if name in STATE_FIELDS:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)


# The fields of a ``FreedomState`` (its private attributes are set the way pydantic does it).
STATE_FIELDS = frozenset(FreedomState.model_fields)

