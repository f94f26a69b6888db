"""What the map holds now: who is where, who is an enemy, the sides of a battle and its odds.

Read-only helpers over the state, shared by the rules, the views and the automatic player.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.dragons1066.data import (
    ALLIANCE_OF,
    FORTRESSES,
    LANDS,
    SEAS,
    UNITS,
)
from engine.games.dragons1066.odds import CASTLE, Odds, battle_odds
from engine.games.dragons1066.state import DragonsState, Piece

# "Fortresses count as 5 Castles in Battle."
FORTRESS_CASTLES = 5


def enemies(kingdom: str, other: str) -> bool:
    return ALLIANCE_OF[kingdom] != ALLIANCE_OF[other]




def enemy_occupied(state: DragonsState, zone: str, kingdom: str) -> bool:
    return any(p.zone == zone and enemies(kingdom, p.owner) and not p.retreated
               for p in state.pieces)


def enemy_owned(state: DragonsState, zone: str, kingdom: str) -> bool:
    owner = state.owners.get(zone)
    return owner is not None and enemies(kingdom, owner)


def friendly_land(state: DragonsState, zone: str, kingdom: str) -> bool:
    """An Alliance-owned land (where air units may end their turn)."""
    owner = state.owners.get(zone)
    return owner is not None and not enemies(kingdom, owner)


def domain(piece: Piece) -> str:
    return UNITS[piece.kind].domain


def battle_castles(state: DragonsState, zone: str) -> int:
    """The Castles defending ``zone`` in battle (a Fortress counts as five)."""
    land = LANDS.get(zone)
    if land is None:
        return 0
    return FORTRESS_CASTLES if land.fortress else land.castles


# kind -> its die, cost and place in the unit table (see loss_key)
LOSS_KEYS: dict[str, tuple[int, int, int]] = {
    kind: (unit.die, unit.cost, n) for n, (kind, unit) in enumerate(UNITS.items())}


def loss_key(piece: Piece) -> tuple[int, int, int]:
    """Cheapest first: cost, then die, then the unit table's order (defenders lose d6, then
    d12, then d20 units: the same order, as cost follows the die)."""
    return LOSS_KEYS[piece.kind]


def attackers_in(state: DragonsState, zone: str) -> list[Piece]:
    """The units fighting on the attacker's side: they moved into the zone this turn (a
    retreated air unit no longer fights), cheapest first."""
    return sorted([p for p in state.pieces if p.zone == zone and p.attacking
                   and not p.retreated], key=loss_key)


def defenders_in(state: DragonsState, zone: str) -> list[Piece]:
    """Every enemy unit in the zone defends together, in the order they are lost."""
    alliance = ALLIANCE_OF[state.kingdom]
    return sorted([p for p in state.pieces if p.zone == zone
                   and ALLIANCE_OF[p.owner] != alliance], key=loss_key)


def sides(state: DragonsState, zone: str) -> tuple[list[Piece], list[Piece]]:
    """``attackers_in`` and ``defenders_in`` of ``zone``, from one scan of the units."""
    alliance = ALLIANCE_OF[state.kingdom]
    attackers, defenders = [], []
    for piece in state.pieces:
        if piece.zone == zone:
            if piece.attacking and not piece.retreated:
                attackers.append(piece)
            if ALLIANCE_OF[piece.owner] != alliance:
                defenders.append(piece)
    attackers.sort(key=loss_key)
    defenders.sort(key=loss_key)
    return attackers, defenders


def ungarrisoned_fortress(state: DragonsState, zone: str) -> bool:
    """A Fortress with no defending unit falls to any attacker without a roll."""
    return zone in FORTRESSES and not defenders_in(state, zone)


def defending_dice(state: DragonsState, zone: str, kingdom: str,
                   defenders: Iterable[Piece]) -> tuple[int, ...]:
    units = tuple(UNITS[p.kind].die for p in sorted(defenders, key=loss_key))
    if zone in LANDS and enemies(kingdom, state.owners[zone]):
        if ungarrisoned_fortress(state, zone) and not units:
            return ()
        return (CASTLE,) * battle_castles(state, zone) + units
    return units


def odds_of(state: DragonsState, zone: str, kingdom: str,
            joining: Iterable[Piece] = (), here: list[Piece] | None = None) -> Odds:
    """The odds of the battle in ``zone`` for ``kingdom``'s attackers there now, plus
    ``joining`` (units about to move in). ``here``: the units in ``zone`` in the state's
    order, when the caller has them indexed (``situation.Situation.pieces``)."""
    if here is None:
        here = [p for p in state.pieces if p.zone == zone]
    attackers = sorted([*(p for p in here if p.attacking and not p.retreated), *joining],
                       key=loss_key)
    alliance = ALLIANCE_OF[kingdom]
    defenders = [p for p in here if ALLIANCE_OF[p.owner] != alliance]
    attack = tuple(UNITS[p.kind].die for p in attackers)
    land = tuple(UNITS[p.kind].domain == "land" for p in attackers)
    return battle_odds(attack, defending_dice(state, zone, kingdom, defenders), land)


def odds_text(odds: Odds, land: bool) -> str:
    """"win 73%, lose 1.2 / kill 2.0" (a land battle's win needs a land unit to stand)."""
    chance = odds.conquer if land else odds.win
    word = "take" if land else "win"
    return (f"{word} {chance:.0%}, you lose {odds.attacker_losses:.1f}, "
            f"they lose {odds.defender_losses:.1f}")






def is_sea(zone: str) -> bool:
    return zone in SEAS
