"""Dragons of 1066's table of prompt states on the shared turn flow (``engine.core.flow``).

The states are in ``turn_prompts.py`` (the Attack and Reinforce menus, buying), in
``move_prompts.py`` (moving units, a Galleon's transport) and ``battle_prompts.py`` (which
battle next, air retreat, the attacker's casualties); the order of play is ``phases.py``.
"""

from __future__ import annotations

from typing import Literal

from engine.core.flow import Flow
from engine.core.game import CHOICE_ID, Choice, trusted
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


# A choice's label longer than this is clipped (``engine.core.game.Choice``'s validator).
LABEL_LIMIT = 80


def offer(id: str, label: str, group: str = "", detail: str = "",
           style: Literal["primary", "secondary", "success", "danger"] = "secondary") -> Choice:
    """``Choice(id=..., label=..., ...)`` without pydantic's validation (the menus list
    dozens of choices, made again on every question): the id is checked and the label
    clipped as ``Choice``'s validators do, every field given; equal to the validated one."""
    if not CHOICE_ID.match(id):
        raise ValueError(f"choice id {id!r} must be 1-64 chars of [A-Za-z0-9_.:+-]")
    if len(label) > LABEL_LIMIT:
        label = label[:LABEL_LIMIT - 1] + "…"
    return trusted(Choice, {"id": id, "label": label, "group": group, "detail": detail,
                            "style": style})
