"""The army outside battle: recruiting at the seat, exchanging units there, disbanding, and
moving (Army, Costs 3, General rules 2 and 4, Economy 2.0 1, Capital)."""

from __future__ import annotations

from engine.games.sixcontinents.board import ADJACENT
from engine.games.sixcontinents.content import UNITS
from engine.games.sixcontinents.economy import march_cost, recruit_price, weather
from engine.games.sixcontinents.flow import colour, place, units_text
from engine.games.sixcontinents.realm import (
    add_units,
    disband,
    horse,
    is_capital,
    pay,
    recruit_limit,
    three,
    units_of,
)
from engine.games.sixcontinents.state import SixState, Unit

# (merge) ``count`` units of ``part`` make one ``whole``, or (split) one ``whole`` makes them.
EXCHANGES: dict[str, tuple[str, int]] = {
    kind: (unit.breaks_into[0], len(unit.breaks_into))
    for kind, unit in UNITS.items() if unit.cost is not None and unit.breaks_into
}


# Recruiting -----------------------------------------------------------------------------


def recruitable(state: SixState, role: str) -> dict[str, int]:
    """Unit kind -> how many ``role`` may recruit now at his seat (Army 5 and 9, Capital)."""
    realm = state.realms[role]
    if not realm.seat:
        return {}
    limit = recruit_limit(state, role)
    found = {}
    for kind, unit in UNITS.items():
        if unit.cost is None or unit.capital_level > realm.level:
            continue
        most = min(realm.currency // recruit_price(state, role, kind), limit // unit.soldiers)
        if most > 0:
            found[kind] = most
    return found


def recruit(state: SixState, role: str, kind: str, count: int) -> None:
    if recruitable(state, role).get(kind, 0) < count or count < 1:
        raise ValueError(f"{role} may not recruit {count} {kind}")
    realm = state.realms[role]
    cost = recruit_price(state, role, kind) * count
    pay(state, role, cost)
    add_units(state, role, kind, realm.seat, count)
    realm.recruited += UNITS[kind].soldiers * count
    state.say(f"{colour(role)} recruits {units_text(kind, count)} in {place(realm.seat)} "
              f"for {cost}.", role=role)


# Exchanging at the seat -----------------------------------------------------------------


def exchanges(state: SixState, role: str) -> list[str]:
    """The exchanges ``role`` may make at his seat now: ``merge:<kind>`` (parts into one
    unit, which needs its capital level) and ``split:<kind>`` (Army 4 and 7)."""
    realm = state.realms[role]
    if not realm.seat:
        return []
    here = units_of(state, role, realm.seat)
    found = []
    for whole, (part, count) in EXCHANGES.items():
        if UNITS[whole].capital_level <= realm.level and \
                sum(1 for u in here if u.kind == part) >= count:
            found.append(f"merge:{whole}")
        if any(u.kind == whole for u in here):
            found.append(f"split:{whole}")
    return found


def exchange(state: SixState, role: str, how: str) -> None:
    if how not in exchanges(state, role):
        raise ValueError(f"{role} may not exchange {how}")
    verb, _, whole = how.partition(":")
    part, count = EXCHANGES[whole]
    seat = state.realms[role].seat
    here = units_of(state, role, seat)
    if verb == "merge":
        gone = sorted((u for u in here if u.kind == part), key=lambda u: (u.used, u.id))[:count]
        made = [(whole, 1)]
    else:
        gone = [min((u for u in here if u.kind == whole), key=lambda u: u.id)]
        made = [(part, count)]
    for unit in gone:
        state.units.remove(unit)
    for kind, n in made:
        for _ in range(n):
            state.units.append(Unit(id=state.next_unit, kind=kind, owner=role, province=seat,
                                    fresh=True))
            state.next_unit += 1
    before = units_text(gone[0].kind, len(gone))
    after = units_text(made[0][0], made[0][1])
    state.say(f"{colour(role)} exchanges {before} for {after} in {place(seat)}.", role=role)


# Disbanding -----------------------------------------------------------------------------


def disband_units(state: SixState, role: str, province: str, kind: str, count: int) -> None:
    """Army 8: units may be disbanded at any time, without refund."""
    mine = [u for u in units_of(state, role, province) if u.kind == kind]
    if count < 1 or count > len(mine):
        raise ValueError(f"{role} has not {count} {kind} in {province}")
    for unit in sorted(mine, key=lambda u: -u.id)[:count]:
        disband(state, unit)
    state.say(f"{colour(role)} disbands {units_text(kind, count)} in {place(province)}.",
              role=role)


# Moving ---------------------------------------------------------------------------------


def movement(state: SixState, unit: Unit) -> int:
    """A unit's movement points this turn (the frost adds one; a caravan with three)."""
    info = UNITS[unit.kind]
    points = info.movement_three_players if three(state) and info.movement_three_players \
        else info.movement
    return points + weather(state).extra_movement


def points_left(state: SixState, unit: Unit) -> int:
    return 0 if unit.fresh else max(0, movement(state, unit) - unit.used)


def movable(state: SixState, role: str, province: str) -> dict[str, list[Unit]]:
    """Groups of ``role``'s units in ``province`` that may still move, by ``kind.points``."""
    groups: dict[str, list[Unit]] = {}
    for unit in sorted(units_of(state, role, province), key=lambda u: u.id):
        left = points_left(state, unit)
        if left > 0:
            groups.setdefault(f"{unit.kind}.{left}", []).append(unit)
    return groups


def free_march(state: SixState, start: str) -> bool:
    """Marching out of a province with a road, or out of a capital (its "basic developed
    infrastructure"), costs nothing (Economy 2.0 1, Capital)."""
    return state.provinces[start].road or is_capital(state, start)


def step_cost(state: SixState, start: str, soldiers: int) -> int:
    return 0 if free_march(state, start) else soldiers * march_cost(state)


def enemy_held(state: SixState, role: str, province: str) -> bool:
    return state.provinces[province].holder not in ("", role)


def destinations(state: SixState, role: str, start: str) -> list[str]:
    """Where units of ``role`` may step from ``start``: an adjacent province that is his
    or nobody's (entering another player's province is an attack)."""
    return sorted(p for p in ADJACENT[start] if not enemy_held(state, role, p))


def move(state: SixState, role: str, start: str, group: str, count: int, to: str) -> None:
    units = movable(state, role, start).get(group, [])
    if count < 1 or count > len(units) or to not in destinations(state, role, start):
        raise ValueError(f"{role} may not move {count} {group} from {start} to {to}")
    march(state, role, start, units[:count], to)


def sweep(state: SixState, role: str, start: str) -> list[Unit]:
    """The units a "from → to" move takes out of ``start``: every one with a movement point
    left, group by group (``movable``), as many as ``role`` can pay the march for."""
    money = state.realms[role].currency
    going: list[Unit] = []
    for units in movable(state, role, start).values():
        for unit in units:
            more = sum(UNITS[u.kind].soldiers for u in going) + UNITS[unit.kind].soldiers
            if step_cost(state, start, more) > money:
                return going
            going.append(unit)
    return going


def move_all(state: SixState, role: str, start: str, to: str) -> None:
    """A "from → to" move: every unit of ``sweep`` steps from ``start`` to ``to``."""
    going = sweep(state, role, start)
    if not going or to not in destinations(state, role, start):
        raise ValueError(f"{role} may not move from {start} to {to}")
    march(state, role, start, going, to)


def forces_text(units: list[Unit]) -> str:
    """"2 Infantry, 1 Cavalry" (kinds in the order met)."""
    counts: dict[str, int] = {}
    for unit in units:
        counts[unit.kind] = counts.get(unit.kind, 0) + 1
    return ", ".join(units_text(kind, n) for kind, n in counts.items())


def march(state: SixState, role: str, start: str, moving: list[Unit], to: str) -> None:
    """``moving`` (units of ``role`` in ``start`` with a point left) step to ``to``, paying
    the march."""
    soldiers = sum(UNITS[u.kind].soldiers for u in moving)
    cost = step_cost(state, start, soldiers)
    pay(state, role, cost)
    for unit in moving:
        unit.province = to
        unit.used += 1
    land = state.provinces[to]
    taken = not land.owner
    if taken:
        land.owner = role
    state.say(f"{colour(role)} moves {forces_text(moving)} from {place(start)} to "
              f"{place(to)}" + (f" for {cost}" if cost else "")
              + (" and takes it." if taken else "."), role=role)


# Caravans ------------------------------------------------------------------------------

CARAVAN = next(kind for kind, unit in UNITS.items() if unit.formed_from)
HORSE, CANNON = UNITS[CARAVAN].formed_from
HITCH = UNITS[CARAVAN].form_cost_movement


def caravan_moves(state: SixState, role: str) -> list[str]:
    """``form.<province>`` where a horse with 2 movement points left stands with a cannon
    that was not bought or exchanged this turn (Army 4),
    ``unhitch.<province>`` where a caravan has 2 points left (Army 6)."""
    found = []
    for province in sorted({u.province for u in units_of(state, role)}):
        here = units_of(state, role, province)
        if any(u.kind == HORSE and points_left(state, u) >= HITCH for u in here) and \
                any(u.kind == CANNON and not u.fresh for u in here):
            found.append(f"form.{province}")
        if any(u.kind == CARAVAN and points_left(state, u) >= HITCH for u in here):
            found.append(f"unhitch.{province}")
    return found


def _replace(state: SixState, gone: list[Unit], kind: str, province: str, left: int) -> Unit:
    for unit in gone:
        state.units.remove(unit)
    unit = Unit(id=state.next_unit, kind=kind, owner=gone[0].owner, province=province)
    state.next_unit += 1
    unit.used = max(0, movement(state, unit) - left)
    state.units.append(unit)
    return unit


def caravan(state: SixState, role: str, how: str) -> None:
    """Army 6: a horse and a cannon form a caravan (the horse spends 2 movement points; the
    caravan keeps what it has left and fights as the cannon), or a caravan comes apart (2
    points again: the horse keeps the rest, the cannon has none)."""
    if how not in caravan_moves(state, role):
        raise ValueError(f"{role} may not {how}")
    verb, _, province = how.partition(".")
    here = units_of(state, role, province)
    realm = state.realms[role]
    if verb == "form":
        pulling = max((u for u in here if u.kind == HORSE),
                      key=lambda u: points_left(state, u))
        cannon = next(u for u in here if u.kind == CANNON and not u.fresh)
        _replace(state, [pulling, cannon], CARAVAN, province,
                 points_left(state, pulling) - HITCH)
        realm.harnessed += horse(CARAVAN)
        state.say(f"{colour(role)} forms a caravan in {place(province)}.", role=role)
        return
    unit = max((u for u in here if u.kind == CARAVAN), key=lambda u: points_left(state, u))
    left = points_left(state, unit) - HITCH
    _replace(state, [unit], HORSE, province, left)
    cannon = Unit(id=state.next_unit, kind=CANNON, owner=role, province=province)
    state.next_unit += 1
    cannon.used = movement(state, cannon)  # the cannon has no movement point left
    state.units.append(cannon)
    realm.harnessed -= horse(CARAVAN)
    state.say(f"{colour(role)} unhitches a caravan in {place(province)}.", role=role)
