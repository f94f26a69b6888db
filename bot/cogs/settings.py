"""``/settings``: the server's moderator role, and how each player is told it is their turn."""

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import guild_id
from bot.errors import NotModerator
from bot.guard import guarded

NOTIFY_TEXT = {
    "mention": "a mention in the game's channel",
    "dm": "a direct message (a mention if your DMs are closed)",
    "both": "a mention and a direct message",
}


class SettingsCog(commands.GroupCog, group_name="settings",
                  group_description="Server and personal settings"):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(name="moderator-role",
                          description="The role whose members may use /mod (Manage Server only)")
    @app_commands.describe(role="The moderator role; leave empty to clear it")
    @app_commands.guild_only()
    @guarded
    async def moderator_role(self, interaction: discord.Interaction,
                             role: discord.Role | None = None) -> None:
        if not interaction.permissions.manage_guild:
            raise NotModerator("Only members with the Manage Server permission can set this.")
        await self.bot.service.set_moderator_role(guild_id(interaction),
                                                  role.id if role else None)
        text = (f"Members with {role.mention} can now use /mod." if role
                else "The moderator role is cleared; Manage Channels is still needed for /mod.")
        await interaction.response.send_message(text, ephemeral=True)

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
