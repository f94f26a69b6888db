"""What the rules read and change about a realm: provinces held, currency paid and received,
soldiers counted, added and lost, capitals and connections.

Every change of currency goes through :func:`pay` and :func:`receive`, and every soldier
added or lost through :func:`add_units` and :func:`lose_soldiers`, so the invariants can
account for both.
"""

from __future__ import annotations

from collections import deque

from engine.games.sixcontinents.board import ADJACENT, PROVINCES
from engine.games.sixcontinents.content import BATTLE, UNITS
from engine.games.sixcontinents.navy import fleet_of, open_ports
from engine.games.sixcontinents.state import SixState, Unit


def held(state: SixState, role: str) -> list[str]:
    """The provinces ``role`` holds (owns and nobody occupies, or occupies), in map order;
    worked out once while no province changes hands (``SixState.holdings``)."""
    memo = state.holdings.held
    found = memo.get(role)
    if found is None:
        found = memo[role] = holding(state, role)
    return list(found)


def holding(state: SixState, role: str) -> tuple[str, ...]:
    """``held`` worked out from the lands (the holder spelled out: it runs on every prompt
    a province changed hands before)."""
    return tuple(p for p, land in state.provinces.items()
                 if (land.occupier or land.owner) == role)


def units_of(state: SixState, role: str, province: str | None = None) -> list[Unit]:
    return [u for u in state.units if u.owner == role
            and (province is None or u.province == province)]


def units_in(state: SixState, province: str) -> list[Unit]:
    return [u for u in state.units if u.province == province]


def soldiers(units: list[Unit]) -> int:
    """The combat value of ``units`` (General rule 8)."""
    return sum(UNITS[u.kind].soldiers for u in units)


def capital_of(state: SixState, province: str) -> str:
    """The role whose capital ``province`` is (the marker chosen at the start), or ""."""
    for role, realm in state.realms.items():
        if realm.capital == province:
            return role
    return ""


def is_capital(state: SixState, province: str) -> bool:
    return capital_of(state, province) != ""


def three(state: SixState) -> bool:
    """The Rules for 3 players apply."""
    return state.players == 3


def pay(state: SixState, role: str, amount: int) -> None:
    if amount < 0 or amount > state.realms[role].currency:
        raise ValueError(f"{role} cannot pay {amount}")
    realm = state.realms[role]
    realm.currency -= amount
    realm.paid += amount


def receive(state: SixState, role: str, amount: int) -> None:
    if amount < 0:
        raise ValueError("a negative income")
    realm = state.realms[role]
    realm.currency += amount
    realm.received += amount


def add_units(state: SixState, role: str, kind: str, province: str, count: int = 1,
              fresh: bool = True) -> list[Unit]:
    """New units of ``role`` (recruited: counted as raised)."""
    made = []
    for _ in range(count):
        unit = Unit(id=state.next_unit, kind=kind, owner=role, province=province, fresh=fresh)
        state.next_unit += 1
        state.units.append(unit)
        made.append(unit)
    state.realms[role].raised += UNITS[kind].soldiers * count
    return made


def break_unit(state: SixState, unit: Unit) -> list[Unit]:
    """``unit`` broken into the units it breaks into, in its place (the soldiers lost by a
    caravan's horse are counted as lost); returns the parts."""
    parts = []
    for kind in UNITS[unit.kind].breaks_into:
        part = Unit(id=state.next_unit, kind=kind, owner=unit.owner, province=unit.province,
                    used=unit.used, fresh=unit.fresh)
        state.next_unit += 1
        parts.append(part)
    state.units.remove(unit)
    state.units.extend(parts)
    if unit.owner in state.realms:
        state.realms[unit.owner].lost += UNITS[unit.kind].soldiers - sum(
            UNITS[p.kind].soldiers for p in parts)
        unharness(state, unit)
    return parts


