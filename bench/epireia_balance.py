"""Epireia balance with the greedy automatic player (engine/games/epireia/autoplay.py).

    python bench/epireia_balance.py solo [GAMES] [--scenario ID] [--seed S]
    python bench/epireia_balance.py league [GAMES] [--players N] [--seed S] [--random ROLE]

``solo``: GAMES games of every solo scenario (or one), the greedy player in the seat; prints the
wins, why the others were lost (objectives not met in time, or the final Battle) and the first
winning seeds. ``league``: GAMES games with 2, 3 and 4 players (or N), every seat greedy unless
``--random ROLE`` (repeatable) leaves a seat to random play; prints the wins per league.
Game seeds are ``<seed>-<scenario or players>-<index>``; the automatic player's tie-breaks use
``Rng("policy:<role>:<game seed>")``, so every game can be replayed from its seed.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.epireia import GAME, catalog
from engine.games.epireia.autoplay import autoplay
from engine.games.epireia.state import EpireiaState


def play(seed: str, players: int, options: dict[str, Any] | None = None,
         random_roles: frozenset[str] = frozenset()) -> EpireiaState:
    """One complete game: greedy seats (random ones from ``random_roles``), invariants checked."""
    state = start(GAME, seed, players, options)
    assert isinstance(state, EpireiaState)
    chooser = Rng(seed=f"chooser:{seed}")
    tie_breaks = {role: Rng(seed=f"policy:{role}:{seed}") for role in state.roles}
    while state.result is None:
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        choices = prompts[role].choices
        if role in random_roles:
            choice = chooser.choice(choices).id
        else:
            choice = autoplay(GAME, state, role, choices, tie_breaks[role])
        act(GAME, state, role, choice)
        broken = GAME.invariants(state)
        if broken:
            raise AssertionError(f"seed {seed}: " + "; ".join(broken))
    return state


def solo(games: int, scenarios: list[str], seed: str) -> None:
    for scenario in scenarios:
        began = time.perf_counter()
        wins: list[str] = []
        why: Counter[str] = Counter()
        for index in range(games):
            game_seed = f"{seed}-{scenario}-{index}"
            state = play(game_seed, 1, {"solo_scenario": scenario})
            assert state.result is not None
            if state.result.winners:
                wins.append(game_seed)
            elif state.battle is None:
                why["objectives not met"] += 1
            else:
                why["battle lost"] += 1
        seconds = time.perf_counter() - began
        print(f"{scenario:26} {len(wins):4}/{games} won ({len(wins) / games:.0%})  "
              f"{dict(why)}  {seconds / games * 1000:.0f} ms/game")
        print(f"  first winning seeds: {wins[:5]}")


def league(games: int, counts: list[int], seed: str, random_roles: frozenset[str]) -> None:
    for players in counts:
        began = time.perf_counter()
        wins: Counter[str] = Counter()
        for index in range(games):
            state = play(f"{seed}-{players}p-{index}", players, None, random_roles)
            assert state.result is not None
            winners = state.result.winners
            if not winners:
                wins["draw"] += 1
            else:
                wins[state.seats[winners[0]].league] += 1
        seconds = time.perf_counter() - began
        shares = ", ".join(f"{k} {n} ({n / games:.0%})" for k, n in sorted(wins.items()))
        mode = f" (random: {', '.join(sorted(random_roles))})" if random_roles else ""
        print(f"{players} players{mode}: {games} games: {shares}  "
              f"{seconds / games * 1000:.0f} ms/game")


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "solo"
    rest = argv[1:]
    games = int(rest[0]) if rest and rest[0].isdigit() else 50
    seed = rest[rest.index("--seed") + 1] if "--seed" in rest else "bal"
    if mode == "solo":
        scenarios = ([rest[rest.index("--scenario") + 1]] if "--scenario" in rest
                     else list(catalog.solo_scenario_ids()))
        solo(games, scenarios, seed)
    else:
        counts = [int(rest[rest.index("--players") + 1])] if "--players" in rest else [2, 3, 4]
        randoms = frozenset(rest[i + 1] for i, a in enumerate(rest) if a == "--random")
        league(games, counts, seed, randoms)


if __name__ == "__main__":
    main(sys.argv[1:])
