"""Jump links to a game's channel, and the names a player knows it by (``#channel``,
the server), from the bot's cache of the servers it is in (with shards: of the servers on
this process's shards); the server an interaction comes from (``guild_id``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import NoGameHere
from bot.models import GameRow


def guild_id(interaction: discord.Interaction[Any]) -> int:
    """The server a command or click comes from; refused in a direct message."""
    if interaction.guild_id is None:
        raise NoGameHere("Games are played in server channels, not in direct messages.")
    return interaction.guild_id


def channel_link(row: GameRow) -> str:
    """The jump link Discord opens at the game's channel or thread, from any server or DM."""
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"


def channel_name(bot: Any, row: GameRow) -> str:
    """``#name`` of the game's channel or thread; a generic name when it is not cached."""
    channel = bot.get_channel(row.channel_id)
    name = getattr(channel, "name", None)
    return f"#{name}" if name else "the game's channel"


def server_name(bot: Any, row: GameRow) -> str:
    """The server's name; a process running other shards than the server's has no cache of
    it (the server is someone else's to name)."""
    guild = bot.get_guild(row.guild_id)
    if guild is not None:
        return str(guild.name)
    return "a server the bot has left" if bot.holds_guild(row.guild_id) else "its server"


def channel_jump(bot: Any, row: GameRow) -> str:
    """A masked link: the channel's name, opening the channel."""
    label = channel_name(bot, row).replace("[", "(").replace("]", ")")
    return f"[{label}]({channel_link(row)})"
