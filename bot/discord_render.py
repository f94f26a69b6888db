"""From renderer output to Discord embeds and files.

Pictures are drawn and encoded off the event loop (``asyncio.to_thread``). Board images,
status texts and channel summaries are made from the spectator view only; a player's
private view goes only into their ephemeral prompt.
"""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass
from typing import Any

import discord
from PIL import Image, ImageDraw

from bot.models import LoadedGame
from engine.core.game import LogEntry, Result
from engine.core.view import View
from render.base import Renderer, get_renderer
from render.common import font, png_bytes, wrap
from render.replay import replay_gif

EMBED_DESCRIPTION = 4096
EMBED_FIELD = 1024
CONTENT = 2000
COLOUR = discord.Colour.from_rgb(156, 40, 40)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GenericRenderer:
    """Used only for a game that has no module under ``render/games/`` (the test games).

    It draws the spectator view's fields as a list, so the board post still carries a
    picture of the public state. A view is any model: JSON is what it needs.
    """

    def focus(self, board: Image.Image, view: View, previous: View | None = None
              ) -> Image.Image | None:
        return None

    def board(self, view: View, previous: View | None = None) -> Image.Image:
        lines = [f"{key}: {json.dumps(value, ensure_ascii=False)}"
                 for key, value in view.model_dump(mode="json").items()]
        wrapped = [part for line in lines for part in wrap(line, 760, 20)][:40]
        image = Image.new("RGB", (800, 40 + 28 * len(wrapped)), (250, 246, 236))
        draw = ImageDraw.Draw(image)
        for number, line in enumerate(wrapped):
            draw.text((20, 20 + 28 * number), line, fill=(30, 30, 30), font=font(20))
        return image

    def extra_images(self, view: View) -> list[tuple[str, Image.Image]]:
        return []

    def status_text(self, view: View) -> str:
        return "\n".join(
            f"**{key}**: {value}"
            for key, value in view.model_dump(mode="json").items()
            if isinstance(value, str | int | float) and not isinstance(value, bool)
        )

    def private_text(self, view: View) -> str:
        return "\n".join(f"**{key}**: {json.dumps(value)}"
                         for key, value in view.model_dump(mode="json").items())


def renderer_for(kind: str) -> Renderer:
    try:
        return get_renderer(kind)
    except ModuleNotFoundError as error:
        if error.name != f"render.games.{kind}":
            raise
        return GenericRenderer()


@dataclass
class RenderedBoard:
    png: bytes
    extras: list[tuple[str, bytes]]
    status: str
    focus: bytes | None = None  # the phone card the post shows first (render.focus)


def _render_board(kind: str, view: View, previous: View | None) -> RenderedBoard:
    renderer = renderer_for(kind)
    board = renderer.board(view, previous)
    focus = renderer.focus(board, view, previous)
    return RenderedBoard(
        png=png_bytes(board),
        extras=[(name, png_bytes(image)) for name, image in renderer.extra_images(view)],
        status=renderer.status_text(view),
        focus=png_bytes(focus) if focus is not None else None,
    )


async def render_board(kind: str, spectator_view: View,
                       previous: View | None = None) -> RenderedBoard:
    """The board, with what changed since ``previous`` (the spectator view of the board
    posted before) highlighted."""
    return await asyncio.to_thread(_render_board, kind, spectator_view, previous)


async def render_private(kind: str, view: View) -> str:
    return await asyncio.to_thread(lambda: renderer_for(kind).private_text(view))


async def replay_file(kind: str, views: list[View], game_id: int) -> discord.File:
    """The game's boards, turn by turn, as an animated GIF (rendered off the event loop)."""
    data = await asyncio.to_thread(replay_gif, renderer_for(kind), views)
    return discord.File(io.BytesIO(data), filename=f"replay-{game_id}.gif")


def board_files(rendered: RenderedBoard, game_id: int) -> list[discord.File]:
    """The pictures of a board post: the full board, the phone card shown in the embed
    when the game draws one, and the extras."""
    files = [discord.File(io.BytesIO(rendered.png), filename=f"board-{game_id}.png")]
    if rendered.focus is not None:
        files.append(discord.File(io.BytesIO(rendered.focus), filename=f"focus-{game_id}.png"))
    for number, (name, data) in enumerate(rendered.extras[:9], start=1):
        safe = "".join(c for c in name if c.isalnum() or c in "-_") or "image"
        files.append(discord.File(io.BytesIO(data), filename=f"{safe}-{number}.png"))
    return files


def board_embed(title: str, rendered: RenderedBoard, game_id: int) -> discord.Embed:
    embed = discord.Embed(
        title=clip(title, 256), description=clip(rendered.status, EMBED_DESCRIPTION) or None,
        colour=COLOUR,
    )
    # A phone shows the embed's picture about 400 px wide: the card reads there, and the
    # full board, attached beside it, is one tap away.
    shown = "focus" if rendered.focus is not None else "board"
    embed.set_image(url=f"attachment://{shown}-{game_id}.png")
    return embed


def log_lines(entries: list[LogEntry]) -> list[str]:
    """Public log lines (callers pass public entries only), dice shown."""
    lines = []
    for entry in entries:
        if entry.visible_to is not None:
            continue
        text = entry.text
        if entry.dice and not any(str(d) in text for d in entry.dice):
            text += f" 🎲 {', '.join(map(str, entry.dice))}"
        lines.append(text)
    return lines


NOTHING_TO_REPORT = "No public moves to report this turn."


def summary_text(lines: list[str], limit: int = EMBED_FIELD) -> str:
    """The last lines that fit in ``limit`` characters, oldest first (a turn whose moves
    wrote no public line says so rather than leaving the field blank)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = clip(line, limit)
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    if len(kept) < len(lines) and kept:
        kept[-1] = "…"
    return "\n".join(reversed(kept)) or NOTHING_TO_REPORT


def player_count(game: Any) -> str:
    """"2 players", "1–4 players": how many can play a game."""
    low, high = game.min_players, game.max_players
    if low == high:
        return f"{low} player{'s' if low != 1 else ''}"
    return f"{low}–{high} players"


def role_name(loaded: LoadedGame, role: str) -> str:
    """The game's name for a role now, else the seat's name (``RoleInfo.name``)."""
    return loaded.role_name(role)


def result_text(result: Result, loaded: LoadedGame) -> str:
    names = ", ".join(role_name(loaded, role) for role in result.winners)
    if names:
        text = f"**Winner{'s' if len(result.winners) != 1 else ''}: {names}** — {result.reason}"
    else:
        text = f"**No winner** — {result.reason}"
    if result.scores:
        scores = ", ".join(
            f"{role_name(loaded, role)} {score:g}" for role, score in result.scores.items()
        )
        text += f"\nScores: {scores}"
    return text
