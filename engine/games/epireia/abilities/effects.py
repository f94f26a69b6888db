"""One-off effects of the content (``content.Effect``), performed when the rule book says:
gains and payments, Prestige and the track's bonuses, tokens, new figures, extra actions,
Brigands, a new building's or donation's extras, administrators, scenario and Augur reveals."""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.epireia import catalog
from engine.games.epireia.abilities.economy import can_pay
from engine.games.epireia.abilities.modifiers import add_turn_modifiers, city_modifiers, total
from engine.games.epireia.abilities.powers import figure_card
from engine.games.epireia.board import CITIES, TERRITORIES, token_label
from engine.games.epireia.content import CONTENT, Effect
from engine.games.epireia.flow import push
from engine.games.epireia.state import BRIGANDS, HOME, EpireiaState, FigureState, Frame

FIGURE_SLOTS = 3


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


def on_prestige(state: EpireiaState, role: str, old: int, new: int) -> None:
    """Prestige-track bonuses for every level reached for the first time (old, new]."""
    seat = state.seats[role]
    for bonus in CONTENT.prestige.bonus:
        if old < bonus.level <= new and bonus.level not in seat.bonuses_taken:
            seat.bonuses_taken.append(bonus.level)
            apply_effects(state, role, bonus.effects, f"Prestige {bonus.level}")


def give_token(state: EpireiaState, league: str, kind: str, source: str) -> bool:
    """Move a token of ``kind`` from the supply to ``league``'s reserve; False if none left."""
    if state.supply.get(kind, 0) <= 0:
        state.say(f"{source}: no {token_label(kind)} token is left in the supply; lost.")
        return False
    state.supply[kind] -= 1
    state.leagues[league].reserve.append(kind)
    state.say(f"{source}: a {token_label(kind)} token joins the {league.title()} reserve.")
    return True


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


def ask_recruit(state: EpireiaState, role: str, source: str) -> None:
    """Offer the player a new figure of their City (an ``ability`` frame); lost if none fits."""
    candidates = recruit_candidates(state, role)
    if not candidates:
        state.say(f"{source}: no figure slot or card is free; the new figure is lost.", role=role)
        return
    options = [[f, f"{catalog.figure_name(f)} ({figure_card(state, f).attack})"]
               for f in candidates]
    push(state, "ability", role, source="recruit", label=source, options=options)


def resolve_choice(state: EpireiaState, role: str, frame: Frame, choice_id: str) -> None:
    """The player answered an ``ability`` frame (the rules have popped it)."""
    if frame.data.get("source") == "recruit":
        recruit_figure(state, role, choice_id)
    else:
        raise ValueError(f"unknown ability choice source {frame.data.get('source')!r}")


def on_construct(state: EpireiaState, role: str, building_id: str) -> None:
    """The immediate effect of a new building (Religious Prestige, Prytaneion's new figure)."""
    building = CONTENT.buildings[building_id]
    if building.effects:
        apply_effects(state, role, building.effects, building.name)


def on_donate(state: EpireiaState, role: str, resource: str, amount: int) -> None:
    """Extra Prestige for a donation (Theatre, Cleisthenes, festival), beyond the rules' +1."""
    extra = total(city_modifiers(state, role), "donate_prestige")
    if extra > 0:
        gain_prestige(state, role, extra, "Donation")


def use_administrator(state: EpireiaState, role: str, option_id: str) -> None:
    """Perform an administrator option (the rules count ``admin_uses``)."""
    seat = state.seats[role]
    admin = CONTENT.administrators[seat.administrator]
    option = next(o for o in admin.options if o.id == option_id)
    seat.counters["admin_round"] = state.round
    state.say(f"{_name(state, role)} uses the {admin.name}: {option.label}.", role=role)
    apply_effects(state, role, option.effects, admin.name)
    add_turn_modifiers(state, role, option.modifiers)


def start_scenario(state: EpireiaState, card_id: str) -> None:
    """A scenario card is revealed: its on-reveal effects (Brigands) take place."""
    card = catalog.scenario_card(card_id, state.options.revision)
    if card.constraint_text:
        state.say(f"{card.name}: {card.constraint_text}")
    for effect in card.on_reveal:
        if effect.kind == "brigands":
            for target in effect.targets:
                place_brigands(state, target, card.name)


def augur_reveal(state: EpireiaState, card_id: str) -> None:
    """An Augur card: its effects now, its modifiers for everyone until the round's end."""
    card = CONTENT.augur[card_id]
    state.say(f"Augur: {card.name}. {card.text}")
    if card.effects:
        apply_effects(state, state.roles[0], card.effects, card.name)
    add_turn_modifiers(state, "*", card.modifiers)


def _name(state: EpireiaState, role: str) -> str:
    city = state.seats[role].city if role in state.seats else ""
    return CITIES[city].name if city in CITIES else role


def _cost_text(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {r.title()}" for r, n in cost.items() if n) or "nothing"
