"""The game contract: what every game module implements, and the shapes it speaks in.

A game is data plus rules (Rally the Troops, boardgame.io): ``setup`` builds the state
from a seed, ``prompts`` asks each role that must act now and lists its legal choices,
``apply`` performs one listed choice (games with several questions per turn build these two
on the shared turn flow of :mod:`engine.core.flow`), ``view`` redacts the state for one role or for
spectators, and ``state.result`` is set when the game is over. Everything the bot,
the renderers and the command line know about a game goes through these methods.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
)

from engine.core.errors import BadOptions, IllegalChoice
from engine.core.rng import Rng
from engine.core.view import View

CHOICE_ID = re.compile(r"^[A-Za-z0-9_.:+\-]{1,64}$")


def and_list(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class RoleInfo(BaseModel):
    """A seat at the table. ``team`` groups roles that win together (a league, a side)."""

    id: str
    name: str
    team: str


class Choice(BaseModel):
    """One legal answer to a prompt.

    ``id`` is stable (the same move has the same id whenever it is offered) and short,
    so that a Discord button can carry it. Choices with the same ``group`` are shown
    together (one select menu or one row of buttons).
    """

    id: str
    label: str
    group: str = ""
    detail: str = ""
    style: Literal["primary", "secondary", "success", "danger"] = "secondary"

    @field_validator("id")
    @classmethod
    def _short_and_safe(cls, value: str) -> str:
        if not CHOICE_ID.match(value):
            raise ValueError(f"choice id {value!r} must be 1-64 chars of [A-Za-z0-9_.:+-]")
        return value

    @field_validator("label")
    @classmethod
    def _label_fits(cls, value: str) -> str:
        return value if len(value) <= 80 else value[:79] + "…"


def choice(
    id: str, label: str, group: str = "",
    detail: str = "", style: Literal["primary", "secondary", "success", "danger"] = "secondary",
) -> Choice:
    """A ``Choice`` built once and shared (never mutate a returned choice): the same labels
    come back on every prompt, and validating them again is much of a prompt's cost."""
    # the cache is looked up by position: a key made of keyword arguments costs twice as much
    return _shared_choice(id, label, group, detail, style)


@lru_cache(maxsize=65_536)
def _shared_choice(
    id: str, label: str, group: str,
    detail: str, style: Literal["primary", "secondary", "success", "danger"],
) -> Choice:
    return Choice(id=id, label=label, group=group, detail=detail, style=style)


M = TypeVar("M", bound=BaseModel)
_new = object.__new__
# The setters of a model's four slots, called directly: ``object.__setattr__`` looks each one
# up first (``trusted`` runs several times per action of a playout).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def trusted(cls: type[M], fields: dict[str, Any]) -> M:
    """A ``cls`` holding ``fields`` as they are, without pydantic's validation: for the models
    the turn flow makes on every action (a prompt, a frame), from values already of their
    fields' types, every field given (no default is filled in), no private attribute. Equal
    to the validated model, dumped the same; ``fields`` becomes its ``__dict__``."""
    model = _new(cls)
    _set_dict(model, fields)
    _set_fields_set(model, set(fields))
    _set_extra(model, None)
    _set_private(model, None)
    return model


class Prompt(BaseModel):
    """What one role is asked now, with every legal choice."""

    role: str
    text: str
    choices: list[Choice]

    def find(self, choice_id: str) -> Choice:
        for choice in self.choices:
            if choice.id == choice_id:
                return choice
        raise IllegalChoice("That is not one of the choices you have right now.")


class LogEntry(BaseModel):
    """One line of the game's story. ``visible_to`` None means public."""

    text: str
    role: str | None = None
    dice: list[int] = Field(default_factory=list)
    visible_to: list[str] | None = None
    action: int = 0

    def visible(self, role: str | None) -> bool:
        return self.visible_to is None or (role is not None and role in self.visible_to)


class Result(BaseModel):
    """The end of a game: winning roles, optional scores, and why."""

    winners: list[str]
    scores: dict[str, float] = Field(default_factory=dict)
    reason: str


class GameOptions(BaseModel):
    """Options every game's own ``Options`` model extends.

    ``revision`` is the rules revision the game was started with. A rule change that would
    make a stored action log replay differently is kept behind a new revision (the game's
    ``Game.revision``): new games get the newest, games already running keep theirs, so
    their logs replay exactly. Revision 1 (the first) is left out of the state's JSON, so
    states and digests made before revisions existed are unchanged.
    """

    revision: int = Field(default=1, ge=1, exclude_if=lambda revision: revision == 1)


