"""Where units may go, as the acting kingdom sees the map: the index every question reads.

A :class:`Situation` indexes the map once for the acting kingdom (who stands where, which
zones hold enemies, which lands are enemy and friendly, the battles) and keeps what is worked
out from it (each zone's movable groups, a Galleon's transports, the suggested march); a
:class:`MapReach` keeps what any unit may reach on one map, shared by every Situation on an
equal map. Where a unit may go on it is ``reach.py``; the rules of moving that read them are
in ``movement.py``.
"""

from __future__ import annotations

from operator import attrgetter, is_
from typing import Any, NamedTuple

from engine.games.dragons1066.data import (
    ALLIANCE_OF,
)
from engine.games.dragons1066.state import DragonsState, Piece

# how many times each unit's fields were written (Piece.writes)
_WRITES = attrgetter("writes")
# How many states' Situations are kept: the bot plays many games at once, one action of each
# in turn, and the service keeps the parsed states of 256 games (``bot/service/core.py``). Each
# keeps its state alive, so an id in _KEPT is never another state's; the oldest goes first.
KEEP = 256


class Situation:
    """The map as the acting kingdom sees it, indexed once and read by every question asked
    on it (prompts ask about every unit and zone, and scanning every unit each time was
    most of a game's time).

    What it works out (where a unit may go, which units may board a Galleon, where a
    Galleon may drop one) is kept with it. ``Situation(state)`` gives the Situation made
    last for this very state object when nothing it reads has changed since (the acting
    kingdom, the phase, the battles, who owns each land, the units and, for each, how many
    times its fields were written: ``Piece.writes``), else a new one: a random playout asks
    most of its questions (menus, "back") with the map unchanged. A Situation is read,
    never changed, by its callers, and the state must not change while one is in use:
    ``move`` reads its destinations before it moves anything."""

    _read: object | None  # the Reading it was last checked in

    def __new__(cls, state: DragonsState) -> Situation:
        key = id(state)
        if key in _MOVING:  # units are moved on a private Situation: nothing is kept now
            return cls._unkept(state)
        kept = _KEPT.get(key)
        read = _READING.get(key)
        if kept is not None:
            if read is not None and kept._read is read:
                return kept  # checked already while the state is only read (Reading)
            if kept.fits(state):
                kept._read = read
                return kept
            made = kept._caught_up(state)
            if made is not None:
                made._read = read
                _KEPT[key] = made
                return made
        made = super().__new__(cls)
        made._index(state)
        made._read = read
        if len(_KEPT) >= KEEP:
            del _KEPT[next(iter(_KEPT))]
        _KEPT[key] = made
        return made

    def _index(self, state: DragonsState) -> None:
        self.state = state
        self.kingdom = state.kingdom
        self._phase = state.phase
        alliance = self.alliance = ALLIANCE_OF[state.kingdom]
        self.attack = state.phase == "attack"
        pieces = state.pieces
        # what it is made from, to tell whether it still fits the state
        self._battles = list(state.battles)
        self._owners = dict(state.owners)
        self.owners_key = tuple(state.owners.items())  # a key of who owns what (market.py)
        self._pieces = list(pieces)
        self._zones = [piece.zone for piece in pieces]  # where each unit stood
        self._holders = [piece.owner for piece in pieces]  # and whose it was
        try:
            self._writes = list(map(_WRITES, pieces))
        except AttributeError:  # a unit just made, or loaded: none written yet
            for piece in pieces:
                if not hasattr(piece, "writes"):
                    object.__setattr__(piece, "writes", 0)  # not a field: nothing changes
            self._writes = list(map(_WRITES, pieces))
        by_zone: dict[str, list[Piece]] = {}
        enemy_zones: set[str] = set()
        # every zone an enemy kingdom in the game has a unit in, retreated ones too (where
        # no new sea unit is placed: ``market.py``)
        foes = {kingdom for kingdom in state.control if ALLIANCE_OF[kingdom] != alliance}
        foe_zones: set[str] = set()
        for piece in pieces:
            zone = piece.zone
            here = by_zone.get(zone)
            if here is None:
                by_zone[zone] = [piece]
            else:
                here.append(piece)
            if ALLIANCE_OF[piece.owner] != alliance:
                if not piece.retreated:
                    enemy_zones.add(zone)
                if piece.owner in foes:
                    foe_zones.add(zone)
        self.by_zone = by_zone
        self.enemy_zones = enemy_zones
        self.foe_zones = frozenset(foe_zones)
        # the lands an enemy kingdom owns (every land is always owned)
        enemy_lands: set[str] = set()
        friendly_lands: set[str] = set()
        for land, owner in state.owners.items():
            (friendly_lands if ALLIANCE_OF[owner] == alliance else enemy_lands).add(land)
        self.enemy_lands = enemy_lands
        self.friendly_lands = friendly_lands
        self.battles = set(state.battles)
        # where units may go depends only on these: shared by every Situation alike
        self.map = map_of(self.attack, frozenset(enemy_zones), frozenset(self.battles),
                          frozenset(enemy_lands), frozenset(friendly_lands))
        # worked out on this index when first asked, by ``reach.py`` (each zone's movable
        # groups, the zones with a unit that may move) and ``movement.py`` (who may board a
        # Galleon in a land, where each Galleon may drop one, the seas it may carry from)
        self.groups: dict[str, dict[str, list[Piece]]] = {}
        self.movable: list[str] | None = None
        self.passengers: dict[str, dict[str, Piece]] = {}
        self.sea_carries: dict[str, list[Carry]] = {}
        self.carrying_seas: list[str] | None = None
        # the suggested march from here (``suggest.suggested_march``), once worked out
        self.march: list[tuple[str, str, list[Piece]]] | None = None

    def fits(self, state: DragonsState) -> bool:
        """Nothing this Situation read of ``state`` has changed since it was made."""
        pieces = state.pieces
        return (self.state is state and state.kingdom == self.kingdom
                and state.phase == self._phase and state.battles == self._battles
                and state.owners == self._owners
                # the very same units (is, not ==), none written since
                and len(pieces) == len(self._pieces) and all(map(is_, pieces, self._pieces))
                and list(map(_WRITES, pieces)) == self._writes)

    def _caught_up(self, state: DragonsState) -> Situation | None:
        """A new Situation for ``state`` made from this one when what changed since is only
        fields of the acting alliance's units (its moves: no zone's enemies, battles or
        owner changed, so the map is the same): the zones those units left or entered are
        indexed again, and what was worked out for the other zones is kept. None when
        anything else changed."""
        pieces = state.pieces
        if not (self.state is state and state.kingdom == self.kingdom
                and state.phase == self._phase and state.battles == self._battles
                and state.owners == self._owners
                and len(pieces) == len(self._pieces) and all(map(is_, pieces, self._pieces))):
            return None
        writes = list(map(_WRITES, pieces))
        old = self._writes
        changed = [n for n in range(len(pieces)) if writes[n] != old[n]]
        alliance = self.alliance
        holders = self._holders
        if any(ALLIANCE_OF[pieces[n].owner] != alliance or pieces[n].owner != holders[n]
               for n in changed):
            return None  # an enemy unit's fields: where enemies stand may have changed
        zones = self._zones
        touched = {zones[n] for n in changed} | {pieces[n].zone for n in changed}
        made = super().__new__(type(self))
        made.__dict__.update(self.__dict__)
        made._writes = writes
        made._zones = [piece.zone for piece in pieces]
        # the touched zones' units in the state's order, as an index made anew lists them
        fresh: dict[str, list[Piece]] = {zone: [] for zone in touched}
        for piece in pieces:
            here = fresh.get(piece.zone)
            if here is not None:
                here.append(piece)
        by_zone = made.by_zone = dict(self.by_zone)
        groups = made.groups = dict(self.groups)
        for zone, here in fresh.items():
            if here:
                by_zone[zone] = here
            else:
                by_zone.pop(zone, None)
            groups.pop(zone, None)
        made.movable = None
        made.passengers = {}
        made.sea_carries = {}
        made.carrying_seas = None
        made.march = None
        return made

    def enemy_occupied(self, zone: str) -> bool:
        return zone in self.enemy_zones

    def enemy_owned(self, zone: str) -> bool:
        return zone in self.enemy_lands

    def friendly_land(self, zone: str) -> bool:
        return zone in self.friendly_lands

    def pieces(self, zone: str) -> list[Piece]:
        return self.by_zone.get(zone, [])

    @classmethod
    def _unkept(cls, state: DragonsState) -> Situation:
        made = super().__new__(cls)
        made._index(state)
        made._read = None
        return made

    def private_copy(self) -> Situation:
        """A copy of this Situation for a caller that moves units on it and puts them back
        (``reach.private_situation``): its own index of where units stand and of the groups
        worked out so far, nothing else kept."""
        made = super().__new__(type(self))
        made.__dict__.update(self.__dict__)
        made.by_zone = dict(self.by_zone)  # each list it changes is a new one (relocate)
        made.groups = dict(self.groups)
        made.movable = None if self.movable is None else list(self.movable)
        made.passengers = {}
        made.sea_carries = {}
        made.carrying_seas = None
        made.march = None
        made._read = None
        return made


