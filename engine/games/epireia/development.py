"""The Development phase: two actions each — Donate, Construct a building, Produce a token."""

from __future__ import annotations

from functools import lru_cache

from engine.core.errors import IllegalChoice
from engine.games.epireia import abilities, catalog
from engine.games.epireia.board import CITIES, token_label
from engine.games.epireia.content import Modifier
from engine.games.epireia.resolution import add_prestige
from engine.games.epireia.state import RESOURCES, EpireiaState

DONATION_MIN = 2
DONATION_MAX = 8


def pay(state: EpireiaState, role: str, cost: dict[str, int]) -> None:
    if not abilities.can_pay(state, role, cost):
        raise IllegalChoice("You do not have the resources for that.")
    for resource, amount in cost.items():
        state.seats[role].resources[resource] -= amount


def cost_text(cost: dict[str, int]) -> str:
    return _cost_text(tuple(cost.items()))


@lru_cache(maxsize=1024)
def _cost_text(cost: tuple[tuple[str, int], ...]) -> str:
    """(written once per cost: every development menu labels its buildings and tokens)"""
    return ", ".join(f"{n} {r.title()}" for r, n in cost if n) or "free"


def donations(state: EpireiaState, role: str) -> list[tuple[str, int]]:
    """Every legal donation: 2 to 8 units of one resource."""
    have = state.seats[role].resources
    return [(r, n) for r in RESOURCES for n in range(DONATION_MIN, min(DONATION_MAX, have[r]) + 1)]


def donate(state: EpireiaState, role: str, resource: str, amount: int) -> None:
    """Give 2-8 of one resource to the league: +1 Prestige."""
    if resource not in RESOURCES or not DONATION_MIN <= amount <= DONATION_MAX:
        raise IllegalChoice("A donation is 2 to 8 units of one resource.")
    pay(state, role, {resource: amount})
    seat = state.seats[role]
    state.leagues[seat.league].treasury[resource] += amount
    state.say(f"{CITIES[seat.city].name} donates {amount} {resource.title()} to the "
              f"{seat.league.title()} League.", role=role)
    add_prestige(state, role, 1)
    abilities.on_donate(state, role, resource, amount)


def buildable(state: EpireiaState, role: str) -> list[tuple[str, dict[str, int]]]:
    """Buildings ``role`` can construct now, with their cost."""
    return buildable_under(state, role, abilities.city_modifiers(state, role))


def buildable_under(state: EpireiaState, role: str,
                    modifiers: list[Modifier]) -> list[tuple[str, dict[str, int]]]:
    """``buildable`` under ``role``'s ``city_modifiers`` (the development menu reads them once
    for its buildings and tokens)."""
    seat = state.seats[role]
    # only the discounts change a building's cost: picked out once, not once per building
    modifiers = [m for m in modifiers if m.kind == "building_discount"]
    result = []
    for building in catalog.building_ids():
        if building not in seat.buildings:
            cost = abilities.building_cost_under(modifiers, building)
            if abilities.can_pay(state, role, cost):
                result.append((building, cost))
    return result


def construct(state: EpireiaState, role: str, building: str) -> None:
    """Build one building (each once per game), paying its cost at once."""
    seat = state.seats[role]
    if building in seat.buildings:
        raise IllegalChoice("That building is already built.")
    cost = abilities.building_cost(state, role, building)
    pay(state, role, cost)
    seat.buildings.append(building)
    state.say(f"{CITIES[seat.city].name} constructs the {catalog.building_name(building)} "
              f"({cost_text(cost)}).", role=role)
    abilities.on_construct(state, role, building)


def producible(state: EpireiaState, role: str) -> list[tuple[str, dict[str, int]]]:
    """Tokens ``role`` can produce now (supply, military building, cost), with their cost."""
    return producible_under(state, role, abilities.city_modifiers(state, role))


def producible_under(state: EpireiaState, role: str,
                     modifiers: list[Modifier]) -> list[tuple[str, dict[str, int]]]:
    """``producible`` under ``role``'s ``city_modifiers`` (see ``buildable_under``)."""
    # only the discounts change a token's cost: picked out once, not twice per kind
    modifiers = [m for m in modifiers if m.kind == "token_discount"]
    return [(k, abilities.token_cost_under(modifiers, k)) for k in catalog.token_kinds()
            if state.supply.get(k, 0) > 0
            and not abilities.production_blocked(state, role, k, modifiers)]


def produce(state: EpireiaState, role: str, kind: str) -> None:
    """Produce one military token into the league's battlefield reserve."""
    if state.supply.get(kind, 0) <= 0:
        raise IllegalChoice(f"No {token_label(kind)} token is left.")
    cost = abilities.token_cost(state, role, kind)
    pay(state, role, cost)
    seat = state.seats[role]
    state.supply[kind] -= 1
    state.leagues[seat.league].reserve.append(kind)
    state.say(f"{CITIES[seat.city].name} produces a {token_label(kind)} token "
              f"({cost_text(cost)}).", role=role)


def use_administrator(state: EpireiaState, role: str, option: str) -> None:
    """The Administrator's ability (its own log line names the option used)."""
    state.seats[role].admin_uses += 1
    abilities.use_administrator(state, role, option)
