"""Cheap checks run after every action in random playouts."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.games.epireia import catalog
from engine.games.epireia.battle import league_figures, player_leagues
from engine.games.epireia.board import token_label
from engine.games.epireia.state import ENEMY, FRONTS, RESOURCES, EpireiaState
from engine.games.epireia.view import EpireiaPlayerView, EpireiaView, Token
from engine.games.epireia.view_build import build_view


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


# Words a secret prompt of the battle must not show to the others: token kinds and fronts.
TOKEN_WORDS: tuple[str, ...] = (
    *(word for kind in catalog.token_kinds() for word in (kind, token_label(kind))),
    "Hoplites", "Triremes", "Cavalry", *FRONTS,
)


def leaks(game: Game[Any, Any], state: EpireiaState) -> list[str]:
    """Secrets visible to those who must not see them: starting figure choices before the
    reveal (spectators and the other seats), and in the Great Battle's secret placement a
    league's face-down tokens and figures (spectators and the other league's seats: the whole
    view, prompt texts included, must not change when the secret changes)."""
    if state.result is not None:
        return []
    choosing = {r: s.figure_choice for r, s in state.seats.items() if s.figure_choice}
    battle = state.battle
    secret_battle = battle is not None and battle.step in ("place", "figures")
    if not choosing and not secret_battle:
        return []
    problems: list[str] = []
    views: dict[str | None, EpireiaView] = {}
    texts: dict[str | None, str] = {}

    def view_of(viewer: str | None) -> EpireiaView:
        if viewer not in views:
            views[viewer] = build_view(game, state, viewer)
        return views[viewer]

    def text_of(viewer: str | None) -> str:
        if viewer not in texts:
            texts[viewer] = view_of(viewer).model_dump_json()
        return texts[viewer]

    for chooser, figure in choosing.items():
        for viewer in [None, *(r for r in state.roles if r != chooser)]:
            if f'"{figure}"' in text_of(viewer):
                problems.append(f"the view of {viewer or 'spectators'} shows the secret "
                                f"starting figure {figure}")
    if battle is None or not secret_battle:
        return problems
    for league in player_leagues(state):
        members = set(state.league_roles(league))
        # spectators and one seat of the other league (its seats share one redaction)
        viewers: list[str | None] = [None, *[r for r in state.roles if r not in members][:1]]
        other = perturbed(state, league)
        for viewer in viewers:
            view = view_of(viewer)
            who = viewer or "spectators"
            secrets = view.private if isinstance(view, EpireiaPlayerView) else None
            asked = {**view.prompt_text, **(secrets.prompt_text if secrets else {})}
            for role, text in asked.items():
                if role in members and any(w in text for w in TOKEN_WORDS):
                    problems.append(f"{who} read {role}'s secret prompt: {text!r}")
            assert view.battle is not None
            if view.battle.sides[league].figures or (secrets and secrets.league == league):
                problems.append(f"{who} see the {league} battle secrets")
            for columns in view.battle.sides[league].slots.values():
                for column in columns:
                    if any(isinstance(cell, Token) and cell.power is None for cell in column):
                        problems.append(f"{who} see a face-down {league} token")
            if other is not None and \
                    text_of(viewer) != build_view(game, other, viewer).model_dump_json():
                problems.append(f"the view of {who} changes with the {league} League's "
                                "face-down tokens or figures")
    return problems


def perturbed(state: EpireiaState, league: str) -> EpireiaState | None:
    """A copy of ``state`` whose only difference is ``league``'s secret: one face-down token
    of another kind (swapped with the pool or another face-down token) and one face-down
    figure changed; None when nothing can change."""
    assert state.battle is not None
    copy = state.model_copy(update={"log": []}).model_copy(deep=True)
    copy.log = state.log  # read only, and the costly part to copy
    assert copy.battle is not None
    side = copy.battle.sides[league]
    changed = False
    hidden = [(f, c, r) for f in FRONTS for c in range(len(side.slots.get(f, [])))
              if c >= copy.battle.revealed.get(f, 0) for r in range(2) if side.slots[f][c][r]]

    def accepts(front: str, row: int, kind: str) -> bool:
        return kind.split("-")[0] in catalog.slot_units(front, row)

    for f, c, r in hidden:
        kind = side.slots[f][c][r]
        for i, spare in enumerate(side.pool):
            if spare != kind and accepts(f, r, spare):
                side.pool[i], side.slots[f][c][r] = kind, spare
                changed = True
                break
        if changed:
            break
        for f2, c2, r2 in hidden:
            there = side.slots[f2][c2][r2]
            if there != kind and accepts(f, r, there) and accepts(f2, r2, kind):
                side.slots[f][c][r], side.slots[f2][c2][r2] = there, kind
                changed = True
                break
        if changed:
            break
    if side.figures:
        used = set(side.figures.values())
        spare_figures = [x for x in league_figures(copy, league) if x not in used]
        fronts = list(side.figures)
        if spare_figures:
            side.figures[fronts[0]] = spare_figures[0]
            changed = True
        elif len(fronts) >= 2:
            first, second = fronts[0], fronts[1]
            side.figures[first], side.figures[second] = side.figures[second], side.figures[first]
            changed = True
    return copy if changed else None


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
    problems.extend(figure_owners(state))
    problems.extend(leaks(game, state))
    return problems


def figure_owners(state: EpireiaState) -> list[str]:
    """Every figure in play has exactly one owner: a seat whose card it is, or the solo enemy;
    the solo player never leads an enemy City."""
    problems = []
    holders: dict[str, list[str]] = {}
    for role, seat in state.seats.items():
        for figure in seat.figure_cards:
            holders.setdefault(figure, []).append(role)
    for figure in state.solo.enemy_figures:
        if figure in state.figures:
            holders.setdefault(figure, []).append(ENEMY)
    for figure, owners in holders.items():
        if len(owners) > 1:
            problems.append(f"{figure} belongs to {' and '.join(owners)}")
        elif figure in state.figures and state.figures[figure].owner != owners[0]:
            problems.append(f"{figure} is {owners[0]}'s card but "
                            f"{state.figures[figure].owner}'s token")
    for figure, placed in state.figures.items():
        if figure not in holders:
            problems.append(f"{figure} is on the map but nobody's card ({placed.owner})")
    if state.is_solo and state.seats["solo"].city in state.solo.enemy_cities:
        problems.append(f"the solo player leads {state.seats['solo'].city}, an enemy City")
    return problems
