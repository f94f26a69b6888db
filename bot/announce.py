"""What the channel and the players are told as a game goes on: the board after each turn,
the hand-over within a turn, the end, reminders; by a post in the channel or a direct
message as each player asked (``bot.schedule``, ``/notify``). The texts are drawn by
:mod:`bot.discord_render` from the spectator view only."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterator
from typing import Any

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
    renderer_for,
    replay_file,
    result_text,
    role_name,
    summary_text,
)
from bot.errors import StillInLobby
from bot.links import channel_jump, channel_link, server_name
from bot.models import LoadedGame, TurnUpdate
from bot.schedule import quiet_until
from bot.views.game import game_view
from engine.core.game import GameState, LogEntry
from engine.core.view import View

log = logging.getLogger("strategos.announce")
NO_MENTIONS = discord.AllowedMentions.none()
USER_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def mention_only(users: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users: a DM-only player named in the text is not pinged."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in users]
    )


def waiting_for(loaded: LoadedGame) -> str:
    """Who must act now, as mentions (for text that does not ping)."""
    parts = []
    computer = set(loaded.computer_roles())
    for role in loaded.prompts:
        users = "the computer" if role in computer else " ".join(
            f"<@{user}>" for user in loaded.users_of(role))
        parts.append(f"{role_name(loaded, role)} ({users})" if users else role_name(loaded, role))
    return ", ".join(parts) or "nobody"


def previous_view(loaded: LoadedGame, previous: GameState | None) -> View | None:
    """The spectator view of the board posted before (None for the first board): the new
    board highlights what changed since it, from public facts only."""
    return None if previous is None else loaded.game.view(previous, None)


def state_of(loaded: LoadedGame) -> GameState:
    if loaded.state is None:
        raise StillInLobby()
    return loaded.state


def wake_computers(bot: StrategosBot, loaded: LoadedGame) -> None:
    """The computer is asked in this game: its player (``bot.cogs.computers``) moves now."""
    if loaded.row.status == "running" and any(r in loaded.prompts for r in loaded.computer_roles()):
        bot.dispatch("computer_turn", loaded.row.id)


@contextlib.contextmanager
def announcing(bot: StrategosBot, game_id: int) -> Iterator[None]:
    """While this process announces a game's board or hand-over, its late announcement
    (``bot.cogs.play``) waits."""
    bot.posting[game_id] += 1
    try:
        yield
    finally:
        bot.posting[game_id] -= 1
        if bot.posting[game_id] <= 0:
            del bot.posting[game_id]


async def announce(bot: StrategosBot, update: TurnUpdate, header: str = "") -> None:
    """After a completed turn (or at the start): board, what happened, whose turn it is;
    then the board is marked posted (``GameService.board_posted``)."""
    with announcing(bot, update.loaded.row.id):
        await announce_board(bot, update, header)


async def announce_board(bot: StrategosBot, update: TurnUpdate, header: str) -> None:
    loaded = update.loaded
    if update.finished or loaded.row.status in ("finished", "aborted"):
        await announce_end(bot, update, header)
        return
    channel = bot.get_partial_messageable(loaded.row.channel_id, guild_id=loaded.row.guild_id)
    rendered = await render_board(loaded.row.kind, loaded.view(None),
                                  previous_view(loaded, update.previous_board))
    lines = log_lines(update.public_log)
    title = f"{loaded.game.name} #{loaded.row.id} — turn {state_of(loaded).turn + 1}"
    embed = board_embed(title, rendered, loaded.row.id)
    embed.add_field(name="What happened", value=summary_text(lines, EMBED_FIELD), inline=False)
    mentions, dms = await split_notifications(bot, loaded)
    content = header
    if mentions:
        content += ("\n" if content else "") + "Your turn: " + " ".join(f"<@{u}>" for u in mentions)
        content += f" ({game_jump(bot, loaded)})"
    elif loaded.prompts:
        content += ("\n" if content else "") + f"Waiting for {waiting_for(loaded)}."
    message = await post(
        channel,
        content=clip(content, CONTENT) or None,
        embed=embed,
        files=board_files(rendered, loaded.row.id),
        view=game_view(loaded.row.id),
        allowed_mentions=mention_only(mentions),
    )
    # Posted, or refused by the channel (logged): either way not to be posted late.
    await bot.service.board_posted(loaded.row.id, loaded.version,
                                   None if message is None else message.id)
    wake_computers(bot, loaded)
    # DMs go out even when the channel refused the board: DM-only players hear of their turn.
    await dm_or_mention(bot, loaded, channel, message, mentions, dms,
                        " — it is your turn (your direct messages are closed, so here is a "
                        "mention).")


async def announce_handoff(bot: StrategosBot, update: TurnUpdate, acting_user: int | None,
                           note: str = "") -> None:
    """Within a turn the play passed to other players (a draft, an answer to a card): tell
    them, by their /settings notify, with a **Take turn** button; no board until the turn
    ends. The player who just clicked sees their next choices in their prompt already. Then
    the hand-over is marked announced (``GameService.hand_over_sent``)."""
    loaded = update.loaded
    with announcing(bot, loaded.row.id):
        await ping_handed_to(bot, update, acting_user, note)
        await bot.service.hand_over_sent(loaded.row.id, loaded.version)


async def ping_handed_to(bot: StrategosBot, update: TurnUpdate, acting_user: int | None,
                         note: str) -> None:
    loaded = update.loaded
    roles = [r for r in update.handed_to if acting_user not in loaded.users_of(r)]
    mentions, dms = await split_notifications(bot, loaded, roles)
    if not mentions and not dms:
        return
    channel = bot.get_partial_messageable(loaded.row.channel_id, guild_id=loaded.row.guild_id)
    sides = ", ".join(role_name(loaded, r) for r in roles)
    late = f" {note}" if note else ""
    message = None
    if mentions:
        message = await post(
            channel,
            content=" ".join(f"<@{u}>" for u in mentions)
            + f" — your turn in {game_jump(bot, loaded)} ({sides}).{late}",
            view=game_view(loaded.row.id),
            allowed_mentions=mention_only(mentions),
        )
    await dm_or_mention(bot, loaded, channel, message, mentions, dms,
                        f" — your turn in {loaded.game.name} #{loaded.row.id} ({sides}; your "
                        f"direct messages are closed, so here is a mention).{late}",
                        view=game_view(loaded.row.id))


async def dm_or_mention(bot: StrategosBot, loaded: LoadedGame,
                        channel: discord.PartialMessageable, message: discord.Message | None,
                        mentions: list[int], dms: list[int], closed_text: str,
                        **extra: Any) -> None:
    """DM ``dms`` with a link to ``message`` (or the channel); a closed DM falls back to a
    mention with ``closed_text``, unless ``message`` already mentioned that player."""
    link = message.jump_url if message is not None else channel_link(loaded.row)
    refused = await send_dms(bot, loaded, dms, link)
    unheard = [u for u in refused if message is None or u not in mentions]
    if unheard:
        await post(channel, content=" ".join(f"<@{u}>" for u in unheard) + closed_text,
                   allowed_mentions=mention_only(unheard), **extra)


async def post(channel: discord.PartialMessageable, **message: Any) -> discord.Message | None:
    """Send to a game's channel; a channel the bot may not write in is logged, not fatal
    (the game goes on, and /game board reposts the board once permissions are fixed)."""
    try:
        return await channel.send(**message)
    except discord.Forbidden as error:
        log.warning("cannot post in channel %s (%s): check Send Messages, Embed Links and "
                    "Attach Files", channel.id, error.text)
        return None


async def split_notifications(bot: StrategosBot, loaded: LoadedGame,
                              roles: list[str] | None = None) -> tuple[list[int], list[int]]:
    """Users to mention in the channel and users to DM, by each one's /settings notify
    (the players of ``roles``, by default of every role asked to act)."""
    mentions: list[int] = []
    dms: list[int] = []
    for role in loaded.prompts if roles is None else roles:
        for user in loaded.users_of(role):
            if user in mentions or user in dms:
                continue
            mode = await bot.service.notify_mode(user)
            if mode in ("mention", "both"):
                mentions.append(user)
            if mode in ("dm", "both"):
                dms.append(user)
    return mentions, dms


def game_jump(bot: StrategosBot, loaded: LoadedGame) -> str:
    """The game as a ping names it: ``Freedom! #12 in [#general](<jump link>)``, so that a
    ping read in the inbox, a thread or a DM opens the game's channel."""
    return f"{loaded.game.name} #{loaded.row.id} in {channel_jump(bot, loaded.row)}"


