"""The economy: the weather, a turn's income and upkeep, food and shortage, building,
demolishing and upgrading the capital (Weather conditions, Currency, Costs, Buildings,
Economy 2.0, Capital)."""

from __future__ import annotations

from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.content import (
    BUILDINGS,
    PRICES,
    REALM,
    SHIPS,
    UNITS,
    food_needed,
    price,
)
from engine.games.sixcontinents.content import capital_income as capital_currency
from engine.games.sixcontinents.content import unit_cap as province_cap
from engine.games.sixcontinents.fishing import catch
from engine.games.sixcontinents.flow import building_name, colour, counted, place
from engine.games.sixcontinents.lasting import effect_lines, farm_cut, slave_food, slave_relief
from engine.games.sixcontinents.realm import (
    capital_of,
    held,
    is_capital,
    pay,
    receive,
    three,
    units_of,
)
from engine.games.sixcontinents.robbery import robbery_income
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.tables import WEATHER, Weather, weather_for

WEATHER_BY_ID = {w.id: w for w in WEATHER.weather}
Lines = list[tuple[str, int]]


def weather(state: SixState) -> Weather:
    return WEATHER_BY_ID[state.weather.id]


def roll_weather(state: SixState) -> None:
    """Round start: a new weather when the last has run out, d100 then d6 rounds, rolled
    for the next player clockwise (Weather conditions)."""
    if state.weather.left > 0:
        now = weather(state)
        state.say(f"Round {state.round}: {now.name} goes on ({state.weather.left} "
                  f"round{'s' if state.weather.left > 1 else ''} left with this one).")
        return
    roller = (state.weather.roller + 1) % len(state.order)
    roll = state.rng.roll(100)
    rounds = state.rng.roll(WEATHER.duration_die)
    row = weather_for(roll)
    state.weather.id, state.weather.left, state.weather.roller = row.id, rounds, roller
    state.say(f"Round {state.round}: the weather, rolled for {colour(state.order[roller])}: "
              f"{roll}, {row.name} ({row.text}) for {rounds} round"
              f"{'s' if rounds > 1 else ''}.", dice=[roll, rounds])


def end_weather_round(state: SixState) -> None:
    state.weather.left = max(0, state.weather.left - 1)


def march_cost(state: SixState) -> int:
    """Currency per soldier and province marched (Costs 3; the weather may change it)."""
    cost = weather(state).march_cost
    return PRICES.march.per_soldier if cost is None else cost




def building_income(state: SixState, building: str) -> int:
    """Currency a building gives this turn, with the weather (never below 0)."""
    now = weather(state)
    base = BUILDINGS[building].income
    if building == "farm":
        base += now.farm_income
    elif building == "manufactory":
        base += now.manufactory_income
    return max(0, base)


def building_food(state: SixState, building: str) -> int:
    base = BUILDINGS[building].food
    if building == "farm":
        base += weather(state).farm_food
    return max(0, base)


