"""Cheap checks that hold after every action (random playouts run them all the time):
currency and soldiers accounted for, limits kept, the map consistent."""

from __future__ import annotations

from engine.games.sixcontinents.agents import agent_problems
from engine.games.sixcontinents.board import PROVINCES, SEAS
from engine.games.sixcontinents.content import BATTLE, BUILDINGS, REALM, SHIPS, UNITS
from engine.games.sixcontinents.expeditions import INTERNAL
from engine.games.sixcontinents.lasting import GREEN, TREE_MARKER
from engine.games.sixcontinents.navy import (
    FLEET,
    TRANSPORTER,
    cargo_soldiers,
    fleet_of,
    strength,
    warship_owners,
)
from engine.games.sixcontinents.overseas import OVERSEAS, PLAGUE
from engine.games.sixcontinents.realm import held, holding, horse, soldiers, units_of
from engine.games.sixcontinents.state import NEUTRALS, REBELS, SixState
from engine.games.sixcontinents.tables import SLAVERY
from engine.games.sixcontinents.voyages import CAPACITY, at_sea

BUILDING_IDS = {b for b, info in BUILDINGS.items() if not info.additional}


def check_invariants(state: SixState) -> list[str]:
    problems: list[str] = []
    if sorted(state.provinces) != sorted(PROVINCES):
        problems.append("the provinces are not the map's")
    for role, remembered in state.holdings.held.items():
        if remembered != holding(state, role):
            problems.append(f"the provinces remembered as {role}'s are not those it holds")
    if any(land.__pydantic_private__ is None
           or land.__pydantic_private__["_holdings"] is not state.holdings
           for land in state.provinces.values()):
        problems.append("a land does not tell the state when it changes hands")
    for role, realm in state.realms.items():
        if realm.currency < 0:
            problems.append(f"{role} has negative currency")
        if realm.currency != REALM.start.currency + realm.received - realm.paid:
            problems.append(f"{role}'s currency {realm.currency} is not 40 + "
                            f"{realm.received} received - {realm.paid} paid")
        mine = units_of(state, role) + at_sea(state, role)
        on_map = soldiers(mine)  # at sea included
        if on_map != realm.raised - realm.lost - realm.harnessed:
            problems.append(f"{role} has {on_map} soldiers, not {realm.raised} raised - "
                            f"{realm.lost} lost - {realm.harnessed} harnessed")
        if realm.harnessed != sum(horse(u.kind) for u in mine):
            problems.append(f"{role}'s harnessed horses do not match his caravans")
        limit = BATTLE.army.recruits_per_province * len(held(state, role))
        if realm.recruited > (limit if role == state.current else 0):
            problems.append(f"{role} recruited {realm.recruited} soldiers this turn")
        if realm.seat and state.provinces[realm.seat].holder != role:
            problems.append(f"{role}'s seat {realm.seat} is not his")
    problems += province_problems(state)
    problems += ship_problems(state)
    problems += overseas_problems(state)
    problems += agent_problems(state)
    problems += deal_problems(state)
    for voyage in state.voyages:
        if voyage.destination not in PROVINCES or not voyage.units or voyage.turns < 1 or \
                (soldiers(voyage.units) > CAPACITY and not voyage.transfer):
            problems.append(f"a voyage of {voyage.owner} is out of order")
    return problems


def province_problems(state: SixState) -> list[str]:
    problems: list[str] = []
    where: dict[str, set[str]] = {}
    # savages have just taken these: the owner's soldiers are deciding to fight or leave
    meeting = {f.data.get("province") for f in state.stack if f.name == "savages"}
    for unit in state.units:
        if unit.kind not in UNITS or unit.province not in PROVINCES or \
                (unit.owner not in state.realms and unit.owner not in NEUTRALS):
            problems.append(f"unit {unit.id} is unknown or nowhere")
            continue
        where.setdefault(unit.province, set()).add(unit.owner)
    for pid, owners in where.items():
        if pid in meeting:
            continue
        if len(owners) > 1:
            problems.append(f"enemies share {pid}")
        elif (state.provinces[pid].occupier or state.provinces[pid].owner) not in owners:
            problems.append(f"units stand in {pid}, which their owner does not hold")
    capitals = {realm.capital for realm in state.realms.values()}
    for pid, land in state.provinces.items():
        if land.red_tokens > REALM.provinces.max_red_tokens:
            problems.append(f"{pid} has {land.red_tokens} red tokens")
        if land.building and land.building not in BUILDING_IDS:
            problems.append(f"{pid} has an unknown building {land.building!r}")
        if (land.building or land.port or land.road) and pid in capitals:
            problems.append(f"a building stands in the capital {pid}")
        if land.port and not PROVINCES[pid].coastal:
            problems.append(f"a port inland in {pid}")
        if land.robbery > REALM.robbery.turns or (land.robbery and (
                land.fading or not land.red_tokens or land.building or land.occupier)):
            problems.append(f"{pid}: a robbery economy out of order")
        if land.expedition and (not land.explorer or land.expedition > INTERNAL.turns):
            problems.append(f"{pid}: an expedition out of order")
        if land.occupier and (land.occupier == land.owner or not land.owner):
            problems.append(f"{pid} is occupied by its owner, or nobody's")
    return problems


