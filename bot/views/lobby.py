"""The lobby message: Join / Leave / Start / Cancel and a side picker.

Options are chosen before the lobby opens (``bot.views.setup``) and shown in its embed.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.guard import run_guarded
from bot.ids import LobbyAction
from bot.views.clicks import clicks_of
from bot.views.layout import clip

BUTTONS: dict[LobbyAction, tuple[str, discord.ButtonStyle]] = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY):
    def __init__(self, game_id: int, action: LobbyAction) -> None:
        self.game_id, self.action = game_id, action
        label, style = BUTTONS[action]
        super().__init__(discord.ui.Button(
            label=label, style=style, custom_id=ids.lobby(game_id, action)
        ), row=0)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> LobbyButton:
        action: LobbyAction = match["action"]  # type: ignore[assignment]
        return cls(int(match["game"]), action)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lobby_button = clicks_of(interaction).lobby_button
        await run_guarded(
            interaction, lobby_button(interaction, self.game_id, self.action), "lobby_button"
        )


class RoleSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.LOBBY_ROLE):
    """The side picker: one or more sides, which become exactly the clicker's sides (a
    player may hold a whole alliance, or sides of several)."""

    def __init__(self, game_id: int, roles: list[tuple[str, str]] | None = None) -> None:
        self.game_id = game_id
        options = [discord.SelectOption(label=clip(name, 100), value=role)
                   for role, name in (roles or [("-", "-")])[:25]]
        super().__init__(discord.ui.Select(
            custom_id=ids.lobby_role(game_id), placeholder="Pick your sides (one or more)",
            options=options, min_values=1, max_values=len(options),
        ), row=1)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> RoleSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        pick_sides = clicks_of(interaction).pick_sides
        await run_guarded(
            interaction, pick_sides(interaction, self.game_id, self.item.values), "pick_sides"
        )


def lobby_view(game_id: int, roles: list[tuple[str, str]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in BUTTONS:
        view.add_item(LobbyButton(game_id, action))
    if len(roles) > 1:
        view.add_item(RoleSelect(game_id, roles))
    return view
