"""``/settings``: how each player is told it is their turn (the moderator role is under /mod)."""

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.guard import guarded

NOTIFY_TEXT = {
    "mention": "a mention in the game's channel",
    "dm": "a direct message (a mention if your DMs are closed)",
    "both": "a mention and a direct message",
}


class SettingsCog(commands.GroupCog, group_name="settings",
                  group_description="Your personal settings"):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(description="How you are told that it is your turn")
    @app_commands.describe(mode="mention, dm or both")
    @guarded
    async def notify(self, interaction: discord.Interaction,
                     mode: Literal["mention", "dm", "both"]) -> None:
        await self.bot.service.set_notify(interaction.user.id, mode)
        await interaction.response.send_message(f"You will get {NOTIFY_TEXT[mode]}.",
                                                ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
