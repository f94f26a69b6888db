"""Dragons of 1066's table of prompt states on the shared turn flow (``engine.core.flow``).

The states are in ``turn_prompts.py`` (the Attack and Reinforce menus, buying), in
``move_prompts.py`` (moving units, a Galleon's transport) and ``battle_prompts.py`` (which
battle next, air retreat, the attacker's casualties); the order of play is ``phases.py``.
"""

from __future__ import annotations

from engine.core.flow import Flow
from engine.games.dragons1066.data import KINGDOMS, UNITS, ZONES
from engine.games.dragons1066.state import DragonsState

FLOW: Flow[DragonsState] = Flow()


def kingdom_name(kingdom: str) -> str:
    return KINGDOMS[kingdom].name


def units_text(kind: str, count: int) -> str:
    """"1 Legion", "3 Legions"."""
    unit = UNITS[kind]
    return f"{count} {unit.name if count == 1 else unit.plural}"


def zone_name(zone: str) -> str:
    return ZONES[zone].name
