"""Complete random games per minute, per game and player count: serially and with --jobs.

    python bench/playout_bench.py                      # every game and player count
    python bench/playout_bench.py --game freedom --games 200 --repeat 5 --jobs 2

Each line is the median of ``--repeat`` runs of ``engine.core.simulate.simulate`` (as
``python -m engine simulate`` runs it: invariants on each game's final state only):
games per minute of wall-clock time serially and with ``--jobs`` processes, and games per minute
of the serial run's CPU time (what one core does when nothing else runs: the steadiest figure on
a shared machine). Other work on the machine slows a run, so next to each line the same run times
a fixed pure-Python reference task (hashing and dict updates, about what a playout does) and
prints the CPU rate per reference unit: compare those ratios between runs or commits.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import time

from engine.core.registry import get_game
from engine.core.simulate import simulate

COUNTS = {
    "freedom": [2], "epireia": [1, 2, 3, 4], "dragons1066": [2, 3, 4], "sixcontinents": [2, 3]
}
NAME_WIDTH = max(len(game) for game in COUNTS)  # the game column fits every name


def reference_seconds() -> float:
    """A fixed CPU task (~0.1 s on this project's machine) to normalise rates by."""
    began = time.perf_counter()
    table: dict[int, int] = {}
    for i in range(60_000):
        digest = hashlib.sha256(f"reference:{i}".encode()).digest()
        table[i % 977] = table.get(i % 977, 0) + digest[0]
    return time.perf_counter() - began


def rate(game: str, players: int, games: int, jobs: int, repeat: int) -> tuple[float, float]:
    """Median games per minute over ``repeat`` runs: of wall-clock time, of this process's CPU
    time (meaningful for ``jobs`` 1 only: the workers' time is not counted)."""
    wall, cpu = [], []
    for run in range(repeat):
        began = time.process_time()
        summary = simulate(game, players, games, seed=f"bench-{run}", check_every=0, jobs=jobs)
        used = time.process_time() - began
        if summary.errors:
            raise SystemExit(f"{game} {players}p: {summary.first_errors[0]}")
        wall.append(60 * games / summary.seconds)
        cpu.append(60 * games / used if used else 0.0)
    return statistics.median(wall), statistics.median(cpu)


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
    print(f"{args.games} games per run, median of {args.repeat} runs; games per minute")
    print(f"{'game':{NAME_WIDTH}} {'players':>7} {'serial':>8} {f'jobs={args.jobs}':>8} "
          f"{'speed-up':>8} {'CPU':>8} {'ref ms':>7} {'CPU x ref':>9}")
    for game in args.game or sorted(COUNTS):
        get_game(game)
        for players in args.players or COUNTS[game]:
            before = [reference_seconds() for _ in range(3)]
            serial, cpu = rate(game, players, args.games, 1, args.repeat)
            parallel, _ = rate(game, players, args.games, args.jobs, args.repeat)
            reference = statistics.median([*before, *(reference_seconds() for _ in range(2))])
            # CPU rate per reference unit: comparable between runs on a busy machine
            print(f"{game:{NAME_WIDTH}} {players:7} {serial:8,.0f} {parallel:8,.0f} "
                  f"{parallel / serial:7.2f}x {cpu:8,.0f} {reference * 1000:7.0f} "
                  f"{cpu * reference:9,.1f}")


if __name__ == "__main__":
    main()
