"""Changing the pieces and tracks: the only functions that move cubes, so counts stay conserved.

Card events use these too (see flow.py). Units come from and go back to ``state.pool``
(``exp``, ``ally``, ``ins``, ``civ``, ``cannons``); limits and "never both sides in one space"
are checked by ``room``.
"""

from __future__ import annotations

from engine.core.game import Result
from engine.games.freedom.data import CAMP, CITY, SPACES, TRACKS, other, side_does
from engine.games.freedom.state import FreedomState, SpaceState

IMPERIAL = ("exp", "ally")


def side_of(kind: str) -> str:
    return "insurgents" if kind == "ins" else "empire"


def units(space: SpaceState, side: str) -> int:
    return space.ins if side == "insurgents" else space.exp + space.ally


def occupied(state: FreedomState) -> tuple[set[str], set[str]]:
    """(the spaces with Imperial units, the spaces with Insurgent units), unordered (the
    state's ``Occupancy``: no walk over the board)."""
    board = state.occupancy
    return board.imperial, board.insurgent


def room(state: FreedomState, space_id: str, kind: str) -> int:
    """How many more ``kind`` units may end their move on ``space_id`` now."""
    here = state.spaces[space_id]
    sdef = SPACES[space_id]
    if kind == "civ":
        return 99 if space_id == CITY else 0
    if space_id == CAMP:
        return 0 if kind == "ins" else 99
    if sdef.kind == "city centre":
        return 0
    # (called for every step of every move listed: the fields are read directly)
    if kind == "ins":
        if here.exp + here.ally > 0 or not sdef.in_city:
            return 0
        return max(0, sdef.limit - here.ins)
    if here.ins > 0:
        return 0
    if (here.ally if kind == "exp" else here.exp) > 0:
        return 0  # Expeditionary and Allied units never share a space
    return max(0, sdef.limit - here.exp - here.ally)


def add_units(state: FreedomState, space_id: str, kind: str, count: int) -> int:
    """Put up to ``count`` new ``kind`` units from the pool on ``space_id``; returns how many."""
    n = min(count, state.pool[kind], room(state, space_id, kind))
    if n <= 0:
        return 0
    state.pool[kind] -= n
    space = state.spaces[space_id]
    setattr(space, kind, getattr(space, kind) + n)
    return n


def remove_units(state: FreedomState, space_id: str, side: str, count: int) -> int:
    """Remove up to ``count`` units of ``side`` from ``space_id`` to the pool; returns how many.

    Imperial losses come from the Allied units first only when no Expeditionary unit is there
    (the two never share a space on the map)."""
    space = state.spaces[space_id]
    removed = 0
    kinds = ("ins",) if side == "insurgents" else IMPERIAL
    for kind in kinds:
        take = min(count - removed, getattr(space, kind))
        if take > 0:
            setattr(space, kind, getattr(space, kind) - take)
            state.pool[kind] += take
            removed += take
            if kind in IMPERIAL and state.attacked.get(space_id, 0) > space.imperial:
                state.attacked[space_id] = space.imperial
    return removed


def move_units(state: FreedomState, src: str, dst: str, kind: str, count: int = 1) -> None:
    a, b = state.spaces[src], state.spaces[dst]
    if getattr(a, kind) < count:
        raise ValueError(f"not enough {kind} units in {src}")
    setattr(a, kind, getattr(a, kind) - count)
    setattr(b, kind, getattr(b, kind) + count)
    if kind in IMPERIAL:
        spent = min(count, state.attacked.get(src, 0))  # units that attacked move first
        if spent:
            state.attacked[src] -= spent
            state.attacked[dst] = state.attacked.get(dst, 0) + spent


def imperial_kind(state: FreedomState, space_id: str) -> str:
    """The Imperial unit kind present on a space (Expeditionary when both or none)."""
    space = state.spaces[space_id]
    return "ally" if space.ally > 0 and space.exp == 0 else "exp"


def win(state: FreedomState, side: str, reason: str) -> None:
    if state.result is None:
        state.result = Result(winners=[side], reason=reason)
        state.say(f"{side_does(side, 'win')}: {reason}.")
        state.turn += 1


def change_morale(state: FreedomState, side: str, delta: int) -> None:
    """Move ``side``'s morale (0..max); at 0 the other side wins at once."""
    state.morale[side] = max(0, min(TRACKS.morale.max, state.morale[side] + delta))
    if state.morale[side] == 0:
        whose = "the Empire's" if side == "empire" else "the Insurgents'"
        win(state, other(side), f"{whose} morale fell to zero")


def gain_supplies(state: FreedomState, side: str, count: int) -> int:
    """Add (or with a negative count, spend) supplies; returns the shortfall of a spend."""
    value = state.supplies[side] + count
    short = max(0, -value)
    state.supplies[side] = max(0, min(TRACKS.limits.supplies_max, value))
    return short


def gain_money(state: FreedomState, count: int) -> int:
    value = state.money + count
    short = max(0, -value)
    state.money = max(0, min(TRACKS.limits.money_max, value))
    return short


def support_area(state: FreedomState, area_id: str, side: str) -> str:
    """One Support Area action for ``side``; returns what happened."""
    area = state.areas[area_id]
    if area.side == side:
        if area.support >= TRACKS.limits.support_max:
            return "already full"
        area.support += 1
        return "support added"
    if area.support > 0:
        area.support -= 1
        return "enemy support removed"
    area.side = "empire" if side == "empire" else "insurgents"
    return "tile turned"


def damage_wall(state: FreedomState, space_id: str, hits: int = 1) -> bool:
    """Damage a wall space; returns True when this made it destroyed."""
    space = state.spaces[space_id]
    before = space.damage
    space.damage = min(2, space.damage + hits)
    return before < 2 <= space.damage


def repair_wall(state: FreedomState, space_id: str) -> None:
    space = state.spaces[space_id]
    space.damage = max(0, space.damage - 1)


def place_cannon(state: FreedomState, space_id: str, owner: str) -> bool:
    """A cannon from the pool onto an empty cannon slot; False when none is left or taken."""
    space = state.spaces[space_id]
    if state.pool["cannons"] <= 0:
        return False
    if space_id == CAMP:
        state.pool["cannons"] -= 1
        state.camp_cannons += 1
        return True
    if space.cannon is not None or SPACES[space_id].kind == "city centre":
        return False
    state.pool["cannons"] -= 1
    space.cannon = "empire" if owner == "empire" else "insurgents"
    return True


def remove_cannon(state: FreedomState, space_id: str) -> bool:
    space = state.spaces[space_id]
    if space.cannon is None:
        return False
    if space.bombard:
        space.bombard = False
        state.bombard_lost = True
    else:
        state.pool["cannons"] += 1
    space.cannon = None
    return True


def draw_cards(state: FreedomState, role: str, count: int) -> int:
    """Draw from the current period's pile into ``role``'s hand (hidden); returns how many."""
    deck = state.decks[state.period]
    n = min(count, len(deck))
    if n <= 0:
        return 0
    state.hands[role].extend(deck[:n])
    del deck[:n]
    state.reveals += 1
    state.say(f"{side_does(role, 'draw')} {n} card{'s' if n != 1 else ''}.", role=role)
    return n


def discard_cards(state: FreedomState, role: str, card_ids: list[str]) -> None:
    for card in card_ids:
        state.hands[role].remove(card)
        state.discard.append(card)
