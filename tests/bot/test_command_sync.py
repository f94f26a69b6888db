"""The digest that decides whether the command tree must be synced again."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.command_sync import target_name, tree_digest


def tree_with(*names: str) -> app_commands.CommandTree[discord.Client]:
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none()))
    for name in names:
        async def callback(interaction: discord.Interaction) -> None:
            """Never run: only the definition is hashed."""
        tree.add_command(app_commands.Command(name=name, description=f"The {name} command",
                                              callback=callback))
    return tree


def test_the_digest_changes_with_the_tree_only() -> None:
    assert tree_digest(tree_with("a", "b"), None) == tree_digest(tree_with("a", "b"), None)
    assert tree_digest(tree_with("a", "b"), None) != tree_digest(tree_with("a"), None)
    assert tree_digest(tree_with("a"), None) != tree_digest(tree_with("b"), None)


def test_every_application_and_target_has_its_own_digest() -> None:
    guild = discord.Object(id=5)
    names = {target_name(1, None), target_name(1, guild), target_name(2, None)}
    assert len(names) == 3
