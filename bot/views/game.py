"""The public buttons under a board post: **Take turn**, and **Rematch** once it is over."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.guard import run_guarded
from bot.views.clicks import clicks_of


class TakeTurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TAKE_TURN):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(
            label="Take turn", style=discord.ButtonStyle.primary, custom_id=ids.take_turn(game_id)
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> TakeTurnButton:
        return cls(ids.number(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction, clicks_of(interaction).take_turn(interaction, self.game_id), "take_turn"
        )


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REMATCH):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(
            label="Rematch", style=discord.ButtonStyle.success, custom_id=ids.rematch(game_id)
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> RematchButton:
        return cls(ids.number(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(
            interaction, clicks_of(interaction).rematch(interaction, self.game_id), "rematch"
        )


def game_view(game_id: int, finished: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id) if finished else TakeTurnButton(game_id))
    return view
