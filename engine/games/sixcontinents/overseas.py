"""Overseas expeditions (Economy 2.0, Expeditions): with a port, 15 currency sends one; at
most one at a time (one more per coconut tree held, one more for each fruit spent); at the
start of the sender's turn 4 turns later, d100 on the overseas table. The table's lasting
effects go on the player's sheet (``Realm.lasting``, General rule 9) and act where the
rules read them (``lasting.py``); its questions are ``overseas_prompts.py``.
"""

from __future__ import annotations

from engine.games.sixcontinents.content import BUILDINGS
from engine.games.sixcontinents.flow import FLOW, colour, counted, place, units_text
from engine.games.sixcontinents.lasting import TREE, trees
from engine.games.sixcontinents.navy import open_ports
from engine.games.sixcontinents.realm import (
    add_units,
    alive,
    held,
    is_capital,
    pay,
    receive,
    units_of,
)
from engine.games.sixcontinents.state import Auction, Income, SixState
from engine.games.sixcontinents.tables import (
    D100,
    WEATHER,
    Outcome,
    expedition,
    expedition_outcome,
)

OVERSEAS = expedition("overseas")
PLAGUE = next(r for r in OVERSEAS.row if r.kind == "plague")


def overseas_ports(state: SixState, role: str) -> list[str]:
    """Provinces ``role`` holds with a port no enemy warship blockades, where an expedition
    may sail from ("Overseas expeditions cannot be sent from a blocked port")."""
    return open_ports(state, role)


def overseas_cost(state: SixState, role: str) -> int:
    """The price of ``role``'s next overseas expedition (ghost ship -10, cannibals +5)."""
    return max(0, OVERSEAS.cost + state.realms[role].lasting.next_cost)


def overseas_limit(state: SixState, role: str) -> int:
    """Expeditions ``role`` may have at sea at once without a fruit: 1, +1 a tree held."""
    return OVERSEAS.limit + OVERSEAS.extra_per_tree * trees(state, role)


def fruits(state: SixState, role: str) -> int:
    lasting = state.realms[role].lasting
    return lasting.fruits + lasting.old_fruits


def may_send(state: SixState, role: str) -> bool:
    """A port, no storm, the price, and room: under the limit, or a fruit to spend."""
    stormy = any(w.id == state.weather.id and w.no_overseas_expeditions
                 for w in WEATHER.weather)
    realm = state.realms[role]
    return bool(overseas_ports(state, role)) and not stormy \
        and overseas_cost(state, role) <= realm.currency \
        and len(realm.overseas) < overseas_limit(state, role) + fruits(state, role)


def needs_fruit(state: SixState, role: str) -> bool:
    return len(state.realms[role].overseas) >= overseas_limit(state, role)


def send_overseas(state: SixState, role: str) -> None:
    if not may_send(state, role):
        raise ValueError(f"{role} may not send an overseas expedition now")
    realm = state.realms[role]
    cost = overseas_cost(state, role)
    fruit = needs_fruit(state, role)
    if fruit:
        if realm.lasting.old_fruits:
            realm.lasting.old_fruits -= 1
        else:
            realm.lasting.fruits -= 1
    pay(state, role, cost)
    realm.lasting.next_cost = 0
    realm.overseas.append(OVERSEAS.turns)
    state.say(f"{colour(role)} sends an overseas expedition for {cost}"
              + (", spending a fruit" if fruit else "")
              + f": back in {OVERSEAS.turns} turns.", role=role)


def overseas_turn(state: SixState, role: str) -> None:
    """The start of ``role``'s turn, before his income: a turn of the environmentalists
    gone, the fruits picked (last turn's rot at the end of this one), the slaves rested, the
    plague's losses, the expeditions due."""
    realm = state.realms[role]
    lasting = realm.lasting
    lasting.green_turns = max(0, lasting.green_turns - 1)  # the last one has ended
    lasting.old_fruits = lasting.fruits
    lasting.fruits = TREE.count * trees(state, role)
    for slave in state.slaves:
        if slave.owner == role:
            slave.used = 0
    if lasting.plague:
        lasting.plague -= 1
        lose = state.rng.roll(PLAGUE.die)
        state.say(f"The plague strikes {colour(role)}'s realm: d{PLAGUE.die} {lose}.",
                  dice=[lose])
        ask_losses(state, role, lose, "the plague")
    due = [t - 1 for t in realm.overseas]
    realm.overseas = [t for t in due if t > 0]
    for _ in range(len(due) - len(realm.overseas)):
        roll = state.rng.roll(D100)
        resolve(state, role, roll)


def after_income(state: SixState, role: str) -> None:
    """After ``role``'s income: one income less for the lasting income changes."""
    lasting = state.realms[role].lasting
    for effect in lasting.incomes:
        effect.turns -= 1
    lasting.incomes = [e for e in lasting.incomes if e.turns > 0]


def ask_losses(state: SixState, role: str, count: int, cause: str) -> None:
    """``role`` chooses where ``count`` of his soldiers die (as far as he has them)."""
    if count > 0 and units_of(state, role):
        FLOW.push(state, "losses", role, count=count, cause=cause)


