"""The buttons of ``/game history``: pages of the list, **View**, and the viewer's steps
(by one move, or to the move that ended the turn before or the next).

All stateless: a page names its scope (and the player), the channel and server come from
the click; a step names the game and the move, so the viewer still steps after a restart.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.guard import run_guarded
from bot.views.clicks import clicks_of


class HistoryPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=ids.HISTORY_PAGE):
    def __init__(self, scope: str, user: int, page: int, label: str = "Page") -> None:
        self.scope, self.user, self.page = scope, user, page
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary,
            custom_id=ids.history_page(scope, user, page),
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> HistoryPageButton:
        return cls(match["scope"], ids.number(match["user"]),
                   ids.number(match["page"], ids.COUNT_MAX))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = clicks_of(interaction).history_page(interaction, self.scope, self.user, self.page)
        await run_guarded(interaction, work, "history_page")


class HistoryViewButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=ids.HISTORY_VIEW):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(
            label=f"View #{game_id}", style=discord.ButtonStyle.primary,
            custom_id=ids.history_view(game_id),
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> HistoryViewButton:
        return cls(ids.number(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = clicks_of(interaction).history_view(interaction, self.game_id)
        await run_guarded(interaction, work, "history_view")


STEP_LABELS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭", "r": "⏪ Turn", "a": "Turn ⏩"}
STEP_ROWS = {"r": 1, "a": 1}  # the turn steps on a row of their own


class HistoryMoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=ids.HISTORY_MOVE):
    def __init__(self, game_id: int, move: int, which: str, disabled: bool = False) -> None:
        self.game_id, self.move = game_id, move
        super().__init__(discord.ui.Button(
            label=STEP_LABELS[which], style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=ids.history_move(game_id, move, which), row=STEP_ROWS.get(which, 0),
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> HistoryMoveButton:
        return cls(ids.number(match["game"]), ids.number(match["move"], ids.COUNT_MAX),
                   match["which"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = clicks_of(interaction).history_move(interaction, self.game_id, self.move)
        await run_guarded(interaction, work, "history_move")


def list_view(games: list[int], scope: str, user: int, previous: int | None,
              following: int | None) -> discord.ui.View | None:
    """A **View** button per listed game, then ◀ and ▶ to the neighbouring pages."""
    if not games:
        return None
    view = discord.ui.View(timeout=None)
    for game_id in games:
        view.add_item(HistoryViewButton(game_id))
    if previous is not None:
        view.add_item(HistoryPageButton(scope, user, previous, "◀ Previous"))
    if following is not None:
        view.add_item(HistoryPageButton(scope, user, following, "Next ▶"))
    return view


def viewer_view(game_id: int, move: int, moves: int, turn_back: int, turn_forward: int
                ) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭: to the start, one move back, one forward, the end; under them ⏪ Turn and
    Turn ⏩: to the move that ended the turn before, or the next (off at the edges)."""
    view = discord.ui.View(timeout=None)
    steps = (("f", 0, move == 0), ("p", max(move - 1, 0), move == 0),
             ("n", min(move + 1, moves), move == moves), ("l", moves, move == moves),
             ("r", turn_back, move == 0), ("a", turn_forward, move == moves))
    for which, target, disabled in steps:
        view.add_item(HistoryMoveButton(game_id, target, which, disabled))
    return view
