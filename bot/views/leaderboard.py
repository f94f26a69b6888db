"""The page buttons of ``/leaderboard``: stateless, so a leaderboard posted before a
restart still pages. The id names the game kind, the page and whose message it is; the
clicker's rank comes from the click."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.guard import run_guarded
from bot.views.clicks import clicks_of


class LeaderboardPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                            template=ids.LEADERBOARD_PAGE):
    def __init__(self, kind: str | None, owner: int, page: int, label: str = "Page") -> None:
        self.kind, self.owner, self.page = kind, owner, page
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary,
            custom_id=ids.leaderboard_page(kind, owner, page),
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> LeaderboardPageButton:
        kind = None if match["kind"] == ids.ALL_KINDS else match["kind"]
        return cls(kind, int(match["owner"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = clicks_of(interaction).leaderboard_page(interaction, self.kind, self.owner,
                                                       self.page)
        await run_guarded(interaction, work, "leaderboard_page")


def leaderboard_view(kind: str | None, owner: int, previous: int | None,
                     following: int | None) -> discord.ui.View | None:
    """◀ and ▶ to the neighbouring pages; None when there is only one page."""
    if previous is None and following is None:
        return None
    view = discord.ui.View(timeout=None)
    if previous is not None:
        view.add_item(LeaderboardPageButton(kind, owner, previous, "◀ Previous"))
    if following is not None:
        view.add_item(LeaderboardPageButton(kind, owner, following, "Next ▶"))
    return view
