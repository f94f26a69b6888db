"""``/mod``: moderators stop, pause, fix and time games, and name the server's moderator role.
Every game action is logged by the service.

Discord shows ``/mod`` only to members with Manage Channels unless the server allows more in
Server Settings → Integrations (``default_permissions``); the bot still checks each use."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import announce
from bot.cogs.common import channel_game, require_moderator, side_autocomplete
from bot.errors import NotModerator
from bot.guard import guarded
from bot.links import guild_id
from bot.models import LoadedGame, TurnUpdate

QUIET = discord.AllowedMentions.none()


@app_commands.guild_only()
@app_commands.default_permissions(manage_channels=True)
class ModerationCog(commands.GroupCog, group_name="mod",
                    group_description="Moderator tools for the game in this channel"):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def game(self, interaction: discord.Interaction) -> LoadedGame:
        await require_moderator(interaction)
        return await channel_game(interaction)

    async def done(self, interaction: discord.Interaction, text: str, result: object) -> None:
        """Say publicly what the moderator did, then post the board if a turn ended."""
        await interaction.response.send_message(f"Moderator <@{interaction.user.id}>: {text}",
                                                allowed_mentions=QUIET)
        if isinstance(result, TurnUpdate) and (result.turn_ended or result.finished):
            await announce.announce(self.bot, result)

    @app_commands.command(description="Stop this game for good (no result is recorded)")
    @guarded
    async def abort(self, interaction: discord.Interaction) -> None:
        loaded = await self.game(interaction)
        await self.bot.service.abort(loaded.row.id, interaction.user.id)
        await self.done(interaction, f"game #{loaded.row.id} was aborted.", None)

    @app_commands.command(description="Remove a player from a lobby (a running game: see "
                                      "/mod replace)")
    @app_commands.describe(
        user="The player to remove",
        resign="In a running game: resign their sides, which ends the game for everyone",
    )
    @guarded
    async def kick(self, interaction: discord.Interaction, user: discord.User,
                   resign: bool = False) -> None:
        loaded = await self.game(interaction)
        result = await self.bot.service.kick(loaded.row.id, interaction.user.id, user.id,
                                             resign=resign)
        text = (f"<@{user.id}> was removed from game #{loaded.row.id}; their sides resign."
                if loaded.row.status != "lobby"
                else f"<@{user.id}> was removed from game #{loaded.row.id}.")
        await self.done(interaction, text, result)

    @app_commands.command(description="Give a player's seats (or one of their sides) to "
                                      "someone else")
    @app_commands.describe(old="The player leaving", new="The player taking the seat",
                           side="Only this side (default: every side the player holds)")
    @app_commands.autocomplete(side=side_autocomplete)
    @guarded
    async def replace(self, interaction: discord.Interaction, old: discord.User,
                      new: discord.User, side: str | None = None) -> None:
        loaded = await self.game(interaction)
        await self.bot.service.replace(loaded.row.id, interaction.user.id, old.id, new.id,
                                       role=side)
        text = (f"<@{new.id}> now plays {loaded.role_name(side)} instead of <@{old.id}>."
                if side else f"<@{new.id}> now plays instead of <@{old.id}>.")
        await self.done(interaction, text, None)

    @app_commands.command(description="Pause the game: no moves, no timers")
    @guarded
    async def pause(self, interaction: discord.Interaction) -> None:
        loaded = await self.game(interaction)
        await self.bot.service.pause(loaded.row.id, interaction.user.id)
        await self.done(interaction, f"game #{loaded.row.id} is paused.", None)

    @app_commands.command(description="Resume a paused game")
    @guarded
    async def resume(self, interaction: discord.Interaction) -> None:
        loaded = await self.game(interaction)
        await self.bot.service.resume(loaded.row.id, interaction.user.id)
        await self.done(interaction, f"game #{loaded.row.id} goes on.", None)

    @app_commands.command(description="Take back the last action, whoever made it (one step)")
    @guarded
    async def undo(self, interaction: discord.Interaction) -> None:
        loaded = await self.game(interaction)
        result = await self.bot.service.mod_undo(loaded.row.id, interaction.user.id)
        await self.done(interaction, "the last action was taken back.", result)

    @app_commands.command(description="Set the turn timer in hours (0 turns it off)")
    @app_commands.describe(hours="Hours per turn; reminder at half time; 0 = no timer")
    @guarded
    async def timeout(self, interaction: discord.Interaction,
                      hours: app_commands.Range[float, 0, 24 * 30]) -> None:
        loaded = await self.game(interaction)
        await self.bot.service.set_timeout(loaded.row.id, interaction.user.id, hours)
        text = (f"turn timer set to {hours:g} h ({loaded.row.timeout_policy} when it runs out)."
                if hours else "turn timer turned off.")
        await self.done(interaction, text, None)

    @app_commands.command(name="moderator-role",
                          description="The role whose members may use /mod (Manage Server only)")
    @app_commands.describe(role="The moderator role; leave empty to clear it")
    @guarded
    async def moderator_role(self, interaction: discord.Interaction,
                             role: discord.Role | None = None) -> None:
        if not interaction.permissions.manage_guild:
            raise NotModerator("Only members with the Manage Server permission can set this.")
        await self.bot.service.set_moderator_role(guild_id(interaction),
                                                  role.id if role else None)
        text = (f"Members with {role.mention} can now use /mod (if Server Settings → "
                "Integrations lets them see it)." if role
                else "The moderator role is cleared; Manage Channels is still needed for /mod.")
        await interaction.response.send_message(text, ephemeral=True)


    @app_commands.command(name="vacation-limit",
                          description="The longest vacation a player's timers may wait here")
    @app_commands.describe(days="Days (0: no vacations on this server; default 14)")
    @guarded
    async def vacation_limit(self, interaction: discord.Interaction,
                             days: app_commands.Range[float, 0, 90]) -> None:
        await require_moderator(interaction)
        await self.bot.service.set_vacation_limit(guild_id(interaction), days)
        text = (f"players' vacations hold their turn timers here for at most {days:g} days."
                if days else "vacations no longer hold turn timers on this server.")
        await interaction.response.send_message(f"Moderator <@{interaction.user.id}>: {text}",
                                                allowed_mentions=QUIET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModerationCog(bot))
