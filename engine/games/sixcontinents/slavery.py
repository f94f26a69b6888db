"""Slavery (Slavery; data ``slavery.toml``): after winning a land battle against another
player, the owner of a slave camp may roll to capture enemy soldiers (20% + 5% per infantry
or artillery unit left + 15% per cavalry or caravan; d4 of fewer than 10 enemy soldiers,
d10 from 10, never more than fought); he keeps any part of them. A slave works where it
stands: 1 less upkeep for a building there with upkeep, 1 more food for a farm
(``lasting.py``); slaves move 2 provinces a turn with no march. Taken with his province, a
slave goes back to his own colour as a soldier, or works for the conqueror. After every
battle its owner loses against a player, his slaves may mutiny (``slavery_prompts.py``).
"""

from __future__ import annotations

from collections import deque

from engine.games.sixcontinents.board import ADJACENT
from engine.games.sixcontinents.flow import colour, counted, place
from engine.games.sixcontinents.realm import add_units, held
from engine.games.sixcontinents.state import SixState, Slave
from engine.games.sixcontinents.tables import SLAVERY


def camps(state: SixState, role: str) -> list[str]:
    """The provinces ``role`` holds with a slave camp."""
    return [p for p in held(state, role) if state.provinces[p].building == "slave_camp"]


def slaves_of(state: SixState, role: str, province: str | None = None) -> list[Slave]:
    return [s for s in state.slaves if s.owner == role
            and (province is None or s.province == province)]


def enslave(state: SixState, role: str, origin: str, count: int, province: str) -> None:
    """``count`` slaves taken from ``origin``'s soldiers start working for ``role`` in
    ``province`` (they move from the next turn)."""
    for _ in range(count):
        state.slaves.append(Slave(id=state.next_unit, owner=role, origin=origin,
                                  province=province, used=SLAVERY.movement))
        state.next_unit += 1


def province_taken(state: SixState, conqueror: str, province: str) -> None:
    """``conqueror`` takes ``province``: the slaves there of his own colour are his soldiers
    again; the others work for him (rebels and savages free them all)."""
    here = [s for s in state.slaves if s.province == province and s.owner != conqueror]
    if not here:
        return
    if conqueror not in state.realms:
        for slave in here:
            state.slaves.remove(slave)
        state.say(f"{counted(len(here), 'slave')} of {place(province)} go free.")
        return
    back = [s for s in here if s.origin == conqueror]
    for slave in back:
        state.slaves.remove(slave)
    if back:
        add_units(state, conqueror, "infantry", province, len(back))
        state.say(f"{counted(len(back), 'slave')} of {place(province)} take up arms for "
                  f"{colour(conqueror)} again.", role=conqueror)
    kept = [s for s in here if s.origin != conqueror]
    for slave in kept:
        slave.owner, slave.used = conqueror, SLAVERY.movement
    if kept:
        state.say(f"{counted(len(kept), 'slave')} of {place(province)} now work for "
                  f"{colour(conqueror)}.", role=conqueror)


def slave_reach(state: SixState, role: str, start: str, points: int) -> list[str]:
    """Provinces of ``role``'s own within ``points`` steps of ``start`` over his land."""
    mine = set(held(state, role))
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] >= points:
            continue
        for there in ADJACENT[here]:
            if there in mine and there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return sorted(p for p in seen if p != start)


def movable(state: SixState, role: str) -> dict[str, list[Slave]]:
    """Province -> the slaves of ``role`` there that can still move somewhere."""
    found: dict[str, list[Slave]] = {}
    for slave in slaves_of(state, role):
        if slave.used < SLAVERY.movement and \
                slave_reach(state, role, slave.province, SLAVERY.movement - slave.used):
            found.setdefault(slave.province, []).append(slave)
    return found


def move_slaves(state: SixState, role: str, start: str, to: str, count: int) -> None:
    ready = sorted(movable(state, role).get(start, []), key=lambda s: (s.used, s.id))
    ready = [s for s in ready
             if to in slave_reach(state, role, start, SLAVERY.movement - s.used)]
    if not 0 < count <= len(ready):
        raise ValueError(f"{role} cannot move {count} slaves from {start} to {to}")
    steps = distance(state, role, start, to)
    for slave in ready[:count]:
        slave.province = to
        slave.used += steps
    state.say(f"{colour(role)} sends {counted(count, 'slave')} from {place(start)} to "
              f"{place(to)}.", role=role)


def distance(state: SixState, role: str, start: str, to: str) -> int:
    for steps in range(1, SLAVERY.movement + 1):
        if to in slave_reach(state, role, start, steps):
            return steps
    raise ValueError(f"{to} is out of reach of {start}")


def kill_slave(state: SixState, role: str, province: str) -> None:
    here = slaves_of(state, role, province)
    if not here:
        raise ValueError(f"{role} has no slave in {province}")
    state.slaves.remove(here[0])
    state.say(f"{colour(role)} kills a slave in {place(province)}.", role=role)
