"""What one step of ``/game history``'s viewer costs: a replay from the seed to a move.

Plays random seeded games to the end, keeps the longest, then times
``bot.service.archive.replay_to`` (the viewer's replay of the whole game, for the moves
that ended a turn, keeping the state after N actions and the spectator view one move
before) at its start, its middle and its last move, then the board's render of that last
move with the highlight (``bot.discord_render.render_board``).

    .venv/bin/python bench/history_bench.py [--game freedom] [--players 2] [--games 30]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from bot.discord_render import render_board
from bot.service.archive import replay_to
from engine.core.registry import get_game
from engine.core.simulate import play_random


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="freedom")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=30, help="keep the longest of these")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    game = get_game(args.game)
    playouts = [play_random(game, f"bench-{n}", args.players, check=False)[1]
                for n in range(args.games)]
    longest = max(playouts, key=lambda p: p.actions)
    actions = longest.history
    print(f"{args.game} {args.players}p, longest of {args.games} random games: "
          f"{len(actions)} actions, {longest.turns} turns")
    for move in (0, len(actions) // 2, len(actions)):
        times = []
        for _ in range(args.repeat):
            began = time.perf_counter()
            replayed = replay_to(game, longest.seed, args.players, None, actions, move)
            times.append((time.perf_counter() - began) * 1000)
        print(f"a step to move {move}: {statistics.median(times):.1f} ms (median)")
    view = game.view(replayed.state, None)
    began = time.perf_counter()
    asyncio.run(render_board(args.game, view, replayed.previous))
    print(f"render of that board with the highlight: "
          f"{(time.perf_counter() - began) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
