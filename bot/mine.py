"""``/game mine``: the player's games, where it is their turn and where they wait.

In a server: that server's games, ephemerally. In a DM with the bot: every server's.
Each entry has the game's jump link, what the player is asked (their own prompts only:
the text of each of their sides' questions, as their ephemeral prompt shows it), or whom
the game waits for, and the deadline as a Discord timestamp; their turns come first
(``bot.service.mine.order``). Long lists are paged with stateless buttons.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.announce import waiting_for
from bot.client import StrategosBot
from bot.discord_render import clip, role_name
from bot.links import channel_jump, server_name
from bot.models import MyGame
from bot.views.mine import mine_view

PER_PAGE = 6
ENTRY = 600  # characters per entry: six fit an embed's description
QUESTION = 200  # characters of a question's text
NO_MENTIONS = discord.AllowedMentions.none()
NONE_HERE = ("You are in no game on this server. Open one with /game new, or join a lobby "
             "in its channel.")
NONE_ANYWHERE = "You are in no game on any server. Open one there with /game new."


def entry_text(bot: Any, entry: MyGame, user_id: int, every_server: bool) -> str:
    """One game: name and number, where it is (a jump link), and what it needs of you."""
    loaded, row = entry.loaded, entry.loaded.row
    where = channel_jump(bot, row)
    if every_server:
        where += f" on {server_name(bot, row)}"
    lines = [f"**{loaded.game.name} #{row.id}** · {where}"]
    deadline = f" · deadline <t:{int(entry.deadline.timestamp())}:R>" if entry.deadline else ""
    if row.status == "lobby":
        taken = sum(1 for seat in loaded.seats if seat.role is not None)
        host = "your" if row.host_id == user_id else "the host's"
        lines.append(f"In the lobby: {len(loaded.user_ids())} seated, {taken} of "
                     f"{loaded.table_size} sides picked; waiting for {host} Start.")
    elif row.status == "paused":
        lines.append("⏸ Paused by a moderator.")
    elif entry.your_turn:
        for role in entry.asked:
            question = clip(loaded.prompts[role].text, QUESTION)
            lines.append(f"**Your turn** as {role_name(loaded, role)}: {question}")
        lines[-1] += deadline
    else:
        lines.append(f"Waiting for {waiting_for(loaded)}{deadline}.")
    return clip("\n".join(lines), ENTRY)


def mine_message(bot: Any, entries: list[MyGame], user_id: int, page: int,
                 every_server: bool) -> dict[str, Any]:
    """Page ``page`` (clamped) of the list, as keyword arguments of a message."""
    if not entries:
        text = NONE_ANYWHERE if every_server else NONE_HERE
        return {"content": text, "embed": None, "view": None}
    pages = -(-len(entries) // PER_PAGE)
    page = min(max(page, 0), pages - 1)
    shown = entries[page * PER_PAGE:(page + 1) * PER_PAGE]
    turns = sum(entry.your_turn for entry in entries)
    title = "Your games on every server" if every_server else "Your games on this server"
    embed = discord.Embed(
        title=title,
        description="\n\n".join(entry_text(bot, entry, user_id, every_server)
                                  for entry in shown),
        colour=discord.Colour.gold(),
    )
    footer = f"{len(entries)} game{'s' if len(entries) != 1 else ''}, your turn in {turns}"
    if pages > 1:
        footer += f" · page {page + 1} of {pages}"
    embed.set_footer(text=footer)
    view = mine_view(page - 1 if page > 0 else None, page + 1 if page + 1 < pages else None)
    return {"content": None, "embed": embed, "view": view}


async def listing(interaction: discord.Interaction[Any], page: int) -> dict[str, Any]:
    """The clicker's games: this server's, or in a DM every server's."""
    bot: StrategosBot = interaction.client
    every_server = interaction.guild_id is None
    entries = await bot.service.games_of(interaction.user.id, interaction.guild_id)
    return mine_message(bot, entries, interaction.user.id, page, every_server)


async def show_mine(interaction: discord.Interaction[Any]) -> None:
    """``/game mine``: ephemeral in a server; a plain message in a DM (only they see it)."""
    answer = await listing(interaction, 0)
    extra = {"view": answer["view"]} if answer["view"] is not None else {}
    in_server = interaction.guild_id is not None
    await interaction.response.send_message(
        content=answer["content"], embed=answer["embed"], ephemeral=in_server,
        allowed_mentions=NO_MENTIONS, **extra)


async def mine_page(interaction: discord.Interaction[Any], page: int) -> None:
    """A page button: the list again, as it is now, at that page."""
    answer = await listing(interaction, page)
    await interaction.response.edit_message(**answer, allowed_mentions=NO_MENTIONS)
