"""Time random Epireia games: python bench/epireia_bench.py [games] [--players N] [--no-check]."""

from __future__ import annotations

import sys
import time
from collections import Counter

from engine.core.simulate import play_random
from engine.games.epireia import GAME


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args and args[0].isdigit() else 20
    counts = [int(args[args.index("--players") + 1])] if "--players" in args else [1, 2, 3, 4]
    check = "--no-check" not in args
    for players in counts:
        wins: Counter[str] = Counter()
        errors = []
        actions = 0
        began = time.perf_counter()
        for i in range(games):
            _, playout = play_random(GAME, f"bench-{i}", players, check=check)
            actions += playout.actions
            if playout.error:
                errors.append(playout.error)
            wins.update(playout.winners)
        seconds = time.perf_counter() - began
        print(f"{players} players: {games} games in {seconds:.2f} s "
              f"({seconds / games * 1000:.1f} ms/game, {actions / games:.0f} actions/game, "
              f"check={check})")
        print("  wins:", dict(sorted(wins.items())), "errors:", len(errors))
        for error in errors[:5]:
            print("  ", error)


if __name__ == "__main__":
    main()
