"""Scenarios in three Acts (multiplayer): drawing the next Act, objectives and rewards."""

from __future__ import annotations

from engine.games.epireia import abilities, catalog
from engine.games.epireia.state import EpireiaState


def reveal_next_act(state: EpireiaState) -> None:
    """Draw the next Act's card at random and put it face up (rules: Selection of scenarios)."""
    scenario = state.scenario
    if scenario.card:
        scenario.history.append(scenario.card)
    scenario.act += 1
    scenario.card = state.rng.choice(catalog.scenario_ids(scenario.act))
    scenario.completed = False
    scenario.winner = ""
    scenario.reveal_next = False
    scenario.revealed_turn = state.turn  # the turn post that shows it reads its story aloud
    state.reveals += 1
    state.say(
        f"Act {scenario.act}: {catalog.scenario_name(scenario.card)}. "
        f"{catalog.scenario_summary(scenario.card)}"
    )
    abilities.start_scenario(state, scenario.card)


def check_objectives(state: EpireiaState) -> None:
    """The first player to meet the current objective takes the reward at once."""
    scenario = state.scenario
    if state.is_solo or state.result is not None or not scenario.card or scenario.completed:
        return
    if state.phase in ("setup", "battle", "over"):
        return
    for role in state.roles:
        if abilities.objective_met(state, role):
            scenario.completed = True
            scenario.winner = role
            state.say(
                f"{state.seats[role].city.title()} meets the objective of "
                f"{catalog.scenario_name(scenario.card)} and takes its reward.",
                role=role,
            )
            abilities.grant_reward(state, role)
            if scenario.act < 3:
                scenario.reveal_next = True
            else:
                state.end_after_round = True
                state.say("Act III is completed: this is the last round before the great Battle.")
            return