def resolve(state: SixState, role: str, roll: int, auctioned: bool = False) -> None:
    """What an overseas expedition of ``role`` brings on a d100 ``roll`` (the turncoat
    captain's winner rolls with ``auctioned``: a second 86-90 is rolled again)."""
    row = expedition_outcome("overseas", roll)
    # the captain's own expedition, or a second captain while bids are open: rolled again
    while row.kind == "captain_auction" and (auctioned or state.auction is not None):
        state.say(f"{colour(role)} rolls {roll} for the captain's expedition: again.",
                  dice=[roll])
        roll = state.rng.roll(D100)
        row = expedition_outcome("overseas", roll)
    state.say(f"{colour(role)}'s overseas expedition: {roll}, {row.name}. {row.text}",
              role=role, dice=[roll])
    apply(state, role, row)


def apply(state: SixState, role: str, row: Outcome) -> None:
    realm = state.realms[role]
    lasting = realm.lasting
    kind = row.kind
    if kind == "currency":
        receive(state, role, row.currency)
    elif kind == "income":
        lasting.incomes.append(Income(what=row.name, amount=row.income, turns=row.turns))
    elif kind == "units":
        if realm.seat:
            add_units(state, role, row.unit, realm.seat, row.count)
            state.say(f"{units_text(row.unit, row.count)} join {colour(role)} in "
                      f"{place(realm.seat)}.", role=role)
        else:
            state.say(f"{colour(role)} has no capital for them: they sail away.", role=role)
    elif kind == "destroy_buildings":
        if any(state.provinces[p].buildings() for p in held(state, role)):
            FLOW.push(state, "overseas_destroy", role, count=row.count)
    elif kind == "tree":
        receive(state, role, row.currency)
        FLOW.push(state, "plant_tree", role)
    elif kind == "bunker_damage":
        lasting.bunker_damage += row.amount
    elif kind == "next_expedition_cost":
        lasting.next_cost += row.amount
    elif kind == "free_roads":
        lasting.free_roads += row.count
    elif kind == "lose_soldiers":
        ask_losses(state, role, row.count, row.name.lower())
    elif kind == "delay":
        FLOW.push(state, "winds", role, cost=row.cost, turns=row.turns)
    elif kind == "farm_discount":
        lasting.farm_discounts += row.count
    elif kind == "robbery_tokens":
        turns = state.rng.roll(row.die)
        lasting.green_turns = max(lasting.green_turns, turns)
        state.say(f"For {counted(turns, 'turn')}, {colour(role)}'s robbery economies end "
                  f"with {row.count} tokens.", dice=[turns])
    elif kind == "capital_upgrade":
        FLOW.push(state, "captains_idea", role)
    elif kind == "battle_bonus":
        lasting.battle_bonus += row.amount
    elif kind == "captain_auction":
        open_auction(state, role)
    elif kind == "poison":
        FLOW.push(state, "poison", role, count=row.count, cost=row.cost)
    elif kind == "plague":
        for other, other_realm in state.realms.items():
            if alive(state, other):
                other_realm.lasting.plague = max(other_realm.lasting.plague, row.turns)
        state.say(f"A worldwide plague: every realm loses d{row.die} soldiers at the start "
                  f"of each of its next {row.turns} turns.")


def bidders(state: SixState) -> list[str]:
    return [r for r in state.roles if not state.realms[r].out and alive(state, r)]


def open_auction(state: SixState, owner: str) -> None:
    """Sealed bids for the turncoat captain, every realm at once (the owner too)."""
    state.auction = Auction(owner=owner)
    FLOW.push(state, "captain_close", owner)
    for role in reversed(bidders(state)):
        FLOW.push(state, "captain_bid", role)


def close_auction(state: SixState) -> None:
    """The highest bid pays (to nobody) and rolls; ties to the owner, then turn order; no
    bid at all: the owner rolls."""
    auction = state.auction
    if auction is None:
        return
    state.auction = None
    bids = auction.bids
    state.say("The captain's bids: " + ", ".join(
        f"{colour(r)} {bids.get(r, 0)}" for r in bidders(state)) + ".")
    best = max(bids.values(), default=0)
    order = state.order or state.roles
    ranked = [auction.owner] + [r for r in order if r != auction.owner]
    winner = auction.owner if best == 0 else next(r for r in ranked if bids.get(r) == best)
    if best:
        paid = min(best, state.realms[winner].currency)
        pay(state, winner, paid)
    state.say(f"The captain serves {colour(winner)}" + (f" for {best}." if best else "."))
    resolve(state, winner, state.rng.roll(D100), auctioned=True)


def road_sites(state: SixState, role: str) -> list[str]:
    """Where a free road may go (30-35): as a bought one, the price aside."""
    if not state.realms[role].lasting.free_roads or \
            state.realms[role].level < BUILDINGS["road"].capital_level:
        return []
    return [p for p in held(state, role)
            if not state.provinces[p].road and not is_capital(state, p)]
