"""Lobbies on Discord: options, open, join, leave, pick a side, start, cancel, rematch."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.announce import announce
from bot.client import StrategosBot
from bot.discord_render import player_count, role_name
from bot.errors import NoGameHere, ServiceError
from bot.guard import FRIENDLY, refusal
from bot.models import LoadedGame, TurnUpdate
from bot.options import NOT_CHOSEN, show
from bot.views.lobby import lobby_view
from bot.views.setup import chosen, setup_view
from engine.core.registry import get_game
from engine.core.runner import parse_options

log = logging.getLogger("strategos.lobby")
CLOSED = "This lobby is closed."
T = TypeVar("T")


def effective_options(loaded: LoadedGame) -> dict[str, Any]:
    """The options a lobby shows: every one the players could choose, with its value."""
    chosen = parse_options(loaded.game, loaded.row.options).model_dump(mode="json")
    return {k: v for k, v in chosen.items() if k not in NOT_CHOSEN}


def lobby_embed(loaded: LoadedGame, started: bool = False) -> discord.Embed:
    """The lobby; once ``started``, who plays which side (the joining hints gone)."""
    game, row = loaded.game, loaded.row
    title = f"{game.name} #{row.id} — started" if started else f"{game.name} — new game #{row.id}"
    embed = discord.Embed(
        title=title,
        description=f"{game.summary}\n{player_count(game)}.",
        colour=discord.Colour.gold(),
    )
    players = []
    for user in loaded.user_ids():
        seats = [s.role for s in loaded.seats if s.user_id == user]
        sides = ", ".join(role_name(loaded, r) if r else "any side" for r in seats)
        host = " (host)" if user == row.host_id else ""
        players.append(f"<@{user}>{host} — {sides}")
    computer = [role_name(loaded, s.role) if s.role else "any side"
                for s in loaded.seats if s.computer]
    if computer:
        players.append(f"Computer — {', '.join(computer)} (the game will not be rated)")
    embed.add_field(name="Players", value="\n".join(players) or "nobody yet", inline=False)
    if not started:
        embed.add_field(name="Table", value=table_text(loaded), inline=False)
    options = effective_options(loaded)
    if options:
        text = "\n".join(f"{name}: {show(value)}" for name, value in options.items())
        embed.add_field(name="Options", value=text[:1024], inline=False)
    if row.thread:
        embed.add_field(name="Thread", value="The game moves into a thread of its own when it "
                        "starts.", inline=False)
    timer = (f"{row.timeout_hours:g} h per turn, then {row.timeout_policy}"
             if row.timeout_hours else f"none yet (policy when set: {row.timeout_policy})")
    embed.add_field(name="Turn timer", value=timer, inline=False)
    if not started:
        size = " The host sets the table's size." if len(loaded.table_sizes()) > 1 else ""
        embed.set_footer(text="Join, or pick your sides (a player may hold several), then the "
                              f"host presses Start; sides nobody picked are dealt at random.{size}"
                              " The host may seat the computer on sides.")
    return embed


def table_text(loaded: LoadedGame) -> str:
    """The table's sides and who holds each ("free" for nobody yet)."""
    lines = []
    for info in loaded.role_infos():
        holders = " ".join(f"<@{u}>" for u in loaded.users_of(info.id)) or (
            "computer" if info.id in loaded.computer_roles() else "free")
        lines.append(f"{info.name} — {holders}")
    open_seats = sum(1 for s in loaded.seats if s.role is None)
    if open_seats:
        lines.append(f"{open_seats} seat{'s' if open_seats != 1 else ''} without a side yet"
                     " (dealt at the start)")
    size = loaded.table_size
    return f"{size} side{'s' if size != 1 else ''}:\n" + "\n".join(lines)


def lobby_message(loaded: LoadedGame) -> dict[str, Any]:
    roles = [(info.id, info.name) for info in loaded.lobby_roles()]
    tables = [(size, ", ".join(info.name for info in loaded.sides_at(size)))
              for size in loaded.table_sizes()]
    view = lobby_view(loaded.row.id, roles, tables, loaded.table_size, loaded.computer_roles())
    return {"embed": lobby_embed(loaded), "view": view}


async def refresh_lobby(bot: StrategosBot, loaded: LoadedGame) -> None:
    """Bring the lobby message up to date after a slash command changed the lobby."""
    message_id = loaded.row.board_message_id
    if message_id is None:
        return
    channel = bot.get_partial_messageable(loaded.row.channel_id, guild_id=loaded.row.guild_id)
    try:
        await channel.get_partial_message(message_id).edit(**lobby_message(loaded))
    except discord.HTTPException as error:  # deleted by someone: the lobby goes on without it
        log.info("lobby message %s of game %s not updated: %s", message_id, loaded.row.id, error)


