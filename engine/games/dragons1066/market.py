"""Where the acting kingdom may place new units and what its Gold buys, worked out once per
market and shared by every question asked on it.

A :class:`Market` depends only on the acting kingdom, who owns each land, the new units
placed per land this turn, and the zones enemy units stand in (a sea unit is never placed
in one). In a Reinforce phase those change only when something is bought, while the menu
is asked again after every move: ``market(state)`` gives the Market made last for equal
inputs (of any state), so the menu's purchase checks and the suggested purchase
(``suggest.py``) are worked out once per purchase rather than on every question. A Market
is read, never changed, by its callers.
"""

from __future__ import annotations

from engine.games.dragons1066.data import ALLIANCE_OF, LANDS, SEAS, UNITS
from engine.games.dragons1066.situation import Situation, reading
from engine.games.dragons1066.state import DragonsState

Placed = dict[str, int]
# (kingdom, owners, placed, enemy-occupied zones): everything a Market reads
MarketKey = tuple[str, tuple[tuple[str, str], ...], frozenset[tuple[str, int]], frozenset[str]]

# "any number in a Land with a Fortress": given as a number larger than any purchase
FORTRESS_ROOM = 1_000


class Market:
    """The lands with room for new units (and how much), the seas a sea unit may be placed
    in, and, by the Gold left, the kinds affordable and placeable now."""

    def __init__(self, kingdom: str, owners: dict[str, str], placed: Placed,
                 foes: frozenset[str]) -> None:
        self.kingdom = kingdom
        self.placed = placed
        # the kingdom's lands with room left, in the map's order
        self.rooms: dict[str, int] = {}
        for land, info in LANDS.items():
            if owners.get(land) == kingdom:
                left = FORTRESS_ROOM if info.fortress else \
                    max(0, info.castles - placed.get(land, 0))
                if left > 0:
                    self.rooms[land] = left
        self.lands = list(self.rooms)
        # "in a Sea next to a Land with a Castle or Fortress", unoccupied by enemies
        self.seas = [sea for sea, info in SEAS.items()
                     if sea not in foes and any(land in self.rooms for land in info.coasts)]
        self._affordable: dict[int, list[str]] = {}
        # (Gold, whether the kingdom has a Galleon) -> the suggested purchase (suggest.py)
        self.plans: dict[tuple[int, bool], list[tuple[str, str]]] = {}

    def room(self, land: str) -> int:
        """New units the kingdom may still place in ``land`` (0: none, or not its land)."""
        return self.rooms.get(land, 0)

    def placements(self, kind: str) -> list[str]:
        """Zones where a new ``kind`` may be placed (read it, do not change it)."""
        return self.seas if UNITS[kind].domain == "sea" else self.lands

    def affordable(self, gold: int) -> list[str]:
        """The kinds ``gold`` buys that can be placed somewhere (read it, do not change it)."""
        known = self._affordable.get(gold)
        if known is None:
            known = self._affordable[gold] = [] if not self.rooms else [
                kind for kind, unit in UNITS.items() if unit.cost <= gold
                and (unit.domain != "sea" or self.seas)]
        return known

    def placing(self, land: str) -> Market:
        """This Market with one more new unit counted in ``land`` (a purchase being planned:
        the same as the Market of those placements, made from this one, not kept)."""
        made = Market.__new__(Market)
        made.kingdom = self.kingdom
        made.placed = {**self.placed, land: self.placed.get(land, 0) + 1}
        rooms = dict(self.rooms)
        if land in rooms and not LANDS[land].fortress:
            if rooms[land] > 1:
                rooms[land] -= 1
            else:
                del rooms[land]
        made.rooms = rooms
        made.lands = list(rooms)
        made.seas = self.seas if len(rooms) == len(self.rooms) else [
            sea for sea in self.seas if any(coast in rooms for coast in SEAS[sea].coasts)]
        made._affordable = {}
        made.plans = {}
        return made

    def charged_land(self, zone: str) -> str:
        """The land whose limit a placement counts toward: the land itself, or for a sea the
        bordering Fortress, else the first bordering land with room (the map's order)."""
        if zone in LANDS:
            return zone
        coasts = [land for land in SEAS[zone].coasts if land in self.rooms]
        return next((land for land in coasts if LANDS[land].fortress), coasts[0])


_MARKETS: dict[MarketKey, Market] = {}
# How many Markets are kept (a Reinforce phase makes one per purchase).
MARKETS_KEPT = 256


def market(state: DragonsState, placed: Placed | None = None,
           foes: frozenset[str] | None = None) -> Market:
    """The acting kingdom's Market now (``placed``: the placements counted so far, when not
    the state's: a purchase being planned; ``foes``: :func:`enemy_zones`, when the caller
    has them)."""
    done = state.placed if placed is None else placed
    if reading(state):  # its Situation is at hand, with what a key reads of the map
        sit = Situation(state)
        owners = sit.owners_key
        foes = sit.foe_zones if foes is None else foes
    else:
        owners = tuple(state.owners.items())
        foes = enemy_zones(state) if foes is None else foes
    key = (state.kingdom, owners, frozenset(done.items()), foes)
    found = _MARKETS.get(key)
    if found is None:
        if len(_MARKETS) >= MARKETS_KEPT:
            del _MARKETS[next(iter(_MARKETS))]  # the oldest
        found = _MARKETS[key] = Market(state.kingdom, state.owners, dict(done), key[3])
    return found


def enemy_zones(state: DragonsState) -> frozenset[str]:
    """The zones holding a unit of a kingdom in the game that is the acting kingdom's
    enemy (``Situation.foe_zones`` when the state's Situation is at hand)."""
    alliance = ALLIANCE_OF[state.kingdom]
    foes = {kingdom for kingdom in state.control if ALLIANCE_OF[kingdom] != alliance}
    return frozenset(p.zone for p in state.pieces if p.owner in foes)
