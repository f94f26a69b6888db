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


def secrets(state: EpireiaState) -> list[str]:
    """Strings that must not appear in the spectator view right now."""
    hidden = [f'"{s.figure_choice}"' for s in state.seats.values() if s.figure_choice]
    battle = state.battle
    if battle is not None and battle.step in ("place", "figures"):
        hidden += [f'"{f}"' for side in battle.sides.values() for f in side.figures.values()]
    return hidden


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
    hidden = secrets(state)
    if hidden and state.result is None:
        text = json.dumps(game.view(state, None))
        for secret in hidden:
            figure = secret.strip('"')
            # A secret figure may be public already if it is in play on the map.
            if secret in text and figure not in state.figures:
                problems.append(f"spectator view shows the secret {secret}")
    if state.result is None and not game.prompts(state):
        problems.append("nobody is asked anything but the game is not over")
    return problems
