"""The ``/help`` page, built from the command tree the bot syncs, so it never goes stale."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from engine.version import version

ABOUT = (
    "Strategos hosts serious strategy board games in this server's channels, played "
    "asynchronously over days: one game per channel or thread, the board posted after "
    "every turn, your hand and choices only in private messages."
)
FIRST_GAME = (
    "1. In a text channel or thread: `/game new` and pick a game (`/game list` lists them).\n"
    "2. The other players press **Join** (or pick their sides in the lobby's menu).\n"
    "3. The host presses **Start**; whoever must act is pinged.\n"
    "4. Press **Take turn** on the board to play from a private message."
)
FIELD_LIMIT = 1024


def needs(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> str:
    """" (Manage Channels)" when Discord shows the command only to members with those
    permissions by default (a server may change that in Integrations)."""
    if command.default_permissions is None:
        return ""
    names = [name.replace("_", " ").title() for name, on in command.default_permissions if on]
    return f" ({', '.join(names)})" if names else ""


def command_lines(commands: Iterable[app_commands.Command[Any, ..., Any] | app_commands.Group]
                  ) -> list[tuple[str, list[str]]]:
    """(section title, one line per command): a section per group, by name, then one for
    the commands outside any group."""
    sections: list[tuple[str, list[str]]] = []
    single: list[str] = []
    for command in sorted(commands, key=lambda c: c.name):
        if isinstance(command, app_commands.Group):
            leaves = [c for c in command.walk_commands() if isinstance(c, app_commands.Command)]
            lines = [f"`/{c.qualified_name}` {c.description}" for c in leaves]
            sections.append((f"/{command.name}: {command.description}{needs(command)}", lines))
        else:
            single.append(f"`/{command.name}` {command.description}{needs(command)}")
    if single:
        sections.append(("More commands", single))
    return sections


def fields(title: str, lines: list[str]) -> list[tuple[str, str]]:
    """A section as embed fields, split between lines when it exceeds a field's 1024."""
    chunks: list[tuple[str, str]] = []
    current: list[str] = []
    for line in lines:
        if current and len("\n".join([*current, line])) > FIELD_LIMIT:
            chunks.append((title if not chunks else f"{title} (more)", "\n".join(current)))
            current = []
        current.append(line[:FIELD_LIMIT])
    if current:
        chunks.append((title if not chunks else f"{title} (more)", "\n".join(current)))
    return chunks


def help_embed(tree: app_commands.CommandTree[discord.Client]) -> discord.Embed:
    embed = discord.Embed(title=f"Strategos {version()}", description=ABOUT,
                          colour=discord.Colour.blurple())
    embed.add_field(name="Your first game", value=FIRST_GAME, inline=False)
    commands = [c for c in tree.get_commands(type=discord.AppCommandType.chat_input)
                if isinstance(c, app_commands.Command | app_commands.Group)]
    for title, lines in command_lines(commands):
        for name, value in fields(title[:256], lines):
            embed.add_field(name=name[:256], value=value, inline=False)
    return embed
