"""A game's boards, turn by turn, as one animated GIF small enough to attach to a message."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from engine.core.view import View
from render.base import Renderer

FRAME_WIDTH = 480  # a phone's inline preview; the full boards are one click away
FRAME_MS = 900
LAST_FRAME_MS = 4000
MAX_FRAMES = 120  # a longer game keeps its first, last and evenly spread turns between
COLOURS = 128


def pick_frames(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Indices of at most ``limit`` of ``count`` frames, evenly spread, first and last kept."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def replay_gif(renderer: Renderer, views: Sequence[View]) -> bytes:
    """The board after each turn (``views``: spectator views, the start first), each frame
    highlighting what changed since the one before, scaled to ``FRAME_WIDTH``."""
    if not views:
        raise ValueError("a replay needs at least the starting board")
    chosen = pick_frames(len(views))
    frames: list[Image.Image] = []
    previous: View | None = None
    for index in chosen:
        board = renderer.board(views[index], previous).convert("RGB")
        height = round(board.height * FRAME_WIDTH / board.width)
        small = board.resize((FRAME_WIDTH, height), Image.Resampling.LANCZOS)
        frames.append(small.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE))
        previous = views[index]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:],
                   duration=durations, loop=0, optimize=True, disposal=1)
    return out.getvalue()
