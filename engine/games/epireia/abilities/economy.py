"""What a City's development costs and yields: building and token prices under its modifiers,
what it may produce, its extra income, and the administrator options it can afford."""

from __future__ import annotations

from functools import cache

from engine.games.epireia.abilities.modifiers import city_modifiers
from engine.games.epireia.content import CONTENT, Modifier
from engine.games.epireia.state import EpireiaState

ADMIN_USES = 3

# The printed costs as dicts (a development menu prices every building and token).
BUILDING_COSTS = {b: spec.cost.as_dict() for b, spec in CONTENT.buildings.items()}
TOKEN_COSTS = {kind: spec.cost.as_dict() for kind, spec in CONTENT.tokens.items()}


def can_pay(state: EpireiaState, role: str, cost: dict[str, int]) -> bool:
    have = state.seats[role].resources
    # a loop, not all(...): asked for every building and token of every development menu
    for resource, amount in cost.items():  # noqa: SIM110
        if have.get(resource, 0) < amount:
            return False
    return True


def building_cost(state: EpireiaState, role: str, building_id: str) -> dict[str, int]:
    return building_cost_under(city_modifiers(state, role), building_id)


def building_cost_under(modifiers: list[Modifier], building_id: str) -> dict[str, int]:
    """``building_cost`` under a City's ``city_modifiers``, read once for many buildings."""
    cost = dict(BUILDING_COSTS[building_id])
    for m in modifiers:
        if m.kind == "building_discount":
            _discount(cost, m)
    return cost


def token_cost(state: EpireiaState, role: str, kind: str) -> dict[str, int]:
    return token_cost_under(city_modifiers(state, role), kind)


def token_cost_under(modifiers: list[Modifier], kind: str) -> dict[str, int]:
    """``token_cost`` under a City's ``city_modifiers``, read once for many tokens."""
    token = CONTENT.tokens[kind]
    cost = dict(TOKEN_COSTS[kind])
    for m in modifiers:
        if m.kind == "token_discount" and m.unit in (None, token.unit):
            _discount(cost, m)
    return cost


def _discount(cost: dict[str, int], m: Modifier) -> None:
    """Lower (or, with a negative amount, raise) a cost: one resource, or each one it has."""
    targets = [m.resource] if m.resource else [r for r, n in cost.items() if n > 0]
    for resource in targets:
        cost[resource] = max(0, cost[resource] - m.amount)


@cache
def military_building(unit: str) -> str:
    """The building that lets a City produce Level II tokens of ``unit``."""
    return next(b.id for b in CONTENT.buildings.values() if b.unlocks == unit)


def can_produce(state: EpireiaState, role: str, kind: str) -> str:
    """A reason ``role`` cannot produce a token of ``kind`` now, or ``""``."""
    return production_blocked(state, role, kind, city_modifiers(state, role))


def production_blocked(state: EpireiaState, role: str, kind: str,
                       modifiers: list[Modifier]) -> str:
    """``can_produce`` under ``role``'s ``city_modifiers``, read once for many tokens."""
    token = CONTENT.tokens[kind]
    if token.level == 2 and military_building(token.unit) not in state.seats[role].buildings:
        building = CONTENT.buildings[military_building(token.unit)].name
        return f"{token.name} needs the {building}."
    if state.supply.get(kind, 0) <= 0:
        return f"No {token.name} token is left."
    if not can_pay(state, role, token_cost_under(modifiers, kind)):
        return f"Not enough resources for {token.name}."
    return ""


def income(state: EpireiaState, role: str) -> dict[str, int]:
    """Extra income beyond the 1 Wheat, 1 Wood, 1 Copper of every collection (never below −1)."""
    extra = {"wheat": 0, "wood": 0, "copper": 0}
    for m in city_modifiers(state, role):
        if m.kind == "income" and m.resource:
            extra[m.resource] += m.amount
    return {r: max(-1, n) for r, n in extra.items()}


def administrator_options(state: EpireiaState, role: str) -> list[tuple[str, str]]:
    """The administrator's options ``role`` may use now: with the Archeion built, fewer than 3
    uses spent, not yet used this round, and only options it can afford."""
    seat = state.seats[role]
    admin = CONTENT.administrators.get(seat.administrator)
    archeion = any(CONTENT.buildings[b].admin for b in seat.buildings)
    if admin is None or not archeion or seat.admin_uses >= ADMIN_USES:
        return []
    if seat.counters.get("admin_round") == state.round:
        return []
    options: list[tuple[str, str]] = []
    for option in admin.options:
        price: dict[str, int] = {
            e.resource: e.amount for e in option.effects if e.kind == "pay" and e.resource
        }
        if not can_pay(state, role, price):
            continue
        takes = [e for e in option.effects if e.kind == "league_take" and e.resource]
        held = sum(state.leagues[seat.league].treasury[e.resource or ""] for e in takes)
        if takes and not held:
            continue
        tokens = [e.token for e in option.effects if e.kind == "token" and e.token]
        if any(state.supply.get(t, 0) <= 0 for t in tokens):
            continue
        there = f" ({held} there)" if takes else ""  # "up to 3": say how many it will get
        options.append((option.id, f"{admin.name}: {option.label}{there}"))
    return options
