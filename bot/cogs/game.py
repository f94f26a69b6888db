"""``/game``: open and run games in a channel. Thin: parse, call the service, answer."""

import asyncio
import io
import re
from pathlib import Path
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import announce, lobby, turns
from bot.archive import Scope, show_history
from bot.cogs.common import channel_game, game_autocomplete, options_autocomplete, side_autocomplete
from bot.discord_render import (
    player_count,
    replay_file,
)
from bot.errors import ServiceError
from bot.guard import guarded
from bot.links import guild_id
from bot.mine import show_mine
from bot.options import parse_options_text
from bot.service import GameService
from bot.views.setup import default_picks, menus
from engine.core.errors import BadRecord
from engine.core.record import GameRecord, parse_record, verify
from engine.core.registry import all_games, get_game

MAX_RECORD_BYTES = 8 * 1024 * 1024


REPOSITORY = Path(__file__).resolve().parents[2]
MAX_DOCS_BYTES = 8 * 1024 * 1024


def docs_page(path: str) -> bytes | None:
    """A game's rules page (``Game.docs``, a path in the repository the bot runs from), or
    None when it is not there (an installed copy without the repository)."""
    file = (REPOSITORY / path).resolve()
    if not file.is_relative_to(REPOSITORY) or not file.is_file():
        return None
    if file.stat().st_size > MAX_DOCS_BYTES:
        return None
    return file.read_bytes()


RECORD_NAME = re.compile(r"strategos-(\d+)\b")


def record_number(record: GameRecord, filename: str) -> int | None:
    """The game number a record names: its own field, or the name the bot gave the file
    (``strategos-<id>.json``; records made before the field existed)."""
    if record.number is not None:
        return record.number
    found = RECORD_NAME.match(filename)
    return int(found.group(1)) if found else None


async def check_record(data: bytes, filename: str, service: GameService | None = None,
                       guild_id: int | None = None) -> str:
    """Replay a posted record off the event loop and, when it names a game of this server,
    compare it with the game played here. Says what was confirmed."""
    try:
        parsed = parse_record(data)
    except BadRecord as error:
        return f"`{filename}`: {error}"[:2000]
    result = await asyncio.to_thread(verify, parsed)
    lines = [f"{parsed.game}, {parsed.players} players: {result.message}"]
    number = record_number(parsed, filename)
    if service is not None and guild_id is not None:
        if number is None:
            lines.append("The record names no game of this server, so only its own "
                         "consistency was checked.")
        else:
            lines.append((await service.match_record(guild_id, parsed, number)).message)
    return "\n".join(lines)[:2000]


