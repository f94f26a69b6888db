"""What Epireia's content does: figure abilities, buildings, administrators, the prestige track,
scenario objectives / constraints / rewards, Augur cards and the powers of military tokens.

The rules modules call the hook functions listed in ``state.py``'s docstring at the moment the
rule book names; every hook returns the base behaviour when no content applies. The content
itself is data (``content.py``): a lasting :class:`~engine.games.epireia.content.Modifier` is
read here where it matters, a one-off :class:`~engine.games.epireia.content.Effect` is performed
by :func:`apply_effects`.

Where modifiers come from, for a player (role):
- the Influential Figure cards in play on the City board (``Seat.figure_cards``): modifiers that
  touch a roll or a fight (``empire_roll``, ``integration_roll``, ``conflict_attack``,
  ``brigand_attack``, ``battle_attack``, ``ignore_crowding``) count only for that figure's own
  roll or fight; the others (income, costs, donations) for the whole City;
- the buildings built (``Seat.buildings``): for the whole City;
- the current scenario card's constraints, while it is in force (not yet completed): for all;
- one-round effects (administrator abilities, Augur cards) kept in ``state.effects`` under
  ``turn:<role or *>:<kind>:<resource>:<unit>:<front>:<terrain>:<target>`` = amount; the rules
  clear every ``turn:`` entry at the end of the round.

Hooks beyond the list in ``state.py``: :func:`brigand_bonus` (add it to the combined attack
before reading the Brigand threshold), :func:`can_produce`, :func:`development_actions`,
:func:`play_figure` (a figure card comes into play), :func:`recruit_candidates`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from engine.games.epireia import catalog, revisions
from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES, token_label
from engine.games.epireia.content import CONTENT, Effect, Figure, Modifier, Objective
from engine.games.epireia.flow import push
from engine.games.epireia.state import (
    BRIGANDS,
    HOME,
    EpireiaState,
    FigureState,
    Frame,
    other_league,
)

ADMIN_USES = 3
FIGURE_SLOTS = 3
FIGURE_KINDS = frozenset({
    "empire_roll", "integration_roll", "conflict_attack", "brigand_attack", "battle_attack",
    "ignore_crowding",
})
CROWDING_PENALTY = 2  # the rule book: "the chances are reduced by 2 for each player"


# --- where modifiers come from -------------------------------------------------------------


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
        return _turn_modifiers_of(state, "*") * 2
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


def _turn_modifiers_of(state: EpireiaState, who: str) -> list[Modifier]:
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


def _total(modifiers: Iterable[Modifier], kind: str) -> int:
    return sum(m.amount for m in modifiers if m.kind == kind)


# --- Influential Figures --------------------------------------------------------------------


def figure_card(state: EpireiaState, figure_id: str) -> Figure:
    """The figure's card under this game's rules revision (its attack and sea icon)."""
    return catalog.figure_card(figure_id, state.options.revision)


def figure_attack(state: EpireiaState, figure_id: str) -> int:
    """Attack power now: the card's value, plus ``battle_attack`` on its front in the battle."""
    attack = figure_card(state, figure_id).attack
    front = battle_front_of(state, figure_id)
    if front:
        attack += sum(
            m.amount for m in figure_modifiers(state, figure_id)
            if m.kind == "battle_attack" and m.front in (None, front)
        )
    return attack


def battle_front_of(state: EpireiaState, figure_id: str) -> str:
    """The front a figure was placed on in the Great Battle, or ``""``."""
    if state.battle is None:
        return ""
    for side in state.battle.sides.values():
        for front, placed in side.figures.items():
            if placed == figure_id:
                return front
    return ""


def figure_has_sea(state: EpireiaState, figure_id: str) -> bool:
    return figure_card(state, figure_id).sea


def figures_at(state: EpireiaState, space_id: str) -> list[str]:
    return [fid for fid, fig in state.figures.items() if fig.location == space_id]


def empire_bonus(state: EpireiaState, role: str, figure_id: str, empire_id: str) -> int:
    """Added to the figure's d12 roll with an Empire (the −2 per other figure is the rules')."""
    modifiers = figure_modifiers(state, figure_id)
    bonus = sum(
        m.amount for m in modifiers if m.kind == "empire_roll" and m.target in ("", empire_id)
    )
    if any(m.kind == "ignore_crowding" for m in modifiers):
        others = [f for f in figures_at(state, empire_id) if f != figure_id]
        bonus += CROWDING_PENALTY * len(others)
    return bonus


