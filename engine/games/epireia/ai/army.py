"""Armies for the Great Battle as the greedy player plans them: the solo enemy's army, the
cheapest army that wins two fronts (Pareto sets of token usages per front), what it still costs,
and an estimate of the other league's placement."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations, product

from engine.games.epireia import abilities, catalog
from engine.games.epireia.battle import COLUMNS
from engine.games.epireia.content import CONTENT
from engine.games.epireia.state import (
    FRONTS,
    TOKEN_KINDS,
    EpireiaState,
    other_league,
)

Column = tuple[str, str]
Army = tuple[tuple[Column, ...], ...]  # per front (FRONTS order), three columns of two rows
Usage = tuple[int, ...]  # token counts in TOKEN_KINDS order
NO_USAGE: Usage = (0,) * len(TOKEN_KINDS)
KIND_INDEX = {k: i for i, k in enumerate(TOKEN_KINDS)}


def enemy_army(state: EpireiaState, league: str) -> Army:
    """The army ``league`` fights: solo, the enemy's known army; otherwise an estimate."""
    if state.battle is not None and state.battle.sides[other_league(league)].placed and \
            state.is_solo:
        slots = state.battle.sides[other_league(league)].slots
    elif state.is_solo:
        slots = state.solo.enemy_army
    else:
        return estimate_army(state, other_league(league))
    return tuple(tuple((col[0], col[1]) for col in slots[front]) for front in FRONTS)


def column_power(front: str, ours: Column, theirs: Column) -> int:
    mine = [k for k in ours if k]
    other = [k for k in theirs if k]
    total = 0
    for kind in mine:
        token = CONTENT.tokens[kind]
        power = token.value
        if token.power:
            bonus = CONTENT.powers[token.power].amount
            applies = {
                "phalanx": sum(k.startswith("hoplites") for k in mine) >= 2,
                "charge": front == "flank",
                "ram": any(k.startswith("triremes") for k in other),
            }
            if applies.get(token.power, False):
                power += bonus
        total += power
    return total


@lru_cache(maxsize=64)
def column_fills(front: str) -> tuple[Column, ...]:
    rows = [("", *(k for k in TOKEN_KINDS if k.split("-")[0] in CONTENT.fronts[front].rows[r]))
            for r in range(2)]
    return tuple((a, b) for a in rows[0] for b in rows[1])


def usage_of(columns: Sequence[Column]) -> Usage:
    counts = [0] * len(TOKEN_KINDS)
    for column in columns:
        for kind in column:
            if kind:
                counts[KIND_INDEX[kind]] += 1
    return tuple(counts)


def add(a: Usage, b: Usage) -> Usage:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def dominated(a: Usage, b: Usage) -> bool:
    """``b`` needs no more of any kind than ``a``."""
    return all(y <= x for x, y in zip(a, b, strict=True))


def pareto(options: list[tuple[Usage, tuple[Column, ...], int]]
           ) -> tuple[tuple[Usage, tuple[Column, ...], int], ...]:
    options.sort(key=lambda o: (sum(o[0]), o[0]))
    kept: list[tuple[Usage, tuple[Column, ...], int]] = []
    for option in options:
        if not any(dominated(option[0], k[0]) for k in kept):
            kept.append(option)
    return tuple(kept)


@lru_cache(maxsize=4096)
def column_wins(front: str, theirs: Column, need: int) -> tuple[tuple[Usage, Column], ...]:
    """Minimal fills of one column whose power beats the enemy column by ``need`` (win when
    our power minus theirs is at least ``need``; ``need`` 0 means a tie or better)."""
    found: list[tuple[Usage, tuple[Column, ...], int]] = []
    for fill in column_fills(front):
        if column_power(front, fill, theirs) - column_power(front, theirs, fill) >= need:
            found.append((usage_of([fill]), (fill,), 0))
    return tuple((u, cols[0]) for u, cols, _ in pareto(found))


@lru_cache(maxsize=4096)
def front_wins(front: str, theirs: tuple[Column, ...], attack: int
               ) -> tuple[tuple[Usage, tuple[Column, ...], int], ...]:
    """Minimal ways to win a front: (usage, fills per column, column of the figure or -1).
    A front is won with more columns won than lost; ``attack`` is our figure's, added to one
    column."""
    options: list[tuple[Usage, tuple[Column, ...], int]] = []
    figure_columns = [-1] if attack <= 0 else list(range(COLUMNS))
    # Each column: win (margin 1), tie (margin 0) or concede (empty).
    for outcome in product(("win", "tie", "lose"), repeat=COLUMNS):
        if outcome.count("win") <= outcome.count("lose"):
            continue
        for figure in figure_columns:
            per_column: list[tuple[tuple[Usage, Column], ...]] = []
            for column, result in enumerate(outcome):
                bonus = attack if figure == column else 0
                if result == "lose":
                    per_column.append(((NO_USAGE, ("", "")),))
                else:
                    need = (1 if result == "win" else 0) - bonus
                    exact = column_wins(front, theirs[column], need)
                    if result == "tie":
                        exact = tuple(o for o in exact
                                      if column_power(front, o[1], theirs[column])
                                      - column_power(front, theirs[column], o[1]) + bonus == 0)
                    per_column.append(exact)
            for combo in product(*per_column):
                usage = NO_USAGE
                for u, _ in combo:
                    usage = add(usage, u)
                options.append((usage, tuple(c for _, c in combo), figure))
    return pareto(options)


def figure_attack_on(figure: str, front: str, revision: int) -> int:
    card = catalog.figure_card(figure, revision)
    return card.attack + sum(m.amount for m in card.modifiers
                             if m.kind == "battle_attack" and m.front in (None, front))


