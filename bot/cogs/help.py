"""``/help``: what the bot does, every command and how to start a first game (ephemeral)."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.guard import guarded
from bot.help import help_embed


class HelpCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(name="help",
                          description="What Strategos does, its commands, how to start a game")
    @guarded
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=help_embed(self.bot.tree), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
