"""Epireia balance with the greedy automatic player (engine/games/epireia/ai/).

    python bench/epireia_balance.py solo [GAMES] [--scenario ID] [--seed S]
    python bench/epireia_balance.py league [GAMES] [--players N] [--seed S] [--random ROLE]
                                           [--city ROLE=CITY]
    python bench/epireia_balance.py cities [GAMES] [--seed S] [--only CITY]
    python bench/epireia_balance.py pairs [GAMES] CITY,CITY CITY,CITY [--seed S]
    python bench/epireia_balance.py armies [GAMES] [--players N] [--seed S] [--city ROLE=CITY]

``solo``: GAMES games of every solo scenario (or one), the greedy player in the seat; prints the
wins, why the others were lost (objectives not met in time, or the final Battle) and the first
winning seeds. ``league``: GAMES games with 2, 3 and 4 players (or N), every seat greedy unless
``--random ROLE`` (repeatable) leaves a seat to random play; prints the wins per league.
``--city ROLE=CITY`` (repeatable) makes that seat draft that City instead of the greedy player's
pick (the rules are untouched: the driver answers the draft prompt for it). ``cities``: the City
strength table: 2-player greedy mirror games with both Cities forced, every pairing played GAMES
times each way round (each City once Delian, once Peloponnesian, so the league edge cancels);
prints every pairing and each City's wins over all its games (``--only``: pairings with that City).
``pairs``: the same with 4 players: the first two Cities (``delian-1``, ``delian-2``) against the
other two (``peloponnesian-1``, ``peloponnesian-2``), GAMES games, then the other way round.
``armies``: GAMES greedy games with N players (2 unless given), and how they were won: the
victory roads, which league took each Act's card, which league won each front, each league's
tokens at the Battle (count, summed value, by kind) and the resources left per seat; game seeds
``<seed>-<index>``.
Game seeds are ``<seed>-<scenario or players>-<index>`` (``cities``:
``<seed>-<delian city>-<peloponnesian city>-<index>``; ``pairs``: ``<seed>-<the four Delian and
Peloponnesian Cities in seat order>-<index>``); the automatic player's tie-breaks use
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
from engine.games.epireia.ai import autoplay
from engine.games.epireia.board import CITY_IDS
from engine.games.epireia.content import CONTENT
from engine.games.epireia.flow import active_frames
from engine.games.epireia.state import FRONTS, LEAGUES, EpireiaState


def forced_pick(state: EpireiaState, role: str, cities: dict[str, str]) -> str | None:
    """The forced City for ``role`` when it is asked to draft one (None otherwise)."""
    if role not in cities:
        return None
    frame = next((f for f in active_frames(state) if f.role == role), None)
    if frame is None or frame.name != "draft_city":
        return None
    return f"city:{cities[role]}"


def play(seed: str, players: int, options: dict[str, Any] | None = None,
         random_roles: frozenset[str] = frozenset(),
         cities: dict[str, str] | None = None) -> EpireiaState:
    """One complete game: greedy seats (random ones from ``random_roles``), invariants checked.

    ``cities`` maps a role to the City it drafts (the driver answers that prompt for it)."""
    cities = cities or {}
    state = start(GAME, seed, players, options)
    assert isinstance(state, EpireiaState)
    chooser = Rng(seed=f"chooser:{seed}")
    tie_breaks = {role: Rng(seed=f"policy:{role}:{seed}") for role in state.roles}
    while state.result is None:
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        choices = prompts[role].choices
        forced = forced_pick(state, role, cities)
        if forced is not None:
            if forced not in {c.id for c in choices}:
                raise ValueError(f"{role} cannot draft {forced}")
            choice = forced
        elif role in random_roles:
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


def league(games: int, counts: list[int], seed: str, random_roles: frozenset[str],
           cities: dict[str, str] | None = None) -> None:
    for players in counts:
        began = time.perf_counter()
        wins: Counter[str] = Counter()
        for index in range(games):
            state = play(f"{seed}-{players}p-{index}", players, None, random_roles, cities)
            assert state.result is not None
            winners = state.result.winners
            if not winners:
                wins["draw"] += 1
            else:
                wins[state.seats[winners[0]].league] += 1
        seconds = time.perf_counter() - began
        shares = ", ".join(f"{k} {n} ({n / games:.0%})" for k, n in sorted(wins.items()))
        mode = f" (random: {', '.join(sorted(random_roles))})" if random_roles else ""
        if cities:
            mode += " (" + ", ".join(f"{r}={c}" for r, c in sorted(cities.items())) + ")"
        print(f"{players} players{mode}: {games} games: {shares}  "
              f"{seconds / games * 1000:.0f} ms/game")


def cities_table(games: int, seed: str, only: list[str]) -> None:
    """Each pair of Cities, ``games`` games each way round; each City's wins over all its games."""
    began = time.perf_counter()
    won: Counter[str] = Counter()
    played: Counter[str] = Counter()
    draws = 0
    pairs = [(a, b) for i, a in enumerate(CITY_IDS) for b in CITY_IDS[i + 1:]
             if not only or a in only or b in only]
    for a, b in pairs:
        line = []
        for delian, pelop in ((a, b), (b, a)):
            score = Counter[str]()
            for index in range(games):
                state = play(f"{seed}-{delian}-{pelop}-{index}", 2, None, frozenset(),
                             {"delian-1": delian, "peloponnesian-1": pelop})
                assert state.result is not None
                played[delian] += 1
                played[pelop] += 1
                if not state.result.winners:
                    draws += 1
                    continue
                city = state.seats[state.result.winners[0]].city
                won[city] += 1
                score[city] += 1
            line.append(f"{delian} (D) {score[delian]}-{score[pelop]} {pelop} (P)")
        print(f"{a:8} v {b:8}: " + ";  ".join(line), flush=True)
    seconds = time.perf_counter() - began
    total = sum(played.values()) // 2
    print(f"{total} games, {draws} drawn, {seconds / max(total, 1) * 1000:.0f} ms/game")
    print("| City | won | played | win % |")
    print("|---|---|---|---|")
    for city in sorted(played, key=lambda c: -won[c] / played[c]):
        print(f"| {city.title()} | {won[city]} | {played[city]} | "
              f"{won[city] / played[city]:.0%} |")


