"""What finding the previous board costs: replaying the log (not done) vs. the stored state.

Plays random seeded games to the end, keeps the longest, then times, at its last turn
post: (a) a replay from the seed of the whole effective log noting the boards on the way
(``bot.service.boards.replay_boards``, what every post would cost without the ``boards``
table, and what an undo pays), and (b) what a post pays with the table: parsing the stored
state and taking its spectator view. Also the size of one stored board (written twice
per turn end) and the sum of (a) over every post of the game (it grows with the square of
the game's length).

    .venv/bin/python bench/board_bench.py [--game freedom] [--players 2] [--games 30]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.service.boards import replay_boards
from bot.service.history import HistoryItem
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
    # One write per action, as when every click is its own write.
    history = [HistoryItem(seq=n, action=a, barrier=False, version=n)
               for n, a in enumerate(longest.history, start=1)]

    replay_ms = []
    for _ in range(args.repeat):
        began = time.perf_counter()
        replayed = replay_boards(game, longest.seed, args.players, None, history)
        replay_ms.append((time.perf_counter() - began) * 1000)
    assert replayed.previous is not None
    stored_ms = []
    for _ in range(args.repeat):
        began = time.perf_counter()
        game.view(game.load(replayed.previous), None)
        stored_ms.append((time.perf_counter() - began) * 1000)

    # Every post of the game replaying up to itself: the whole game's CPU spent on it.
    ends = [n for n, _ in enumerate(history, start=1)]
    sample = ends[:: max(1, len(ends) // 20)]
    began = time.perf_counter()
    for end in sample:
        replay_boards(game, longest.seed, args.players, None, history[:end])
    per_post = (time.perf_counter() - began) / len(sample)

    print(f"{args.game} {args.players}p, longest of {args.games} random games: "
          f"{longest.actions} actions, {longest.turns} turns")
    print(f"(a) replay to the last post: {statistics.median(replay_ms):.1f} ms (median)")
    print(f"    over every post of the game: about {per_post * longest.turns:.1f} s of CPU")
    print(f"(b) stored board, parse + spectator view: {statistics.median(stored_ms):.2f} ms; "
          f"{len(replayed.board) / 1024:.0f} KiB per board, two written per turn end")


if __name__ == "__main__":
    main()
