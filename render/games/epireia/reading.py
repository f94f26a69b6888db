"""Epireia's view as every picture and text reads it: the board's size, colours and names,
places', figures' and seats' names, counts of tokens."""

from __future__ import annotations

from engine.core.view import View
from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.epireia.view import EpireiaView
from render import common as c
from render.maps import palette

WIDTH, HEIGHT = 1600, 1100
# Okabe & Ito's colour-blind-safe hues (Larissa a Thessalian brown): no two Cities look alike
# to deuteranopes or protanopes, whose eyes made the old red/brown/green Cities one olive.
CITY_COLOURS: dict[str, c.RGB] = {
    "athens": palette.BLUE,
    "sparta": palette.VERMILLION,
    "corinth": palette.ORANGE,
    "delphi": palette.REDDISH_PURPLE,
    "elis": palette.BLUISH_GREEN,
    "larissa": palette.BROWN,
}
LEAGUE_COLOURS: dict[str, c.RGB] = {"delian": (30, 80, 170), "peloponnesian": (165, 35, 35)}
LEAGUE_NAMES = {"delian": "Delian League", "peloponnesian": "Peloponnesian League"}
RESOURCE_SHORT = {"wheat": "Wheat", "wood": "Wood", "copper": "Copper"}
RESOURCE_COLOURS: dict[str, c.RGB] = {
    "wheat": (214, 170, 40), "wood": (120, 80, 40), "copper": (190, 100, 50),
}
FRONTS = ("flank", "centre", "maritime")
PHASES = {
    "setup": "Set-up", "development": "Development", "diplomacy": "Diplomacy",
    "resolution": "Resolution", "battle": "The Great Battle", "over": "Game over",
}


def epireia_view(view: View) -> EpireiaView:
    if not isinstance(view, EpireiaView):
        raise TypeError(f"the Epireia renderer was given a {type(view).__name__}")
    return view



def token_label(kind: str) -> str:
    """``hoplites-2`` → ``Hoplites II``."""
    unit, _, level = kind.partition("-")
    roman = "I" * c.as_int(level, 1) if level else ""
    return f"{unit.title()} {roman}".strip()



def place_name(space: str) -> str:
    for table in (CITIES, EMPIRES, TERRITORIES):
        if space in table:
            return table[space].name
    if space == "home":
        return "home"
    return c.title_case(space)



def figure_name(view: EpireiaView, figure_id: str) -> str:
    figure = view.figures.get(figure_id)
    return figure.name if figure is not None and figure.name \
        else c.title_case(figure_id.split(":")[-1])



def seat_name(view: EpireiaView, role: str) -> str:
    if role == "enemy":
        return "Enemy"
    seat = view.seats.get(role)
    if seat is None:
        return c.title_case(role)
    if seat.city in CITIES:
        return CITIES[seat.city].name
    return seat.name or c.title_case(role)



def owner_city(view: EpireiaView, owner: str) -> str:
    """The city id of a figure's or token's owner (a role), or ``""``."""
    seat = view.seats.get(owner)
    return seat.city if seat is not None else ""



def owner_colour(view: EpireiaView, owner: str) -> c.RGB:
    if owner == "enemy":
        return c.BLACK
    city = owner_city(view, owner)
    if city in CITY_COLOURS:
        return CITY_COLOURS[city]
    seat = view.seats.get(owner)
    return LEAGUE_COLOURS.get(seat.league if seat is not None else "", c.GREY)



def resources_text(resources: dict[str, int]) -> str:
    return " · ".join(f"{resources.get(r, 0)} {RESOURCE_SHORT[r]}" for r in RESOURCE_SHORT)



def count_tokens(tokens: list[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for kind in tokens:
        counts[kind] = counts.get(kind, 0) + 1
    return sorted(counts.items())



def waiting_for(view: EpireiaView) -> list[str]:
    """Roles the view says must act now (``to_act``), as display names."""
    return [seat_name(view, r) for r in view.to_act]



def seat_leagues(view: EpireiaView) -> set[str]:
    return {seat.league for seat in view.seats.values()}