async def close_lobby_message(bot: StrategosBot, loaded: LoadedGame, text: str) -> None:
    """The lobby message of a game that started: who plays which side, no buttons."""
    message_id = loaded.row.board_message_id
    if message_id is None:
        return
    channel = bot.get_partial_messageable(loaded.row.channel_id, guild_id=loaded.row.guild_id)
    try:
        await channel.get_partial_message(message_id).edit(
            content=text, embed=lobby_embed(loaded, started=True), view=None)
    except discord.HTTPException as error:
        log.info("lobby message %s of game %s not closed: %s", message_id, loaded.row.id, error)


async def post_lobby(interaction: discord.Interaction[Any], loaded: LoadedGame) -> None:
    """Answer ``interaction`` with the lobby message and remember its id."""
    bot: StrategosBot = interaction.client
    response = await interaction.response.send_message(**lobby_message(loaded))
    if response.message_id is not None:
        await bot.service.set_board_message(loaded.row.id, response.message_id)


async def _current_lobby(interaction: discord.Interaction[Any], game_id: int) -> LoadedGame | None:
    """The lobby the clicked message belongs to; a closed one loses its buttons."""
    bot: StrategosBot = interaction.client
    loaded = await bot.service.game_in(interaction.channel_id or 0)
    if loaded is None or loaded.row.id != game_id or loaded.row.status != "lobby":
        await interaction.edit_original_response(content=CLOSED, view=None)
        return None
    return loaded


async def lobby_button(interaction: discord.Interaction[Any], game_id: int, action: str) -> None:
    """Join / Leave / Start / Cancel. Acknowledged first (deferred update), then edited."""
    bot: StrategosBot = interaction.client
    channel_id, user_id = interaction.channel_id or 0, interaction.user.id
    await interaction.response.defer()
    try:
        if await _current_lobby(interaction, game_id) is None:
            return
        if action == "join":
            await bot.service.join(channel_id, user_id)
        elif action == "leave":
            await bot.service.leave(channel_id, user_id)
        elif action == "cancel":
            await bot.service.cancel(channel_id, user_id)
            await interaction.edit_original_response(
                content=f"Game #{game_id} was cancelled by <@{user_id}>.", embed=None, view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        elif action == "start":
            update = await bot.service.start(channel_id, user_id)
            await interaction.edit_original_response(
                content=f"Game #{game_id} has started.",
                embed=lobby_embed(update.loaded, started=True), view=None)
            update = await into_thread(bot, interaction, update)
            await announce_start(bot, update)
            return
    except FRIENDLY as error:
        await interaction.followup.send(refusal(interaction, error), ephemeral=True)
        return
    await _redraw(interaction, game_id)


THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
           discord.ChannelType.news_thread)


async def into_thread(bot: StrategosBot, interaction: discord.Interaction[Any],
                      update: TurnUpdate) -> TurnUpdate:
    """A game whose host asked for a thread moves into one made from the lobby message
    (unless it was opened in a thread already). Without the permission to make one, it is
    played in the channel, and the channel is told why."""
    row = update.loaded.row
    channel = interaction.channel
    if not row.thread or interaction.message is None or channel is None \
            or channel.type in THREADS:
        return update
    try:
        thread = await interaction.message.create_thread(
            name=f"{update.loaded.game.name} #{row.id}"[:100], auto_archive_duration=10080)
        moved = await bot.service.move_to_thread(row.id, thread.id)
    except (discord.HTTPException, ServiceError) as error:
        log.info("game %s stays in its channel: no thread (%s)", row.id, error)
        await interaction.followup.send(
            "I could not open a thread for this game (I need the Create Public Threads "
            "permission here), so it is played in this channel.")
        return update
    return update.model_copy(update={"loaded": moved})


async def _redraw(interaction: discord.Interaction[Any], game_id: int) -> None:
    bot: StrategosBot = interaction.client
    loaded = await bot.service.load(game_id)
    await interaction.edit_original_response(**lobby_message(loaded))


