"""The order of play: set-up, rounds of three phases, the scenarios' acts, the Great Battle.

Whenever nobody is being asked anything (the prompt stack is empty), the shared turn flow calls
:func:`advance`: it takes one step of the current phase (``PHASES``), which pushes the next
question or resolves what needs no choice (the Resolution phase, the reveals).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.game import Result
from engine.games.epireia import abilities, catalog, revisions
from engine.games.epireia.battle import advance_battle, start_battle
from engine.games.epireia.board import CITIES
from engine.games.epireia.flow import push
from engine.games.epireia.resolution import resolution_phase
from engine.games.epireia.scenarios import check_objectives, reveal_next_act
from engine.games.epireia.solo import move_enemy_figures, reveal_augur
from engine.games.epireia.state import HOME, EpireiaState, FigureState

TURN_EFFECT_PREFIX = "turn:"


def development_order(state: EpireiaState) -> list[str]:
    """Delian players first, one after the other, then the Peloponnesian players (with 3
    players under revision 2, the lone Peloponnesian player's two turns)."""
    delian = [r for r in state.roles if state.seats[r].league == "delian"]
    peloponnesian = [r for r in state.roles if state.seats[r].league == "peloponnesian"]
    if revisions.lone_player_turns(state):
        return delian + peloponnesian * len(delian)
    return delian + peloponnesian


def diplomacy_order(state: EpireiaState) -> list[str]:
    """The Peloponnesian League moves first, then the Delian League (with 4 players under
    revision 2, in the draft's mirror: P1, D1, D2, P2)."""
    delian = [r for r in state.roles if state.seats[r].league == "delian"]
    peloponnesian = [r for r in state.roles if state.seats[r].league == "peloponnesian"]
    if revisions.mirrored_diplomacy(state):
        return [peloponnesian[0], *delian, *peloponnesian[1:]]
    return peloponnesian + delian


def draft_order(state: EpireiaState) -> list[str]:
    """City and administrator drafts: a Delian player, the Peloponnesian player(s), the other
    Delian player (rules, Set-up II and IV)."""
    order = ["delian-1", "peloponnesian-1", "peloponnesian-2", "delian-2"]
    return [r for r in order if r in state.roles]


def advance(state: EpireiaState) -> None:
    """One step of the current phase, then the scenario's objectives are checked again."""
    PHASES[state.phase](state)
    check_objectives(state)


# Set-up ---------------------------------------------------------------------------------


def setup_next(state: EpireiaState) -> None:
    if state.is_solo:
        solo_setup_next(state)
        return
    for role in draft_order(state):
        if not state.seats[role].city:
            push(state, "draft_city", role)
            return
    if state.greek_cities and not state.greek_city_tokens:
        set_aside_city_tokens(state)
    for role in draft_order(state):
        if not state.seats[role].administrator:
            push(state, "draft_admin", role)
            return
    choosing = [r for r in state.roles if not state.seats[r].figure_cards]
    if choosing:
        undecided = [r for r in choosing if not state.seats[r].figure_choice]
        if undecided:
            for role in reversed(undecided):
                push(state, "choose_figure", role)
            return
        reveal_starting_figures(state)
        return
    start_game(state)


def set_aside_city_tokens(state: EpireiaState) -> None:
    """Each neutral Greek City's military token is set aside from the supply: it joins the
    league that integrates the City."""
    for city in state.greek_cities:
        token = CITIES[city].token
        state.supply[token] -= 1
        state.greek_city_tokens[city] = token
    names = ", ".join(CITIES[c].name for c in state.greek_cities)
    state.say(f"Neutral Greek Cities: {names}.")


def solo_setup_next(state: EpireiaState) -> None:
    seat = state.seats["solo"]
    if not state.solo.scenario:
        push(state, "solo_scenario", "solo")
    elif not seat.city:
        push(state, "solo_city", "solo")
    elif not seat.league:
        push(state, "solo_league", "solo")
    elif not seat.administrator:
        push(state, "draft_admin", "solo")
    elif not seat.figure_cards:
        if seat.figure_choice:
            reveal_starting_figures(state)
        else:
            push(state, "choose_figure", "solo")
    else:
        start_game(state)


def reveal_starting_figures(state: EpireiaState) -> None:
    """All starting figures are chosen: reveal them and put their tokens on their cities."""
    names = []
    for role in state.roles:
        seat = state.seats[role]
        figure = seat.figure_choice
        seat.figure_choice = ""
        seat.figure_cards.append(figure)
        state.figures[figure] = FigureState(owner=role, location=HOME)
        names.append(f"{CITIES[seat.city].name}: {catalog.figure_name(figure)}")
        abilities.play_figure(state, role, figure)
    state.reveals += 1
    state.say("Starting Influential Figures revealed — " + "; ".join(names) + ".")
    state.turn += 1


def start_game(state: EpireiaState) -> None:
    if state.is_solo:
        solo = catalog.solo_scenario(state.solo.scenario)
        state.scenario.revealed_turn = state.turn
        state.say(f"Solo scenario: {solo.name} — {state.solo.rounds} rounds.")
    else:
        reveal_next_act(state)
    start_round(state)


# Rounds ---------------------------------------------------------------------------------


def start_round(state: EpireiaState) -> None:
    state.phase = "development"
    state.say(f"Round {state.round}: development phase.")
    if state.scenario.reveal_next:
        reveal_next_act(state)
    if state.is_solo:
        reveal_augur(state)
    state.queue = development_order(state)


def development_next(state: EpireiaState) -> None:
    if state.queue:
        role = state.queue.pop(0)
        seat = state.seats[role]
        seat.actions_left = abilities.development_actions(state, role)
        push(state, "develop", role)
        return
    state.phase = "diplomacy"
    state.say(f"Round {state.round}: diplomacy phase.")
    state.queue = diplomacy_order(state)
    state.turn += 1


def diplomacy_next(state: EpireiaState) -> None:
    if state.queue:
        role = state.queue.pop(0)
        if state.seats[role].figure_cards:
            push(state, "move", role, moved=[])
        return
    if state.is_solo:
        move_enemy_figures(state)
    state.phase = "resolution"
    state.say(f"Round {state.round}: resolution phase.")
    resolution_phase(state)
    check_objectives(state)
    if state.stack:
        # The resolution asked for a choice (Prestige 15: a new figure). It is answered
        # before the round ends, and so before a Great Battle that would clear the stack;
        # ``advance`` ends the round once it is.
        return
    end_round(state)


def end_round(state: EpireiaState) -> None:
    for name in [n for n in state.effects if n.startswith(TURN_EFFECT_PREFIX)]:
        del state.effects[name]
    state.turn += 1
    if state.is_solo:
        if state.round >= state.solo.rounds:
            if abilities.solo_objectives_met(state):
                state.say("The scenario's objectives are met: the final Battle begins.")
                start_battle(state)
            else:
                state.say("The last round is over and the scenario's objectives are not met.")
                state.phase = "over"
                state.result = Result(
                    winners=[], scores={"solo": 0.0},
                    reason="the scenario's objectives were not met in time",
                )
            return
    elif state.end_after_round:
        state.say("Act III is completed: the great Battle begins.")
        start_battle(state)
        return
    elif state.round >= state.options.round_limit:
        state.say(
            f"Round {state.round} was the last (round limit): the great Battle begins."
        )
        start_battle(state)
        return
    state.round += 1
    start_round(state)


def resolution_answered(state: EpireiaState) -> None:
    """A choice the Resolution phase asked for (a new figure) is answered: the round ends."""
    end_round(state)


# What happens, phase by phase, when nobody is being asked anything.
PHASES: dict[str, Callable[[EpireiaState], None]] = {
    "setup": setup_next,
    "development": development_next,
    "diplomacy": diplomacy_next,
    "resolution": resolution_answered,
    "battle": advance_battle,
}
