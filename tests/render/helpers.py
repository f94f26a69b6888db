"""Shared helpers for renderer tests: seeded part-played games and image comparisons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image, ImageChops

from engine.core.game import Game, GameState
from engine.core.rng import Rng
from engine.core.runner import act, start


def play(game: Game[Any, Any], seed: str, players: int, steps: int,
         until: Callable[[Any], bool] | None = None) -> GameState:
    """A game after up to ``steps`` random legal choices (or until ``until`` holds)."""
    chooser = Rng(seed=f"render-test:{seed}")
    state = start(game, seed, players)
    for _ in range(steps):
        if until is not None and until(state):
            break
        prompts = game.prompts(state)
        if state.result is not None or not prompts:
            break
        role = chooser.choice(sorted(prompts))
        act(game, state, role, chooser.choice(prompts[role].choices).id)
    return state


def same(a: Image.Image, b: Image.Image) -> bool:
    if a.size != b.size:
        return False
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def colours(image: Image.Image) -> int:
    """How many distinct colours (capped): a blank picture has one."""
    found = image.convert("RGB").getcolors(maxcolors=4096)
    return 4096 if found is None else len(found)


def ink(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int],
        tolerance: int = 40) -> int:
    """Pixels of ``box`` within ``tolerance`` of ``colour``."""
    crop = image.crop(box).convert("RGB")
    pixels = crop.load()
    assert pixels is not None
    return sum(1 for x in range(crop.width) for y in range(crop.height)
               if all(abs(a - b) <= tolerance
                      for a, b in zip(pixels[x, y], colour, strict=True)))  # type: ignore[arg-type]
