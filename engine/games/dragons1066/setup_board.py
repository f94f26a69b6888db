"""The set-up: every land to its home kingdom, the starting armies, the seats."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.dragons1066.data import KINGDOMS, LANDS, TABLES, starting_units
from engine.games.dragons1066.state import DragonsOptions, DragonsState, Piece


def new_state(game_id: str, seed: str, players: int, options: DragonsOptions) -> DragonsState:
    """A fresh game: Red to attack in year 1 (turn order Red, Gold, Blue, Silver)."""
    table = TABLES[players]
    control = {k: seat.id for seat in table.seats for k in seat.kingdoms}
    state = DragonsState(
        game=game_id, rng=Rng(seed=seed), players=players,
        roles=[seat.id for seat in table.seats], options=options,
        kingdom=next(iter(KINGDOMS)), control=control,
        owners={land.id: land.home for land in LANDS.values()},
        gold=dict.fromkeys(KINGDOMS, 0), bought=dict.fromkeys(KINGDOMS, 0),
        lost=dict.fromkeys(KINGDOMS, 0), initial=dict.fromkeys(KINGDOMS, 0),
    )
    for kingdom in KINGDOMS:
        for placed in starting_units(kingdom, players):
            for _ in range(placed.count):
                add_piece(state, placed.unit, kingdom, placed.zone)
        state.initial[kingdom] = sum(1 for p in state.pieces if p.owner == kingdom)
    return state


def add_piece(state: DragonsState, kind: str, owner: str, zone: str, new: bool = False) -> Piece:
    piece = Piece(id=state.next_piece, kind=kind, owner=owner, zone=zone, new=new,
                  moved=new, stopped=new)
    state.next_piece += 1
    state.pieces.append(piece)
    return piece
