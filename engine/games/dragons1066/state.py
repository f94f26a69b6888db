"""The Dragons of 1066 game state: every field the rules and the views read.

Vocabulary (ids are the data files' ids): kingdoms ``red gold blue silver`` (turn order),
alliances ``red-blue`` and ``silver-gold``, zones (lands and seas of map.toml), unit kinds
(units.toml). A role (seat) plays one kingdom or both of an alliance (setups.toml tables).

Fields (plain data, JSON-ready):

``options``   DragonsOptions.
``year``      1-based; each kingdom takes one turn a year, in turn order.
``kingdom``   the kingdom whose turn it is.
``phase``     ``attack``, ``battle``, ``reinforce`` or ``over``.
``control``   kingdom -> the role that plays it.
``owners``    land -> the kingdom owning it (every land is always owned).
``pieces``    every unit on the map (:class:`Piece`).
``gold``      kingdom -> Gold to spend this Reinforce phase (never saved).
``battles``   zones with a battle still to fight this turn, in the order they were made.
``battle``    the battle being fought (:class:`Battle`), or None.
``placed``    land -> new units placed there this turn (its placement limit).
``best_first`` the attacker chose to fight this turn's battles best odds first (rules
              revision 2: the order is not asked again); left out of the JSON while False,
              so states from before it are unchanged.
``bought``, ``lost``, ``initial``  kingdom -> units bought, lost, and at the start: the
              units on the map are always ``initial + bought - lost``.
``stack``     the prompt stack (``engine.core.flow``): ``attack``, ``move``, ``carry``,
              ``choose_battle``, ``air_retreat``, ``casualty``, ``reinforce``, ``buy``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    Field,
)

from engine.core.flow import FlowState
from engine.core.game import GameOptions

Phase = Literal["attack", "battle", "reinforce", "over"]


class DragonsOptions(GameOptions):
    """Game options.

    ``years``: the game ends after this many years if no alliance holds all four Fortresses
    (the rules are silent; see docs/games/dragons1066.md): the alliance holding more
    Fortresses wins, then more lands; else a draw.
    """

    timeout_policy: Literal["pass", "resign"] = "pass"
    years: int = Field(default=12, ge=1, le=60)


class Piece(BaseModel):
    """One unit on the map.

    ``used``: moves spent in this phase (air units get a fresh full move in Reinforce).
    ``moved``: a land or sea unit that moved this turn (it may not move again in Reinforce).
    ``stopped``: may not move any more this turn (it entered an enemy zone, or disembarked).
    ``attacking``: it moved into the battle of its zone this turn.
    ``carried``: a Galleon that has carried its one passenger this turn.
    ``via``: a passenger dropped from the Galleon with this id while that Galleon stood in
    an enemy-occupied sea (the Enemy Seas rule); 0 otherwise.
    ``new``: placed this turn (it does not move until next turn).
    ``retreated``: an attacking air unit that retreated from its zone's battle.

    ``writes`` (not a field: never saved, compared or copied) counts the writes to its
    fields since it was made, so that what was worked out from a unit can tell it has not
    changed (``situation.Situation``); unset until something reads it.
    """

    __slots__ = ("writes",)

    id: int
    kind: str
    owner: str
    zone: str
    used: int = 0
    moved: bool = False
    stopped: bool = False
    attacking: bool = False
    carried: bool = False
    via: int = 0
    new: bool = False
    retreated: bool = False

    def __setattr__(self, name: str, value: Any) -> None:
        """A field is written as pydantic writes it (the state never validates assignment),
        without its cost (units are written thousands of times a game), and counted."""
        if name in PIECE_FIELDS:
            fields = self.__dict__
            if fields[name] is value and name in self.__pydantic_fields_set__:
                return  # the same value again (a turn's end resets every unit's flags)
            fields[name] = value
            self.__pydantic_fields_set__.add(name)
            object.__setattr__(self, "writes", getattr(self, "writes", 0) + 1)
        else:
            super().__setattr__(name, value)


PIECE_FIELDS = frozenset(Piece.model_fields)


class Battle(BaseModel):
    """The battle being fought: its zone, its round, the attacker's hits still to take
    (asked one at a time when there is a real choice) and the Castles still defending."""

    zone: str
    round: int = 0
    hits: int = 0
    castles: int = 0


class DragonsState(FlowState):
    options: DragonsOptions
    year: int = 1
    kingdom: str = "red"
    phase: Phase = "attack"
    control: dict[str, str]
    owners: dict[str, str]
    pieces: list[Piece] = Field(default_factory=list)
    next_piece: int = 1
    gold: dict[str, int]
    battles: list[str] = Field(default_factory=list)
    battle: Battle | None = None
    placed: dict[str, int] = Field(default_factory=dict)
    # left out of the JSON while False (``exclude_if``: no Python hook in the whole dump)
    best_first: bool = Field(default=False, exclude_if=lambda chosen: not chosen)
    bought: dict[str, int]
    lost: dict[str, int]
    initial: dict[str, int]