def pairs(games: int, seed: str, first: list[str], second: list[str]) -> None:
    """4 players, two pairs of Cities, ``games`` games each way round."""
    began = time.perf_counter()
    total: Counter[str] = Counter()
    for delian, pelop in ((first, second), (second, first)):
        score: Counter[str] = Counter()
        cities = {"delian-1": delian[0], "delian-2": delian[1],
                  "peloponnesian-1": pelop[0], "peloponnesian-2": pelop[1]}
        for index in range(games):
            state = play(f"{seed}-{'-'.join(delian + pelop)}-{index}", 4, None, frozenset(),
                         cities)
            assert state.result is not None
            winners = state.result.winners
            score[state.seats[winners[0]].league if winners else "draw"] += 1
        total.update(score)
        print(f"{' + '.join(delian)} (D) {score['delian']}-{score['peloponnesian']} "
              f"{' + '.join(pelop)} (P)" + (f", {score['draw']} drawn" if score["draw"] else ""),
              flush=True)
    played = sum(total.values())
    print(f"Delian League {total['delian']} of {played} ({total['delian'] / played:.0%}), "
          f"{(time.perf_counter() - began) / played * 1000:.0f} ms/game")


def cards_won(state: EpireiaState) -> list[tuple[int, str]]:
    """(act, league) for every scenario card met, read from the game's log."""
    won: list[tuple[int, str]] = []
    act_number = 0
    for entry in state.log:
        if entry.text.startswith("Act ") and entry.text[4:5].isdigit():
            act_number = int(entry.text[4])
        if "meets the objective" in entry.text:
            league = next((lg for lg in LEAGUES if lg.title() in entry.text), "")
            if not league and entry.role in state.seats:
                league = state.seats[entry.role].league
            won.append((act_number, league))
    return won