def integration_bonus(state: EpireiaState, role: str, figure_id: str, city_id: str) -> int:
    """Added to the figure's d12 roll to integrate a neutral Greek City."""
    return _total(figure_modifiers(state, figure_id), "integration_roll")


def conflict_bonus(state: EpireiaState, league: str, space_id: str) -> int:
    """Added to a league's total in a conflict with the other league on a Territory:
    ``conflict_attack`` of its figures there (by terrain) and one-round modifiers; nothing on
    a Greek City's space (the cards speak of Territories)."""
    return _attack_bonus(state, league, space_id, ("conflict_attack",))


def brigand_bonus(state: EpireiaState, league: str, space_id: str) -> int:
    """Added to a league's combined attack against Brigands (before the threshold is read):
    ``conflict_attack`` and ``brigand_attack`` of its figures there and one-round modifiers."""
    return _attack_bonus(state, league, space_id, ("conflict_attack", "brigand_attack"))


def _attack_bonus(state: EpireiaState, league: str, space_id: str, kinds: tuple[str, ...]) -> int:
    territory = TERRITORIES.get(space_id)
    if territory is None:
        # Every such ability reads "Territory conflict", "on land Territories", "on maritime
        # Territories": a conflict on a Greek City's space is fought with attack points only.
        return 0
    terrain = "sea" if territory.sea else "land"
    ours = [
        f for f in figures_at(state, space_id)
        if state.figures[f].owner in state.seats
        and state.league_of(state.figures[f].owner) == league
    ]
    if not ours:
        return 0
    roles = sorted({state.figures[f].owner for f in ours})
    found = [m for f in ours for m in CONTENT.figures[f].modifiers]
    found += [m for who in ("*", *roles) for m in _turn_modifiers_of(state, who)]
    return sum(m.amount for m in found if m.kind in kinds and m.terrain in (None, terrain))


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


def recruit_candidates(state: EpireiaState, role: str) -> list[str]:
    """Figures of ``role``'s City that may still come into play (none when 3 slots are full)."""
    seat = state.seats[role]
    if len(seat.figure_cards) >= FIGURE_SLOTS:
        return []
    return [
        f.id for f in CONTENT.figures_of(seat.city)
        if f.id not in seat.figure_cards and f.id not in state.figures
    ]


def recruit_figure(state: EpireiaState, role: str, figure_id: str) -> None:
    """Put a new Influential Figure card into play (token at home) and apply its ``on_play``."""
    if figure_id not in recruit_candidates(state, role):
        raise ValueError(f"{figure_id} cannot join {role}'s City now")
    seat = state.seats[role]
    seat.figure_cards.append(figure_id)
    state.figures[figure_id] = FigureState(owner=role, location=HOME)
    card = CONTENT.figures[figure_id]
    state.say(f"{card.name} joins {CITIES[seat.city].name}: {card.ability}", role=role)
    play_figure(state, role, figure_id)


def play_figure(state: EpireiaState, role: str, figure_id: str) -> None:
    """A figure card comes into play: its ``on_play`` effects (also for the starting figure)."""
    card = CONTENT.figures[figure_id]
    if card.on_play:
        apply_effects(state, role, card.on_play, card.name)


# --- effects --------------------------------------------------------------------------------


def can_pay(state: EpireiaState, role: str, cost: dict[str, int]) -> bool:
    have = state.seats[role].resources
    # a loop, not all(...): asked for every building and token of every development menu
    for resource, amount in cost.items():  # noqa: SIM110
        if have.get(resource, 0) < amount:
            return False
    return True


def apply_effects(state: EpireiaState, role: str, effects: Iterable[Effect], source: str) -> bool:
    """Perform effects for ``role``. With ``pay`` effects the list is all-or-nothing: when the
    player cannot pay everything, nothing happens and False is returned (forfeited)."""
    effects = list(effects)
    price: dict[str, int] = {}
    for effect in effects:
        if effect.kind == "pay" and effect.resource:
            price[effect.resource] = price.get(effect.resource, 0) + effect.amount
    if not can_pay(state, role, price):
        state.say(f"{source}: {_name(state, role)} cannot pay {_cost_text(price)}; forfeited.",
                  role=role)
        return False
    # A price paid for a token the supply can no longer give buys nothing ("the action is not
    # possible when the decks are exhausted"): the bonus is forfeited, nothing is paid.
    gone = [e.token for e in effects
            if e.kind == "token" and e.token and state.supply.get(e.token, 0) <= 0]
    if price and gone:
        state.say(f"{source}: no {token_label(gone[0])} token is left in the supply; "
                  f"{_name(state, role)} pays nothing and the bonus is forfeited.", role=role)
        return False
    for effect in effects:
        _apply_one(state, role, effect, source)
    return True


