"""The Reinforce phase, as the rule book says.

- Collect one Gold per Land you own, and one extra Gold for each Great City you own.
- Buy and place new units: one new unit in a Land per Castle there; any number in a Land
  with a Fortress. Sea units may be placed in a Sea next to a Land with a Castle or
  Fortress; the Sea must be unoccupied by enemies, and the unit counts toward that Land's
  limit. You cannot save Gold between turns.
- Move any land or sea units that have not moved yet, and any air units (a second full
  move); air units must land in a friendly land (see docs: one that cannot is lost).
"""

from __future__ import annotations

from engine.games.dragons1066.board import friendly_land
from engine.games.dragons1066.data import LANDS, UNITS
from engine.games.dragons1066.flow import kingdom_name, units_text, zone_name
from engine.games.dragons1066.market import Placed, market
from engine.games.dragons1066.setup_board import add_piece
from engine.games.dragons1066.state import DragonsState


def collect_gold(state: DragonsState) -> None:
    lands = [z for z, owner in state.owners.items() if owner == state.kingdom]
    cities = [z for z in lands if LANDS[z].great_city]
    state.gold[state.kingdom] = len(lands) + len(cities)
    state.say(f"{kingdom_name(state.kingdom)} collects {state.gold[state.kingdom]} Gold "
              f"({len(lands)} lands, {len(cities)} Great Cit{'y' if len(cities) == 1 else 'ies'}).")


def room(state: DragonsState, land: str, placed: Placed | None = None) -> int:
    """New units the acting kingdom may still place in ``land`` this turn (a Fortress: no
    limit, given as a number larger than any purchase). ``placed``: the placements counted
    so far, when not the state's (a purchase being planned)."""
    return market(state, placed).room(land)


def placements(state: DragonsState, kind: str, placed: Placed | None = None) -> list[str]:
    """Zones where a new ``kind`` may be placed now."""
    return list(market(state, placed).placements(kind))


def charged_land(state: DragonsState, zone: str, placed: Placed | None = None) -> str:
    """The land whose limit a placement counts toward: the land itself, or for a sea the
    bordering Fortress, else the first bordering land with room (the map's order)."""
    return market(state, placed).charged_land(zone)


def affordable(state: DragonsState, gold: int | None = None,
               placed: Placed | None = None) -> list[str]:
    """The unit kinds the acting kingdom may buy and place now (or with ``gold`` left and
    ``placed`` counted, while a purchase is planned)."""
    gold = state.gold[state.kingdom] if gold is None else gold
    return list(market(state, placed).affordable(gold))


def buy(state: DragonsState, kind: str, zone: str, role: str, say: bool = True) -> None:
    land = charged_land(state, zone)
    state.placed[land] = state.placed.get(land, 0) + 1
    state.gold[state.kingdom] -= UNITS[kind].cost
    state.bought[state.kingdom] += 1
    add_piece(state, kind, state.kingdom, zone, new=True)
    if say:
        state.say(f"{kingdom_name(state.kingdom)} buys {units_text(kind, 1)} in "
                  f"{zone_name(zone)}.", role=role)


def refresh_fliers(state: DragonsState) -> None:
    """"Air units get a second full move in the Reinforce phase" (retreated ones too)."""
    for piece in state.pieces:
        if piece.owner == state.kingdom and UNITS[piece.kind].domain == "air":
            piece.used, piece.stopped, piece.retreated = 0, False, False


def stranded(state: DragonsState) -> list[str]:
    """Air units of the acting kingdom that would end the turn outside a friendly land."""
    return sorted({p.zone for p in state.pieces if p.owner == state.kingdom
                   and UNITS[p.kind].domain == "air" and not friendly_land(state, p.zone,
                                                                         p.owner)})


def end_turn(state: DragonsState) -> None:
    """Air units outside a friendly land are lost; unspent Gold is lost; flags reset."""
    lost = set(stranded(state))
    for piece in list(state.pieces):
        if piece.owner == state.kingdom and piece.zone in lost and \
                UNITS[piece.kind].domain == "air":
            state.pieces.remove(piece)
            state.lost[piece.owner] += 1
            state.say(f"{kingdom_name(piece.owner)}'s {UNITS[piece.kind].name} finds no "
                      f"friendly land from {zone_name(piece.zone)} and is lost.")
    if state.gold[state.kingdom]:
        state.say(f"{kingdom_name(state.kingdom)}'s {state.gold[state.kingdom]} unspent Gold "
                  "is lost.")
    state.gold[state.kingdom] = 0
    state.placed = {}
    state.best_first = False
    for piece in state.pieces:
        if piece.used or piece.moved or piece.stopped or piece.attacking or piece.carried \
                or piece.new or piece.retreated or piece.via:  # (most units are unflagged)
            piece.used = 0
            piece.moved = piece.stopped = piece.attacking = piece.carried = False
            piece.new = piece.retreated = False
            piece.via = 0
