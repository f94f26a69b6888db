"""Cheap soundness checks run after every action of random playouts."""

from __future__ import annotations

from engine.games.freedom.data import CAMP, CITY, SPACES, TRACKS
from engine.games.freedom.state import FreedomState, Occupancy
from engine.games.freedom.view import CardsView

WALL = frozenset(sid for sid, d in SPACES.items() if d.on_wall)
IN_CITY = frozenset(sid for sid, d in SPACES.items() if d.in_city)
LIMIT = {sid: d.limit for sid, d in SPACES.items()}


def check(state: FreedomState, public_cards: CardsView | None = None) -> list[str]:
    problems: list[str] = []
    pieces = TRACKS.pieces
    exp = ally = ins = civ = black = bombards = 0
    passing = None  # a unit halfway through a 2-space move may stand on a full space
    if state.stack and state.stack[-1].name == "emp_move" and state.stack[-1].data.get("must"):
        passing = state.stack[-1].data.get("at")
    for sid, s in state.spaces.items():
        d = s.__dict__
        if not (d["exp"] or d["ally"] or d["ins"] or d["civ"] or d["cannon"] or d["damage"]):
            continue
        exp += s.exp
        ally += s.ally
        ins += s.ins
        civ += s.civ
        if s.cannon:
            if s.bombard:
                bombards += 1
            else:
                black += 1
        if s.exp < 0 or s.ally < 0 or s.ins < 0 or s.civ < 0:
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
        limit = LIMIT[sid]
        if imperial > limit or s.ins > limit:
            problems.append(f"{sid}: over its limit of {limit}")
        if s.ins and sid not in IN_CITY:
            problems.append(f"{sid}: Insurgent unit outside the city and islands")
        if s.cannon and sid == CITY:
            problems.append("cannon in the City Centre")
    pool = state.pool
    totals = {
        "exp": (exp + pool["exp"], pieces.expeditionary),
        "ally": (ally + pool["ally"], pieces.allied),
        "ins": (ins + pool["ins"], pieces.insurgents),
        "civ": (civ + pool["civ"], pieces.civilians),
        "cannons": (black + state.camp_cannons + pool["cannons"], pieces.cannons),
    }
    for kind, (have, want) in totals.items():
        if have != want:
            problems.append(f"{kind}: {have} pieces instead of {want}")
        if pool[kind] < 0:
            problems.append(f"negative pool {kind}")
    if bombards + int(state.bombard_lost) != 1:
        problems.append("the Bombard is duplicated or vanished")
    for side, value in state.morale.items():
        if not 0 <= value <= TRACKS.morale.max:
            problems.append(f"{side} morale {value}")
    if state.result is None and min(state.morale.values()) <= 0:
        problems.append("a morale is 0 but the game goes on")
    problems += occupancy_problems(state)
    if public_cards is not None:
        problems += hidden_leaks(state, public_cards)
    return problems


def occupancy_problems(state: FreedomState) -> list[str]:
    """The spaces' ``Occupancy``, kept as pieces move, must be what the spaces hold, and every
    space must keep the state's own."""
    problems = []
    board = state.occupancy
    if board != Occupancy(state.spaces):
        problems.append(f"occupancy {board!r} is not the board's {Occupancy(state.spaces)!r}")
    if any(space.filed[1] is not board or space.filed[0] != sid
           for sid, space in state.spaces.items()):
        problems.append("a space keeps another occupancy than its state's")
    for key, (work, found) in list(board.memo.items()):
        if work(state) != found:
            problems.append(f"remembered {key!r} is not what the pieces give now")
    return problems


def hidden_leaks(state: FreedomState, cards: CardsView) -> list[str]:
    """Hidden cards in the spectator view. Its ``cards`` part is the only one that carries card
    ids (the board parts hold numbers and names, the log names no ids; a hand exists only in
    a player view's private part): the ids of the last card and a pending event must not be
    in a hand or a pile."""
    problems = []
    shown = [item.id for item in (cards.last_card, cards.pending_event) if item]
    for card in shown:
        if any(card in h for h in state.hands.values()) or any(
            card in d for d in state.decks.values()
        ):
            problems.append(f"hidden card {card} in the spectator view")
    return problems
