"""``/stats`` and ``/leaderboard``: results and ratings per game, for this server (the
screens themselves: ``bot/stats.py`` and ``bot/leaderboard.py``)."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import game_autocomplete
from bot.guard import guarded
from bot.leaderboard import show_leaderboard
from bot.links import guild_id
from bot.stats import QUIET, head_to_head_message, stats_message
from engine.core.registry import get_game


class StatsCog(commands.Cog):
    # Guild-only per command: on a plain Cog (not a GroupCog) a class decorator is ignored.
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(description="Games, wins and rating of a player on this server, "
                                      "or two players' games against each other")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose statistics (you if empty)",
                           against="Their head-to-head record against this player")
    @guarded
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    against: discord.User | None = None) -> None:
        who = user or interaction.user
        guild = guild_id(interaction)
        # The picture is drawn off the event loop; it may take longer than Discord waits.
        await interaction.response.defer(thinking=True)
        if against is None:
            answer = await stats_message(self.bot.service, guild, who)
        else:
            answer = await head_to_head_message(self.bot.service, guild, who, against)
        await interaction.followup.send(**answer, allowed_mentions=QUIET)

    @app_commands.command(description="The best rated players of this server, and your rank")
    @app_commands.guild_only()
    @app_commands.describe(game="Only this game (all games if empty)")
    @app_commands.autocomplete(game=game_autocomplete)
    @guarded
    async def leaderboard(self, interaction: discord.Interaction,
                          game: str | None = None) -> None:
        if game is not None:
            get_game(game)  # an unknown game is refused with the list of games
        await show_leaderboard(interaction, game)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog(bot))
