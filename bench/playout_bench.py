"""Complete random games per minute, per game and player count: serially and with --jobs.

    python bench/playout_bench.py                      # every game and player count
    python bench/playout_bench.py --game freedom --games 200 --repeat 5 --jobs 2

Each line is the median of ``--repeat`` runs of ``engine.core.simulate.simulate`` (as
``python -m engine simulate`` runs it: invariants on each game's final state only). Other work on
the machine slows a run, so the same run also times a fixed pure-Python reference task (hashing
and dict updates, about what a playout does) and prints each rate per reference unit as well:
compare those ratios between runs or commits, not the raw rates of different moments.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import time

from engine.core.registry import get_game
from engine.core.simulate import simulate

COUNTS = {"freedom": [2], "epireia": [1, 2, 3, 4]}


def reference_seconds() -> float:
    """A fixed CPU task (~0.1 s on this project's machine) to normalise rates by."""
    began = time.perf_counter()
    table: dict[int, int] = {}
    for i in range(60_000):
        digest = hashlib.sha256(f"reference:{i}".encode()).digest()
        table[i % 977] = table.get(i % 977, 0) + digest[0]
    return time.perf_counter() - began


def rate(game: str, players: int, games: int, jobs: int, repeat: int) -> float:
    """Median games per minute over ``repeat`` runs."""
    rates = []
    for run in range(repeat):
        summary = simulate(game, players, games, seed=f"bench-{run}", check_every=0, jobs=jobs)
        if summary.errors:
            raise SystemExit(f"{game} {players}p: {summary.first_errors[0]}")
        rates.append(60 * games / summary.seconds)
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(COUNTS), action="append")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per line (median)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes for the parallel column (default: every core)")
    args = parser.parse_args()
    reference = statistics.median(reference_seconds() for _ in range(5))
    print(f"reference task: {reference * 1000:.0f} ms (median of 5); "
          f"{args.games} games per run, median of {args.repeat} runs")
    print(f"{'game':10} {'players':>7} {'serial/min':>11} {f'jobs={args.jobs}/min':>12} "
          f"{'speed-up':>8} {'serial/ref':>10}")
    for game in args.game or sorted(COUNTS):
        get_game(game)
        for players in args.players or COUNTS[game]:
            serial = rate(game, players, args.games, 1, args.repeat)
            parallel = rate(game, players, args.games, args.jobs, args.repeat)
            # games per minute per reference unit: comparable between runs on a busy machine
            per_ref = serial * reference
            print(f"{game:10} {players:7} {serial:11,.0f} {parallel:12,.0f} "
                  f"{parallel / serial:7.2f}x {per_ref:10,.1f}")


if __name__ == "__main__":
    main()
