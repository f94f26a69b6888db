"""Time random Freedom! games: python bench/freedom_bench.py [games] [--no-check]."""

from __future__ import annotations

import sys
import time
from collections import Counter

from engine.core.simulate import play_random
from engine.games.freedom import GAME


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 20
    check = "--no-check" not in sys.argv
    wins: Counter[str] = Counter()
    errors = []
    began = time.perf_counter()
    actions = 0
    for i in range(games):
        _, playout = play_random(GAME, f"bench-{i}", 2, check=check)
        actions += playout.actions
        if playout.error:
            errors.append(playout.error)
        wins.update(playout.winners)
    seconds = time.perf_counter() - began
    print(f"{games} games in {seconds:.2f} s ({seconds / games * 1000:.1f} ms/game, "
          f"{actions / games:.0f} actions/game, check={check})")
    print("wins:", dict(wins), "errors:", len(errors))
    for error in errors[:5]:
        print(" ", error)


if __name__ == "__main__":
    main()
