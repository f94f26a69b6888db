"""Cheap soundness checks run after every action of random playouts."""

from __future__ import annotations

import json

from engine.games.freedom.data import CAMP, CITY, SPACES, TRACKS
from engine.games.freedom.state import FreedomState


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
        sdef = SPACES[sid]
        if min(s.exp, s.ally, s.ins, s.civ) < 0:
            problems.append(f"{sid}: negative count")
        if s.civ and sid != CITY:
            problems.append(f"{sid}: civilians outside the City Centre")
        if s.bombard and s.cannon != "insurgents":
            problems.append(f"{sid}: Bombard without its cannon")
        if not sdef.on_wall and s.damage:
            problems.append(f"{sid}: damage off the wall")
        if not 0 <= s.damage <= 2:
            problems.append(f"{sid}: damage {s.damage}")
        if sid == CAMP:
            if s.ins or s.cannon:
                problems.append("Insurgent unit or cannon in the Camp")
            continue
        if s.imperial and s.ins:
            problems.append(f"{sid}: units of both sides")
        if sid == passing:
            continue
        if s.exp and s.ally:
            problems.append(f"{sid}: Expeditionary and Allied units together")
        if s.imperial > sdef.limit or s.ins > sdef.limit:
            problems.append(f"{sid}: over its limit of {sdef.limit}")
        if s.ins and not sdef.in_city:
            problems.append(f"{sid}: Insurgent unit outside the city and islands")
        if s.cannon and sdef.kind == "city centre":
            problems.append("cannon in the City Centre")
    for side, value in state.morale.items():
        if not 0 <= value <= TRACKS.morale.max:
            problems.append(f"{side} morale {value}")
    if state.result is None and not min(state.morale.values()) > 0:
        problems.append("a morale is 0 but the game goes on")
    if spectator_view is not None:
        text = json.dumps(spectator_view)
        hidden = [c for h in state.hands.values() for c in h]
        hidden += [c for d in state.decks.values() for c in d]
        for card in hidden:
            if f'"{card}"' in text:
                problems.append(f"hidden card {card} in the spectator view")
                break
    return problems
