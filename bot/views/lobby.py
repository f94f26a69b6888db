"""The lobby message: Join / Leave / Start / Cancel, a side picker, the table size and the
host's computer picker.

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
        return cls(ids.number(match["game"]), action)

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
        return cls(ids.number(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        pick_sides = clicks_of(interaction).pick_sides
        await run_guarded(
            interaction, pick_sides(interaction, self.game_id, self.item.values), "pick_sides"
        )


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.LOBBY_TABLE):
    """The host's choice of the table's size, for a game whose sides depend on it; each
    option names that table's sides."""

    def __init__(self, game_id: int, tables: list[tuple[int, str]] | None = None,
                 current: int = 0) -> None:
        self.game_id = game_id
        options = [
            discord.SelectOption(label=f"Table: {size} side{'s' if size != 1 else ''}",
                                 value=str(size), description=clip(sides, 100),
                                 default=size == current)
            for size, sides in (tables or [(0, "-")])[:25]
        ]
        super().__init__(discord.ui.Select(
            custom_id=ids.lobby_table(game_id), placeholder="Table size (host)",
            options=options,
        ), row=2)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> TableSelect:
        return cls(ids.number(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        pick_table = clicks_of(interaction).pick_table
        await run_guarded(
            interaction, pick_table(interaction, self.game_id, int(self.item.values[0])),
            "pick_table",
        )


class ComputerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                     template=ids.LOBBY_COMPUTER):
    """The host's computer picker: the sides the computer plays (none: no computer)."""

    def __init__(self, game_id: int, roles: list[tuple[str, str]] | None = None,
                 current: list[str] | None = None) -> None:
        self.game_id = game_id
        options = [discord.SelectOption(label=clip(f"Computer plays {name}", 100), value=role,
                                        default=role in (current or []))
                   for role, name in (roles or [("-", "-")])[:25]]
        super().__init__(discord.ui.Select(
            custom_id=ids.lobby_computer(game_id),
            placeholder="Computer players (host): pick the sides it plays",
            options=options, min_values=0, max_values=len(options),
        ), row=3)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> ComputerSelect:
        return cls(ids.number(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        pick_computer = clicks_of(interaction).pick_computer
        await run_guarded(
            interaction, pick_computer(interaction, self.game_id, self.item.values),
            "pick_computer",
        )


def lobby_view(game_id: int, roles: list[tuple[str, str]],
               tables: list[tuple[int, str]] | None = None, table: int = 0,
               computer: list[str] | None = None) -> discord.ui.View:
    """The lobby's buttons, the side picker (when there is a choice of sides), for a game
    of several table sizes the table picker (``tables``: size and its sides), and the
    host's computer picker (``computer``: the sides it plays now)."""
    view = discord.ui.View(timeout=None)
    for action in BUTTONS:
        view.add_item(LobbyButton(game_id, action))
    if len(roles) > 1:
        view.add_item(RoleSelect(game_id, roles))
    if tables and len(tables) > 1:
        view.add_item(TableSelect(game_id, tables, table))
    if len(roles) > 1:
        view.add_item(ComputerSelect(game_id, roles, computer))
    return view