def ship_problems(state: SixState) -> list[str]:
    """Ships where they may be, fleets accounted for, transporters never left with an enemy
    warship unescorted, one player's warships a zone."""
    problems: list[str] = []
    zones = [s.zone for s in state.ships if s.kind == "fishing_boat"]
    if len(zones) != len(set(zones)):
        problems.append("two fishing boats share a sea zone")
    sailing = {v.ship for v in state.voyages}
    for ship in state.ships:
        if ship.kind == "fishing_boat" or ship.kind in FLEET:
            where = ship.zone in SEAS and not ship.port
        elif ship.port:
            land = state.provinces[ship.port]
            where = land.holder == ship.owner and land.port and not ship.zone
        else:
            where = ship.id in sailing
        if not where or ship.owner not in state.realms or ship.kind not in SHIPS \
                or ship.used > SHIPS[ship.kind].movement:
            problems.append(f"ship {ship.id} is unknown, nowhere or moved too far")
        if ship.cargo and (ship.kind != TRANSPORTER or cargo_soldiers(ship) >
                           SHIPS[TRANSPORTER].capacity):
            problems.append(f"ship {ship.id} carries what it may not")
    for role, realm in state.realms.items():
        afloat = strength(fleet_of(state, role))
        if afloat != realm.fleet_raised - realm.fleet_lost:
            problems.append(f"{role}'s warships hold {afloat} soldiers, not "
                            f"{realm.fleet_raised} built - {realm.fleet_lost} sunk")
    for zone, owners in warship_owners(state).items():
        if len(owners) > 1:
            problems.append(f"warships of {sorted(owners)} share the {zone}")
        lonely = [s for s in fleet_of(state, zone=zone)
                  if s.kind == TRANSPORTER and s.owner not in owners]
        if lonely:
            problems.append(f"a transporter meets an enemy warship unescorted on {zone}")
    return problems


def overseas_problems(state: SixState) -> list[str]:
    """Overseas expeditions, their lasting effects, the captain's auction and the slaves."""
    problems: list[str] = []
    for role, realm in state.realms.items():
        if any(not 1 <= turns <= OVERSEAS.turns for turns in realm.overseas):
            problems.append(f"{role} has an overseas expedition out of order")
        lasting = realm.lasting
        if lasting.plague > PLAGUE.turns or lasting.green_turns > GREEN.die or \
                any(effect.turns < 1 for effect in lasting.incomes):
            problems.append(f"{role}'s lasting effects are out of order")
    closing = any(f.name == "captain_close" for f in state.stack)
    if (state.auction is not None) != closing:
        problems.append("the captain's auction and its questions disagree")
    for pid, land in state.provinces.items():
        if land.markers.count(TREE_MARKER) > 1:
            problems.append(f"{pid} has two coconut trees")
    for slave in state.slaves:
        if slave.owner not in state.realms or slave.origin not in state.realms or \
                slave.province not in PROVINCES or not 0 <= slave.used <= SLAVERY.movement:
            problems.append(f"slave {slave.id} is unknown, nowhere or moved too far")
    return problems


def deal_problems(state: SixState) -> list[str]:
    """Deals between players: land held by someone who may hold it, the rebels' auction
    with its questions, bids within the bidders' means."""
    problems: list[str] = []
    for pid, land in state.provinces.items():
        if land.owner not in ("", *state.realms) or \
                land.occupier not in ("", *state.realms, *NEUTRALS):
            problems.append(f"{pid} is held by nobody known")
    closing = any(f.name == "rebel_close" for f in state.stack)
    auction = state.rebel_auction
    if (auction is not None) != closing:
        problems.append("the rebels' auction and its questions disagree")
    if auction is not None:
        if state.provinces[auction.province].occupier != REBELS:
            problems.append("an auction for rebels who hold nothing")
        for role, bid in auction.bids.items():
            if bid and not auction.price <= bid <= state.realms[role].currency:
                problems.append(f"{role}'s bid for the rebels is out of order")
    for role, realm in state.realms.items():
        if any(r.removeprefix("sale:") not in state.realms for r in realm.offered):
            problems.append(f"{role} has offered a deal to nobody known")
    return problems
