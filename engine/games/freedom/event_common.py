"""What every card event shares: whose side an effect names, the zones of the card vocabulary,
the questions' space choices and refusals (see ``events.py``)."""

from __future__ import annotations

from typing import Any, Literal

from engine.core.errors import IllegalChoice
from engine.core.game import Choice, choice
from engine.games.freedom.cards import CARDS, resolve
from engine.games.freedom.data import (
    AREAS,
    CAMP,
    SPACES,
)
from engine.games.freedom.flow import push
from engine.games.freedom.state import Frame, FreedomState

AREA_ID: dict[str, str] = {a.name: a.id for a in AREAS.values()}


def side_of(who: str, role: str) -> str:
    side = resolve(who, role)
    assert side is not None
    return side


def push_run(state: FreedomState, role: str, card_id: str, effects: list[dict[str, Any]]) -> None:
    if effects:
        push(state, "ev_run", role, card=card_id, effects=effects)


# ───────────────────────────── zones ─────────────────────────────


def zone_spaces(zone: str) -> tuple[str, ...]:
    """The board spaces of a zone named in the card vocabulary (``card_effects.Zone``), in board
    order (the listing made once, shared: the no-effect checks read it on every card play)."""
    return ZONES[zone]


def _zones() -> dict[str, tuple[str, ...]]:
    def rows(lo: int, hi: int) -> list[str]:
        return [s.id for s in SPACES.values() if s.kind == "mainland" and lo <= s.row <= hi]

    groups: dict[str, list[str]] = {
        "camp": [CAMP],
        "mainland": rows(4, 8),
        "mainland_or_camp": [*rows(4, 8), CAMP],
        "row4": rows(4, 4),
        "rows4-5": rows(4, 5),
        "rows4-6": rows(4, 6),
        "rows6-8": rows(6, 8),
        "wall": [s.id for s in SPACES.values() if s.on_wall],
        "beach": [s.id for s in SPACES.values() if s.kind == "beach"],
        "city": [s.id for s in SPACES.values() if s.on_wall or s.kind == "beach"],
        "island": [s.id for s in SPACES.values() if s.kind == "island"],
        "lagoon": [s.id for s in SPACES.values() if s.kind in ("lagoon", "coast")],
        "lagoon_or_island": [
            s.id for s in SPACES.values() if s.kind in ("lagoon", "coast", "island")
        ],
        "anywhere": [s.id for s in SPACES.values() if s.kind != "city centre"],
    }
    return {zone: tuple(spaces) for zone, spaces in groups.items()}


# The board never changes: each zone's spaces are listed once, at import.
ZONES = _zones()


def units_of(state: FreedomState, space_id: str, side: str, kind: str = "any") -> int:
    here = state.spaces[space_id]
    if side == "insurgents":
        return here.ins
    if kind == "expeditionary":
        return here.exp
    if kind == "allied":
        return here.ally
    return here.exp + here.ally


def space_choices(
    spaces: list[str],
    style: Literal["primary", "secondary", "success", "danger"] = "primary",
) -> list[Choice]:
    return [choice(f"space:{s}", SPACES[s].name, "Spaces", "", style) for s in spaces]


def heading(frame: Frame) -> str:
    """The card's name, to head the questions its event asks."""
    card_id = frame.data.get("card")
    return CARDS[card_id].name if card_id in CARDS else "Event"


def check_legal(space_id: str, legal: list[str]) -> None:
    if space_id not in legal:
        refuse()


def refuse() -> None:
    raise IllegalChoice("That is not one of the choices you have right now.")
