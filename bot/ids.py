"""Custom ids of the bot's buttons and select menus.

Every component the bot sends is stateless: its custom id names what it acts on (the
game, the prompt's version, the role by its index in ``state.roles``, a 6-hex digest of
the prompt, the choice), so a click still works after a restart and a click on an old
prompt is recognised by its version. The digest lets a prompt shown before another
player's secret choice stay valid when that role's prompt is unchanged
(``turns.still_current``). Discord allows 1-100 characters; choice ids are at most 64.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Literal

from engine.core.game import Prompt

PREFIX = "sg"
MAX_CUSTOM_ID = 100
_CHOICE = r"[A-Za-z0-9_.:+\-]{1,64}"

LobbyAction = Literal["join", "leave", "start", "cancel"]
LOBBY_ACTIONS: tuple[LobbyAction, ...] = ("join", "leave", "start", "cancel")

# Templates for discord.ui.DynamicItem (matched with fullmatch).
TAKE_TURN = rf"{PREFIX}:t:(?P<game>\d+)"
_DIGEST = r"[0-9a-f]{6}"
CHOICE = (rf"{PREFIX}:c:(?P<game>\d+):(?P<version>\d+):(?P<role>\d+):(?P<digest>{_DIGEST}):"
          rf"(?P<choice>{_CHOICE})")
SELECT = (rf"{PREFIX}:s:(?P<game>\d+):(?P<version>\d+):(?P<role>\d+):(?P<digest>{_DIGEST}):"
          rf"(?P<unit>\d+)")
PAGE = rf"{PREFIX}:p:(?P<game>\d+):(?P<version>\d+):(?P<role>\d+):(?P<page>\d+)"
LOBBY = rf"{PREFIX}:l:(?P<game>\d+):(?P<action>join|leave|start|cancel)"
LOBBY_ROLE = rf"{PREFIX}:lr:(?P<game>\d+)"
LOBBY_TABLE = rf"{PREFIX}:lt:(?P<game>\d+)"
LOBBY_COMPUTER = rf"{PREFIX}:lc:(?P<game>\d+)"
_KIND = r"[a-z0-9_]{1,40}"
_PICKS = r"[0-9.]{0,40}"
SETUP_OPTION = rf"{PREFIX}:so:(?P<kind>{_KIND}):(?P<option>\d+):(?P<picks>{_PICKS})"
SETUP_OPEN = rf"{PREFIX}:sl:(?P<kind>{_KIND}):(?P<picks>{_PICKS})"
REMATCH = rf"{PREFIX}:r:(?P<game>\d+)"
MINE_PAGE = rf"{PREFIX}:m:(?P<page>\d+)"
# /game history: a page of the list (scope c/s/p: channel, server, player; user 0 unless p),
# View (opens the viewer at the last move), and the viewer's steps (which: f/p/n/l first,
# previous, next, last; r/a a turn back or on), so that two buttons aiming at the same move
# keep distinct ids.
HISTORY_PAGE = rf"{PREFIX}:hp:(?P<scope>[csp]):(?P<user>\d+):(?P<page>\d+)"
HISTORY_VIEW = rf"{PREFIX}:hv:(?P<game>\d+)"
HISTORY_MOVE = rf"{PREFIX}:hm:(?P<game>\d+):(?P<move>\d+):(?P<which>[fpnlra])"
# /leaderboard: a page of one game kind ("*": every kind), and whose message it is (a click
# by anyone else answers them apart, with their own rank).
ALL_KINDS = "*"
LEADERBOARD_PAGE = rf"{PREFIX}:lb:(?P<kind>{_KIND}|\*):(?P<owner>\d+):(?P<page>\d+)"


@dataclass(frozen=True)
class PromptRef:
    """Which prompt a component belongs to: game, version, role index, and a digest of
    the prompt's question and choices.

    The version says whether anything changed since the prompt was shown; the digest
    says whether the role's own prompt changed. In simultaneous turns another role's
    choice bumps the version but leaves this role's prompt as it was: the click stands.
    """

    game: int
    version: int
    role: int
    digest: str = "000000"


def prompt_digest(prompt: Prompt) -> str:
    """Six hex digits of SHA-256 over the prompt's text and choice ids."""
    text = prompt.text + "\n" + "\n".join(choice.id for choice in prompt.choices)
    return hashlib.sha256(text.encode()).hexdigest()[:6]


