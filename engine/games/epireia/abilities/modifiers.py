"""Where an Epireia player's lasting modifiers come from, and how they read in words.

For a player (role):
- the Influential Figure cards in play on the City board (``Seat.figure_cards``): modifiers that
  touch a roll or a fight (``FIGURE_KINDS``) count only for that figure's own roll or fight; the
  others (income, costs, donations) for the whole City;
- the buildings built (``Seat.buildings``): for the whole City;
- the current scenario card's constraints, while it is in force (not yet completed): for all;
- one-round effects (administrator abilities, Augur cards) kept in ``state.effects`` under
  ``turn:<role or *>:<kind>:<resource>:<unit>:<front>:<terrain>:<target>`` = amount; the rules
  clear every ``turn:`` entry at the end of the round.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.epireia.content import CONTENT, Modifier
from engine.games.epireia.state import EpireiaState

FIGURE_KINDS = frozenset({
    "empire_roll", "integration_roll", "conflict_attack", "brigand_attack", "battle_attack",
    "ignore_crowding",
})


def turn_key(who: str, modifier: Modifier) -> str:
    """The ``state.effects`` name of a one-round modifier for ``who`` (a role or ``*``)."""
    parts = [
        "turn", who, modifier.kind, modifier.resource or "", modifier.unit or "",
        modifier.front or "", modifier.terrain or "", modifier.target,
    ]
    return ":".join(parts)


def add_turn_modifiers(state: EpireiaState, who: str, modifiers: Iterable[Modifier]) -> None:
    """Put modifiers in force for ``who`` (a role, or ``*`` for everyone) until round's end."""
    for modifier in modifiers:
        key = turn_key(who, modifier)
        state.effects[key] = state.effects.get(key, 0) + (modifier.amount or 1)


def turn_modifiers(state: EpireiaState, role: str | None) -> list[Modifier]:
    """One-round modifiers in force for ``role`` (those for everyone included)."""
    if role == "*":  # (no seat is called so: asked for everyone, its entries count twice)
        return turn_modifiers_of(state, "*") * 2
    # one pass over the effects, not one per ``who`` (asked for every cost and roll)
    everyone: list[Modifier] = []
    mine: list[Modifier] = []
    for key, amount in state.effects.items():
        stored = _stored_modifier(key, amount)
        if stored is not None:
            if stored[0] == "*":
                everyone.append(stored[1])
            elif stored[0] == role:
                mine.append(stored[1])
    return everyone + mine


def turn_modifiers_of(state: EpireiaState, who: str) -> list[Modifier]:
    """One-round modifiers stored for exactly ``who`` (a role, or ``*``)."""
    found: list[Modifier] = []
    for key, amount in state.effects.items():
        stored = _stored_modifier(key, amount)
        if stored is not None and stored[0] == who:
            found.append(stored[1])
    return found


@lru_cache(maxsize=4096)
def _stored_modifier(key: str, amount: int) -> tuple[str, Modifier] | None:
    """(who, modifier) of a ``turn:`` entry of ``state.effects``; None for other entries.
    Read on every cost and roll, so each entry is parsed and validated once (a Modifier is
    frozen: sharing it is safe)."""
    if not key.startswith("turn:"):
        return None
    parts = key.split(":", 7)
    if len(parts) != 8:
        return None
    _, who, kind, resource, unit, front, terrain, target = parts
    return who, Modifier.model_validate({
        "kind": kind, "amount": 0 if kind in ("forbid", "ignore_crowding") else amount,
        "resource": resource or None, "unit": unit or None, "front": front or None,
        "terrain": terrain or None, "target": target,
    })


def scenario_constraints(state: EpireiaState) -> list[Modifier]:
    """Constraints of the current scenario card while it is in force (until completed)."""
    card = CONTENT.scenarios.get(state.scenario.card)
    if card is None or state.scenario.completed or state.is_solo:
        return []
    return list(card.constraints)


def city_modifiers(state: EpireiaState, role: str) -> list[Modifier]:
    """Modifiers that apply to everything ``role``'s City does."""
    found = list(scenario_constraints(state))
    found.extend(turn_modifiers(state, role))
    seat = state.seats.get(role)
    if seat is None:
        return found
    for building in seat.buildings:
        found.extend(CONTENT.buildings[building].modifiers)
    for figure in seat.figure_cards:
        found.extend(m for m in CONTENT.figures[figure].modifiers if m.kind not in FIGURE_KINDS)
    return found


