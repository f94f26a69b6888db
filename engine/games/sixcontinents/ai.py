"""A simple automatic player for Six Continents (balance runs, computer seats).

Imported only by what plays it. ``greedy(game, state, role, choices, rng)`` returns one of
``choices``; it reads the state, never changes it and never draws from ``state.rng``.

How it plays, one action at a time (each step of an action recomputes the same plan from the
same state, so the steps agree):

* **Set-up**: the capital with the most room to grow (provinces within three steps nearer to it
  than to any capital chosen before, a coast counting one more; then the most neighbours); a
  lost capital's replacement where most of its soldiers stand.
* **Attack** when the forces next to an enemy province outnumber its defenders by half again
  and the modifiers do not weigh too much against it (an undefended province always),
  withdrawing when down to a quarter.
* **Feed** the realm first (a fishing boat where a port allows, a farm at level 2, else a
  granary), raise the capital to level 2
  and 3 when rich enough, then a manufactory or a farm with money to spare.
* **Recruit** infantry (cavalry from level 2) up to the turn's limit, keeping a little back,
  and **expand** into empty neighbouring provinces one unit at a time, as long as the realm
  stays fed (a hungry realm revolts); conquests too, but for capitals.
* Revolts: the rebellion breaks out where most soldiers stand, so that loyal ones remain.
* The fleet (``fleet_ai``): warships when rich, attacking weaker fleets, blockading the
  nearest enemy port.
* Troops at sea (``sea_ai``): when land expansion is blocked for idle troops, a transporter
  (escorted near enemy warships) to a near coast, a voyage ship with a secret destination
  to a far one; a cut-off colony's port, by construction ship in a storm.
* Send an internal expedition with 30 or more to spare; buy the minerals found; fight savages
  when clearly stronger, else leave.
* Offer peace when it would keep more provinces than it gives (each keeps what he
  occupies). Deals offered to it, and rebels: ``ai_deals.py``.
* Hunger: pay when it can; after a conquest: pay the march when there are buildings to keep.
* Overseas expeditions and slavery: ``ai_overseas.py`` (one slave camp when rich).
* Agents: ``ai_agents.py`` (a spy when rich, its cards against the leader).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Choice, Game, GameState
from engine.core.rng import Rng
from engine.core.steps import answers_of
from engine.games.sixcontinents.ai_agents import agent_answer, agent_menu
from engine.games.sixcontinents.ai_deals import deal_answer, deal_menu_action
from engine.games.sixcontinents.ai_overseas import answer, extra_buildings, menu_action
from engine.games.sixcontinents.army import points_left, recruitable, step_cost, sweep
from engine.games.sixcontinents.army_prompts import affordable_groups, move_sources
from engine.games.sixcontinents.attack_prompts import attack_targets
from engine.games.sixcontinents.battle import (
    Attack,
    attack_forces,
    attacker_modifiers,
    defender_modifiers,
    defenders_of,
)
from engine.games.sixcontinents.board import ADJACENT, CONTINENT_OF, DISTANCES, PROVINCES
from engine.games.sixcontinents.content import food_needed
from engine.games.sixcontinents.diplomacy import ceded, peace_partners
from engine.games.sixcontinents.economy import buildable, building_cost, food_lines, upgrade_cost
from engine.games.sixcontinents.expeditions import expedition_sites
from engine.games.sixcontinents.fishing import boat_sites, ports
from engine.games.sixcontinents.fleet import fleet_moves, sailing_groups
from engine.games.sixcontinents.fleet_ai import sea_attack_plan
from engine.games.sixcontinents.odds import attack_odds, sea_attack_odds
from engine.games.sixcontinents.realm import capital_of, held, soldiers, units_in, units_of
from engine.games.sixcontinents.sea_ai import (
    PLANS,
    build_ship_plan,
    colonies,
    colony_port_wanted,
    muster_plan,
    port_order,
    sail_plan,
)
from engine.games.sixcontinents.sea_ai import menu_action as sea_action
from engine.games.sixcontinents.setup_prompts import capital_sites
from engine.games.sixcontinents.state import NEUTRAL, SixState
from engine.games.sixcontinents.warship_prompts import sea_attacks, whole_fleet

Plan = dict[str, str]
RESERVE = 4  # currency kept back for marches and hunger
ROOM = 3  # steps around a capital counted as its room to grow
SAVING_ARMY = 4  # soldiers (plus one a province) a hungry realm keeps before saving
SURE = 0.9  # the chance of taking a province at which an attack is made to the end at once


def attack_plan(state: SixState, role: str) -> Plan | None:
    best: tuple[float, Plan] | None = None
    for target in attack_targets(state, role):
        forces = attack_forces(state, role, target, "all")
        origins = sorted({u.province for u in forces})
        defenders = defenders_of(state, target)
        mine, theirs = soldiers(forces), soldiers(defenders)
        attack = Attack(attacker=role, target=target, units=forces, defenders=defenders,
                        withdraw_at=0)
        edge = sum(a for _, a in attacker_modifiers(state, attack)) - sum(
            a for _, a in defender_modifiers(state, attack))
        if theirs and (mine < 1.5 * theirs + 1 or edge < -12):
            continue
        if not capital_of(state, target) and not fed_with(state, role, 1):
            continue
        score = mine - theirs + edge / 5 + (10 if not theirs else 0)
        withdraw = mine // 4 if 0 < mine // 4 < mine else 0
        plan = {"target": target, "forces": origins[0] if len(origins) == 1 else "all",
                "withdraw": str(withdraw)}
        if best is None or score > best[0]:
            best = (score, plan)
    return best[1] if best else None


def production(state: SixState, role: str) -> int:
    """The food the realm makes now (this turn's buildings included)."""
    return sum(amount for _, amount in food_lines(state, role))


def fed_with(state: SixState, role: str, more: int) -> bool:
    """Whether the realm would still be fed with ``more`` provinces (revolts otherwise)."""
    return food_needed(len(held(state, role)) + more) <= production(state, role)


def wanted_buildings(state: SixState, role: str) -> list[str]:
    """What to build, best first: food while the next province would go hungry (a port for
    fishing boats, a farm, a granary), else income when rich."""
    realm = state.realms[role]
    if not fed_with(state, role, 1):
        return [*(["port"] if not ports(state, role) else []), "farm", "granary"]
    if colony_port_wanted(state, role):
        return ["port"]
    extra = extra_buildings(state, role)
    if extra:
        return extra
    if realm.currency >= 30 and realm.level >= 3:
        return ["manufactory"]
    if realm.currency >= 28 and realm.level >= 2:
        return ["farm"]
    return []


def build_plan(state: SixState, role: str) -> Plan | None:
    places = sorted(buildable(state, role).items())
    for wanted in wanted_buildings(state, role):
        if wanted == "port":  # a cut-off colony's, else the one nearest the seat
            first = set(colonies(state, role))
            places.sort(key=lambda item: (item[0] not in first,
                                          port_order(state, role, item[0])))
        for province, kinds in places:
            if wanted in kinds and building_cost(state, wanted) + RESERVE \
                    <= state.realms[role].currency:
                return {"site": f"{province}.{wanted}"}
    return None


def recruit_plan(state: SixState, role: str) -> Plan | None:
    kinds = recruitable(state, role)
    realm = state.realms[role]
    army = soldiers(units_of(state, role))
    if realm.currency < 2 + RESERVE or army >= 4 + 3 * len(held(state, role)):
        return None  # enough soldiers: the money goes to food and buildings
    if not fed_with(state, role, 1) and army >= SAVING_ARMY + len(held(state, role)):
        return None  # growth waits on food: save for a granary or a farm
    kind = "cavalry" if "cavalry" in kinds and realm.currency >= 6 + RESERVE else "infantry"
    if kind not in kinds:
        return None
    price = 6 if kind == "cavalry" else 2
    count = min(kinds[kind], (realm.currency - RESERVE) // price)
    return {"unit": kind, "count": str(count)} if count > 0 else None


def expand_plan(state: SixState, role: str) -> Plan | None:
    if not fed_with(state, role, 1):
        return None  # a province more would go hungry: revolts
    best: tuple[int, Plan] | None = None
    for start in move_sources(state, role):
        groups = affordable_groups(state, role, start)
        if not groups:
            continue
        key = sorted(groups)[0]
        here = len(units_of(state, role, start))
        for to in sorted(ADJACENT[start]):
            land = state.provinces[to]
            if land.holder:
                continue
            room = sum(1 for p in ADJACENT[to] if not state.provinces[p].holder)
            if here < 2 and start == state.realms[role].seat:
                continue
            plan = {"from": start, "units": f"{key}.1", "to": to}
            if best is None or room > best[0]:
                best = (room, plan)
    return best[1] if best else None


def move_plan(state: SixState, role: str) -> Plan | None:
    """Expand into an empty neighbour, else walk idle troops to a ship waiting for them."""
    return expand_plan(state, role) or muster_plan(state, role)


def expedition_plan(state: SixState, role: str) -> Plan | None:
    """An expedition with money to spare (30 or more), into the first province open."""
    sites = expedition_sites(state, role)
    if not sites or state.realms[role].currency < 30:
        return None
    return {"province": sites[0]}


def boat_plan(state: SixState, role: str) -> Plan | None:
    """A fishing boat (7 for a food and a currency) whenever the realm goes hungry."""
    realm = state.realms[role]
    sites = boat_sites(state, role)
    if not sites or realm.food >= realm.food_needed + 1 or realm.currency < 7 + RESERVE:
        return None
    return {"zone": sites[0]}


def upgrade_wanted(state: SixState, role: str) -> bool:
    cost = upgrade_cost(state, role)
    return cost is not None and state.realms[role].currency >= cost + 6 + 2 * RESERVE


def move_choice(state: SixState, role: str, answers: dict[str, str], ids: set[str]) -> str:
    """The planned move as one "from → to" choice when it takes all that would go (``sweep``),
    else step by step (choosing the units)."""
    plan = move_plan(state, role)
    if plan is not None and not answers:
        kind, points, count = plan["units"].split(".")
        going = sweep(state, role, plan["from"])
        wanted = f"go:{plan['from']}.{plan['to']}"
        if len(going) == int(count) and all(
                u.kind == kind and points_left(state, u) == int(points) for u in going) \
                and wanted in ids:
            return wanted
    return step_choice(plan, answers, ("from", "units", "to"), ids)


def shortcut(state: SixState, name: str, role: str, plan: Plan | None,
             answers: dict[str, str], ids: set[str]) -> str | None:
    """Under rules revision 2, a plan made in the one choice that makes it: an attack on land
    or at sea all but sure to win (fought to the end), a new ship's kind and zone, a whole
    fleet sailing from → to."""
    if plan is None or answers:
        return None
    if name == "attack":
        strike = f"strike:{plan['target']}"
        if strike in ids and attack_odds(state, role, plan["target"]) >= SURE:
            return strike
    if name == "sea_attack":
        strike = f"strike:{plan['from']}.{plan['to']}"
        groups = sea_attacks(state, role).get(plan["from"], {})
        if strike in ids and plan["ships"] == whole_fleet(groups) and sea_attack_odds(
                state, role, plan["from"], sailing_groups(state, role, plan["from"])[
                    plan["ships"]], plan["to"]) >= SURE:
            return strike
    if name == "warship":
        launch = f"launch:{plan['kind']}.{plan['zone']}"
        if launch in ids:
            return launch
    if name == "fleet_move":
        go = f"go:{plan['from']}.{plan['to']}"
        if go in ids and plan["ships"] == whole_fleet(fleet_moves(state, role)[plan["from"]]):
            return go
    return None


def step_choice(plan: Plan | None, answers: dict[str, str], steps: Sequence[str],
                ids: set[str]) -> str:
    if plan is None:
        return "back"
    step = next(s for s in steps if s not in answers)
    wanted = f"{step}:{plan[step]}"
    return wanted if wanted in ids else "back"


def capital_room(province: str, chosen: list[str]) -> int:
    """Room to grow around a capital: the provinces within ``ROOM`` steps that are nearer
    to it than to any capital chosen before, and one more for a coast (ports, boats)."""
    near = DISTANCES[province]
    return PROVINCES[province].coastal + sum(
        1 for p, steps in near.items() if steps <= ROOM
        and all(DISTANCES[c][p] > steps for c in chosen))


def setup_choice(state: SixState, name: str, role: str, ids: set[str]) -> str | None:
    if name == "capital":
        sites = capital_sites(state)
        chosen = [r.capital for r in state.realms.values() if r.capital]
        best = max(sites, key=lambda p: (capital_room(p, chosen), len(ADJACENT[p]), p))
        answers = answers_of(state.stack[-1])
        wanted = f"province:{best}" if answers else f"continent:{CONTINENT_OF[best]}"
        return wanted if wanted in ids else sorted(ids)[0]
    if name == "seat":
        mine = held(state, role)
        return "seat:" + max(mine, key=lambda p: (soldiers(units_of(state, role, p)), p))
    return None


def greedy(game: Game[Any, Any], state: GameState, role: str, choices: Sequence[Choice],
           rng: Rng) -> str:
    assert isinstance(state, SixState)
    ids = {c.id for c in choices}
    frame = state.stack[-1]
    name = frame.name
    early = setup_choice(state, name, role, ids)
    if early is not None:
        return early
    answers = answers_of(frame)
    extra = answer(state, name, role, ids, answers)
    if extra is None:
        extra = agent_answer(state, name, role, ids, answers)
    if extra is not None:
        return extra
    deal = deal_answer(state, name, role, ids, frame)
    if deal is not None:
        return deal
    plans = {
        "attack": (attack_plan, ("target", "forces", "withdraw")),
        "build": (build_plan, ("site",)),
        "recruit": (recruit_plan, ("unit", "count")),
        "move": (move_plan, ("from", "units", "to")),
        "expedition": (expedition_plan, ("province",)),
        "boat": (boat_plan, ("zone",)),
        "warship": (build_ship_plan, ("kind", "zone")),
        "sea_attack": (sea_attack_plan, ("from", "ships", "to", "withdraw")),
        "fleet_move": (sail_plan, ("from", "ships", "to")),
        **PLANS,
    }
    if name == "move":
        return move_choice(state, role, answers, ids)
    if name in plans:
        planner, steps = plans[name]
        plan = planner(state, role)
        return shortcut(state, name, role, plan, answers, ids) or \
            step_choice(plan, answers, steps, ids)
    if name == "menu":
        for action in ("attack", "sea_attack", "boat", "build", "warship"):
            if action in ids and plans[action][0](state, role):
                return action
        spy = agent_menu(state, role, ids)
        if spy is not None:
            return spy
        if "upgrade" in ids and upgrade_wanted(state, role):
            return "upgrade"
        for other in peace_partners(state, role):
            gains = ceded(state, role, other)
            if len(gains[role]) > len(gains[other]):
                return f"peace:{other}"
        extra = menu_action(state, role, ids) or sea_action(state, role, ids)
        if extra is not None:
            return extra
        deal = deal_menu_action(state, role, ids)
        if deal is not None:
            return deal
        for action in ("recruit", "move", "fleet_move", "expedition"):
            if action in ids and plans[action][0](state, role):
                return action
        return "end"
    if name == "revolt":
        return max(sorted(ids), key=lambda c: soldiers(units_of(state, role,
                                                                 c.partition(":")[2])))
    if name == "mineral":
        return "buy" if "buy" in ids else "leave"
    if name == "savages":
        province = str(frame.data["province"])
        mine = soldiers(units_of(state, role, province))
        theirs = soldiers([u for u in units_in(state, province) if u.owner == NEUTRAL])
        leave = sorted(i for i in ids if i.startswith("leave:"))
        return "fight" if mine > theirs + 1 or not leave else leave[0]
    if name == "shortage":
        return "pay" if "pay" in ids else "lose"
    if name == "plunder":
        province = str(frame.data["province"])
        keep = state.provinces[province].buildings() and step_cost(state, province, 0) == 0
        return "pay" if "pay" in ids and (keep or state.realms[role].currency > 20) \
            else "plunder"
    return "back" if "back" in ids else sorted(ids)[0]


POLICIES = {"greedy": greedy}
