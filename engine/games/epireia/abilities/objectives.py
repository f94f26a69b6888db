"""Scenario objectives: how far a player or league is toward one, who meets it, its reward;
and the solo scenarios' objectives."""

from __future__ import annotations

from engine.games.epireia import catalog, revisions
from engine.games.epireia.abilities.effects import give_token
from engine.games.epireia.board import TERRITORIES
from engine.games.epireia.content import CONTENT, Objective
from engine.games.epireia.state import EpireiaState


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
