"""How the greedy player scores a state for a role: resources, income, the objectives, Prestige,
administrator uses, and the battle to come (its weights are here)."""

from __future__ import annotations

from engine.games.epireia import abilities, revisions, scenarios
from engine.games.epireia.ai.army import solo_battle_cost
from engine.games.epireia.content import CONTENT, Objective
from engine.games.epireia.state import EpireiaState

# Score weights (one resource is worth about 1 while there is a round left to spend it).
ACTION_VALUE = 0.4          # an action not yet spent this turn
BANKED_ACTION_VALUE = 1.6   # a bonus action kept for the next turn
BATTLE_COST_WEIGHT = 1.6    # solo: per resource still missing from the winning army
PRESTIGE_VALUE = 0.3
ADMIN_USE_VALUE = 1.8       # an administrator use still to come (with the Archeion)
OBJECTIVE_MET = 6.0
UNIT_VALUE = {"prestige": 3.2, "prestige_per_city": 3.2, "treasury": 1.4, "buildings": 5.5,
              "reserve": 3.6, "territories": 5.0}
MULTI_OBJECTIVE_SCALE = 0.7  # with several players an objective is a race for one token


def rounds_left(state: EpireiaState) -> int:
    """Development phases still to come after the current round's."""
    if state.is_solo:
        return max(0, state.solo.rounds - state.round)
    if state.end_after_round:
        return 0
    return max(0, state.options.round_limit - state.round)


def objectives(state: EpireiaState) -> list[Objective]:
    if state.is_solo:
        scenario = CONTENT.solo.get(state.solo.scenario)
        return [o for i, o in enumerate(scenario.objectives)
                if i not in state.solo.completed] if scenario else []
    card = CONTENT.scenarios.get(state.scenario.card)
    if card is None or state.scenario.completed:
        return []
    return [card.objective]


def progress(state: EpireiaState, role: str, objective: Objective) -> float:
    """How far ``role`` (or its league) is toward ``objective``, in its own units: the league's
    measure, except that a City counts only its own Prestige (a partner's does not help it)."""
    if objective.check == "prestige":
        return state.seats[role].prestige
    if objective.check == "prestige_per_city" and revisions.prestige_per_city_on_average(state):
        roles = state.league_roles(state.league_of(role))
        return sum(state.seats[r].prestige for r in roles) / len(roles)
    return scenarios.progress(state, state.league_of(role), objective)


def objective_value(state: EpireiaState, role: str) -> float:
    scale = 1.0 if state.is_solo else MULTI_OBJECTIVE_SCALE
    total = 0.0
    for objective in objectives(state):
        done = min(progress(state, role, objective), objective.amount)
        total += scale * UNIT_VALUE[objective.check] * done
        if done >= objective.amount:
            total += scale * OBJECTIVE_MET
    if state.is_solo:
        # Completed for good (rules revision 2): worth all of it, as just before.
        solo = CONTENT.solo.get(state.solo.scenario)
        completed = [solo.objectives[i] for i in state.solo.completed] if solo else []
        for objective in completed:
            total += UNIT_VALUE[objective.check] * objective.amount + OBJECTIVE_MET
    scenario = state.scenario
    card = CONTENT.scenarios.get(scenario.card)
    if not state.is_solo and card is not None and scenario.completed and \
            scenario.winner_league == state.league_of(role):
        # Met by our league: worth all its progress and more, as it was just before (the card
        # leaves ``objectives`` once completed; without this the player never completed one).
        objective = card.objective
        total += scale * (UNIT_VALUE[objective.check] * objective.amount + OBJECTIVE_MET)
    return total


def territory_unit(state: EpireiaState, sea: bool) -> float:
    """What holding one more Territory is worth for the objectives now."""
    scale = 1.0 if state.is_solo else MULTI_OBJECTIVE_SCALE
    value = 0.0
    for objective in objectives(state):
        if objective.check == "territories" and (
            objective.terrain is None or (objective.terrain == "sea") == sea
        ):
            value += scale * UNIT_VALUE["territories"]
    return value


def value(state: EpireiaState, role: str) -> float:
    """The greedy score of ``state`` for ``role``."""
    seat = state.seats[role]
    left = rounds_left(state)
    price = 1.0 if left > 0 else 0.1
    if state.is_solo:
        score = price * sum(seat.resources.values())
    else:
        # A hoard is worth less than what it buys: beyond 6 of a resource, a quarter.
        score = price * sum(min(n, 6) + 0.25 * max(0, n - 6) for n in seat.resources.values())
    income = abilities.income(state, role)
    score += 0.8 * price * left * sum(income.values())
    score += PRESTIGE_VALUE * seat.prestige + objective_value(state, role)
    score += ACTION_VALUE * seat.actions_left
    score += BANKED_ACTION_VALUE * seat.counters.get("bonus_actions", 0)
    if "archeion" in seat.buildings:
        score += ADMIN_USE_VALUE * min(3 - seat.admin_uses, left + 1)
    if "proxeneion" in seat.buildings:
        score += 0.35 * left * len(seat.figure_cards)
    if "synedrion" in seat.buildings and not state.is_solo:
        score += 0.2 * left
    if "theatre" in seat.buildings:
        score += 0.2 * left
    score += (1.2 * min(left, 4) + 0.5) * len(seat.figure_cards)
    if state.is_solo:
        score -= BATTLE_COST_WEIGHT * solo_battle_cost(state, role)
    else:
        score += league_strength(state, role, left)
    return score


def league_strength(state: EpireiaState, role: str, left: int) -> float:
    """Multiplayer: what the league's reserve (and allied cities) is worth for the Battle, and
    what ``role``'s own military buildings are worth for the Level II tokens still to make (a
    partner's building does not let this City produce them)."""
    league = state.league_of(role)
    tokens = list(state.leagues[league].reserve)
    tokens += [state.greek_city_tokens[c] for c in state.leagues[league].allied
               if c in state.greek_city_tokens]
    strength = sum(token_strength(k) for k in tokens[:18])
    built = state.seats[role].buildings
    levels = sum(1 for b in ("gymnasium", "shipsheds", "hippodrome") if b in built)
    return 1.5 * strength + 0.6 * min(left, 5) * levels


def token_strength(kind: str) -> float:
    token = CONTENT.tokens[kind]
    return token.value + (0.5 if token.power else 0.0)
