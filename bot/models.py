"""What the game service returns: plain pydantic models, no Discord types."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from bot.errors import StillInLobby
from bot.storage.snapshots import restore
from engine.core.game import Game, GameState, LogEntry, Prompt, Result, RoleInfo
from engine.core.runner import parse_options
from engine.core.view import View

Status = Literal["lobby", "running", "paused", "finished", "aborted"]
ACTIVE: tuple[Status, ...] = ("lobby", "running", "paused")
NotifyMode = Literal["mention", "dm", "both"]
TimeoutPolicy = Literal["pass", "resign"]
Outcome = Literal["win", "loss", "draw"]
# The user id of a computer player's seats: Discord never gives out 0, so no member has it.
# Its sides are played by the game's automatic player (``bot.service.computers``).
COMPUTER = 0


class GameRow(BaseModel):
    """One game as stored. ``seed`` is None until the game is finished (it stays secret)."""

    id: int
    guild_id: int
    channel_id: int
    kind: str
    status: Status
    seed: str | None
    seed_sha256: str | None
    players: int
    options: dict[str, Any]
    version: int
    host_id: int
    created_at: datetime
    timeout_hours: float | None
    timeout_policy: TimeoutPolicy
    deadline: datetime | None
    reminded: bool
    board_message_id: int | None
    rematch_of: int | None = None
    remind_at: datetime | None = None  # half time of the turn timer
    prompt_versions: dict[str, int] = Field(default_factory=dict)
    # Index in the state's log where the current turn's lines begin (for the turn summary).
    turn_log_start: int = 0
    thread: bool = False  # the host asked for a thread of its own at the start

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    def prompt_version(self, role: str) -> int:
        """The version at which ``role``'s current prompt appeared (buttons may carry any
        version from this one up to the game's current version)."""
        return self.prompt_versions.get(role, self.version)


def default_table(game: Game[Any, Any]) -> int:
    """The table a new lobby starts with: the smallest one with two sides or more (a host
    who wants a solo game or a larger table picks it)."""
    return min(max(game.min_players, 2), game.max_players)


class Seat(BaseModel):
    game_id: int
    user_id: int
    role: str | None
    seat: int = 0

    @property
    def computer(self) -> bool:
        return self.user_id == COMPUTER


