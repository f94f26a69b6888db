"""The Diplomacy phase: moving Influential Figures to Empires, Territories and Greek Cities."""

from __future__ import annotations

from engine.games.epireia import abilities, catalog
from engine.games.epireia.board import EMPIRES, TERRITORIES, space_name
from engine.games.epireia.state import HOME, EpireiaState


def candidates(state: EpireiaState, role: str, figure: str) -> list[str]:
    """Destinations allowed by the movement limits, before constraints."""
    seat = state.seats[role]
    here = state.figures[figure].location
    sea = abilities.figure_has_sea(state, figure)
    allies = [r for r in state.roles if state.seats[r].league == seat.league]
    mine = [f for f, fs in state.figures.items() if fs.owner == role and f != figure]
    league_figs = [f for f, fs in state.figures.items() if fs.owner in allies and f != figure]
    result: list[str] = []
    for empire_id, empire in EMPIRES.items():
        if empire.sea_only and not sea:
            continue
        # One figure per City on an Empire; with 3-4 players, one per league.
        if any(state.figures[f].location == empire_id for f in mine):
            continue
        if len(allies) > 1 and any(state.figures[f].location == empire_id for f in league_figs):
            continue
        result.append(empire_id)
    for territory_id, territory in TERRITORIES.items():
        if territory.sea and not sea:
            continue
        result.append(territory_id)
    if not state.is_solo:
        for city_id, allegiance in state.greek_cities.items():
            if allegiance == seat.league:
                continue
            if any(state.figures[f].location == city_id for f in mine):
                continue
            result.append(city_id)
    if here != HOME:
        result.append(HOME)
    return [d for d in result if d != here]


def destinations(state: EpireiaState, role: str, figure: str) -> list[str]:
    """Where ``figure`` may go now (its own space excluded), in map order."""
    return [d for d in candidates(state, role, figure)
            if d == HOME or not abilities.move_blocked(state, role, figure, d)]


def can_move(state: EpireiaState, role: str, figure: str) -> bool:
    """Whether ``figure`` has at least one destination (stops at the first one found)."""
    return any(d == HOME or not abilities.move_blocked(state, role, figure, d)
               for d in candidates(state, role, figure))


def move_figure(state: EpireiaState, role: str, figure: str, destination: str) -> None:
    state.figures[figure].location = destination
    where = "back to its city" if destination == HOME else f"to {space_name(destination)}"
    state.say(f"{state.seats[role].city.title()} moves {catalog.figure_name(figure)} {where}.",
              role=role)