def _checked(custom_id: str) -> str:
    if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
        raise ValueError(f"custom id {custom_id!r} is longer than Discord allows")
    return custom_id


def take_turn(game: int) -> str:
    return _checked(f"{PREFIX}:t:{game}")


def choice(ref: PromptRef, choice_id: str) -> str:
    return _checked(f"{PREFIX}:c:{ref.game}:{ref.version}:{ref.role}:{ref.digest}:{choice_id}")


def select(ref: PromptRef, unit: int) -> str:
    return _checked(f"{PREFIX}:s:{ref.game}:{ref.version}:{ref.role}:{ref.digest}:{unit}")


def page(ref: PromptRef, number: int) -> str:
    return _checked(f"{PREFIX}:p:{ref.game}:{ref.version}:{ref.role}:{number}")


def lobby(game: int, action: LobbyAction) -> str:
    return _checked(f"{PREFIX}:l:{game}:{action}")


def lobby_role(game: int) -> str:
    return _checked(f"{PREFIX}:lr:{game}")


def lobby_table(game: int) -> str:
    return _checked(f"{PREFIX}:lt:{game}")


def lobby_computer(game: int) -> str:
    return _checked(f"{PREFIX}:lc:{game}")


def encode_picks(picks: list[int]) -> str:
    """The chosen value of each option (its index in the option's domain), e.g. ``1.0.2``."""
    return ".".join(map(str, picks))


def decode_picks(text: str) -> list[int]:
    return [number(part, COUNT_MAX) for part in text.split(".") if part]


def setup_option(kind: str, option: int, picks: list[int]) -> str:
    return _checked(f"{PREFIX}:so:{kind}:{option}:{encode_picks(picks)}")


def setup_open(kind: str, picks: list[int]) -> str:
    return _checked(f"{PREFIX}:sl:{kind}:{encode_picks(picks)}")


def rematch(game: int) -> str:
    return _checked(f"{PREFIX}:r:{game}")


def mine_page(page: int) -> str:
    """A page of /game mine: whose games and where come from the click (user, server or DM)."""
    return _checked(f"{PREFIX}:m:{page}")


# The largest integer SQLite stores, and the largest page or move a button may name: a
# tampered custom id with a longer number is read as this one, which no game, user, page or
# move has (the click is then refused in one sentence; SQLite never sees the number).
SQL_MAX = 2**63 - 1
COUNT_MAX = 10**6


def number(text: str, limit: int = SQL_MAX) -> int:
    """A number of a custom id (ids, versions: ``SQL_MAX``; pages, moves: ``COUNT_MAX``)."""
    return min(int(text), limit)


def parse(template: str, custom_id: str) -> dict[str, str] | None:
    """The named parts of ``custom_id`` if it fits ``template``, else None."""
    match = re.fullmatch(template, custom_id)
    return match.groupdict() if match else None


def prompt_ref(parts: dict[str, str]) -> PromptRef:
    return PromptRef(number(parts["game"]), number(parts["version"]),
                     number(parts["role"], COUNT_MAX), parts.get("digest") or "000000")


def history_page(scope: str, user: int, page: int) -> str:
    """A page of /game history: the channel and server come from the click."""
    return _checked(f"{PREFIX}:hp:{scope}:{user}:{page}")


def history_view(game: int) -> str:
    return _checked(f"{PREFIX}:hv:{game}")


def history_move(game: int, move: int, which: str) -> str:
    return _checked(f"{PREFIX}:hm:{game}:{move}:{which}")


def leaderboard_page(kind: str | None, owner: int, page: int) -> str:
    return _checked(f"{PREFIX}:lb:{kind or ALL_KINDS}:{owner}:{page}")