# Offered in DMs with the bot too, for /game mine (a subcommand cannot have contexts of its
# own); every command about a channel's game refuses there with one sentence (guild_id).
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class GameCog(commands.GroupCog, group_name="game", group_description="Play a strategy game"):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(description="Open a new game in this channel")
    @app_commands.describe(
        game="Which game", options="Options as name=value pairs (menus if left empty)",
        timer="Hours per turn (a moderator can change it later); empty = no timer",
        policy="What happens when the turn timer runs out",
        sides="How many sides the table has (games for a varying number; the lobby can change it)",
        thread="Play in a thread of its own, made when the game starts (needs Create Public "
               "Threads)",
    )
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    @guarded
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None,
                  timer: app_commands.Range[float, 0, 720] | None = None,
                  policy: Literal["pass", "resign"] | None = None,
                  sides: app_commands.Range[int, 1, 25] | None = None,
                  thread: bool | None = None) -> None:
        guild_id(interaction)
        definition = get_game(game)
        typed = (options, timer, policy, sides, thread)
        if all(value is None for value in typed) and menus(definition.Options):
            await interaction.response.send_message(
                **lobby.setup_message(game, default_picks(definition.Options)), ephemeral=True)
            return
        chosen = parse_options_text(options, definition.Options)
        await lobby.open_lobby(interaction, game, chosen, timer or None, policy, sides,
                               thread=bool(thread))

    @app_commands.command(description="Join the game that is gathering players here")
    @app_commands.describe(side="A side you want to play (optional; again for another one)")
    @app_commands.autocomplete(side=side_autocomplete)
    @guarded
    async def join(self, interaction: discord.Interaction, side: str | None = None) -> None:
        guild_id(interaction)
        loaded = await self.bot.service.join(interaction.channel_id, interaction.user.id, side)
        await interaction.response.send_message(f"You joined game #{loaded.row.id}.",
                                                ephemeral=True)
        await lobby.refresh_lobby(self.bot, loaded)

    @app_commands.command(description="Leave the game that is gathering players here")
    @guarded
    async def leave(self, interaction: discord.Interaction) -> None:
        guild_id(interaction)
        await self.bot.service.leave(interaction.channel_id, interaction.user.id)
        await interaction.response.send_message("You left the lobby.", ephemeral=True)
        loaded = await self.bot.service.game_in(interaction.channel_id)
        if loaded is not None:
            await lobby.refresh_lobby(self.bot, loaded)

    @app_commands.command(description="Start the game (host only)")
    @guarded
    async def start(self, interaction: discord.Interaction) -> None:
        guild_id(interaction)
        update = await self.bot.service.start(interaction.channel_id, interaction.user.id)
        await interaction.response.send_message(f"Game #{update.loaded.row.id} starts now.")
        await lobby.close_lobby_message(self.bot, update.loaded,
                                        f"Game #{update.loaded.row.id} has started.")
        await lobby.announce_start(self.bot, update)

    @app_commands.command(description="Where this game stands and whose turn it is")
    @guarded
    async def status(self, interaction: discord.Interaction) -> None:
        loaded = await channel_game(interaction, ended=True)
        await interaction.response.send_message(announce.status_text(loaded), ephemeral=True)

    @app_commands.command(description="Post the current board again")
    @guarded
    async def board(self, interaction: discord.Interaction) -> None:
        loaded = await channel_game(interaction, ended=True)
        if loaded.state is None:
            await interaction.response.send_message("The game has not started yet.",
                                                    ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        loaded, previous = await self.bot.service.with_previous_board(loaded.row.id)
        await interaction.edit_original_response(**await announce.board_message(loaded, previous))

    @app_commands.command(description="A game that is over, turn by turn, as an animation")
    @app_commands.describe(game="The game's number (default: this channel's last game)")
    @guarded
    async def replay(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        guild = guild_id(interaction)
        number = game if game is not None else (await channel_game(interaction, ended=True)).id
        await interaction.response.defer(thinking=True)
        try:
            loaded, views = await self.bot.service.turn_boards(guild, number)
        except ServiceError as refusal:
            await interaction.edit_original_response(content=str(refusal))
            return
        await interaction.edit_original_response(
            content=f"{loaded.game.name} #{loaded.id}, turn by turn ({len(views) - 1} turns).",
            attachments=[await replay_file(loaded.row.kind, views, loaded.id)])

    @app_commands.command(description="The last lines of the public game log")
    @app_commands.describe(lines="How many lines (1-50)")
    @guarded
    async def log(self, interaction: discord.Interaction,
                  lines: app_commands.Range[int, 1, 50] = 10) -> None:
        loaded = await channel_game(interaction, ended=True)
        entries = await self.bot.service.public_log(loaded.row.id, lines)
        await interaction.response.send_message(announce.log_text(loaded, entries), ephemeral=True)

    @app_commands.command(description="Your private view (hand, secrets) and your choices")
    @guarded
    async def hand(self, interaction: discord.Interaction) -> None:
        loaded = await channel_game(interaction, ended=True)
        await turns.take_turn(interaction, loaded.row.id)

    @app_commands.command(description="Take back your last choice (not past dice or reveals)")
    @guarded
    async def undo(self, interaction: discord.Interaction) -> None:
        loaded = await channel_game(interaction, ended=True)
        update = await self.bot.service.undo(loaded.row.id, interaction.user.id)
        await interaction.response.send_message(
            f"<@{interaction.user.id}> took back their last choice.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if update.turn_ended:
            await announce.announce(self.bot, update)

    @app_commands.command(description="Resign: your sides lose this game")
    @guarded
    async def resign(self, interaction: discord.Interaction) -> None:
        loaded = await channel_game(interaction, ended=True)
        update = await self.bot.service.resign(loaded.row.id, interaction.user.id)
        await interaction.response.send_message(f"<@{interaction.user.id}> resigns.",
                                                allowed_mentions=discord.AllowedMentions.none())
        await announce.announce(self.bot, update)

    @app_commands.command(description="Your games: your turns first, what you are asked, "
                                      "deadlines, links (in a DM: every server's)")
    @guarded
    async def mine(self, interaction: discord.Interaction) -> None:
        await show_mine(interaction)

    @app_commands.command(description="Games that are over (this channel's, the server's or "
                                      "a player's), each viewable move by move")
    @app_commands.describe(scope="Whose games (default: this channel's, or the player's)",
                           player="A player whose games to list (default: you)")
    @guarded
    async def history(self, interaction: discord.Interaction, scope: Scope | None = None,
                      player: discord.User | None = None) -> None:
        await show_history(interaction, scope, player)

    @app_commands.command(name="list", description="The games you can play here")
    @guarded
    async def list_games(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Games", colour=discord.Colour.gold())
        for game in all_games():
            text = f"{player_count(game)}. {game.summary}"
            embed.add_field(name=f"{game.name} (`{game.id}`)", value=text[:1024], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(description="A short summary of a game's rules, with the full page")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    @guarded
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        definition = get_game(game)
        base = self.bot.settings.docs_url
        files: list[discord.File] = []
        if base:
            where = base.rstrip("/") + "/" + definition.docs
        else:
            page = await asyncio.to_thread(docs_page, definition.docs)
            if page is not None:
                files.append(discord.File(io.BytesIO(page), filename=Path(definition.docs).name))
                where = f"the attached page (`{definition.docs}`)"
            else:
                where = f"`{definition.docs}` in the Strategos repository"
        text = (f"**{definition.name}** — {player_count(definition)}.\n{definition.summary}\n"
                f"Rules as implemented: {where}")
        extra: dict[str, Any] = {"files": files} if files else {}
        await interaction.response.send_message(text[:2000], ephemeral=True, **extra)

    @app_commands.command(description="Check a finished game's record: seed, every roll, result")
    @app_commands.describe(record="The .json record posted at the end of a game")
    @guarded
    async def verify(self, interaction: discord.Interaction, record: discord.Attachment) -> None:
        if record.size > MAX_RECORD_BYTES:
            await interaction.response.send_message("That file is too big to be a record.",
                                                    ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        data = await record.read()
        answer = await check_record(data, record.filename, self.bot.service,
                                    interaction.guild_id)
        await interaction.edit_original_response(content=answer)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