class LoadedGame(BaseModel):
    """A game with its seats, its engine state (None in the lobby) and current prompts.

    A loaded game is shared by every reader of its version and its state is read-only to
    them. The one writer of the next version (``WritingBase._commit``, under the game's lock)
    takes the parsed state over (``take_state``) instead of parsing a copy of its own: this
    game then parses its state again from ``snapshot`` if anybody still reads it, so a reader
    always sees the state of this version, and a write that fails changes nothing here. (A
    loaded game made for the same version, when only the row's metadata changed, takes the
    state over the same way: one loaded game holds a parsed state at a time.)
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    row: GameRow
    seats: list[Seat]
    game: Game[Any, Any]
    prompts: dict[str, Prompt] = Field(default_factory=dict)
    # The state as stored (JSON without its log, ``bot.storage.snapshots``).
    snapshot: str | None = Field(default=None, repr=False)
    _state: GameState | None = PrivateAttr(default=None)
    _log: list[LogEntry] | None = PrivateAttr(default=None)  # kept when the state is taken

    def __init__(self, *, state: GameState | None, **fields: Any) -> None:
        super().__init__(**fields)
        self._state = state

    @property
    def state(self) -> GameState | None:
        # Read many times per click: the private attributes' own dict, without pydantic's
        # ``__getattr__`` (about 3 µs a read).
        private = self.__pydantic_private__
        assert private is not None
        state: GameState | None = private["_state"]
        if state is None and private["_log"] is not None:  # taken: parsed again once
            assert self.snapshot is not None
            state = private["_state"] = restore(self.game, self.snapshot, list(private["_log"]))
        return state

    def take_state(self) -> GameState:
        """The state of this version, handed over to its one writer (to change into the next)
        or to the loaded game that replaces this one: without parsing when it was parsed
        already (the memos the rules keep in it stay warm), else parsed from the snapshot.
        Without a snapshot (a state never stored) a deep copy."""
        state = self.state
        assert state is not None, "a game in the lobby has no state to change"
        if self.snapshot is None:
            return state.model_copy(deep=True)
        self._log = list(state.log)  # the entries of this version: the writer appends
        self._state = None
        return state

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    def user_ids(self) -> list[int]:
        """Every human player, once each, in seating order (never the computer)."""
        seen: list[int] = []
        for seat in self.seats:
            if seat.user_id not in seen and not seat.computer:
                seen.append(seat.user_id)
        return seen

    def roles_of(self, user_id: int) -> list[str]:
        return [s.role for s in self.seats if s.user_id == user_id and s.role is not None]

    def users_of(self, role: str) -> list[int]:
        """The human players of ``role`` (none for a computer's side)."""
        return [s.user_id for s in self.seats if s.role == role and not s.computer]

    def computer_roles(self) -> list[str]:
        """The sides the computer plays, in seating order."""
        return self.roles_of(COMPUTER)

    @property
    def has_computers(self) -> bool:
        """A computer holds a seat: the game is marked as such and changes no rating."""
        return any(seat.computer for seat in self.seats)

    def is_player(self, user_id: int) -> bool:
        return any(s.user_id == user_id for s in self.seats)

    def prompts_for(self, user_id: int) -> dict[str, Prompt]:
        """The prompts this user must answer now (one per role they hold)."""
        mine = set(self.roles_of(user_id))
        return {role: prompt for role, prompt in self.prompts.items() if role in mine}

    def waiting_on(self) -> dict[str, list[int]]:
        """Role -> users who must act now (for pings and reminders)."""
        return {role: self.users_of(role) for role in self.prompts}

    def waiting_users(self) -> list[int]:
        users: list[int] = []
        for ids in self.waiting_on().values():
            users.extend(u for u in ids if u not in users)
        return users

    @property
    def table_size(self) -> int:
        """How many sides the table has: chosen by the host in the lobby (``games.players``,
        0 only in a lobby opened before hosts chose it), fixed once the game has started."""
        return self.row.players or default_table(self.game)

    def table_sizes(self) -> list[int]:
        """Every table size the game allows (one for a game of a fixed size)."""
        return list(range(self.game.min_players, self.game.max_players + 1))

    def sides_at(self, size: int) -> list[RoleInfo]:
        """The sides of a table of ``size``, in seating order (they may depend on the size:
        Epireia has a Solo side alone, two Leagues at two, ...)."""
        return self.game.roles(size, parse_options(self.game, self.row.options))

    def role_infos(self) -> list[RoleInfo]:
        """The sides of this game's table, in seating order."""
        return self.sides_at(self.table_size)

    def lobby_roles(self) -> list[RoleInfo]:
        """The sides a lobby seat may pick: exactly those of the table the host chose."""
        return self.role_infos()

    def role_name(self, role: str) -> str:
        """The game's name for a role now (Epireia: the seat's city), else the seat's name."""
        if self.state is not None:
            name = self.game.role_name(self.state, role)
            if name != role:
                return name
        for info in self.role_infos():
            if info.id == role:
                return info.name
        return role

    def view(self, role: str | None = None) -> View:
        """The engine's redacted view; ``None`` is the spectator view (the only public one)."""
        if self.state is None:
            raise StillInLobby()
        return self.game.view(self.state, role)


class MyGame(BaseModel):
    """One game on a player's list (``/game mine``): where it is their turn, what they are
    asked as each of their sides (their own prompts only), or whom it waits for."""

    loaded: LoadedGame
    asked: list[str]  # the user's roles asked to act now (empty: waiting for others)

    @property
    def your_turn(self) -> bool:
        """Asked, and the game can be played now (not paused, not in the lobby)."""
        return bool(self.asked) and self.loaded.row.status == "running"

    @property
    def deadline(self) -> datetime | None:
        return self.loaded.row.deadline if self.loaded.row.status == "running" else None


class EndedGame(BaseModel):
    """A game on the list of ``/game history``: played to its end or stopped after its start."""

    loaded: LoadedGame
    ended_at: datetime  # its last write: the end, or the moderator's abort


class Position(BaseModel):
    """A finished game at one move (``/game history``'s viewer), replayed from the seed.

    ``state`` is the state after ``move`` effective actions of ``moves``; only its
    spectator view is ever shown. ``previous`` is the spectator view one move before (None
    at the start), ``lines`` the public log lines this move wrote (the setup's at move 0).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    loaded: LoadedGame
    move: int
    moves: int
    state: GameState
    previous: View | None
    lines: list[LogEntry]
    turn_ends: list[int] = Field(default_factory=list)  # the moves that ended a turn

    def turn_back(self) -> int:
        """The last move before this one that ended a turn (0: none)."""
        return max((end for end in self.turn_ends if end < self.move), default=0)

    def turn_forward(self) -> int:
        """The next move after this one that ends a turn (the last move: none)."""
        return min((end for end in self.turn_ends if end > self.move), default=self.moves)


class DroppedPick(BaseModel):
    """A side someone had picked that the new table does not have."""

    user_id: int
    name: str  # the side's name at the table it was picked for


class TableChange(BaseModel):
    loaded: LoadedGame
    dropped: list[DroppedPick]


class TurnUpdate(BaseModel):
    """The answer to every change of a running game."""

    loaded: LoadedGame
    turn_ended: bool
    public_log: list[LogEntry] = Field(default_factory=list)
    finished: bool = False
    result: Result | None = None
    # Roles asked to act now that were not asked before this change (within a turn: the
    # play passed to another side without a turn post, e.g. a draft or a response).
    handed_to: list[str] = Field(default_factory=list)
    # When a board is to be posted (a turn ended): the state of the board posted before it,
    # whose spectator view the new board is compared with (None: nothing to compare with).
    previous_board: GameState | None = None


class UserSettings(BaseModel):
    """A player's own settings (``/settings``); ``bot/schedule.py`` reads the timing ones."""

    user_id: int
    notify: NotifyMode = "mention"
    reminder_hours: list[float] | None = None  # hours before a deadline; None: at half time
    time_zone: str | None = None  # IANA name; None: UTC
    quiet_start: int | None = None  # local hour when no DM is sent from
    quiet_end: int | None = None  # local hour when DMs may be sent again
    vacation_from: datetime | None = None
    vacation_until: datetime | None = None


class LogLine(BaseModel):
    """One row of the stored action log (for moderators and audits)."""

    seq: int
    kind: str
    user_id: int | None
    role: str | None
    choice: str | None
    at: datetime
    barrier: bool
    undoes: int | None
    version: int
    detail: dict[str, Any] | None
