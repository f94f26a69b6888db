"""Cheap checks run after every action in random playouts."""

from __future__ import annotations

import json
from typing import Any

from engine.core.game import Game
from engine.games.epireia import catalog
from engine.games.epireia.state import RESOURCES, EpireiaState


def token_census(state: EpireiaState) -> dict[str, int]:
    """Where every military token is: supply, reserves, Greek Cities, battlefields, enemy."""
    count = {k: state.supply.get(k, 0) for k in catalog.token_kinds()}
    for league in state.leagues.values():
        for kind in league.reserve:
            count[kind] += 1
    for kind in state.greek_city_tokens.values():
        count[kind] += 1
    for columns in state.solo.enemy_army.values():
        for column in columns:
            for kind in column:
                if kind:
                    count[kind] += 1
    if state.battle is not None:
        for side in state.battle.sides.values():
            for kind in side.pool:
                count[kind] += 1
            for columns in side.slots.values():
                for column in columns:
                    for kind in column:
                        if kind:
                            count[kind] += 1
    return count


def leaks(game: Game[Any, Any], state: EpireiaState) -> list[str]:
    """Secrets visible in the spectator view: starting figure choices before the reveal,
    battle figures before their reveal, a league's token pool, face-down tokens."""
    if state.result is not None:
        return []
    choosing = [s.figure_choice for s in state.seats.values() if s.figure_choice]
    battle = state.battle
    if not choosing and (battle is None or battle.step not in ("place", "figures")):
        return []
    view = game.view(state, None)
    problems = []
    text = json.dumps(view)
    for figure in choosing:
        if f'"{figure}"' in text:
            problems.append(f"spectator view shows the secret starting figure {figure}")
    if battle is not None and view["battle"] is not None:
        for league, side in view["battle"]["sides"].items():
            if side["figures"] or side["pool"]:
                problems.append(f"spectator view shows the {league} battle secrets")
            for columns in side["slots"].values():
                for column in columns:
                    if any(isinstance(cell, dict) for cell in column):
                        problems.append(f"spectator view shows a face-down {league} token")
    return problems


def check_invariants(game: Game[Any, Any], state: EpireiaState) -> list[str]:
    problems: list[str] = []
    census = token_census(state)
    for kind, total in census.items():
        if state.supply.get(kind, 0) < 0:
            problems.append(f"supply of {kind} is negative")
        if total != catalog.token_count(kind):
            problems.append(f"{kind}: {total} tokens counted, {catalog.token_count(kind)} exist")
    for role, seat in state.seats.items():
        for resource in RESOURCES:
            if seat.resources[resource] < 0:
                problems.append(f"{role} has negative {resource}")
        if seat.trade_posts < 0 or seat.trade_posts > 3:
            problems.append(f"{role} has {seat.trade_posts} trade posts")
        held = sum(1 for owner in state.territories.values() if owner == role)
        if held + seat.trade_posts != 3:
            problems.append(f"{role}: {held} territories + {seat.trade_posts} posts != 3")
        if len(seat.figure_cards) > 3:
            problems.append(f"{role} has more than 3 figures in play")
    for league, data in state.leagues.items():
        for resource in RESOURCES:
            if data.treasury[resource] < 0:
                problems.append(f"{league} treasury has negative {resource}")
    problems.extend(leaks(game, state))
    return problems
