"""Six Continents balance with the greedy automatic player (engine/games/sixcontinents/ai.py).

    python bench/sixcontinents_balance.py [GAMES] [--players N] [--seed S] [--rounds R]

Plays GAMES games (10 by default) with 2 and 3 players (or N), every seat greedy, 30 rounds
(or R), and prints per player count: the wins per seat, how the games ended, the capitals each
seat took, and how often the automatic player used the sea: transporters built, troops
loaded and landed by transporter (and landings against another player), construction ships
built and ports founded, voyage ships built, voyages sent and landed, troops sent from port
to port, warships built, sea battles and overseas expeditions. Game seeds are
``<seed>-<players>-<index>``; the policy's tie-breaks use ``Rng("policy:<role>:<game
seed>")`` (as ``engine.core.simulate.play_random``), so every game replays from its seed.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from itertools import pairwise

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.core.simulate import Policy
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.state import SixState

# (frame name, choice prefix) -> what the count is called
COUNTED = {
    ("warship", "kind:transporter"): "transporters built",
    ("load", "units:"): "transporter loads",
    ("unload", "to:"): "transporter landings",
    ("construction", "port:"): "construction ships built",
    ("found_port", "to:"): "ports founded",
    ("ship", "port:"): "voyage ships built",
    ("voyage", "to:"): "voyages sent",
    ("transfer", "to:"): "port-to-port transfers",
    ("sea_attack", "withdraw:"): "sea battles",
    ("menu", "overseas"): "overseas expeditions",
}
WARSHIPS = ("kind:frigate", "kind:corvette", "kind:cruiser")


def play(seed: str, players: int, rounds: int, uses: Counter[str],
         others: dict[str, Policy] | None = None) -> SixState:
    """One complete game, every seat greedy (``others``: another policy on those seats), the
    invariants checked at the end."""
    state = start(GAME, seed, players, {"rounds": rounds})
    assert isinstance(state, SixState)
    tie_breaks = {role: Rng(seed=f"policy:{role}:{seed}") for role in state.roles}
    while state.result is None:
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        name = state.stack[-1].name if state.stack else ""
        policy = (others or {}).get(role, greedy)
        choice = policy(GAME, state, role, prompts[role].choices, tie_breaks[role])
        for (frame, prefix), what in COUNTED.items():
            if name == frame and choice.startswith(prefix):
                uses[what] += 1
        if name == "warship" and choice in WARSHIPS:
            uses["warships built"] += 1
        act(GAME, state, role, choice, prompts=prompts)
    public = [e.text for e in state.log if e.visible_to is None]
    for text, after in pairwise(public):
        ashore = " lands " in text or ("ship from" in text and " arrives at " in text)
        uses["voyages landed"] += "ship from" in text and " arrives at " in text
        uses["landings against a player"] += ashore and " attacks " in after \
            and "(Rebels)" not in after and "(Savages)" not in after
    broken = GAME.invariants(state)
    if broken:
        raise AssertionError(f"seed {seed}: " + "; ".join(broken))
    return state


def league(games: int, players: int, seed: str, rounds: int) -> None:
    wins: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    capitals: dict[str, Counter[str]] = {}
    uses: Counter[str] = Counter()
    began = time.process_time()
    for index in range(games):
        state = play(f"{seed}-{players}-{index}", players, rounds, uses)
        assert state.result is not None
        for winner in state.result.winners:
            wins[winner] += 1
        endings[GAME.ending(state)] += 1
        for role, realm in state.realms.items():
            capitals.setdefault(role, Counter())[realm.capital] += 1
    seconds = time.process_time() - began
    print(f"{players} players, {games} games of {rounds} rounds "
          f"({seconds / games:.2f} s CPU a game)")
    print("  wins: " + ", ".join(f"{r} {wins[r]}" for r in capitals))
    print("  endings: " + ", ".join(f"{e} {n}" for e, n in endings.most_common()))
    for role, counts in capitals.items():
        print(f"  {role} capitals: " + ", ".join(f"{p} {n}" for p, n in counts.most_common()))
    print("  the sea: " + ", ".join(f"{what} {uses[what]}" for what in
                                    [*COUNTED.values(), "warships built", "voyages landed",
                                     "landings against a player"]))


def main(argv: list[str]) -> None:
    args = list(argv)
    games = int(args.pop(0)) if args and args[0].isdigit() else 10
    players = [2, 3]
    seed, rounds = "balance", 30
    while args:
        flag, value = args.pop(0), args.pop(0)
        if flag == "--players":
            players = [int(value)]
        elif flag == "--seed":
            seed = value
        elif flag == "--rounds":
            rounds = int(value)
        else:
            raise SystemExit(__doc__)
    for count in players:
        league(games, count, seed, rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
