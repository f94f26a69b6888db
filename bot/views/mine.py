"""The page buttons of ``/game mine``: stateless, so a list in a DM still pages after a
restart (the click says who asks, and where: a server, or a DM for every server)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.guard import run_guarded
from bot.views.clicks import clicks_of


class MinePageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.MINE_PAGE):
    def __init__(self, page: int, label: str = "Page") -> None:
        self.page = page
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=ids.mine_page(page)
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> MinePageButton:
        return cls(ids.number(match["page"], ids.COUNT_MAX))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction, clicks_of(interaction).mine_page(interaction, self.page), "mine_page"
        )


def mine_view(previous: int | None, following: int | None) -> discord.ui.View | None:
    """◀ and ▶ to the neighbouring pages; None when there is only one page."""
    if previous is None and following is None:
        return None
    view = discord.ui.View(timeout=None)
    if previous is not None:
        view.add_item(MinePageButton(previous, "◀ Previous"))
    if following is not None:
        view.add_item(MinePageButton(following, "Next ▶"))
    return view