async def _menu_change(interaction: discord.Interaction[Any], game_id: int,
                       change: Callable[[int, int], Awaitable[T]]) -> T | None:
    """A lobby menu's pick: acknowledged first, ``change(channel, user)`` made, the lobby
    drawn again. A refusal is told to the clicker alone, and the lobby is drawn again all
    the same: their menu shows what they picked until the message is redrawn. None then."""
    bot: StrategosBot = interaction.client
    await interaction.response.defer()
    try:
        if await _current_lobby(interaction, game_id) is None:
            return None
        result = await change(interaction.channel_id or 0, interaction.user.id)
    except FRIENDLY as error:
        await interaction.followup.send(refusal(interaction, error), ephemeral=True)
        loaded = await bot.service.load(game_id)
        if loaded.row.status == "lobby":
            await interaction.edit_original_response(**lobby_message(loaded))
        return None
    await _redraw(interaction, game_id)
    return result


async def pick_sides(interaction: discord.Interaction[Any], game_id: int,
                     roles: list[str]) -> None:
    """The side picker: the clicker's sides become ``roles`` (joining if need be)."""
    service = interaction.client.service
    await _menu_change(interaction, game_id,
                       lambda channel, user: service.choose_roles(channel, user, roles))


async def pick_table(interaction: discord.Interaction[Any], game_id: int, size: int) -> None:
    """The host's table picker: the lobby gets ``size`` sides; dropped picks are told."""
    service = interaction.client.service
    change = await _menu_change(interaction, game_id,
                                lambda channel, user: service.set_table(channel, user, size))
    if change is not None and change.dropped:
        picks = ", ".join(f"{pick.name} (<@{pick.user_id}>)" for pick in change.dropped)
        await interaction.followup.send(
            f"The table now has {size} sides. Picks dropped (not a side of this table):"
            f" {picks}.",
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def pick_computer(interaction: discord.Interaction[Any], game_id: int,
                        roles: list[str]) -> None:
    """The host's computer picker: the computer plays exactly ``roles``."""
    service = interaction.client.service
    await _menu_change(interaction, game_id,
                       lambda channel, user: service.set_computer_sides(channel, user, roles))


def setup_message(kind: str, picks: list[int]) -> dict[str, Any]:
    """The options step of /game new (ephemeral, for the host)."""
    game = get_game(kind)
    options = chosen(game.Options, picks)
    text = ", ".join(f"{name}: {show(value)}" for name, value in options.items())
    return {
        "content": f"**{game.name}**: choose the options, then open the lobby.\n{text}"[:2000],
        "view": setup_view(kind, game.Options, picks),
    }


async def setup_changed(interaction: discord.Interaction[Any], kind: str,
                        picks: list[int]) -> None:
    await interaction.response.edit_message(**setup_message(kind, picks))


async def open_lobby(interaction: discord.Interaction[Any], kind: str, options: dict[str, Any],
                     timeout_hours: float | None = None, policy: str | None = None,
                     sides: int | None = None, thread: bool = False) -> None:
    """Open a lobby in this channel and post its message as the answer to ``interaction``."""
    bot: StrategosBot = interaction.client
    if interaction.guild_id is None:
        raise NoGameHere("Games are played in server channels, not in direct messages.")
    row = await bot.service.open_lobby(
        interaction.guild_id, interaction.channel_id or 0, kind, interaction.user.id, options,
        timeout_hours=timeout_hours, timeout_policy=policy, table=sides, thread=thread,
    )
    await post_lobby(interaction, await bot.service.load(row.id))


async def setup_open(interaction: discord.Interaction[Any], kind: str, picks: list[int]) -> None:
    try:
        await open_lobby(interaction, kind, chosen(get_game(kind).Options, picks))
    except FRIENDLY as error:
        await interaction.response.send_message(refusal(interaction, error), ephemeral=True)


async def announce_start(bot: StrategosBot, update: TurnUpdate, note: str = "") -> None:
    """The first board: who plays which side, and the seed's digest (``note`` after it)."""
    loaded = update.loaded
    row = loaded.row
    computer = loaded.computer_roles()
    players = ", ".join(
        f"{role_name(loaded, role)}: " + (
            "the computer" if role in computer
            else " ".join(f"<@{u}>" for u in loaded.users_of(role)))
        for role in (loaded.state.roles if loaded.state else [])
    )
    header = (
        f"**{loaded.game.name} #{row.id} begins.** {players}\n"
        f"Dice check: the seed's SHA-256 is `{row.seed_sha256}`; the seed is revealed at the end."
    )
    await announce(bot, update, f"{header}\n{note}" if note else header)


async def rematch(interaction: discord.Interaction[Any], game_id: int) -> None:
    bot: StrategosBot = interaction.client
    try:
        row = await bot.service.rematch(game_id, interaction.user.id)
        loaded = await bot.service.load(row.id)
    except FRIENDLY as error:
        await interaction.response.send_message(refusal(interaction, error), ephemeral=True)
        return
    await post_lobby(interaction, loaded)
