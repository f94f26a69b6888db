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
    found = 0
    for x in range(crop.width):
        for y in range(crop.height):
            pixel: tuple[int, int, int] = pixels[x, y]  # type: ignore[assignment]
            if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True)):
                found += 1
    return found


# How a colour looks to colour-blind eyes: Machado, Oliveira & Fernandes (2009), full
# severity, on linear RGB; compared in CIELAB (a distance under ~15 reads as one colour).
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))


def lab_as_seen(rgb: tuple[int, int, int], matrix: Any) -> tuple[float, float, float]:
    def linear(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    lin = [linear(v) for v in rgb]
    if matrix is not None:
        lin = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True))))
               for row in matrix]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.9505
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
