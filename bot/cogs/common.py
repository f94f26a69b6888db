"""Helpers the cogs share: the game of the channel, autocomplete, moderator checks."""

from typing import Any

import discord
from discord import app_commands

from bot.discord_render import player_count
from bot.errors import NoGameHere, NotModerator
from bot.links import guild_id
from bot.models import LoadedGame
from bot.options import suggestions
from bot.service import GameService
from engine.core.errors import UnknownGame
from engine.core.registry import GAME_MODULES, all_games, get_game


async def channel_game(interaction: discord.Interaction[Any], ended: bool = False
                       ) -> LoadedGame:
    """The lobby, running or paused game of this channel (or thread); with ``ended``, else
    the last game played there, so that after the end /game status, log and board still
    show it (and undo or resign say that it is over)."""
    guild_id(interaction)  # in a DM with the bot: "games are played in server channels"
    service: GameService = interaction.client.service
    channel_id = interaction.channel_id or 0
    loaded = await (service.last_game_in(channel_id) if ended else service.game_in(channel_id))
    if loaded is None:
        raise NoGameHere()
    return loaded


async def game_autocomplete(interaction: discord.Interaction[Any],
                            current: str) -> list[app_commands.Choice[str]]:
    found = []
    for game in all_games():
        text = f"{game.name} ({player_count(game)})"
        if current.lower() in game.id.lower() or current.lower() in game.name.lower():
            found.append(app_commands.Choice(name=text[:100], value=game.id))
    return found[:25]


async def options_autocomplete(interaction: discord.Interaction[Any],
                               current: str) -> list[app_commands.Choice[str]]:
    kind = getattr(interaction.namespace, "game", None)
    if kind not in GAME_MODULES:
        return []
    try:
        game = get_game(kind)
    except (UnknownGame, ModuleNotFoundError):
        return []
    return [app_commands.Choice(name=text[:100], value=text[:100])
            for text in suggestions(current, game.Options)]


async def side_autocomplete(interaction: discord.Interaction[Any],
                            current: str) -> list[app_commands.Choice[str]]:
    loaded = await interaction.client.service.game_in(interaction.channel_id or 0)
    if loaded is None:
        return []
    return [app_commands.Choice(name=info.name[:100], value=info.id)
            for info in (loaded.role_infos() if loaded.state else loaded.lobby_roles())
            if current.lower() in info.name.lower()][:25]


async def require_moderator(interaction: discord.Interaction[Any]) -> None:
    """Manage Channels in this channel, or the server's moderator role; else NotModerator."""
    permissions = interaction.permissions
    if permissions.manage_channels or permissions.administrator:
        return
    role_id = await interaction.client.service.moderator_role(guild_id(interaction))
    user = interaction.user
    if role_id is not None and isinstance(user, discord.Member):
        # The interaction carries the member's role ids; the guild's role cache may lag.
        held = {role.id for role in user.roles} | set(getattr(user, "_roles", ()))
        if role_id in held:
            return
    raise NotModerator(
        "Only moderators can do that: the Manage Channels permission or the moderator role "
        "set with /mod moderator-role."
    )