async def send_dms(bot: StrategosBot, loaded: LoadedGame, users: list[int], link: str) -> list[int]:
    """DM each user, with ``link`` (to the post to act on) and the game's channel and server;
    returns those whose DMs Discord refused (they get a mention instead)."""
    post_link = f": {link}" if link != channel_link(loaded.row) else ""  # not twice the same
    text = (f"It is your turn in {game_jump(bot, loaded)} on {server_name(bot, loaded.row)}"
            f"{post_link}.\n`/game mine` lists all your games.")
    now = bot.clock()
    refused = []
    for user, settings in (await bot.service.settings_of(users)).items():
        quiet_end = quiet_until(settings, now)
        if quiet_end is not None:  # sent when the player's quiet hours end, if still due
            await bot.service.hold_dm(user, loaded.row.id, text, quiet_end)
        elif not await send_dm(bot, user, text):
            refused.append(user)
    return refused


async def send_dm(bot: StrategosBot, user: int, text: str) -> bool:
    """One direct message; False when Discord refuses it (the user's DMs are closed)."""
    try:
        channel = await bot.create_dm(discord.Object(id=user))
        await channel.send(text, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:  # 50007: cannot send messages to this user
        return False
    return True


async def announce_end(bot: StrategosBot, update: TurnUpdate, header: str = "") -> None:
    """Game end: final board, result, scores, the seed revealed, the record, a Rematch button."""
    loaded = update.loaded
    channel = bot.get_partial_messageable(loaded.row.channel_id, guild_id=loaded.row.guild_id)
    rendered = await render_board(loaded.row.kind, loaded.view(None),
                                  previous_view(loaded, update.previous_board))
    embed = board_embed(f"{loaded.game.name} #{loaded.row.id} — game over", rendered, loaded.row.id)
    lines = log_lines(update.public_log)
    embed.add_field(name="What happened", value=summary_text(lines, EMBED_FIELD), inline=False)
    files = board_files(rendered, loaded.row.id)
    text = header
    if loaded.state is not None and loaded.state.result is not None:
        text += ("\n" if text else "") + result_text(loaded.state.result, loaded)
    if loaded.row.status == "finished":
        record = await bot.service.record(loaded.row.id)
        text += (
            f"\nSeed revealed: `{record.seed}` (its SHA-256 `{record.seed_sha256}` was posted at "
            "the start). The attached record replays every roll: `/game verify` or "
            "`python -m engine verify <file>`."
        )
        data = record.model_dump_json(indent=1).encode()
        files.append(discord.File(io.BytesIO(data), filename=f"strategos-{loaded.row.id}.json"))
        _, views = await bot.service.turn_boards(loaded.row.guild_id, loaded.row.id)
        files.append(await replay_file(loaded.row.kind, views, loaded.row.id))
        text += await rating_changes(bot, loaded)
    else:
        text += ("\n" if text else "") + "The game was stopped."
    players = " ".join(f"<@{u}>" for u in loaded.user_ids())
    message = await post(
        channel,
        content=clip(f"{text}\n{players}".strip(), CONTENT),
        embed=embed,
        files=files,
        view=game_view(loaded.row.id, finished=True),
        allowed_mentions=USER_MENTIONS,
    )
    await bot.service.board_posted(loaded.row.id, loaded.version,
                                   None if message is None else message.id)


async def rating_changes(bot: StrategosBot, loaded: LoadedGame) -> str:
    """Each player's rating before and after this game (recorded by the service at the end)."""
    if loaded.has_computers:
        return "\nNot rated: a computer played."
    changes = []
    for user in loaded.user_ids():
        stats = await bot.service.stats(loaded.row.guild_id, user, recent=5)
        line = next((r for r in stats.recent if r.game_id == loaded.row.id), None)
        if line and line.rating_before is not None and line.rating_after is not None:
            delta = line.rating_after - line.rating_before
            changes.append(f"<@{user}> {line.rating_after:.0f} ({delta:+.0f})")
    return "\nRatings: " + ", ".join(changes) if changes else ""


async def remind(bot: StrategosBot, loaded: LoadedGame, users: list[int] | None = None) -> None:
    """Tell the players who still must act that their turn times out (``users``: only
    these; by default all of them, at half time)."""
    channel = bot.get_partial_messageable(loaded.row.channel_id, guild_id=loaded.row.guild_id)
    deadline = loaded.row.deadline
    when = f" <t:{int(deadline.timestamp())}:R>" if deadline is not None else " soon"
    mentions, dms = await split_notifications(bot, loaded)
    if users is not None:
        mentions = [u for u in mentions if u in users]
        dms = [u for u in dms if u in users]
        if not mentions and not dms:
            return
    refused = await send_dms(bot, loaded, dms, channel_link(loaded.row))
    users = mentions + [u for u in refused if u not in mentions]
    if users or not dms:
        who = " ".join(f"<@{u}>" for u in users) or waiting_for(loaded)
        await post(
            channel,
            content=f"Reminder: {who}, your turn in {loaded.game.name} #{loaded.row.id} "
            f"times out{when} ({loaded.row.timeout_policy} when it does).",
            view=game_view(loaded.row.id),
            allowed_mentions=USER_MENTIONS,
        )


async def board_message(loaded: LoadedGame, previous: GameState | None) -> dict[str, Any]:
    """``/game board``: the current board again (kwargs to edit a response), pinging nobody;
    a finished game's final board comes with its result and **Rematch**. Like the turn's
    post it highlights what changed since ``previous``, the board posted before that post
    (mid-turn, the turn's moves so far glow too)."""
    state = state_of(loaded)
    rendered = await render_board(loaded.row.kind, loaded.view(None),
                                  previous_view(loaded, previous))
    ended = loaded.row.status in ("finished", "aborted") or state.result is not None
    if ended:
        title = f"{loaded.game.name} #{loaded.row.id} — game over"
        content = (result_text(state.result, loaded) if state.result is not None
                   else "The game was stopped.")
    else:
        title = f"{loaded.game.name} #{loaded.row.id} — turn {state.turn + 1}"
        content = f"Waiting for {waiting_for(loaded)}."
    return {
        "content": clip(content, CONTENT),
        "embed": board_embed(title, rendered, loaded.row.id),
        "attachments": board_files(rendered, loaded.row.id),
        "view": game_view(loaded.row.id, finished=ended),
        "allowed_mentions": NO_MENTIONS,
    }


def log_text(loaded: LoadedGame, entries: list[LogEntry]) -> str:
    """``/game log``: the last public lines, under the game's name."""
    header = f"**{loaded.game.name} #{loaded.row.id}** — public log"
    if not entries:
        return f"{header}: nothing has happened yet."
    return f"{header}:\n" + summary_text(log_lines(entries), CONTENT - len(header) - 2)


def status_text(loaded: LoadedGame) -> str:
    """``/game status``: where the game stands, from public information only."""
    row = loaded.row
    lines = [f"**{loaded.game.name} #{row.id}** — {row.status}"]
    if loaded.state is None:
        players = ", ".join(f"<@{u}>" for u in loaded.user_ids()) or "nobody yet"
        lines.append(f"Players so far: {players}.")
        return "\n".join(lines)
    lines.append(renderer_for(row.kind).status_text(loaded.view(None)))
    if loaded.state.result is not None:
        lines.append(result_text(loaded.state.result, loaded))
    elif row.status == "aborted":
        lines.append("The game was stopped by a moderator.")
    else:
        lines.append(f"Turn {loaded.state.turn + 1}; waiting for {waiting_for(loaded)}.")
    if loaded.has_computers:
        sides = ", ".join(role_name(loaded, r) for r in loaded.computer_roles())
        lines.append(f"The computer plays {sides} (an unrated game).")
    if row.timeout_hours and row.status in ("running", "paused"):
        deadline = f", deadline <t:{int(row.deadline.timestamp())}:R>" if row.deadline else ""
        lines.append(f"Turn timer: {row.timeout_hours:g} h ({row.timeout_policy}){deadline}.")
    lines.append(f"Seed SHA-256: `{row.seed_sha256}`")
    return clip("\n".join(line for line in lines if line), CONTENT)
