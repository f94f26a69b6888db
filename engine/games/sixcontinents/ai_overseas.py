"""The automatic player's answers about overseas expeditions and slavery (``ai.py`` asks
here first; same contract: reads the state, never changes it, never rolls).

* Sends an overseas expedition (its table is worth more than its price) with 4 spare.
* Builds its free roads; takes the captain's free capital level; pays the winds when rich.
* Bids for the turncoat captain up to a third of its currency, at most 15.
* Places the tree in its seat (safest), poison where nothing is built, else pays; the
  losses and the captives' destruction where they hurt least.
* Tries every capture, keeps slaves up to two (a 15% mutiny), sends idle slaves to a farm or
  a building with upkeep; builds one slave camp when rich, and a port at capital level 2.
"""

from __future__ import annotations

from engine.games.sixcontinents.content import price
from engine.games.sixcontinents.lasting import building_upkeep, slaves_at
from engine.games.sixcontinents.overseas import (
    may_send,
    overseas_cost,
    overseas_ports,
    road_sites,
)
from engine.games.sixcontinents.overseas_prompts import bid_amounts
from engine.games.sixcontinents.realm import soldiers, units_of
from engine.games.sixcontinents.slavery import camps, movable, slave_reach, slaves_of
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.tables import SLAVERY

SPARE = 4  # currency kept after sending an overseas expedition
MAX_BID = 15
KEEP_SLAVES = 2


def wants_overseas(state: SixState, role: str) -> bool:
    return may_send(state, role) and \
        state.realms[role].currency >= overseas_cost(state, role) + SPARE


def extra_buildings(state: SixState, role: str) -> list[str]:
    """A port for the overseas expeditions (at capital level 2, with the money to send one
    soon), one slave camp once rich and armed; else nothing."""
    realm = state.realms[role]
    if realm.level >= 2 and not overseas_ports(state, role) and realm.currency >= 20:
        return ["port"]
    if not camps(state, role) and realm.currency >= 18 and \
            soldiers(units_of(state, role)) >= 8:
        return ["slave_camp"]
    return []


def worth(state: SixState, province: str) -> int:
    return sum(price(b) for b in state.provinces[province].buildings())


def useful(state: SixState, role: str, province: str) -> bool:
    """A slave of ``role`` there would earn its keep: a farm, or upkeep not yet relieved."""
    land = state.provinces[province]
    here = slaves_at(state, role, province)
    upkeep = sum(building_upkeep(state, b) for b in land.buildings())
    return (land.building == "farm" and here < 1) or here * SLAVERY.upkeep_relief < upkeep


def slave_move(state: SixState, role: str) -> dict[str, str] | None:
    """Move one idle slave to a province where it would work."""
    for start, ready in sorted(movable(state, role).items()):
        land = state.provinces[start]
        upkeep = sum(building_upkeep(state, b) for b in land.buildings())
        here = slaves_at(state, role, start)
        if (land.building == "farm" and here <= 1) or here * SLAVERY.upkeep_relief <= upkeep:
            continue  # every slave here works
        points = SLAVERY.movement - min(s.used for s in ready)
        for to in slave_reach(state, role, start, points):
            if useful(state, role, to):
                return {"from": start, "count": "1", "to": to}
    return None


def menu_action(state: SixState, role: str, ids: set[str]) -> str | None:
    if "free_road" in ids and road_sites(state, role):
        return "free_road"
    if "overseas" in ids and wants_overseas(state, role):
        return "overseas"
    if "move_slaves" in ids and slave_move(state, role):
        return "move_slaves"
    return None


def answer(state: SixState, name: str, role: str, ids: set[str],
           answers: dict[str, str]) -> str | None:
    """The choice for a question of overseas expeditions or slavery (None: not one)."""
    frame = state.stack[-1]
    realm = state.realms[role]
    if name == "free_road":
        sites = road_sites(state, role)
        return f"province:{sites[0]}" if sites else "back"
    if name == "winds":
        return "pay" if "pay" in ids and realm.currency >= int(frame.data["cost"]) + SPARE \
            else "leave"
    if name == "captains_idea":
        return "upgrade" if "upgrade" in ids else "take"
    if name == "captain_bid":
        top = min(MAX_BID, realm.currency // 3)
        return f"bid:{max(b for b in bid_amounts(state, role) if b <= top)}"
    if name == "plant_tree":
        return f"province:{realm.seat}" if f"province:{realm.seat}" in ids else min(ids)
    if name == "poison":
        places = sorted(i for i in ids if i.startswith("province:"))
        if places:
            return places[0]
        if "pay" in ids:
            return "pay"
        return min(ids, key=lambda i: (worth(state, i.partition(":")[2]), i))
    if name == "overseas_destroy":
        return min(ids, key=lambda i: (worth(state, i.partition(":")[2]), i))
    if name == "losses":
        return max(sorted(ids), key=lambda i: soldiers(units_of(state, role,
                                                                 i.partition(":")[2])))
    if name == "capture":
        return "try"
    if name == "captives":
        room = max(0, KEEP_SLAVES - len(slaves_of(state, role)))
        keep = min(int(frame.data["caught"]), room)
        return f"keep:{keep}"
    if name == "move_slaves":
        plan = slave_move(state, role)
        if plan is None:
            return "back"
        step = next(s for s in ("from", "count", "to") if s not in answers)
        wanted = f"{step}:{plan[step]}"
        return wanted if wanted in ids else "back"
    if name in ("kill_slave", "gift"):
        return "back"
    return None

