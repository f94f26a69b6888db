"""Cheap checks that hold after every action (random playouts run them all the time)."""

from __future__ import annotations

from collections import Counter

from engine.games.dragons1066.board import enemies, friendly_land
from engine.games.dragons1066.data import KINGDOMS, LANDS, UNITS, ZONES, alliance_of
from engine.games.dragons1066.state import DragonsState, Piece


def check_invariants(state: DragonsState) -> list[str]:
    problems: list[str] = []
    on_map = Counter(p.owner for p in state.pieces)
    for kingdom in KINGDOMS:
        expected = state.initial[kingdom] + state.bought[kingdom] - state.lost[kingdom]
        if on_map[kingdom] != expected:
            problems.append(f"{kingdom} has {on_map[kingdom]} units, not {expected} "
                            "(start + bought - lost)")
        if state.gold[kingdom] < 0:
            problems.append(f"{kingdom} has negative Gold")
    if sorted(state.owners) != sorted(LANDS) or any(o not in KINGDOMS
                                                    for o in state.owners.values()):
        problems.append("a land has no owner, or a stranger owns it")
    for land, count in state.placed.items():
        if not LANDS[land].fortress and count > LANDS[land].castles:
            problems.append(f"{count} units placed in {land} with {LANDS[land].castles} Castles")
    ids = [p.id for p in state.pieces]
    if len(ids) != len(set(ids)):
        problems.append("two units share an id")
    ground: dict[str, set[str]] = {}  # zone -> alliances with land or sea units there
    for piece in state.pieces:
        if piece.kind in UNITS and UNITS[piece.kind].domain != "air":
            ground.setdefault(piece.zone, set()).add(alliance_of(piece.owner))
    for piece in state.pieces:
        problems += piece_problems(state, piece, ground)
    return problems


def piece_problems(state: DragonsState, piece: Piece,
                   ground: dict[str, set[str]]) -> list[str]:
    unit = UNITS.get(piece.kind)
    if unit is None or piece.zone not in ZONES or piece.owner not in KINGDOMS:
        return [f"unit {piece.id} is unknown or nowhere"]
    at_sea = piece.zone not in LANDS
    if unit.domain == "land" and at_sea:
        return [f"a {piece.kind} of {piece.owner} is at sea (nobody stays aboard)"]
    if unit.domain == "sea" and not at_sea:
        return [f"a {piece.kind} of {piece.owner} is on land"]
    acting = piece.owner == state.kingdom  # mid-turn (or a turn cut short by the end)
    if unit.domain == "air" and not acting and not friendly_land(state, piece.zone,
                                                                 piece.owner):
        return [f"a {piece.kind} of {piece.owner} ended its turn outside a friendly land"]
    if state.phase == "reinforce" and unit.domain != "air" and len(ground[piece.zone]) > 1:
        return [f"enemies share {piece.zone} after the battles"]
    if piece.zone in LANDS and unit.domain == "land" and state.phase == "reinforce" and \
            enemies(piece.owner, state.owners[piece.zone]):
        return [f"a {piece.kind} of {piece.owner} stands in an enemy land after the battles"]
    return []
