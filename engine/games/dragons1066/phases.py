"""The order of play: "Each player takes one turn per year. Each player's turn has three
phases: Attack, Battle, and Reinforce." Turn order Red, Gold, Blue, Silver.

``advance`` runs whenever nobody is being asked anything: the menu of a phase was closed
(the next phase begins), a battle needs its next round, or a turn ended.
"""

from __future__ import annotations

from engine.games.dragons1066.battle import (
    allowed_battles,
    battle_over,
    finish_battle,
    retreat_matters,
    start_battle,
)
from engine.games.dragons1066.battle import fight_on as fight_round
from engine.games.dragons1066.board import odds_of
from engine.games.dragons1066.data import LANDS, TURN_ORDER
from engine.games.dragons1066.flow import FLOW, kingdom_name
from engine.games.dragons1066.reinforce import collect_gold, end_turn, refresh_fliers
from engine.games.dragons1066.state import DragonsState
from engine.games.dragons1066.victory import alive, check_fortresses, end_of_years


def role_of(state: DragonsState) -> str:
    return state.control[state.kingdom]


def begin_attack(state: DragonsState) -> None:
    state.phase = "attack"
    state.say(f"Year {state.year}: {kingdom_name(state.kingdom)}'s turn.")
    FLOW.push(state, "attack", role_of(state))


def battle_step(state: DragonsState) -> None:
    """The Battle phase: the next round of the battle being fought, or the next battle
    (asked when there is a choice), or on to Reinforce."""
    if state.battle is not None:
        if battle_over(state):
            finish_battle(state)
        elif retreat_matters(state):
            FLOW.push(state, "air_retreat", role_of(state))
        else:
            fight_round(state)
        return
    if not state.battles:
        begin_reinforce(state)
        return
    options = allowed_battles(state)
    if len(options) == 1:
        start_battle(state, options[0])
    elif state.best_first:
        start_battle(state, best_battle(state, options))
    else:
        FLOW.push(state, "choose_battle", role_of(state))


def best_battle(state: DragonsState, options: list[str]) -> str:
    """The battle with the best odds (to take the land, or win at sea); the first made on a
    tie."""
    def chance(zone: str) -> float:
        odds = odds_of(state, zone, state.kingdom)
        return odds.conquer if zone in LANDS else odds.win
    return max(options, key=lambda zone: (chance(zone), -options.index(zone)))


def begin_reinforce(state: DragonsState) -> None:
    state.phase = "reinforce"
    collect_gold(state)
    refresh_fliers(state)
    FLOW.push(state, "reinforce", role_of(state))


def next_turn(state: DragonsState) -> None:
    """The turn is over: on to the next kingdom (a new year after Silver); a kingdom with
    nothing left is passed over."""
    end_turn(state)
    state.turn += 1
    check_fortresses(state)
    for _ in TURN_ORDER:
        if state.result is not None:
            return
        index = TURN_ORDER.index(state.kingdom) + 1
        if index == len(TURN_ORDER):
            if state.year >= state.options.years:
                end_of_years(state)
                return
            state.year += 1
            index = 0
        state.kingdom = TURN_ORDER[index]
        if alive(state, state.kingdom):
            begin_attack(state)
            return
        state.say(f"{kingdom_name(state.kingdom)} has nothing left and passes.")


def advance(state: DragonsState) -> None:
    if state.phase == "attack":
        state.phase = "battle"
        battle_step(state)
    elif state.phase == "battle":
        battle_step(state)
    elif state.phase == "reinforce":
        next_turn(state)
