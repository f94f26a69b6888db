"""Six Continents' table of prompt states on the shared turn flow (``engine.core.flow``),
and the names the prompts and the log use.

The states are in ``setup_prompts.py`` (choosing a capital), ``turn_prompts.py`` (the turn
menu, building, the shortage), ``army_prompts.py`` (recruiting, moving, attacking,
exchanging, disbanding), ``fleet_prompts.py`` and ``warship_prompts.py`` (fishing boats,
voyages, port-to-port transfers; warships, transporters, construction ships), and the
other rules modules' own; the order of play is ``phases.py``.
"""

from __future__ import annotations

from engine.core.flow import Flow
from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.content import BUILDINGS, UNITS
from engine.games.sixcontinents.state import SixState

FLOW: Flow[SixState] = Flow()


def colour(role: str) -> str:
    """"Red", "Blue", "Green"."""
    return role.title()


def place(province: str) -> str:
    return PROVINCES[province].name


def building_name(building: str) -> str:
    return BUILDINGS[building].name


def counted(count: int, name: str) -> str:
    """"1 farm", "2 farms", "3 manufactories", "2 bunkers"."""
    if count == 1 or name.endswith("s"):
        return f"{count} {name}"
    if name.endswith("y"):
        return f"{count} {name[:-1]}ies"
    return f"{count} {name}s"


def units_text(kind: str, count: int) -> str:
    """"1 Infantry", "3 Cavalry" (the rule book's unit names have no plural)."""
    return f"{count} {UNITS[kind].name}"