def _apply_one(state: EpireiaState, role: str, effect: Effect, source: str) -> None:
    seat = state.seats[role]
    kind = effect.kind
    if kind in ("gain", "pay", "lose") and effect.resource:
        have = seat.resources[effect.resource]
        delta = effect.amount if kind == "gain" else -min(have, effect.amount)
        seat.resources[effect.resource] = have + delta
        verb = "gains" if kind == "gain" else "pays" if kind == "pay" else "loses"
        state.say(f"{source}: {_name(state, role)} {verb} {abs(delta)} "
                  f"{effect.resource.title()}.", role=role)
    elif kind == "prestige":
        gain_prestige(state, role, effect.amount, source)
    elif kind == "token" and effect.token:
        give_token(state, state.league_of(role), effect.token, source)
    elif kind == "recruit":
        ask_recruit(state, role, source)
    elif kind == "league_take" and effect.resource:
        treasury = state.leagues[seat.league].treasury
        taken = min(treasury[effect.resource], effect.amount)
        treasury[effect.resource] -= taken
        seat.resources[effect.resource] += taken
        state.say(f"{source}: {_name(state, role)} takes {taken} {effect.resource.title()} "
                  "from the league treasury.", role=role)
    elif kind == "action":
        grant_actions(state, role, effect.amount, source)
    elif kind == "brigands":
        for target in effect.targets:
            place_brigands(state, target, source)


def gain_prestige(state: EpireiaState, role: str, amount: int, source: str) -> None:
    """Raise ``role``'s Prestige (up to the track's end) and grant the bonuses passed."""
    seat = state.seats[role]
    old = seat.prestige
    seat.prestige = min(CONTENT.prestige.max, old + amount)
    if seat.prestige != old:
        state.say(f"{source}: {_name(state, role)} gains {seat.prestige - old} Prestige "
                  f"({seat.prestige}).", role=role)
        on_prestige(state, role, old, seat.prestige)


def give_token(state: EpireiaState, league: str, kind: str, source: str) -> bool:
    """Move a token of ``kind`` from the supply to ``league``'s reserve; False if none left."""
    if state.supply.get(kind, 0) <= 0:
        state.say(f"{source}: no {token_label(kind)} token is left in the supply; lost.")
        return False
    state.supply[kind] -= 1
    state.leagues[league].reserve.append(kind)
    state.say(f"{source}: a {token_label(kind)} token joins the {league.title()} reserve.")
    return True


def ask_recruit(state: EpireiaState, role: str, source: str) -> None:
    """Offer the player a new figure of their City (an ``ability`` frame); lost if none fits."""
    candidates = recruit_candidates(state, role)
    if not candidates:
        state.say(f"{source}: no figure slot or card is free; the new figure is lost.", role=role)
        return
    options = [[f, f"{catalog.figure_name(f)} ({figure_card(state, f).attack})"]
               for f in candidates]
    push(state, "ability", role, source="recruit", label=source, options=options)


def grant_actions(state: EpireiaState, role: str, amount: int, source: str) -> None:
    """Extra development actions: now if it is ``role``'s development turn, else kept for its
    next one (``Seat.counters["bonus_actions"]``, read by :func:`development_actions`)."""
    seat = state.seats[role]
    if in_development_turn(state, role):
        seat.actions_left += amount
    else:
        seat.counters["bonus_actions"] = seat.counters.get("bonus_actions", 0) + amount
    state.say(f"{source}: {_name(state, role)} gains {amount} more development "
              f"action{'s' if amount > 1 else ''}.", role=role)


def in_development_turn(state: EpireiaState, role: str) -> bool:
    return state.phase == "development" and any(
        frame.role == role and frame.name in ("develop", "donate", "ability")
        for frame in state.stack
    )


def development_actions(state: EpireiaState, role: str) -> int:
    """The actions ``role`` has when its development turn begins: 2 plus banked bonuses."""
    seat = state.seats[role]
    return 2 + seat.counters.pop("bonus_actions", 0)


