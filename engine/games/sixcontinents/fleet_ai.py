"""The automatic player's fleet (used by ``ai.greedy``): it reads the state and never
changes it.

* **Build** warships with money to spare (a cruiser with 38, else a frigate with 13), until
  its fleet is stronger than any other player's, up to 12 soldiers; launched on the sea
  zone nearest an enemy port.
* **Attack** an enemy fleet next to its own when the fleet has more soldiers, and at least
  half again as many, withdrawing when down to a quarter.
* **Sail** warships onto a neighbouring zone where another player's transporter sails
  unescorted (it sinks), else toward the nearest sea zone off an enemy port, to blockade
  it, never onto a zone next to an enemy fleet as strong as its own; a fleet blockading a
  port stays there.
* Transporters and construction ships are left to human players.
"""

from __future__ import annotations

from collections import deque

from engine.games.sixcontinents.board import PROVINCES, SEA_ADJACENT, SEAS
from engine.games.sixcontinents.content import price
from engine.games.sixcontinents.fleet import (
    attack_targets_at_sea,
    buildable_ships,
    fleet_moves,
    fleet_sites,
    sailing_groups,
)
from engine.games.sixcontinents.navy import enemy_warships, fleet_of, strength, warships
from engine.games.sixcontinents.state import SixState

Plan = dict[str, str]
MOST = 12  # the fleet's soldiers the automatic player stops building at
SPARE = 8  # currency kept after buying a warship


def target_zones(state: SixState, role: str) -> set[str]:
    """Sea zones off a port another player holds."""
    return {z for p, land in state.provinces.items()
            if land.port and land.holder not in ("", role) for z in PROVINCES[p].seas}


def distances(goals: set[str]) -> dict[str, int]:
    """Sea zone -> steps to the nearest of ``goals``."""
    found = {z: 0 for z in goals}
    queue = deque(sorted(goals))
    while queue:
        zone = queue.popleft()
        for there in sorted(SEA_ADJACENT[zone]):
            if there not in found:
                found[there] = found[zone] + 1
                queue.append(there)
    return found


def strongest_rival(state: SixState, role: str) -> int:
    others = {s.owner for s in fleet_of(state)} - {role}
    return max((strength(fleet_of(state, o)) for o in others), default=0)


def warship_plan(state: SixState, role: str) -> Plan | None:
    kinds = buildable_ships(state, role)
    mine = strength(fleet_of(state, role))
    currency = state.realms[role].currency
    if not kinds or mine >= MOST or (mine and mine > strongest_rival(state, role)):
        return None
    goals = target_zones(state, role)
    if not goals:
        return None  # no enemy port to blockade
    if "cruiser" in kinds and currency >= price("cruiser") + SPARE:
        kind = "cruiser"
    elif "frigate" in kinds and currency >= price("frigate") + SPARE:
        kind = "frigate"
    else:
        return None
    far = distances(goals)
    zone = min(fleet_sites(state, role), key=lambda z: (far.get(z, len(SEAS)), z))
    return {"kind": kind, "zone": zone}


def sea_attack_plan(state: SixState, role: str) -> Plan | None:
    best: tuple[int, Plan] | None = None
    for zone in sorted({s.zone for s in fleet_of(state, role)}):
        groups = sailing_groups(state, role, zone)
        key = "all" if "all" in groups else next(iter(groups), "")
        if not key:
            continue
        mine = strength(warships(groups[key]))
        for target in attack_targets_at_sea(state, role, zone, groups[key]):
            theirs = strength(enemy_warships(state, role, target))
            if mine < max(theirs + 1, 1.5 * theirs):
                continue
            withdraw = mine // 4 if 0 < mine // 4 < mine else 0
            plan = {"from": zone, "ships": key, "to": target, "withdraw": str(withdraw)}
            if best is None or mine - theirs > best[0]:
                best = (mine - theirs, plan)
    return best[1] if best else None


def prey_plan(state: SixState, role: str) -> Plan | None:
    """A warship group next to another player's unescorted transporter sails onto it."""
    for zone, groups in sorted(fleet_moves(state, role).items()):
        for key, targets in sorted(groups.items()):
            if not warships(sailing_groups(state, role, zone)[key]):
                continue
            for target in targets:
                if any(s.owner != role for s in fleet_of(state, zone=target)):
                    return {"from": zone, "ships": key, "to": target}
    return None


def fleet_move_plan(state: SixState, role: str) -> Plan | None:
    """A warship group sinking an unescorted transporter, else the first one that gets
    nearer an enemy port by sailing."""
    prey = prey_plan(state, role)
    if prey:
        return prey
    goals = target_zones(state, role)
    if not goals:
        return None
    far = distances(goals)
    for zone, groups in sorted(fleet_moves(state, role).items()):
        if far.get(zone, 0) == 0:
            continue  # blockading already
        for key, targets in sorted(groups.items()):
            group = sailing_groups(state, role, zone)[key]
            if not warships(group) or len(warships(group)) != len(group):
                continue
            nearer = [t for t in targets if far.get(t, len(SEAS)) < far.get(zone, len(SEAS))
                      and strength(group) > strongest_near(state, role, t)]
            if nearer:
                return {"from": zone, "ships": key, "to": nearer[0]}
    return None


def strongest_near(state: SixState, role: str, zone: str) -> int:
    """The strongest enemy fleet on a zone next to ``zone`` (it could attack there)."""
    return max((strength(enemy_warships(state, role, z)) for z in SEA_ADJACENT[zone]),
               default=0)
