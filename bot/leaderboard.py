"""``/leaderboard``: the best rated players of a server, ten to a page with stateless
**Previous**/**Next** buttons, and always the asker's own line ("You: #37 of 120") even
when it is on another page.

The message is public, so its rank line is its owner's: a click by its owner turns its
page; anyone else's click answers them apart (ephemerally) with that page and their rank.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.client import StrategosBot
from bot.links import guild_id
from bot.stats import QUIET, RATING_NOTE, game_name
from bot.stats_models import LeaderboardEntry, LeaderboardPage
from bot.views.leaderboard import leaderboard_view

PER_PAGE = 10


def entry_line(entry: LeaderboardEntry) -> str:
    return (f"{entry.rank}. <@{entry.user_id}> — {game_name(entry.kind)} {entry.rating:.0f} "
            f"±{entry.uncertainty:.0f} ({entry.wins}–{entry.losses}–{entry.draws})")


def rank_line(board: LeaderboardPage, kind: str | None) -> str:
    """The asker's place, whichever page is shown."""
    mine = board.mine
    if mine is None:
        where = f" in {game_name(kind)}" if kind else ""
        return f"**You:** not rated{where} yet: finish a game against another player."
    game = "" if kind else f"{game_name(mine.kind)} "
    return (f"**You:** #{mine.rank} of {board.total}, {game}{mine.rating:.0f} "
            f"±{mine.uncertainty:.0f}")


def leaderboard_message(board: LeaderboardPage, kind: str | None, owner: int
                        ) -> dict[str, Any]:
    """The page as message keywords (embed and page buttons)."""
    title = f"Leaderboard — {game_name(kind)}" if kind else "Leaderboard"
    embed = discord.Embed(title=title, colour=discord.Colour.gold())
    if not board.entries:
        embed.description = "No rated games yet."
        return {"embed": embed, "view": None}
    embed.description = "\n".join(entry_line(e) for e in board.entries) + "\n\n" + \
        rank_line(board, kind)
    footer = RATING_NOTE
    if board.pages > 1:
        footer = f"Page {board.page + 1} of {board.pages} · " + footer
    embed.set_footer(text=footer)
    previous = board.page - 1 if board.page > 0 else None
    following = board.page + 1 if board.page + 1 < board.pages else None
    return {"embed": embed, "view": leaderboard_view(kind, owner, previous, following)}


async def page_for(interaction: discord.Interaction[Any], kind: str | None, page: int
                   ) -> dict[str, Any]:
    """Page ``page`` as it is now, with the clicker's rank, owned by the clicker."""
    bot: StrategosBot = interaction.client
    board = await bot.service.leaderboard_page(guild_id(interaction), kind, page,
                                               interaction.user.id, PER_PAGE)
    return leaderboard_message(board, kind, interaction.user.id)


async def show_leaderboard(interaction: discord.Interaction[Any], kind: str | None) -> None:
    answer = await page_for(interaction, kind, 0)
    extra = {"view": answer["view"]} if answer["view"] is not None else {}
    await interaction.response.send_message(embed=answer["embed"], allowed_mentions=QUIET,
                                            **extra)


async def leaderboard_page(interaction: discord.Interaction[Any], kind: str | None,
                           owner: int, page: int) -> None:
    """A page button: the owner's message turns its page; anyone else gets their own."""
    answer = await page_for(interaction, kind, page)
    if interaction.user.id == owner:
        await interaction.response.edit_message(**answer, allowed_mentions=QUIET)
        return
    extra = {"view": answer["view"]} if answer["view"] is not None else {}
    await interaction.response.send_message(embed=answer["embed"], ephemeral=True,
                                            allowed_mentions=QUIET, **extra)