def place_brigands(state: EpireiaState, target: str, source: str) -> str:
    """Brigands take a Territory (``random-land``: a land one they do not hold yet); the City
    token there returns to its owner's board. Returns the Territory id, or ``""``."""
    if target == "random-land":
        free = [t for t, spec in TERRITORIES.items()
                if not spec.sea and state.territories.get(t) != BRIGANDS]
        if not free:
            return ""
        target = state.rng.choice(free)
    owner = state.territories.get(target, "")
    if owner in state.seats:
        state.seats[owner].trade_posts += 1
    state.territories[target] = BRIGANDS
    state.say(f"{source}: Brigands take {TERRITORIES[target].name}.")
    return target


def resolve_choice(state: EpireiaState, role: str, frame: Frame, choice_id: str) -> None:
    """The player answered an ``ability`` frame (the rules have popped it)."""
    if frame.data.get("source") == "recruit":
        recruit_figure(state, role, choice_id)
    else:
        raise ValueError(f"unknown ability choice source {frame.data.get('source')!r}")


# --- development: costs, buildings, donations, prestige ---------------------------------------


# The printed costs as dicts (a development menu prices every building and token).
BUILDING_COSTS = {b: spec.cost.as_dict() for b, spec in CONTENT.buildings.items()}
TOKEN_COSTS = {kind: spec.cost.as_dict() for kind, spec in CONTENT.tokens.items()}


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


def on_construct(state: EpireiaState, role: str, building_id: str) -> None:
    """The immediate effect of a new building (Religious Prestige, Prytaneion's new figure)."""
    building = CONTENT.buildings[building_id]
    if building.effects:
        apply_effects(state, role, building.effects, building.name)


def on_donate(state: EpireiaState, role: str, resource: str, amount: int) -> None:
    """Extra Prestige for a donation (Theatre, Cleisthenes, festival), beyond the rules' +1."""
    extra = _total(city_modifiers(state, role), "donate_prestige")
    if extra > 0:
        gain_prestige(state, role, extra, "Donation")


def on_prestige(state: EpireiaState, role: str, old: int, new: int) -> None:
    """Prestige-track bonuses for every level reached for the first time (old, new]."""
    seat = state.seats[role]
    for bonus in CONTENT.prestige.bonus:
        if old < bonus.level <= new and bonus.level not in seat.bonuses_taken:
            seat.bonuses_taken.append(bonus.level)
            apply_effects(state, role, bonus.effects, f"Prestige {bonus.level}")


def income(state: EpireiaState, role: str) -> dict[str, int]:
    """Extra income beyond the 1 Wheat, 1 Wood, 1 Copper of every collection (never below −1)."""
    extra = {"wheat": 0, "wood": 0, "copper": 0}
    for m in city_modifiers(state, role):
        if m.kind == "income" and m.resource:
            extra[m.resource] += m.amount
    return {r: max(-1, n) for r, n in extra.items()}


# --- administrators -------------------------------------------------------------------------


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


def use_administrator(state: EpireiaState, role: str, option_id: str) -> None:
    """Perform an administrator option (the rules count ``admin_uses``)."""
    seat = state.seats[role]
    admin = CONTENT.administrators[seat.administrator]
    option = next(o for o in admin.options if o.id == option_id)
    seat.counters["admin_round"] = state.round
    state.say(f"{_name(state, role)} uses the {admin.name}: {option.label}.", role=role)
    apply_effects(state, role, option.effects, admin.name)
    add_turn_modifiers(state, role, option.modifiers)


# --- scenarios ------------------------------------------------------------------------------


def start_scenario(state: EpireiaState, card_id: str) -> None:
    """A scenario card is revealed: its on-reveal effects (Brigands) take place."""
    card = catalog.scenario_card(card_id, state.options.revision)
    if card.constraint_text:
        state.say(f"{card.name}: {card.constraint_text}")
    for effect in card.on_reveal:
        if effect.kind == "brigands":
            for target in effect.targets:
                place_brigands(state, target, card.name)


def objective_holds(state: EpireiaState, role: str, objective: Objective) -> bool:
    """Whether ``objective`` is met for ``role`` (league-wide checks use ``role``'s league)."""
    return objective_count(state, role, objective) >= objective.amount


