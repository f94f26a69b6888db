"""``/game history``: the games that are over, and any of them viewed move by move.

The list (a channel's, the server's or a player's ended games, the last ended first) is an
ephemeral, paged embed with a **View** button per game. The viewer is an ephemeral message
with the board after N effective actions, replayed from the seed by the service: drawn from
the spectator view only (never a hand), what changed since move N-1 glowing, the public
lines that move wrote, ⏮ ◀ ▶ ⏭ and a turn back or on. Every button names what it shows,
so it survives a restart.
"""

from __future__ import annotations

from typing import Any, Literal

import discord

from bot.client import StrategosBot
from bot.discord_render import (
    CONTENT,
    EMBED_FIELD,
    board_embed,
    board_files,
    clip,
    log_lines,
    render_board,
    result_text,
    role_name,
    summary_text,
)
from bot.guard import FRIENDLY, refusal
from bot.links import channel_jump, guild_id
from bot.models import EndedGame, LoadedGame, Position
from bot.views.archive import list_view, viewer_view

Scope = Literal["channel", "server", "player"]
SCOPE_CODES: dict[Scope, str] = {"channel": "c", "server": "s", "player": "p"}
SCOPES: dict[str, Scope] = {code: scope for scope, code in SCOPE_CODES.items()}
PER_PAGE = 5  # one row of View buttons
ENTRY = 700
NO_MENTIONS = discord.AllowedMentions.none()


def ended_text(loaded: LoadedGame) -> str:
    """How it ended: the result, or that it was stopped."""
    if loaded.state is not None and loaded.state.result is not None:
        return result_text(loaded.state.result, loaded)
    return "Stopped before the end (no result)."


def entry_text(bot: Any, entry: EndedGame) -> str:
    loaded, row = entry.loaded, entry.loaded.row
    players = ", ".join(f"{role_name(loaded, seat.role)} <@{seat.user_id}>"
                        for seat in loaded.seats if seat.role is not None)
    return clip(f"**{loaded.game.name} #{row.id}** · {channel_jump(bot, row)} · ended "
                f"<t:{int(entry.ended_at.timestamp())}:d>\n{ended_text(loaded)}\n"
                f"Players: {players or 'nobody'}", ENTRY)


def whose(scope: Scope, user: int) -> str:
    return {"channel": "this channel", "server": "this server",
            "player": f"<@{user}> on this server"}[scope]


async def listing(interaction: discord.Interaction[Any], scope: Scope, user: int,
                  page: int) -> dict[str, Any]:
    """Page ``page`` (clamped) of the ended games of the scope, as message keywords."""
    bot: StrategosBot = interaction.client
    guild = guild_id(interaction)
    narrow: dict[str, int | None] = {
        "channel_id": interaction.channel_id if scope == "channel" else None,
        "user_id": user if scope == "player" else None,
    }
    games, total = await bot.service.ended_games(guild, limit=PER_PAGE,
                                                 offset=max(page, 0) * PER_PAGE, **narrow)
    pages = max(-(-total // PER_PAGE), 1)
    if page >= pages:  # the list shrank (or a forged page): show its last page
        page = pages - 1
        games, total = await bot.service.ended_games(guild, limit=PER_PAGE,
                                                     offset=page * PER_PAGE, **narrow)
    if not games:
        return {"content": f"No game of {whose(scope, user)} is over yet.", "embed": None,
                "view": None}
    embed = discord.Embed(title="Games that are over", colour=discord.Colour.gold(),
                          description="\n\n".join(entry_text(bot, e) for e in games))
    embed.set_footer(text=f"{total} game{'s' if total != 1 else ''} · page {page + 1} of "
                          f"{pages} · View shows a game move by move")
    view = list_view([e.loaded.id for e in games], SCOPE_CODES[scope], user,
                     page - 1 if page > 0 else None, page + 1 if page + 1 < pages else None)
    return {"content": f"Ended games of {whose(scope, user)}, the last ended first.",
            "embed": embed, "view": view}


async def show_history(interaction: discord.Interaction[Any], scope: Scope | None,
                       player: discord.abc.User | None) -> None:
    """``/game history``: a player's games when one is named, else the channel's."""
    chosen: Scope = scope or ("player" if player is not None else "channel")
    user = (player or interaction.user).id
    answer = await listing(interaction, chosen, user, 0)
    extra = {"view": answer["view"]} if answer["view"] is not None else {}
    await interaction.response.send_message(content=answer["content"], embed=answer["embed"],
                                            ephemeral=True, allowed_mentions=NO_MENTIONS,
                                            **extra)


async def history_page(interaction: discord.Interaction[Any], code: str, user: int,
                       page: int) -> None:
    answer = await listing(interaction, SCOPES[code], user, page)
    await interaction.response.edit_message(**answer, allowed_mentions=NO_MENTIONS)


async def viewer_message(position: Position) -> dict[str, Any]:
    """The board at the position's move (spectator view), what changed since the move before
    glowing, the move's public lines, and the step buttons (keywords to edit a response)."""
    loaded, state = position.loaded, position.state
    view = loaded.game.view(state, None)
    rendered = await render_board(loaded.row.kind, view, position.previous)
    where = "the start" if position.move == 0 else f"move {position.move} of {position.moves}"
    title = f"{loaded.game.name} #{loaded.id} — {where} (turn {state.turn + 1})"
    embed = board_embed(title, rendered, loaded.id)
    lines = summary_text(log_lines(position.lines), EMBED_FIELD)
    embed.add_field(name="The setup" if position.move == 0 else "This move", value=lines,
                    inline=False)
    content = f"**{loaded.game.name} #{loaded.id}**, move {position.move} of {position.moves}."
    if position.move == position.moves:
        content += "\n" + ended_text(loaded)
    return {
        "content": clip(content, CONTENT),
        "embed": embed,
        "attachments": board_files(rendered, loaded.id),
        "view": viewer_view(loaded.id, position.move, position.moves, position.turn_back(),
                            position.turn_forward()),
        "allowed_mentions": NO_MENTIONS,
    }


async def history_view(interaction: discord.Interaction[Any], game_id: int) -> None:
    """**View**: an ephemeral viewer at the game's last move."""
    bot: StrategosBot = interaction.client
    guild = guild_id(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        answer = await viewer_message(await bot.service.position(guild, game_id))
    except FRIENDLY as error:
        answer = {"content": refusal(interaction, error), "embeds": [], "view": None}
    await interaction.edit_original_response(**answer)


async def history_move(interaction: discord.Interaction[Any], game_id: int, move: int) -> None:
    """A step: the same viewer at another move. A move the game does not have (a forged
    button) is refused with one sentence of its own, and the viewer stays as it was."""
    bot: StrategosBot = interaction.client
    guild = guild_id(interaction)
    await interaction.response.defer()
    answer = await viewer_message(await bot.service.position(guild, game_id, move))
    await interaction.edit_original_response(**answer)
