"""The /help page: built from a command tree, split into fields Discord accepts."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.help import FIELD_LIMIT, fields, help_embed


def test_a_long_section_is_split_between_lines() -> None:
    lines = [f"`/game cmd{i}` " + "x" * 100 for i in range(30)]
    chunks = fields("/game", lines)
    assert len(chunks) > 1 and chunks[0][0] == "/game" and chunks[1][0] == "/game (more)"
    assert all(len(value) <= FIELD_LIMIT for _, value in chunks)
    assert "\n".join(value for _, value in chunks).split("\n") == lines


def test_the_page_follows_the_tree() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    group = app_commands.Group(name="table", description="Tables")

    @group.command(name="flip", description="Flip the table")
    async def flip(interaction: discord.Interaction) -> None:
        """A command only this test has."""

    tree.add_command(group)
    hidden = app_commands.Group(name="referee", description="Referees",
                                default_permissions=discord.Permissions(manage_channels=True))

    @hidden.command(name="whistle", description="Stop play")
    async def whistle(interaction: discord.Interaction) -> None:
        """A command only this test has."""

    @app_commands.command(name="dice", description="Roll a die")
    async def dice(interaction: discord.Interaction) -> None:
        """A command only this test has."""

    tree.add_command(hidden)
    tree.add_command(dice)
    embed = help_embed(tree)
    text = "\n".join(f"{f.name}\n{f.value}" for f in embed.fields)
    assert "/table: Tables\n`/table flip` Flip the table" in text
    assert "/referee: Referees (Manage Channels)\n`/referee whistle` Stop play" in text
    assert "More commands\n`/dice` Roll a die" in text
    assert len(embed) <= 6000