def armies(games: int, players: int, seed: str, cities: dict[str, str]) -> None:
    began = time.perf_counter()
    wins: Counter[str] = Counter()
    roads: Counter[tuple[str, str]] = Counter()
    cards: Counter[tuple[int, str]] = Counter()
    fronts: Counter[tuple[str, str]] = Counter()
    kinds: Counter[tuple[str, str]] = Counter()
    count: Counter[str] = Counter()
    power: Counter[str] = Counter()
    left: Counter[str] = Counter()
    for index in range(games):
        state = play(f"{seed}-{index}", players, None, frozenset(), cities)
        assert state.result is not None and state.battle is not None
        winners = state.result.winners
        league = state.seats[winners[0]].league if winners else "draw"
        wins[league] += 1
        roads[(league, GAME.ending(state))] += 1
        cards.update(cards_won(state))
        for front in FRONTS:
            fronts[(front, state.battle.front_winners.get(front, "") or "none")] += 1
        for lg in LEAGUES:
            side = state.battle.sides[lg]
            tokens = list(side.pool) + [k for f in FRONTS for col in side.slots[f]
                                        for k in col if k]
            count[lg] += len(tokens)
            power[lg] += sum(CONTENT.tokens[k].value for k in tokens)
            kinds.update((lg, k) for k in tokens)
            left[lg] += sum(sum(state.seats[r].resources.values())
                            for r in state.league_roles(lg)) // len(state.league_roles(lg))
    print(f"{players} players, {games} games, {(time.perf_counter() - began) / games * 1000:.0f}"
          f" ms/game: " + ", ".join(f"{k} {n} ({n / games:.0%})" for k, n in sorted(wins.items())))
    print("  victory roads: " + ", ".join(f"{lg} {road} {n}" for (lg, road), n
                                          in sorted(roads.items())))
    for act_number in (1, 2, 3):
        print(f"  Act {act_number} cards: " + ", ".join(
            f"{lg} {cards[(act_number, lg)]}" for lg in LEAGUES))
    print("  fronts won: " + "; ".join(
        f"{front} " + ", ".join(f"{w} {fronts[(front, w)]}" for w in (*LEAGUES, "none"))
        for front in FRONTS))
    for lg in LEAGUES:
        print(f"  {lg}: {count[lg] / games:.1f} tokens worth {power[lg] / games:.1f} a game, "
              f"{left[lg] / games:.1f} resources left per seat; by kind: " + ", ".join(
                  f"{k} {kinds[(lg, k)] / games:.1f}" for k in CONTENT.tokens))


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "solo"
    rest = argv[1:]
    games = int(rest[0]) if rest and rest[0].isdigit() else 50
    seed = rest[rest.index("--seed") + 1] if "--seed" in rest else "bal"
    if mode == "solo":
        scenarios = ([rest[rest.index("--scenario") + 1]] if "--scenario" in rest
                     else list(catalog.solo_scenario_ids()))
        solo(games, scenarios, seed)
    elif mode == "pairs":
        sides = [a.split(",") for a in rest if "," in a]
        if len(sides) != 2 or any(len(side) != 2 for side in sides):
            raise SystemExit("pairs: give two pairs of Cities, e.g. athens,corinth larissa,delphi")
        pairs(games, seed, sides[0], sides[1])
    elif mode == "armies":
        players = int(rest[rest.index("--players") + 1]) if "--players" in rest else 2
        forced = dict(rest[i + 1].split("=", 1) for i, a in enumerate(rest) if a == "--city")
        armies(games, players, seed, forced)
    elif mode == "cities":
        only = [rest[i + 1] for i, a in enumerate(rest) if a == "--only"]
        cities_table(games, seed, only)
    else:
        counts = [int(rest[rest.index("--players") + 1])] if "--players" in rest else [2, 3, 4]
        randoms = frozenset(rest[i + 1] for i, a in enumerate(rest) if a == "--random")
        forced = dict(rest[i + 1].split("=", 1) for i, a in enumerate(rest) if a == "--city")
        league(games, counts, seed, randoms, forced)


if __name__ == "__main__":
    main(sys.argv[1:])
