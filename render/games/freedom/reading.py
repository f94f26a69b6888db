"""Freedom!'s view as every picture and text reads it: the board's size, the pieces' and
sides' colours and names, who is asked."""

from __future__ import annotations

from engine.core.view import View
from engine.games.freedom.view import FreedomView
from render import common as c
from render.freedom_layout import MAP_RIGHT

WIDTH, HEIGHT = 1600, 1100
PANEL_X = MAP_RIGHT + 14
EXP = (200, 30, 30)
# Allied units are a light green with dark numbers: a dark green looked like the Expeditionary
# red to red-green colour-blind players (both a dark olive); lightness now tells them apart.
ALLY = (110, 200, 100)
INS = (30, 80, 200)
CIV = (250, 250, 250)
CANNON = (25, 25, 25)
BOMBARD = (130, 40, 170)
# A cannon with no unit of its side on its space cannot fire (v2.2 5.4): drawn pale.
UNMANNED = {CANNON: (205, 205, 205), BOMBARD: (215, 185, 230)}
SIDE_COLOURS: dict[str, c.RGB] = {"empire": (190, 30, 30), "insurgents": (30, 80, 200),
                                  "neutral": (120, 120, 120)}
SIDE_NAMES = {"empire": "Empire", "insurgents": "Insurgents", "neutral": "Neutral"}
PHASES = {"administration": "Administration", "opening": "Opening", "actions": "Actions",
          "cannons": "Cannons", "replenishment": "Replenishment", "over": "Game over"}
KIND_FILL: dict[str, c.RGB] = {
    "mainland": (222, 208, 166), "wall": (186, 180, 168), "fort": (186, 180, 168),
    "city centre": (238, 226, 200), "beach": (240, 222, 170), "coast": (150, 192, 220),
    "lagoon": (150, 192, 220), "island": (226, 206, 150), "camp": (232, 196, 180),
}


def freedom_view(view: View) -> FreedomView:
    if not isinstance(view, FreedomView):
        raise TypeError(f"the Freedom! renderer was given a {type(view).__name__}")
    return view



def to_act(view: FreedomView) -> list[str]:
    """The role asked now, as a list (the view gives one role or None)."""
    return [view.to_act] if view.to_act else []