def objective_count(state: EpireiaState, role: str, objective: Objective) -> int:
    """How far ``role`` (or its league) is toward ``objective``: met at ``objective.amount``
    (shown to the players as "2 of 3")."""
    check = objective.check
    if check == "prestige":
        return state.seats[role].prestige
    league = state.league_of(role)
    if check == "treasury":
        treasury = state.leagues[league].treasury
        return treasury[objective.resource] if objective.resource else sum(treasury.values())
    if check == "reserve":
        reserve = state.leagues[league].reserve
        unit = objective.unit
        return sum(1 for k in reserve if unit is None or k.startswith(unit))
    roles = state.league_roles(league)
    if check == "prestige_per_city":
        if revisions.prestige_per_city_on_average(state):
            return sum(state.seats[r].prestige for r in roles) // len(roles)
        return min(state.seats[r].prestige for r in roles)
    if check == "buildings":
        return max(len(state.seats[r].buildings) for r in roles)
    taken = [t for t, owner in state.territories.items() if owner in roles]
    if objective.terrain is not None:
        taken = [t for t in taken if TERRITORIES[t].sea == (objective.terrain == "sea")]
    return len(taken)


def objective_met(state: EpireiaState, role: str) -> bool:
    card = CONTENT.scenarios.get(state.scenario.card)
    if card is None or state.scenario.completed:
        return False
    return objective_holds(state, role, card.objective)


def roles_meeting_objective(state: EpireiaState) -> list[str]:
    """The roles for which ``objective_met`` holds, in seat order. Checked after every action:
    a league-wide objective is read once per league rather than once per seat."""
    card = CONTENT.scenarios.get(state.scenario.card)
    if card is None or state.scenario.completed:
        return []
    objective = card.objective
    if objective.check == "prestige":  # the only check of a City's own
        return [r for r in state.roles if objective_holds(state, r, objective)]
    by_league: dict[str, bool] = {}
    meeting = []
    for role in state.roles:
        league = state.league_of(role)
        if league not in by_league:
            by_league[league] = objective_holds(state, role, objective)
        if by_league[league]:
            meeting.append(role)
    return meeting


def grant_reward(state: EpireiaState, role: str) -> None:
    """The current scenario's reward token goes to ``role``'s league reserve."""
    card = catalog.scenario_card(state.scenario.card, state.options.revision)
    give_token(state, state.league_of(role), card.reward, card.name)


def solo_objectives_met(state: EpireiaState) -> bool:
    scenario = CONTENT.solo[state.solo.scenario]
    role = state.roles[0]
    return all(index in state.solo.completed or objective_holds(state, role, o)
               for index, o in enumerate(scenario.objectives))


def complete_solo_objectives(state: EpireiaState) -> None:
    """Rules revision 2: record every solo objective met now (it stays completed)."""
    scenario = CONTENT.solo.get(state.solo.scenario)
    if scenario is None or state.phase in ("setup", "battle", "over"):
        return
    role = state.roles[0]
    for index, objective in enumerate(scenario.objectives):
        if index not in state.solo.completed and objective_holds(state, role, objective):
            state.solo.completed.append(index)
            state.say(f"Objective completed: {objective.text}", role=role)


def augur_reveal(state: EpireiaState, card_id: str) -> None:
    """An Augur card: its effects now, its modifiers for everyone until the round's end."""
    card = CONTENT.augur[card_id]
    state.say(f"Augur: {card.name}. {card.text}")
    if card.effects:
        apply_effects(state, state.roles[0], card.effects, card.name)
    add_turn_modifiers(state, "*", card.modifiers)


# --- the Great Battle -----------------------------------------------------------------------


def token_power(state: EpireiaState, league: str, kind: str, front: str, column: int) -> int:
    """A token's power in a column: its value plus its power when it applies."""
    token = CONTENT.tokens[kind]
    power = token.value
    if state.battle is None or not token.power:
        return power
    bonus = CONTENT.powers[token.power].amount
    ours = _column(state, league, front, column)
    theirs = _column(state, other_league(league), front, column)
    applies = {
        "phalanx": sum(1 for k in ours if k.startswith("hoplites")) >= 2,
        "charge": front == "flank",
        "ram": any(k.startswith("triremes") for k in theirs),
    }
    return power + bonus if applies[token.power] else power


def _column(state: EpireiaState, league: str, front: str, column: int) -> list[str]:
    assert state.battle is not None
    side = state.battle.sides.get(league)
    if side is None or front not in side.slots or column >= len(side.slots[front]):
        return []
    return [k for k in side.slots[front][column] if k]


# --- words for the view --------------------------------------------------------------------


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
        for m in _turn_modifiers_of(state, who):
            found.append({"who": who, "text": modifier_text(m)})
    return found


# --- small helpers --------------------------------------------------------------------------


def _name(state: EpireiaState, role: str) -> str:
    city = state.seats[role].city if role in state.seats else ""
    return CITIES[city].name if city in CITIES else role


def _cost_text(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {r.title()}" for r, n in cost.items() if n) or "nothing"