_KEPT: dict[int, Situation] = {}  # id(state) -> the Situation made last for it
_READING: dict[int, object] = {}  # id(state) -> a token while the state is only read
_MOVING: set[int] = set()  # id(state) while units are moved on a private Situation


class Moving:
    """``with Moving(state):`` units of ``state`` are moved on a private Situation and put
    back, their write counts too (``Piece.writes``), so that the Situations made before
    still fit: ``Situation(state)`` keeps nothing made meanwhile (one made on the moved
    units and kept would later seem to fit units written as often since)."""

    def __init__(self, state: DragonsState) -> None:
        self.key = id(state)

    def __enter__(self) -> None:
        if self.key in _MOVING:
            raise RuntimeError("units are being moved on a private Situation already")
        _MOVING.add(self.key)

    def __exit__(self, *_: object) -> None:
        _MOVING.discard(self.key)


def reading(state: DragonsState) -> bool:
    """Whether ``state`` is only read now (inside :class:`Reading`): its Situation is at
    hand without any check."""
    return id(state) in _READING


class Reading:
    """``with Reading(state):`` the block only reads ``state`` (a game's prompts are
    written: asking never changes the state), so ``Situation(state)`` checks that its
    Situation still fits once, not on every call."""

    def __init__(self, state: DragonsState) -> None:
        self.key = id(state)
        self.outer = self.key in _READING

    def __enter__(self) -> None:
        if not self.outer:
            _READING[self.key] = object()

    def __exit__(self, *_: object) -> None:
        if not self.outer:
            _READING.pop(self.key, None)