def horse(kind: str) -> int:
    """The soldiers of the horse pulling a unit formed of others (a caravan: 9 - 6 = 3)."""
    parts = UNITS[kind].formed_from
    return sum(UNITS[p].soldiers for p in parts) - UNITS[kind].soldiers if parts else 0


def unharness(state: SixState, unit: Unit) -> None:
    """A caravan broken or disbanded: its horse disappears with it (Army 6)."""
    extra = horse(unit.kind)
    realm = state.realms[unit.owner]
    realm.harnessed -= extra
    realm.lost += extra


def lose_one(state: SixState, units: list[Unit]) -> Unit | None:
    """One soldier of ``units`` dies (Land Battles): the smallest unit goes, or, with no
    infantry, the smallest bigger unit breaks into smaller ones and one of those goes
    (a horse losing one becomes 2 infantry). ``units`` is updated in place; the unit
    removed is returned (None if there was nobody)."""
    while units:
        smallest = min(units, key=lambda u: (UNITS[u.kind].soldiers, u.id))
        if UNITS[smallest.kind].soldiers == 1 or not UNITS[smallest.kind].breaks_into:
            units.remove(smallest)
            state.units.remove(smallest)
            if smallest.owner in state.realms:  # neutral units belong to no realm
                state.realms[smallest.owner].lost += UNITS[smallest.kind].soldiers
            return smallest
        units.remove(smallest)
        units.extend(break_unit(state, smallest))
    return None


def lose_soldiers(state: SixState, role: str, count: int,
                  provinces: list[str] | None = None) -> int:
    """``count`` soldiers of ``role`` die (hunger, encirclement), one at a time from the
    province with the most soldiers (of ``provinces`` if given); returns how many died."""
    dead = 0
    for _ in range(count):
        groups: dict[str, list[Unit]] = {}
        for unit in state.units:
            if unit.owner == role and (provinces is None or unit.province in provinces):
                groups.setdefault(unit.province, []).append(unit)
        if not groups:
            break
        where = max(sorted(groups), key=lambda p: soldiers(groups[p]))
        lose_one(state, groups[where])
        dead += 1
    return dead


def disband(state: SixState, unit: Unit) -> None:
    state.units.remove(unit)
    state.realms[unit.owner].lost += UNITS[unit.kind].soldiers
    unharness(state, unit)


def connected_provinces(state: SixState, role: str) -> set[str]:
    """The provinces of ``role`` connected to his seat (Modifiers 6, Buildings): a chain of
    his provinces from the seat, and with it every group of his provinces holding a port of
    his, when the seat's group has a port or the seat is on the coast. A blockaded port
    connects nothing."""
    seat = state.realms[role].seat if role in state.realms else ""
    if not seat:
        return set()
    mine = set(held(state, role))
    groups: list[set[str]] = []
    left = set(mine)
    while left:
        start = min(left)
        group = {start}
        queue = deque([start])
        while queue:
            for there in ADJACENT[queue.popleft()]:
                if there in mine and there not in group:
                    group.add(there)
                    queue.append(there)
        left -= group
        groups.append(group)
    home = next((g for g in groups if seat in g), {seat})
    reached = set(home)
    ports = set(open_ports(state, role))  # a blockaded port connects nothing (Sea battles)
    if PROVINCES[seat].coastal or home & ports:
        for group in groups:
            if group & ports:
                reached |= group
    return reached


def alive(state: SixState, role: str) -> bool:
    """Holds a province, or has units on the map or at sea (on a voyage or a
    transporter)."""
    return bool(held(state, role)) or bool(units_of(state, role)) or any(
        v.owner == role for v in state.voyages) or any(
        s.cargo for s in fleet_of(state, role))


def recruit_limit(state: SixState, role: str) -> int:
    """Soldiers ``role`` may still recruit this turn (Army 9: 2 per province held)."""
    per = BATTLE.army.recruits_per_province
    return max(0, per * len(held(state, role)) - state.realms[role].recruited)