def strongest(figures: tuple[str, ...], revision: int) -> tuple[str, ...]:
    """The three figures a league fights with: the highest attack on their best front (a
    league of two Cities has up to six; the card's attack, then the name, break ties)."""
    def best(f: str) -> int:
        return max(figure_attack_on(f, front, revision) for front in FRONTS)

    def attack(f: str) -> int:
        return catalog.figure_card(f, revision).attack

    return tuple(sorted(figures, key=lambda f: (-best(f), -attack(f), f))[:3])


def kind_costs(state: EpireiaState, role: str) -> tuple[int, ...]:
    return tuple(sum(abilities.token_cost(state, role, k).values()) for k in TOKEN_KINDS)


def building_costs(state: EpireiaState, role: str) -> dict[str, int]:
    """Cost of each military building not built yet (by unit); built ones cost 0."""
    seat = state.seats[role]
    costs = {}
    for unit in ("hoplites", "triremes", "cavalry"):
        building = abilities.military_building(unit)
        costs[unit] = 0 if building in seat.buildings else sum(
            abilities.building_cost(state, role, building).values())
    return costs


Plan = tuple[tuple[int, tuple[Column, ...], int, str], ...]  # (front, fills, figure col, figure)


def solo_battle_cost(state: EpireiaState, role: str) -> float:
    """Resources still to spend (tokens and military buildings) for the cheapest army that wins
    two fronts against the enemy, with the figures in play."""
    league = state.league_of(role)
    have = usage_of([(k, "") for k in state.leagues[league].reserve])
    supply = tuple(state.supply.get(k, 0) for k in TOKEN_KINDS)
    figures = tuple(sorted(state.seats[role].figure_cards))
    builds = building_costs(state, role)
    cost, _ = cheapest_plan(enemy_army(state, league), have, supply, kind_costs(state, role),
                            (builds["hoplites"], builds["triremes"], builds["cavalry"]), figures,
                            state.options.revision)
    return cost


@lru_cache(maxsize=20000)
def cheapest_plan(army: Army, have: Usage, supply: Usage, costs: tuple[int, ...],
                  builds: tuple[int, int, int], figures: tuple[str, ...],
                 revision: int) -> tuple[float, Plan]:
    """Cheapest (cost, plan) to win two fronts: tokens missing from ``have`` at ``costs``, plus
    the military buildings the Level II tokens need (``builds``: hoplites, triremes, cavalry).
    A plan needing more tokens than the supply holds is impossible (cost 99)."""
    best: tuple[float, Plan] = (99.0, ())
    unit_of_kind = [("hoplites", "triremes", "cavalry").index(k.split("-")[0]) for k in TOKEN_KINDS]
    level2 = [k.endswith("-2") for k in TOKEN_KINDS]
    slots: list[str | None] = list(figures) + [None] * (len(FRONTS) - len(figures))
    assignments = set(permutations(slots, len(FRONTS)))
    for fronts in ((0, 1), (0, 2), (1, 2)):
        for assignment in sorted(assignments, key=lambda a: tuple(x or "" for x in a)):
            lists = []
            for f in fronts:
                figure = assignment[f]
                attack = figure_attack_on(figure, FRONTS[f], revision) if figure else 0
                lists.append([(o, figure or "") for o in front_wins(FRONTS[f], army[f], attack)])
            for (first, fig1), (second, fig2) in product(*lists):
                usage = add(first[0], second[0])
                cost = 0.0
                needs_building = [False, False, False]
                for i, count in enumerate(usage):
                    if not count:
                        continue
                    missing = count - have[i]
                    if missing > supply[i]:
                        cost = 99.0
                        break
                    if missing > 0:
                        cost += missing * costs[i]
                        if level2[i]:
                            needs_building[unit_of_kind[i]] = True
                if cost >= best[0]:
                    continue
                cost += sum(b for b, needed in zip(builds, needs_building, strict=True) if needed)
                if cost < best[0]:
                    best = (cost, ((fronts[0], first[1], first[2], fig1),
                                   (fronts[1], second[1], second[2], fig2)))
    return best


def estimate_army(state: EpireiaState, league: str) -> Army:
    """Where ``league`` would put its tokens without knowing ours: the strongest tokens first,
    each to the allowed slot of the weakest column, the maritime front first on a tie."""
    tokens = list(state.leagues[league].reserve)
    tokens += [state.greek_city_tokens[c] for c in state.leagues[league].allied
               if c in state.greek_city_tokens]
    if state.battle is not None and state.battle.sides.get(league):
        side = state.battle.sides[league]
        tokens = list(side.pool) + [k for f in FRONTS for col in side.slots[f] for k in col if k]
    return balanced_placement(tuple(sorted(tokens)))


@lru_cache(maxsize=4096)
def balanced_placement(tokens: tuple[str, ...]) -> Army:
    slots = {f: [["", ""] for _ in range(COLUMNS)] for f in FRONTS}
    order = sorted(tokens, key=lambda k: (-CONTENT.tokens[k].value, k))
    priority = {"maritime": 0, "centre": 1, "flank": 2}
    for kind in order:
        unit = kind.split("-")[0]
        free = [(f, c, r) for f in FRONTS for c in range(COLUMNS) for r in range(2)
                if not slots[f][c][r] and unit in CONTENT.fronts[f].rows[r]]
        if not free:
            continue
        front, column, row = min(free, key=lambda s: (
            column_power(s[0], (slots[s[0]][s[1]][0], slots[s[0]][s[1]][1]), ("", "")),
            len(CONTENT.fronts[s[0]].rows[s[2]]), priority[s[0]], s[1], s[2]))
        slots[front][column][row] = kind
    return tuple(tuple((col[0], col[1]) for col in slots[f]) for f in FRONTS)
