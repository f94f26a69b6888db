"""The greedy player in the Great Battle: tokens placed after the plan that wins two fronts,
figures to that plan's fronts, a figure engaged where it turns the front."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng
from engine.games.epireia import abilities
from engine.games.epireia.ai.army import (
    NO_USAGE,
    Plan,
    cheapest_plan,
    column_power,
    enemy_army,
    figure_attack_on,
    strongest,
    usage_of,
)
from engine.games.epireia.battle import COLUMNS, league_figures
from engine.games.epireia.battle import column_power as live_power
from engine.games.epireia.content import CONTENT
from engine.games.epireia.state import (
    FRONTS,
    TOKEN_KINDS,
    EpireiaState,
    Frame,
    other_league,
)


def battle_plan(state: EpireiaState, league: str) -> tuple[float, Plan]:
    assert state.battle is not None
    side = state.battle.sides[league]
    tokens = list(side.pool) + [k for f in FRONTS for col in side.slots[f] for k in col if k]
    have = usage_of([(k, "") for k in tokens])
    army = enemy_army(state, league)
    # Only what we hold counts: every missing token is impossible.
    revision = state.options.revision
    return cheapest_plan(army, have, NO_USAGE, (1,) * len(TOKEN_KINDS), (0, 0, 0),
                         strongest(tuple(league_figures(state, league)), revision), revision)


def target_slots(state: EpireiaState, league: str) -> dict[tuple[str, int, int], str]:
    """Where every token of the league should stand: the plan's fronts first, the rest to the
    weakest allowed slots."""
    assert state.battle is not None
    side = state.battle.sides[league]
    cost, plan = battle_plan(state, league)
    targets: dict[tuple[str, int, int], str] = {}
    pool = list(side.pool) + [k for f in FRONTS for col in side.slots[f] for k in col if k]
    if cost < 99:
        for front_index, fills, _, _ in plan:
            for column, fill in enumerate(fills):
                for row, kind in enumerate(fill):
                    if kind and kind in pool:
                        pool.remove(kind)
                        targets[(FRONTS[front_index], column, row)] = kind
    # The rest: strongest first, the third front (maritime first) then anywhere.
    planned_fronts = {FRONTS[p[0]] for p in plan} if cost < 99 else set()
    for kind in sorted(pool, key=lambda k: (-CONTENT.tokens[k].value, k)):
        unit = kind.split("-")[0]
        free = [(f, c, r) for f in ("maritime", "centre", "flank") for c in range(COLUMNS)
                for r in range(2)
                if (f, c, r) not in targets and unit in CONTENT.fronts[f].rows[r]]
        if not free:
            continue
        free.sort(key=lambda s: (s[0] in planned_fronts,
                                 sum(CONTENT.tokens[targets[(s[0], s[1], x)]].value
                                     for x in range(2) if (s[0], s[1], x) in targets)))
        targets[free[0]] = kind
    return targets


def battle_place(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                 rng: Rng) -> str:
    league = str(frame.data["league"])
    assert state.battle is not None
    side = state.battle.sides[league]
    for (front, column, row), kind in sorted(target_slots(state, league).items()):
        if not side.slots[front][column][row] and f"tok:{kind}" in ids:
            return f"tok:{kind}"
    return "done"


def battle_slot(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                rng: Rng) -> str:
    league, kind = str(frame.data["league"]), str(frame.data["kind"])
    assert state.battle is not None
    side = state.battle.sides[league]
    for (front, column, row), wanted in sorted(target_slots(state, league).items()):
        if wanted == kind and not side.slots[front][column][row]:
            choice = f"slot:{front}:{column}:{row}"
            if choice in ids:
                return choice
    free = [i for i in ids if i.startswith("slot:")]
    return free[0] if free else "back"


def battle_figure(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    league = str(frame.data["league"])
    assert state.battle is not None
    side = state.battle.sides[league]
    front = FRONTS[len(side.figures) + int(frame.data.get("skipped", 0))]
    cost, plan = battle_plan(state, league)
    if cost < 99:
        for front_index, _, _, figure in plan:
            if FRONTS[front_index] == front and figure and f"fig:{figure}" in ids:
                return f"fig:{figure}"
    planned = {p[3] for p in plan if p[3]} if cost < 99 else set()
    spare = [i for i in ids if i.startswith("fig:") and i[4:] not in planned]
    if not spare:
        return "none"
    return max(spare, key=lambda i: (figure_attack_on(i[4:], front, state.options.revision), i))


def battle_commit(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    """Engage where the figure does the most for the front: now, if no later column (as far as
    we can tell) would turn more."""
    league, front = str(frame.data["league"]), str(frame.data["front"])
    column = int(frame.data["column"])
    assert state.battle is not None
    battle = state.battle
    side = battle.sides[league]
    figure = side.figures[front]
    attack = abilities.figure_attack(state, figure)
    enemy = other_league(league)
    mine_now = live_power(state, league, front, column)
    theirs_now = live_power(state, enemy, front, column)
    results = battle.column_winners.get(front, [])
    won = results.count(league)
    lost = results.count(enemy)

    def outcome(ours: int, theirs: int) -> int:
        return (ours > theirs) - (ours < theirs)

    known = state.is_solo
    later: list[tuple[int, int]] = []
    if known:
        army = enemy_army(state, league)
        front_index = FRONTS.index(front)
        for c in range(column + 1, COLUMNS):
            ours_col = (side.slots[front][c][0], side.slots[front][c][1])
            later.append((column_power(front, ours_col, army[front_index][c]),
                          column_power(front, army[front_index][c], ours_col)))

    def front_result(engage_at: int) -> int:
        total = won - lost
        total += outcome(mine_now + (attack if engage_at == column else 0), theirs_now)
        for offset, (ours, theirs) in enumerate(later):
            c = column + 1 + offset
            total += outcome(ours + (attack if engage_at == c else 0), theirs)
        return total

    if known:
        now = front_result(column)
        best_later = max([front_result(c) for c in range(column + 1, COLUMNS)] or [-99])
        last = column == COLUMNS - 1
        return "commit" if now >= best_later and (now > 0 or last) else "pass"
    # Against a league: engage when it turns this column, or on the last column.
    before = outcome(mine_now, theirs_now)
    after = outcome(mine_now + attack, theirs_now)
    if after > before or (column == COLUMNS - 1 and "commit" in ids):
        return "commit"
    return "pass"
