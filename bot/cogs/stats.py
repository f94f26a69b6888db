"""``/stats`` and ``/leaderboard``: results and ratings per game, for this server."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import game_autocomplete, guild_id
from bot.discord_render import role_name
from bot.guard import guarded
from bot.models import ResultLine
from engine.core.registry import get_game

QUIET = discord.AllowedMentions.none()
RATING_NOTE = ("Ratings: OpenSkill (Plackett–Luce), shown as a cautious estimate that rises "
               "as the ± (uncertainty) shrinks; a new player starts at 1000.")


def game_name(kind: str) -> str:
    try:
        return get_game(kind).name
    except Exception:  # a game no longer installed keeps its id
        return kind


async def side_names(service: Any, lines: list[ResultLine]) -> dict[tuple[int, str], str]:
    """(game id, role id) -> the side's name in that game ("Athens (Delian League)", not
    "delian-1"); the id stays when the game cannot be loaded."""
    names = {}
    for line in lines:
        try:
            names[line.game_id, line.role] = role_name(await service.load(line.game_id),
                                                       line.role)
        except Exception:  # a game no longer installed or readable keeps the id
            names[line.game_id, line.role] = line.role
    return names


def recent_text(lines: list[ResultLine], sides: dict[tuple[int, str], str]) -> list[str]:
    """One line per game, naming every side the player held in it ("as Arden and Corin")."""
    games: dict[int, list[ResultLine]] = {}
    for line in lines:
        games.setdefault(line.game_id, []).append(line)
    text = []
    for game_id, held in games.items():
        first = held[0]
        if len({line.outcome for line in held}) == 1:
            played = " and ".join(sides[game_id, line.role] for line in held) + f": {first.outcome}"
        else:  # sides on two teams
            played = " and ".join(f"{sides[game_id, line.role]} ({line.outcome})" for line in held)
        rated = first.rating_before is not None and first.rating_after is not None
        text.append(f"#{game_id} {game_name(first.kind)} as {played}"
                    + (f" ({first.rating_before:.0f} → {first.rating_after:.0f})" if rated else ""))
    return text


class StatsCog(commands.Cog):
    # Guild-only per command: on a plain Cog (not a GroupCog) a class decorator is ignored.
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(description="Games, wins and rating of a player on this server")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose statistics (you if empty)")
    @guarded
    async def stats(self, interaction: discord.Interaction,
                    user: discord.User | None = None) -> None:
        who = user or interaction.user
        stats = await self.bot.service.stats(guild_id(interaction), who.id)
        embed = discord.Embed(title=f"Statistics of {who.display_name}"[:256],
                              colour=discord.Colour.gold())
        for kind in stats.kinds:
            rating = (f"{kind.rating:.0f} ±{kind.uncertainty:.0f}"
                      if kind.rating is not None and kind.uncertainty is not None else "unrated")
            embed.add_field(
                name=game_name(kind.kind),
                value=f"Rating {rating} · {kind.games} game{'s' if kind.games != 1 else ''}: "
                      f"{kind.wins} won, {kind.losses} lost, "
                      f"{kind.draws} drawn",
                inline=False,
            )
        sides = await side_names(self.bot.service, stats.recent[:10])
        recent = recent_text(stats.recent[:10], sides)
        if recent:
            embed.add_field(name="Recent games", value="\n".join(recent)[:1024], inline=False)
        if not stats.kinds:
            embed.description = "No finished games yet."
        else:
            embed.set_footer(text=RATING_NOTE)
        await interaction.response.send_message(embed=embed, allowed_mentions=QUIET)

    @app_commands.command(description="The best rated players of this server")
    @app_commands.guild_only()
    @app_commands.describe(game="Only this game (all games if empty)")
    @app_commands.autocomplete(game=game_autocomplete)
    @guarded
    async def leaderboard(self, interaction: discord.Interaction,
                          game: str | None = None) -> None:
        if game is not None:
            get_game(game)  # an unknown game is refused with the list of games
        entries = await self.bot.service.leaderboard(guild_id(interaction), game)
        title = f"Leaderboard — {game_name(game)}" if game else "Leaderboard"
        lines = [
            f"{entry.rank}. <@{entry.user_id}> — {game_name(entry.kind)} {entry.rating:.0f} "
            f"±{entry.uncertainty:.0f} ({entry.wins}–{entry.losses}–{entry.draws})"
            for entry in entries[:20]
        ]
        embed = discord.Embed(title=title, colour=discord.Colour.gold(),
                              description="\n".join(lines) or "No rated games yet.")
        if lines:
            embed.set_footer(text=RATING_NOTE)
        await interaction.response.send_message(embed=embed, allowed_mentions=QUIET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog(bot))