def income_lines(state: SixState, role: str) -> Lines:
    """What ``role`` earns at the start of his turn, line by line (Currency, Capital)."""
    realm = state.realms[role]
    mine = held(state, role)
    lines: Lines = []
    if realm.seat and realm.seat == realm.capital:
        lines.append(("capital", capital_currency(realm.level, state.players)))
    elif realm.seat:
        bonus = REALM.three_players.capital_income_bonus if three(state) else 0
        lines.append(("temporary capital", REALM.capital.temporary_income + bonus))
    lines.append((counted(len(mine), "province"), len(mine) // REALM.currency.province_divisor))
    enemy = [p for p in mine if capital_of(state, p) not in ("", role)]
    if enemy:
        each = REALM.three_players.enemy_capital if three(state) else \
            REALM.currency.enemy_capital
        lines.append((f"{len(enemy)} enemy capital{'s' if len(enemy) > 1 else ''}",
                      each * len(enemy)))
    for building in ("farm", "manufactory"):
        count = sum(1 for p in mine if state.provinces[p].building == building)
        if count:
            lines.append((counted(count, building_name(building).lower()),
                          count * building_income(state, building)))
    lines.append(("robbery economy", robbery_income(state, role)))
    lines.append(("minerals", sum(state.provinces[p].mineral for p in mine)))
    lines.append((counted(catch(state, role), "fishing boat"),
                  catch(state, role) * SHIPS["fishing_boat"].income))
    lines += effect_lines(state, role)[0]
    return spied_cut([(what, amount) for what, amount in lines if amount], "sabotage",
                     realm.spied.sabotage)


def upkeep_lines(state: SixState, role: str) -> Lines:
    """What ``role`` pays every turn: buildings' and ships' upkeep, and units over a
    province's cap."""
    mine = held(state, role)
    lines: Lines = []
    for building in BUILDINGS.values():
        upkeep = building.upkeep
        if building.id == "road" and three(state):
            upkeep = REALM.three_players.road_upkeep
        count = sum(1 for p in mine if building.id in state.provinces[p].buildings())
        if count and upkeep:
            lines.append((counted(count, building.name.lower()), count * upkeep))
    for kind, info in SHIPS.items():
        count = sum(1 for s in state.ships if s.owner == role and s.kind == kind)
        if count and info.upkeep:
            lines.append((counted(count, info.name.lower()), count * info.upkeep))
    over = over_cap(state, role)
    if over:
        lines.append((counted(over, "unit") + " over the cap",
                      over * REALM.provinces.over_cap_upkeep))
    relief = slave_relief(state, role)
    if relief:
        lines.append(("slaves at work", -relief))
    return lines + effect_lines(state, role)[1]


def over_cap(state: SixState, role: str) -> int:
    """Units of ``role`` above the provinces' caps (Costs 1; a capital has no cap)."""
    counts: dict[str, int] = {}
    for unit in units_of(state, role):
        counts[unit.province] = counts.get(unit.province, 0) + 1
    return sum(max(0, n - province_cap(state.provinces[p].red_tokens))
               for p, n in counts.items() if not is_capital(state, p))


def net_income(state: SixState, role: str) -> int:
    """Income less upkeep (what the points count: "as your income would be")."""
    return sum(a for _, a in income_lines(state, role)) - sum(
        a for _, a in upkeep_lines(state, role))


def collect(state: SixState, role: str) -> None:
    """Turn start: income in, upkeep out. Upkeep the treasury cannot pay is written off."""
    income = income_lines(state, role)
    upkeep = upkeep_lines(state, role)
    gained = sum(a for _, a in income)
    receive(state, role, gained)
    owed = sum(a for _, a in upkeep)
    paid = min(owed, state.realms[role].currency)
    pay(state, role, paid)
    text = ", ".join(f"{w} {a}" for w, a in income) or "nothing"
    line = f"{colour(role)} earns {gained} ({text})"
    if owed:
        line += f" and pays {paid} upkeep (" + ", ".join(f"{w} {a}" for w, a in upkeep) + ")"
        if paid < owed:
            line += f"; {owed - paid} could not be paid"
    state.say(line + f": {state.realms[role].currency} currency.", role=role)


def food_lines(state: SixState, role: str) -> Lines:
    realm = state.realms[role]
    lines: Lines = []
    if realm.seat and realm.seat == realm.capital:
        bonus = REALM.three_players.capital_food_bonus if three(state) else 0
        lines.append(("capital", REALM.food.capital + bonus))
    elif realm.seat:
        lines.append(("temporary capital", REALM.capital.temporary_food))
    mine = held(state, role)
    lines.append((counted(catch(state, role), "fishing boat"),
                  catch(state, role) * SHIPS["fishing_boat"].food))
    for building in ("farm", "granary"):
        count = sum(1 for p in mine if state.provinces[p].building == building)
        if count:
            lines.append((counted(count, building_name(building).lower()),
                          count * building_food(state, building)))
    lines.append(("slaves on farms", slave_food(state, role)))
    lines.append(("food bought", realm.food_bought))
    return spied_cut([(w, a) for w, a in lines if a], "burnt food", realm.spied.burnt)


def spied_cut(lines: Lines, what: str, cut: int) -> Lines:
    """``lines`` with an enemy spy's cut (Action types: sabotage, burning food) as a line
    of its own, never taking the total below 0."""
    cut = min(cut, sum(a for _, a in lines))
    return [*lines, (what, -cut)] if cut > 0 else lines


def count_food(state: SixState, role: str) -> int:
    """Turn start: the food count (Economy 2.0, 3); returns the shortage (0: fed)."""
    realm = state.realms[role]
    realm.food = sum(a for _, a in food_lines(state, role))
    realm.food_bought = 0  # counted once
    realm.food_needed = food_needed(len(held(state, role)))
    short = max(0, realm.food_needed - realm.food)
    state.say(f"{colour(role)}'s food: {realm.food} for {realm.food_needed} needed"
              + (f": {short} short." if short else "."), role=role)
    return short


def shortage_die(state: SixState, role: str) -> int:
    food = REALM.food
    return food.shortage_die_large if len(held(state, role)) >= food.large_realm \
        else food.shortage_die


# Building -------------------------------------------------------------------------------


def building_cost(state: SixState, building: str, role: str = "") -> int:
    """A building's price now (the storm adds to it; the farm builders take off, 51-54)."""
    return max(0, price(building) + weather(state).building_surcharge
               - farm_cut(state, role, building))


def nominal_cost(building: str) -> int:
    """What a building cost in all (bunkers level 2: both levels)."""
    cost = price(building)
    upgrade_of = BUILDINGS[building].upgrade_of
    return cost + (nominal_cost(upgrade_of) if upgrade_of else 0)


def refund(building: str) -> int:
    """Demolition returns half the nominal price, rounded down (Buildings)."""
    return nominal_cost(building) // PRICES.march.demolition_refund_divisor


def may_build(state: SixState, role: str, province: str, building: str) -> bool:
    """Whether ``role`` may put ``building`` in ``province`` now (affordable included)."""
    land = state.provinces[province]
    if land.holder != role or is_capital(state, province):
        return False
    return may_build_there(state, role, province, building)


def may_build_there(state: SixState, role: str, province: str, building: str) -> bool:
    """``may_build`` in a province of ``role``'s that is no capital."""
    land = state.provinces[province]
    info = BUILDINGS[building]
    if (land.occupier == role or land.robbery or land.fading) and not info.in_occupied:
        return False  # General rule 6, Economy 2.0 2: only a road
    if state.realms[role].level < info.capital_level:
        return False
    if building in ("farm", "granary") and "black" in land.markers:
        return False  # poisoned water (internal expeditions 90-98)
    if building == "port":
        if land.port or not PROVINCES[province].coastal:
            return False
    elif building == "road":
        if land.road:
            return False
    elif land.building != info.upgrade_of:
        return False
    return building_cost(state, building, role) <= state.realms[role].currency


def buildable(state: SixState, role: str) -> dict[str, list[str]]:
    """Province -> the buildings ``role`` may put there now."""
    found: dict[str, list[str]] = {}
    for province in held(state, role):
        if is_capital(state, province):
            continue
        kinds = [b for b in BUILDINGS if may_build_there(state, role, province, b)]
        if kinds:
            found[province] = kinds
    return found


def build(state: SixState, role: str, province: str, building: str) -> None:
    if not may_build(state, role, province, building):
        raise ValueError(f"{role} may not build {building} in {province}")
    cost = building_cost(state, building, role)
    if farm_cut(state, role, building):
        state.realms[role].lasting.farm_discounts -= 1
    pay(state, role, cost)
    land = state.provinces[province]
    if building == "port":
        land.port = True
    elif building == "road":
        land.road = True
    else:
        land.building = building
    state.say(f"{colour(role)} builds {building_name(building).lower()} in "
              f"{place(province)} for {cost}.", role=role)


def demolishable(state: SixState, role: str) -> dict[str, list[str]]:
    return {p: state.provinces[p].buildings() for p in held(state, role)
            if state.provinces[p].buildings()}


def demolish(state: SixState, role: str, province: str, building: str) -> None:
    land = state.provinces[province]
    if land.holder != role or building not in land.buildings():
        raise ValueError(f"{role} has no {building} in {province} to demolish")
    remove_building(state, province, building)
    back = refund(building)
    receive(state, role, back)
    state.say(f"{colour(role)} demolishes the {building_name(building).lower()} in "
              f"{place(province)} and gets {back} back.", role=role)


def remove_building(state: SixState, province: str, building: str) -> None:
    land = state.provinces[province]
    if building == "port":
        land.port = False
        sink_docked(state, province)
    elif building == "road":
        land.road = False
    else:
        land.building = ""


def sink_docked(state: SixState, province: str, owner: str | None = None) -> None:
    """The ships docked in ``province`` (of ``owner``, or anyone's) are lost with their
    port."""
    lost = [s for s in state.ships if s.port == province and owner in (None, s.owner)]
    for ship in lost:
        state.ships.remove(ship)
        state.say(f"{colour(ship.owner)}'s ship in {place(province)} is lost.")


def upgrade_cost(state: SixState, role: str) -> int | None:
    """The price of the next capital level (None: level 3, or no capital held)."""
    realm = state.realms[role]
    if realm.level >= len(REALM.capital_level) or not realm.seat:
        return None
    return price(f"capital_{realm.level + 1}")


def upgrade_capital(state: SixState, role: str) -> None:
    cost = upgrade_cost(state, role)
    if cost is None or cost > state.realms[role].currency:
        raise ValueError(f"{role} may not upgrade the capital")
    pay(state, role, cost)
    state.realms[role].level += 1
    state.say(f"{colour(role)} raises the capital to level {state.realms[role].level} for "
              f"{cost}.", role=role)


def recruit_price(state: SixState, role: str, kind: str) -> int:
    """A unit's price at the player's seat (a temporary capital: +1 per soldier)."""
    realm = state.realms[role]
    cost = price(kind)
    if realm.seat and realm.seat != realm.capital:
        cost += REALM.capital.temporary_surcharge * UNITS[kind].soldiers
    return cost
