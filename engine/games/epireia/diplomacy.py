"""The Diplomacy phase: moving Influential Figures to Empires, Territories and Greek Cities."""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.epireia import abilities, catalog, revisions
from engine.games.epireia.board import EMPIRES, TERRITORIES, space_name
from engine.games.epireia.state import HOME, EpireiaState


def candidates(state: EpireiaState, role: str, figure: str) -> list[str]:
    """Destinations allowed by the movement limits, before constraints."""
    return list(_candidates(state, role, figure))


def _candidates(state: EpireiaState, role: str, figure: str) -> Iterator[str]:
    """``candidates`` one at a time (``can_move`` stops at the first allowed)."""
    seat = state.seats[role]
    here = state.figures[figure].location
    sea = abilities.figure_has_sea(state, figure)
    allies = {r for r in state.roles if state.seats[r].league == seat.league}
    # where this City's other figures stand, and (with 3-4 players) its league's
    mine: set[str] = set()
    league_held: set[str] = set()
    for f, fs in state.figures.items():
        if f != figure:
            if fs.owner == role:
                mine.add(fs.location)
            if fs.owner in allies:
                league_held.add(fs.location)
    if len(allies) <= 1:
        league_held.clear()
    for empire_id, empire in EMPIRES.items():
        if empire.sea_only and not sea:
            continue
        # One figure per City on an Empire; with 3-4 players, one per league.
        if empire_id in mine or empire_id in league_held:
            continue
        if empire_id != here:
            yield empire_id
    for territory_id, territory in TERRITORIES.items():
        if territory.sea and not sea:
            continue
        if territory_id != here:
            yield territory_id
    if not state.is_solo:
        defend = revisions.figures_defend_allied_cities(state)
        for city_id, allegiance in state.greek_cities.items():
            if allegiance == seat.league and not defend:
                continue
            if city_id in mine:
                continue
            if city_id != here:
                yield city_id
    if here != HOME:
        yield HOME


def destinations(state: EpireiaState, role: str, figure: str) -> list[str]:
    """Where ``figure`` may go now (its own space excluded), in map order."""
    forbidden = abilities.forbidden_moves(state, role)  # once, not once per destination
    return [d for d in _candidates(state, role, figure)
            if d == HOME or not abilities.move_forbidden(forbidden, d)]


def can_move(state: EpireiaState, role: str, figure: str) -> bool:
    """Whether ``figure`` has at least one destination (stops at the first one found)."""
    return can_move_under(state, role, figure, abilities.forbidden_moves(state, role))


def can_move_under(state: EpireiaState, role: str, figure: str, forbidden: set[str]) -> bool:
    """``can_move`` under ``role``'s ``forbidden_moves``, read once for all its figures."""
    return any(d == HOME or not abilities.move_forbidden(forbidden, d)
               for d in _candidates(state, role, figure))


def move_figure(state: EpireiaState, role: str, figure: str, destination: str) -> None:
    state.figures[figure].location = destination
    where = "back to its city" if destination == HOME else f"to {space_name(destination)}"
    state.say(f"{state.seats[role].city.title()} moves {catalog.figure_name(figure)} {where}.",
              role=role)