class GameState(BaseModel):
    """Fields every game state carries; each game subclasses it with its own.

    ``turn`` is bumped by the rules whenever a turn ends: the bot posts a new board and
    summary exactly then. ``reveals`` is bumped whenever hidden information becomes
    known (a card drawn into a hand, secret choices revealed): like a die roll, it is a
    point that undo never crosses.
    """

    model_config = ConfigDict(validate_assignment=False, extra="forbid")

    game: str
    rng: Rng
    players: int
    roles: list[str]
    turn: int = 0
    reveals: int = 0
    actions: int = 0
    log: list[LogEntry] = Field(default_factory=list)
    result: Result | None = None

    def say(
        self,
        text: str,
        role: str | None = None,
        dice: list[int] | None = None,
        visible_to: list[str] | None = None,
    ) -> None:
        # made without validation (``trusted``: a line or two per action), with lists of its own
        self.log.append(trusted(LogEntry, {
            "text": text, "role": role, "dice": list(dice or []),
            "visible_to": None if visible_to is None else list(visible_to),
            "action": self.actions,
        }))


S = TypeVar("S", bound=GameState)
OptionsT = TypeVar("OptionsT", bound=GameOptions)


class Game(ABC, Generic[S, OptionsT]):
    """A game definition. Subclasses set the class attributes and implement the rules."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    summary: ClassVar[str]
    docs: ClassVar[str]  # path of the rules page in the repository, e.g. docs/games/freedom.md
    Options: ClassVar[type[GameOptions]]
    State: ClassVar[type[GameState]]
    # The newest rules revision (``GameOptions.revision``): bumped when a rule changes in a
    # way that would replay a stored action log differently; the old rule stays for the
    # games started under it.
    revision: ClassVar[int] = 1
    # Bumped whenever the state's shape changes: records keep it, and state digests made
    # by another version are not compared (their dice, draws and result still are).
    state_version: ClassVar[int] = 1

    # The seats of each table size in seating order, with their teams: a game declares its
    # roles as data here, or overrides ``roles`` when they depend on the options.
    tables: ClassVar[dict[int, tuple[RoleInfo, ...]]] = {}

    def roles(self, players: int, options: OptionsT) -> list[RoleInfo]:
        """The roles for this many players, in seating order."""
        if players not in self.tables:
            raise BadOptions(f"{self.name} has no table for {players} players.")
        return list(self.tables[players])

    @abstractmethod
    def setup(self, seed: str, players: int, options: OptionsT) -> S:
        """A fresh game. All randomness comes from ``Rng(seed=seed)`` kept in the state."""

    @abstractmethod
    def prompts(self, state: S) -> dict[str, Prompt]:
        """Every role that must act now, with its legal choices. Empty once the game is over."""

    @abstractmethod
    def apply(self, state: S, prompt: Prompt, choice: Choice) -> None:
        """Perform ``choice``, one of the choices of ``prompt`` (which ``prompts`` returned for
        this very state: the runner computed it once and checked the choice); mutates
        ``state``."""

    @abstractmethod
    def view(self, state: S, role: str | None) -> View:
        """The spectator view (``role`` None) or ``role``'s view: typed, redacted
        (``engine.core.view``: secrets only in the player view's ``private`` part)."""

    def role_name(self, state: S, role: str) -> str:
        """How to call a role right now (Epireia's seats take a city's name after the draft)."""
        return role

    def resign(self, state: S, role: str, also: Sequence[str] = ()) -> None:
        """``role`` gives up (with ``also``: one player's other sides, at the same moment).
        The game ends: every team with a side resigning loses, every other team wins (no
        winner when none is left)."""
        team = {info.id: info.team for info in self.roles_of(state)}
        roles = [role, *also]
        losing = {team.get(r) for r in roles}
        winners = [r for r in state.roles if team.get(r) not in losing]
        names = and_list([self.role_name(state, r) for r in roles])
        state.say(f"{names} resign{'s' if len(roles) == 1 else ''}.", role=role)
        state.result = Result(winners=winners, reason=f"{names} resigned")
        state.turn += 1

    def timeout_choice(self, state: S, role: str) -> str | None:
        """The choice made for a role whose turn timer ran out under the "pass" policy."""
        prompt = self.prompts(state).get(role)
        if prompt is None or not prompt.choices:
            return None
        for choice in prompt.choices:
            if choice.id in ("pass", "done", "end", "end_turn"):
                return choice.id
        return prompt.choices[0].id

    def ending(self, state: S) -> str:
        """How a finished game ended, as a short id (a victory road: "fort", "round_limit");
        ``python -m engine simulate --json`` counts them. Empty when the game does not say."""
        return ""

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` (piece counts, limits, hidden leaks); empty when sound.

        Random playouts call this after every action, so keep it cheap.
        """
        return []

    def roles_of(self, state: S) -> list[RoleInfo]:
        """Role infos of a running game (default: recomputed from its player count)."""
        options = getattr(state, "options", None)
        if not isinstance(options, GameOptions):
            options = self.Options()
        return self.roles(state.players, options)  # type: ignore[arg-type]

    def load(self, data: dict[str, Any] | str) -> S:
        """A state back from its JSON form."""
        if isinstance(data, str):
            return self.State.model_validate_json(data)  # type: ignore[return-value]
        return self.State.model_validate(data)  # type: ignore[return-value]
