"""The greedy player's diplomacy: each figure goes where its expected gain is highest (an
Empire, a Territory, a Greek City, or staying to protect a held Territory)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng
from engine.games.epireia import abilities
from engine.games.epireia.ai.army import solo_battle_cost
from engine.games.epireia.ai.scoring import (
    BATTLE_COST_WEIGHT,
    MULTI_OBJECTIVE_SCALE,
    PRESTIGE_VALUE,
    UNIT_VALUE,
    objectives,
    progress,
    rounds_left,
    territory_unit,
    token_strength,
)
from engine.games.epireia.board import CITIES, EMPIRES, SOLO_MOVES, TERRITORIES
from engine.games.epireia.content import CONTENT
from engine.games.epireia.diplomacy import destinations
from engine.games.epireia.state import (
    BRIGANDS,
    ENEMY,
    HOME,
    EpireiaState,
    Frame,
    other_league,
)


def chance_at_least(need: int) -> float:
    """P(d12 >= need)."""
    return min(1.0, max(0.0, (13 - need) / 12))


def chance_beats(mine: int, theirs: int) -> float:
    """P(d12 + mine > d12 + theirs)."""
    wins = sum(1 for a in range(1, 13) for b in range(1, 13) if a + mine > b + theirs)
    return wins / 144


def reward_value(state: EpireiaState, role: str, wheat: int = 0, wood: int = 0, copper: int = 0,
                 prestige: int = 0, token: str = "") -> float:
    price = 1.0 if rounds_left(state) > 0 else 0.3
    total = price * (wheat + wood + copper)
    if prestige:
        total += prestige * PRESTIGE_VALUE
        for objective in objectives(state):
            if objective.check in ("prestige", "prestige_per_city") and \
                    progress(state, role, objective) < objective.amount:
                total += prestige * UNIT_VALUE["prestige"]
    if token and state.supply.get(token, 0) > 0:
        total += token_value(state, role, token)
    return total


def token_value(state: EpireiaState, role: str, token: str) -> float:
    league = state.league_of(role)
    if not state.is_solo:
        bonus = 0.0
        for objective in objectives(state):
            if objective.check == "reserve" and (objective.unit is None
                                                 or token.startswith(objective.unit)):
                bonus += MULTI_OBJECTIVE_SCALE * UNIT_VALUE["reserve"]
        return 1.5 * token_strength(token) + bonus
    before = solo_battle_cost(state, role)
    copy = state.model_copy(update={"log": [], "leagues": {
        lg: data.model_copy(deep=True) for lg, data in state.leagues.items()}})
    copy.leagues[league].reserve.append(token)
    after = solo_battle_cost(copy, role)
    total = BATTLE_COST_WEIGHT * (before - after)
    for objective in objectives(state):
        if objective.check == "reserve" and (objective.unit is None
                                             or token.startswith(objective.unit)) and \
                progress(state, role, objective) < objective.amount:
            total += UNIT_VALUE["reserve"]
    return total


def our_attack(state: EpireiaState, role: str, figures: Sequence[str], space: str,
               brigands: bool) -> int:
    territory = TERRITORIES.get(space)
    terrain = "sea" if territory is not None and territory.sea else "land"
    kinds = ("conflict_attack", "brigand_attack") if brigands else ("conflict_attack",)
    total = sum(abilities.figure_card(state, f).attack for f in figures)
    mods = [m for f in figures for m in CONTENT.figures[f].modifiers]
    mods += abilities.turn_modifiers(state, role)
    total += sum(m.amount for m in mods if m.kind in kinds and m.terrain in (None, terrain))
    return total


def brigand_need(attack: int) -> int:
    if attack <= 2:
        return 7
    if attack <= 4:
        return 5
    return 3


def opponents_at(state: EpireiaState, role: str, space: str) -> list[str]:
    league = state.league_of(role)
    found = []
    for figure, where in state.figures.items():
        if where.location != space:
            continue
        owner = where.owner
        side = other_league(state.seats["solo"].league) if owner == ENEMY else \
            state.seats[owner].league
        if side != league:
            found.append(figure)
    return found


def territory_gain(state: EpireiaState, role: str, space: str, figures: Sequence[str]) -> float:
    """Expected gain of having ``figures`` (ours) on Territory ``space`` this round."""
    territory = TERRITORIES[space]
    owner = state.territories[space]
    league = state.league_of(role)
    ours = owner in state.seats and state.seats[owner].league == league
    unit = territory_unit(state, territory.sea)
    left = rounds_left(state)
    hold = unit * (1.0 if state.is_solo else 0.6) + 0.3 * min(left, 3)
    attack = our_attack(state, role, figures, space, False)
    if state.is_solo:
        enemies = [f for f in state.solo.enemy_figures]
        arrive = {f: sum(1 for s in SOLO_MOVES if s == space) / 12 for f in enemies}
        p_clear = 1.0
        for f in enemies:
            p_win = chance_beats(attack, abilities.figure_card(state, f).attack)
            p_clear *= (1 - arrive[f]) + arrive[f] * p_win
    else:
        present = opponents_at(state, role, space)
        their = sum(abilities.figure_card(state, f).attack for f in present)
        p_clear = chance_beats(attack, their) if present else 0.95
    if ours:
        # Staying protects it: without us an arriving enemy simply takes it.
        if not state.is_solo:
            return 0.3 * hold
        p_kept_alone = 1.0
        for _ in state.solo.enemy_figures:
            p_kept_alone *= 1 - sum(1 for s in SOLO_MOVES if s == space) / 12
        return hold * (p_clear - p_kept_alone)
    p_take = p_clear
    if owner == BRIGANDS:
        battack = our_attack(state, role, figures, space, True)
        p_take *= chance_at_least(brigand_need(battack))
    price = 1.0 if left > 0 else 0.3
    if state.seats[role].trade_posts <= 0:
        # No City token: nothing is taken and no tax paid; only driving the other side out
        # of its Territory is worth something.
        return p_take * 0.5 * hold if owner and owner != BRIGANDS else 0.0
    return p_take * (price * territory.tax + hold)


def empire_gain(state: EpireiaState, role: str, figure: str, empire: str) -> float:
    spec = EMPIRES[empire]
    others = [f for f, fs in state.figures.items() if fs.location == empire and f != figure]
    need = spec.need_one + 2 * len(others)
    bonus = abilities.empire_bonus(state, role, figure, empire)
    reward = spec.reward
    return chance_at_least(need - bonus) * reward_value(
        state, role, reward.wheat, reward.wood, reward.copper, reward.prestige, reward.token)


def city_gain(state: EpireiaState, role: str, figures: Sequence[str], city: str) -> float:
    """Expected gain of the league's ``figures`` on Greek City ``city``: they win the conflict
    (if any) together, then the strongest of them rolls (rules: decision 13)."""
    present = opponents_at(state, role, city)
    attack = sum(abilities.figure_card(state, f).attack for f in figures)
    if state.greek_cities.get(city) == state.league_of(role):
        return defence_gain(state, role, attack, present, city)
    p_stay = chance_beats(attack, sum(abilities.figure_card(state, f).attack for f in present)) \
        if present else 1.0
    envoy = max(figures, key=lambda f: abilities.figure_card(state, f).attack)
    owner = state.figures[envoy].owner if envoy in state.figures else role
    bonus = abilities.integration_bonus(state, owner, envoy, city)
    p = p_stay * chance_at_least(CITIES[city].integration - bonus)
    token = state.greek_city_tokens.get(city, "")
    gain = reward_value(state, role, copper=1)
    if token:
        gain += token_value_any(state, role, token)
    if state.greek_cities.get(city):
        gain *= 1.6  # taking it from the other league counts twice
    return p * gain


def defence_gain(state: EpireiaState, role: str, attack: int, present: Sequence[str],
                 city: str) -> float:
    """Expected gain of standing on a Greek City allied to our league (rules revision 2): the
    reclaim of an opposing figure there needs it to win the conflict first. When the other
    league still moves after us, we guess that it comes one time in four."""
    token = state.greek_city_tokens.get(city, "")
    if not token:
        return 0.0
    their = sum(abilities.figure_card(state, f).attack for f in present)
    reclaim = chance_at_least(CITIES[city].integration)
    if present:
        lost_without = reclaim
        lost_with = reclaim * (1 - chance_beats(attack, their) - chance_tie(attack, their))
    else:
        still_to_move = any(state.seats[r].league != state.league_of(role)
                            for r in state.queue)
        if not still_to_move:
            return 0.0
        lost_without = 0.25 * reclaim
        lost_with = lost_without * (1 - chance_beats(attack, 2) - chance_tie(attack, 2))
    return (lost_without - lost_with) * 1.6 * token_value_any(state, role, token)


def chance_tie(mine: int, theirs: int) -> float:
    """P(d12 + mine == d12 + theirs)."""
    return sum(1 for a in range(1, 13) for b in range(1, 13) if a + mine == b + theirs) / 144


def partners_at(state: EpireiaState, role: str, space: str) -> list[str]:
    """League partners' figures standing on ``space`` now (they are there at the resolution
    unless the partner still moves them): a figure sent there too only adds its attack."""
    league = state.league_of(role)
    return [f for f, fs in state.figures.items()
            if fs.location == space and fs.owner in state.seats and fs.owner != role
            and state.seats[fs.owner].league == league]


def token_value_any(state: EpireiaState, role: str, token: str) -> float:
    return 1.5 * token_strength(token)


def destination_gain(state: EpireiaState, role: str, figure: str, space: str,
                     placed: dict[str, str]) -> float:
    if space == HOME:
        return 0.0
    if space in EMPIRES:
        return empire_gain(state, role, figure, space)
    # Our figures already going there and the partners' standing there: this one adds to them.
    with_us = [f for f, s in placed.items() if s == space] + partners_at(state, role, space)
    if space in TERRITORIES:
        before = territory_gain(state, role, space, with_us) if with_us else 0.0
        return territory_gain(state, role, space, [*with_us, figure]) - before
    if space in CITIES:
        before = city_gain(state, role, with_us, space) if with_us else 0.0
        return city_gain(state, role, [*with_us, figure], space) - before
    return 0.0


def plan_moves(state: EpireiaState, frame: Frame) -> dict[str, str]:
    """Where each of the role's figures should be at the end of its diplomacy (greedy, the
    figures that have moved already stay where they are)."""
    role = frame.role
    moved = set(frame.data.get("moved", []))
    placed: dict[str, str] = {}
    for figure in state.seats[role].figure_cards:
        if figure in moved:
            placed[figure] = state.figures[figure].location
    free = [f for f in state.seats[role].figure_cards if f not in moved]
    # Strong figures first: they are the ones who win conflicts and beat Brigands.
    free.sort(key=lambda f: (-abilities.figure_card(state, f).attack, f))
    for figure in free:
        here = state.figures[figure].location
        options = [here, *destinations(state, role, figure)]
        taken_empires = {s for s in placed.values() if s in EMPIRES}
        best = max(
            (o for o in options if o not in taken_empires or o == HOME),
            key=lambda o: (destination_gain(state, role, figure, o, placed),
                           o == here, o),
        )
        placed[figure] = best
    return placed


def move(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
         rng: Rng) -> str:
    plan = plan_moves(state, frame)
    for figure, space in plan.items():
        if f"mv:{figure}" in ids and state.figures[figure].location != space:
            return f"mv:{figure}"
    return "done"


def move_to(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
            rng: Rng) -> str:
    figure = str(frame.data["figure"])
    parent = next((f for f in reversed(state.stack) if f.name == "move"), frame)
    plan = plan_moves(state, parent)
    target = plan.get(figure, "")
    return f"to:{target}" if f"to:{target}" in ids else "back"