def figure_modifiers(state: EpireiaState, figure_id: str) -> list[Modifier]:
    """Modifiers for one figure's own rolls and fights: its card, plus its City's."""
    card = CONTENT.figures.get(figure_id)
    found = [m for m in card.modifiers if m.kind in FIGURE_KINDS] if card else []
    owner = state.figures[figure_id].owner if figure_id in state.figures else ""
    if owner in state.seats:
        found.extend(m for m in city_modifiers(state, owner) if m.kind in FIGURE_KINDS)
    return found


def total(modifiers: Iterable[Modifier], kind: str) -> int:
    return sum(m.amount for m in modifiers if m.kind == kind)


def forbidden_moves(state: EpireiaState, role: str) -> set[str]:
    """The targets of the ``forbid`` modifiers in force for ``role`` (see ``move_blocked``)."""
    return {m.target for m in city_modifiers(state, role) if m.kind == "forbid"}


def move_blocked(state: EpireiaState, role: str, figure_id: str, destination: str) -> str:
    """A reason the move is forbidden by a constraint or an Augur card, or ``""``."""
    return move_forbidden(forbidden_moves(state, role), destination)


def move_forbidden(forbidden: set[str], destination: str) -> str:
    """``move_blocked`` for the ``forbidden_moves`` of a role, read once for many moves."""
    if not forbidden:  # (most of the time)
        return ""
    if "subjugation" in forbidden and destination in CITIES:
        return "No neutral Greek City may be subjugated while this scenario is in force."
    if f"empire:{destination}" in forbidden:
        name = EMPIRES[destination].name
        return f"{name} receives no Greek envoy while this scenario is in force."
    sea = (destination in TERRITORIES and TERRITORIES[destination].sea) or (
        destination in EMPIRES and EMPIRES[destination].sea_only
    )
    if "sea" in forbidden and sea:
        return "A storm closes the sea this round: no figure may sail."
    return ""


def modifier_text(m: Modifier) -> str:
    """A modifier in words, e.g. ``"-2 to rolls with every Empire"``."""
    n = f"{m.amount:+d}"
    less = f"{abs(m.amount)} {'less' if m.amount > 0 else 'more'}"
    if m.kind == "empire_roll":
        where = EMPIRES[m.target].name if m.target else "every Empire"
        return f"{n} to rolls with {where}"
    if m.kind == "integration_roll":
        return f"{n} to rolls to integrate a Greek City"
    if m.kind == "conflict_attack":
        where = {"land": " on land", "sea": " at sea", None: ""}[m.terrain]
        return f"{n} attack in Territory conflicts{where}"
    if m.kind == "brigand_attack":
        return f"{n} attack against Brigands"
    if m.kind == "battle_attack":
        return f"{n} in the Great Battle" + (f" on the {m.front} front" if m.front else "")
    if m.kind == "ignore_crowding":
        return "other figures at the Empire do not lower the roll"
    if m.kind == "income":
        return f"{n} {(m.resource or '').title()} at each collection"
    if m.kind == "building_discount":
        what = f" {m.resource.title()}" if m.resource else " of each resource"
        return f"buildings cost {less}{what}"
    if m.kind == "token_discount":
        unit = m.unit.title() if m.unit else "military"
        return f"{unit} tokens cost {less}"
    if m.kind == "donate_prestige":
        return f"{n} Prestige on every donation"
    if m.target == "subjugation":
        return "no neutral Greek City may be subjugated"
    if m.target == "sea":
        return "no figure may go to a sea-only space"
    return f"no figure may go to {EMPIRES[m.target[7:]].name}"


def active_effects(state: EpireiaState) -> list[dict[str, str]]:
    """The one-round effects in force, in words: ``[{"who": role or "*", "text": ...}]``."""
    found: list[dict[str, str]] = []
    whos = ["*", *state.roles]
    for who in whos:
        for m in turn_modifiers_of(state, who):
            found.append({"who": who, "text": modifier_text(m)})
    return found