class MapReach:
    """What any unit may reach on one map (the phase, the zones enemies stand in, the
    battles, which lands are enemy and which friendly), worked out once and shared by every
    Situation on an equal map, of any state: in a Reinforce phase, all of them; in an
    Attack phase, those until the next battle is made."""

    def __init__(self) -> None:
        # (kind, zone, moves left) -> destinations: units alike in these reach alike
        self.reach: dict[tuple[str, str, int], dict[str, int]] = {}
        # (kind, sea, moves left) -> the seas a Galleon may end in, with their cost
        self.seas: dict[tuple[str, str, int], dict[str, int]] = {}
        # sea -> the coasts a Galleon ending there may drop a land unit in
        self.drops: dict[str, tuple[str, ...]] = {}
        # each land's distance over land to the nearest enemy land (``suggest.py``): the
        # enemy lands are the map's
        self.front: dict[str, int] | None = None
        # (kind, zone, moves left) -> where the suggested march takes such a group from
        # there, None when it stays (``suggest.march_step``, on the distances ``front``)
        self.marches: dict[tuple[str, str, int], str | None] = {}
        # a Reinforce menu's "from → to" choices from one zone (``move_prompts.py``), by
        # the zone and what moves from it (the groups, the kingdom's land units there)
        self.sweeps: dict[tuple[str, str, tuple[tuple[str, int], ...], int], list[Any]] = {}


MapKey = tuple[bool, frozenset[str], frozenset[str], frozenset[str], frozenset[str]]
_MAPS: dict[MapKey, MapReach] = {}
# How many maps are kept (each game makes a few a turn).
MAPS_KEPT = 256


def map_of(attack: bool, enemy_zones: frozenset[str], battles: frozenset[str],
           enemy_lands: frozenset[str], friendly_lands: frozenset[str]) -> MapReach:
    key = (attack, enemy_zones, battles, enemy_lands, friendly_lands)
    found = _MAPS.get(key)
    if found is None:
        if len(_MAPS) >= MAPS_KEPT:
            del _MAPS[next(iter(_MAPS))]  # the oldest
        found = _MAPS[key] = MapReach()
    return found


class Carry(NamedTuple):
    """A Galleon's transport: the passenger's land and kind, the sea the Galleon ends in
    (where it drops) and the land the passenger is dropped in; ``cost`` the Galleon's moves."""

    galleon: Piece
    start: str
    kind: str
    sea: str
    land: str
    cost: int


