"""Cheap soundness checks run after every action of random playouts."""

from __future__ import annotations

import json
import re

from engine.games.freedom.data import CAMP, CITY, SPACES, TRACKS
from engine.games.freedom.state import FreedomState

WALL = frozenset(sid for sid, d in SPACES.items() if d.on_wall)
IN_CITY = frozenset(sid for sid, d in SPACES.items() if d.in_city)
LIMIT = {sid: d.limit for sid, d in SPACES.items()}
CARD_ID = re.compile(r"\b[AB]\d\d\b")


def check(state: FreedomState, spectator_view: dict[str, object] | None = None) -> list[str]:
    problems: list[str] = []
    pieces = TRACKS.pieces
    sp = state.spaces.values()
    totals = {
        "exp": (sum(s.exp for s in sp) + state.pool["exp"], pieces.expeditionary),
        "ally": (sum(s.ally for s in sp) + state.pool["ally"], pieces.allied),
        "ins": (sum(s.ins for s in sp) + state.pool["ins"], pieces.insurgents),
        "civ": (sum(s.civ for s in sp) + state.pool["civ"], pieces.civilians),
        "cannons": (sum(1 for s in sp if s.cannon and not s.bombard) + state.camp_cannons
                    + state.pool["cannons"], pieces.cannons),
    }
    for kind, (have, want) in totals.items():
        if have != want:
            problems.append(f"{kind}: {have} pieces instead of {want}")
    bombards = sum(1 for s in sp if s.bombard)
    if bombards + int(state.bombard_lost) != 1:
        problems.append("the Bombard is duplicated or vanished")
    for key, value in state.pool.items():
        if value < 0:
            problems.append(f"negative pool {key}")
    passing = None  # a unit halfway through a 2-space move may stand on a full space
    if state.stack and state.stack[-1].name == "emp_move" and state.stack[-1].data.get("must"):
        passing = state.stack[-1].data.get("at")
    for sid, s in state.spaces.items():
        if min(s.exp, s.ally, s.ins, s.civ) < 0:
            problems.append(f"{sid}: negative count")
        if s.civ and sid != CITY:
            problems.append(f"{sid}: civilians outside the City Centre")
        if s.bombard and s.cannon != "insurgents":
            problems.append(f"{sid}: Bombard without its cannon")
        if s.damage and (sid not in WALL or s.damage > 2 or s.damage < 0):
            problems.append(f"{sid}: damage {s.damage}")
        if sid == CAMP:
            if s.ins or s.cannon:
                problems.append("Insurgent unit or cannon in the Camp")
            continue
        imperial = s.exp + s.ally
        if imperial and s.ins:
            problems.append(f"{sid}: units of both sides")
        if sid == passing:
            continue
        if s.exp and s.ally:
            problems.append(f"{sid}: Expeditionary and Allied units together")
        if imperial > LIMIT[sid] or s.ins > LIMIT[sid]:
            problems.append(f"{sid}: over its limit of {LIMIT[sid]}")
        if s.ins and sid not in IN_CITY:
            problems.append(f"{sid}: Insurgent unit outside the city and islands")
        if s.cannon and sid == CITY:
            problems.append("cannon in the City Centre")
    for side, value in state.morale.items():
        if not 0 <= value <= TRACKS.morale.max:
            problems.append(f"{side} morale {value}")
    if state.result is None and not min(state.morale.values()) > 0:
        problems.append("a morale is 0 but the game goes on")
    if spectator_view is not None:
        # Only these parts of a view can carry card ids; the board parts hold numbers and names.
        if spectator_view.get("hand") is not None:
            problems.append("a hand in the spectator view")
        text = json.dumps([spectator_view.get("cards"), spectator_view.get("log")])
        hidden = {c for h in state.hands.values() for c in h}
        hidden.update(c for d in state.decks.values() for c in d)
        leaked = hidden.intersection(CARD_ID.findall(text))
        if leaked:
            problems.append(f"hidden cards {sorted(leaked)} in the spectator view")
    return problems
