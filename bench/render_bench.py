"""Milliseconds per board picture, for each game with a renderer.

Plays a few random seeded games part-way, then times drawing and PNG encoding of the
spectator view's board (and the extra images, when there are any), and then the phone card
a turn post shows first (``Renderer.focus``, drawn from that board, with its PNG). Six
Continents, not offered to users yet (it is not in the registry), is loaded directly and
played part-way by its automatic players, whose games reach realistic boards (random play
loses its realm within a few rounds).

    .venv/bin/python bench/render_bench.py [--games 5] [--steps 120]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from engine.core.game import Game, GameState
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.core.simulate import Policy
from engine.games.sixcontinents import GAME as SIX
from engine.games.sixcontinents.ai import greedy
from render.base import get_renderer
from render.common import png_bytes

GAMES: dict[str, list[int]] = {"freedom": [2], "epireia": [1, 2, 4], "dragons1066": [2, 3, 4]}


def advance(game: Game[Any, Any], state: GameState, steps: int, seed: str,
            policy: Policy | None = None) -> None:
    chooser = Rng(seed=f"bench:{seed}")
    for _ in range(steps):
        prompts = game.prompts(state)
        if state.result is not None or not prompts:
            return
        role = chooser.choice(sorted(prompts))
        choices = prompts[role].choices
        act(game, state, role, policy(game, state, role, choices, chooser)
            if policy is not None else chooser.choice(choices).id)


def bench(game_id: str, players: int, games: int, steps: int,
          game: Game[Any, Any] | None = None, policy: Policy | None = None) -> None:
    game = game or get_game(game_id)
    renderer = get_renderer(game_id)
    draw_ms: list[float] = []
    png_ms: list[float] = []
    card_ms: list[float] = []
    sizes: list[int] = []
    renderer.board(game.view(start(game, "warm-up", players), None))  # fonts, cached layers
    for number in range(games):
        seed = f"bench-{number}"
        state = start(game, seed, players)
        advance(game, state, steps * (number + 1) // games, seed, policy)
        view = game.view(state, None)
        t0 = time.perf_counter()
        image = renderer.board(view)
        extras = renderer.extra_images(view)
        t1 = time.perf_counter()
        data = png_bytes(image)
        for _, extra in extras:
            png_bytes(extra)
        t2 = time.perf_counter()
        card = renderer.focus(image, view)
        if card is not None:
            png_bytes(card)
            card_ms.append((time.perf_counter() - t2) * 1000)
        draw_ms.append((t1 - t0) * 1000)
        png_ms.append((t2 - t1) * 1000)
        sizes.append(len(data))
    print(f"{game_id} ({players}p): draw {statistics.median(draw_ms):.0f} ms, "
          f"png {statistics.median(png_ms):.0f} ms, "
          f"total {statistics.median(draw_ms) + statistics.median(png_ms):.0f} ms per board "
          f"(median of {games}), {statistics.mean(sizes) / 1024:.0f} KiB"
          + (f"; phone card {statistics.median(card_ms):.0f} ms" if card_ms else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--steps", type=int, default=120)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for game_id, player_counts in GAMES.items():
        for players in player_counts:
            try:
                bench(game_id, players, args.games, args.steps)
            except (ImportError, KeyError) as error:
                print(f"{game_id}: not available ({error})")
    for players in (2, 3):
        bench("sixcontinents", players, args.games, args.steps * 5, SIX, greedy)


if __name__ == "__main__":
    main()
