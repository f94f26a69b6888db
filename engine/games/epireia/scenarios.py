"""Scenarios in three Acts (multiplayer): drawing the next Act, objectives and rewards."""

from __future__ import annotations

from engine.games.epireia import abilities, catalog, revisions
from engine.games.epireia.board import CITIES, TERRITORIES
from engine.games.epireia.content import CONTENT, Objective
from engine.games.epireia.state import LEAGUES, EpireiaState


def reveal_next_act(state: EpireiaState) -> None:
    """Draw the next Act's card at random and put it face up (rules: Selection of scenarios)."""
    scenario = state.scenario
    if scenario.card:
        scenario.history.append(scenario.card)
    scenario.act += 1
    scenario.card = state.rng.choice(catalog.scenario_ids(scenario.act))
    scenario.completed = False
    scenario.winner = ""
    scenario.winner_league = ""
    scenario.reveal_next = False
    scenario.revealed_turn = state.turn  # the turn post that shows it reads its story aloud
    state.reveals += 1
    state.say(
        f"Act {scenario.act}: {catalog.scenario_name(scenario.card, state.options.revision)}. "
        f"{catalog.scenario_summary(scenario.card, state.options.revision)}"
    )
    abilities.start_scenario(state, scenario.card)


def check_objectives(state: EpireiaState, actor: str | None = None) -> None:
    """The first player to meet the current objective takes the reward at once.

    ``actor`` is the player whose action (a development choice, an Empire's reward, a
    Territory taken) just changed the game: when its league now meets the objective, its City
    is credited (the reward goes to the league's reserve either way). Without an actor — the
    card was revealed already met — the league is credited (the City with the 4 buildings for
    The Long Walls)."""
    scenario = state.scenario
    if state.is_solo and state.result is None and revisions.solo_objectives_stay_completed(state):
        abilities.complete_solo_objectives(state)
    if state.is_solo or state.result is not None or not scenario.card or scenario.completed:
        return
    if state.phase in ("setup", "battle", "over"):
        return
    meeting = abilities.roles_meeting_objective(state)
    if not meeting:
        return
    if actor in meeting:
        league, credited = state.league_of(actor), actor
    else:
        leagues = [lg for lg in LEAGUES if any(state.league_of(r) == lg for r in meeting)]
        league = leagues[0] if len(leagues) == 1 else both_meet(state, leagues)
        credited = own_merit(state, league)
    scenario.completed = True
    scenario.winner = credited
    scenario.winner_league = league
    card = catalog.scenario_name(scenario.card, state.options.revision)
    if credited:
        who = CITIES[state.seats[credited].city].name
        state.say(f"{who} meets the objective of {card} and takes its reward.", role=credited)
    else:
        state.say(f"The {league.title()} League meets the objective of {card} and takes its "
                  "reward.")
    abilities.grant_reward(state, credited or state.league_roles(league)[0])
    if scenario.act < 3:
        scenario.reveal_next = True
    else:
        state.end_after_round = True
        state.say("Act III is completed: this is the last round before the great Battle.")


def both_meet(state: EpireiaState, leagues: list[str]) -> str:
    """Both leagues meet the objective at once (a card revealed already met by both): nobody
    was first, so the league further past it takes it, and on a tie each league rolls a d12
    (again while level). Seat order would always favour the Delian League."""
    card = CONTENT.scenarios[state.scenario.card]
    margin = {lg: progress(state, lg, card.objective) for lg in leagues}
    if margin[leagues[0]] != margin[leagues[1]]:
        return max(leagues, key=lambda lg: margin[lg])
    while True:
        rolls = {lg: state.rng.roll(12) for lg in leagues}
        state.say("Both leagues already meet the objective: "
                  + ", ".join(f"the {lg.title()} League rolls {n}" for lg, n in rolls.items())
                  + ".", dice=list(rolls.values()))
        if rolls[leagues[0]] != rolls[leagues[1]]:
            return max(leagues, key=lambda lg: rolls[lg])


def progress(state: EpireiaState, league: str, objective: Objective) -> int:
    """How far ``league`` is toward ``objective``, in the objective's own units."""
    roles = state.league_roles(league)
    check = objective.check
    if check == "prestige_per_city":
        if revisions.prestige_per_city_on_average(state):
            return sum(state.seats[r].prestige for r in roles) // len(roles)
        return min(state.seats[r].prestige for r in roles)
    if check == "prestige":
        return max(state.seats[r].prestige for r in roles)
    if check == "treasury":
        treasury = state.leagues[league].treasury
        return treasury[objective.resource] if objective.resource else sum(treasury.values())
    if check == "buildings":
        return max(len(state.seats[r].buildings) for r in roles)
    if check == "reserve":
        return sum(1 for k in state.leagues[league].reserve
                   if objective.unit is None or k.startswith(objective.unit))
    held = [t for t, owner in state.territories.items() if owner in roles]
    if objective.terrain is not None:
        held = [t for t in held if TERRITORIES[t].sea == (objective.terrain == "sea")]
    return len(held)


def own_merit(state: EpireiaState, league: str) -> str:
    """The City of ``league`` that meets the objective by itself (a City with 4 buildings, a
    City's own Prestige), or ``""`` when it is the league's together."""
    card = CONTENT.scenarios[state.scenario.card]
    if card.objective.check not in ("buildings", "prestige"):
        return ""
    return next((r for r in state.league_roles(league)
                 if abilities.objective_holds(state, r, card.objective)
                 and (card.objective.check == "prestige"
                      or len(state.seats[r].buildings) >= card.objective.amount)), "")
