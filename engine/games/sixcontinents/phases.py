"""The order of play (Game Start, Weather conditions, Currency, Economy 2.0 3, Capital).

Set-up: each colour in seat order chooses a capital; then d100 for the first player (ties
roll again). A round: the weather (a new roll when the last has run out), then each player's
turn in order. A turn: a temporary capital chosen if the seat was lost, income and upkeep,
the food count and its shortage, the turn menu, then the end of the turn (an encircled
capital loses soldiers). After the last round the points decide.

``advance`` runs whenever nobody is being asked anything: a capital is still to choose, or
a turn has ended.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.games.sixcontinents.agents import agents_pending, reveal, spent
from engine.games.sixcontinents.board import ADJACENT
from engine.games.sixcontinents.content import BATTLE, REALM
from engine.games.sixcontinents.economy import (
    collect,
    count_food,
    end_weather_round,
    roll_weather,
    shortage_die,
)
from engine.games.sixcontinents.expeditions import expeditions_due
from engine.games.sixcontinents.fishing import refresh_boats
from engine.games.sixcontinents.fleet import refresh_fleet, scuttle
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.landing import land
from engine.games.sixcontinents.overseas import after_income, overseas_turn
from engine.games.sixcontinents.realm import alive, held, lose_soldiers, soldiers, units_of
from engine.games.sixcontinents.revolts import rebel_sites, roll_revolts
from engine.games.sixcontinents.robbery import robbery_turn
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.victory import check_capitals, count_points
from engine.games.sixcontinents.voyages import arriving


def advance(state: SixState) -> None:
    if state.phase == "setup":
        waiting = [r for r in state.roles if not state.realms[r].capital]
        if waiting:
            FLOW.push(state, "capital", waiting[0])
            return
        choose_first_player(state)
        state.phase = "turn"
        begin_round(state)
        return
    if state.phase == "turn":
        next_turn(state)


def choose_first_player(state: SixState) -> None:
    """Game Start 3: the highest d100 starts; the tied highest roll again."""
    rolling = list(state.roles)
    while len(rolling) > 1:
        rolls = {r: state.rng.roll(REALM.start.first_player_die) for r in rolling}
        state.say("For the first player: " + ", ".join(
            f"{colour(r)} {n}" for r, n in rolls.items()) + ".", dice=list(rolls.values()))
        best = max(rolls.values())
        rolling = [r for r in rolling if rolls[r] == best]
    first = state.roles.index(rolling[0])
    state.order = state.roles[first:] + state.roles[:first]
    state.say(f"{colour(rolling[0])} plays first; the order is "
              + ", ".join(colour(r) for r in state.order) + ".")


def begin_round(state: SixState) -> None:
    state.round += 1
    roll_weather(state)
    turn_from(state, 0)


def begin_turn(state: SixState, role: str) -> None:
    state.current = role
    realm = state.realms[role]
    realm.recruited = 0
    realm.offered = []
    for unit in units_of(state, role):
        unit.used, unit.fresh = 0, False
    refresh_boats(state, role)
    refresh_fleet(state, role)
    state.say(f"Round {state.round}: {colour(role)}'s turn.")
    FLOW.push(state, "menu", role)
    FLOW.push(state, "turn_start", role)
    if agents_pending(state, role):  # incited mutinies, slaves freed (agent_prompts.py)
        FLOW.push(state, "agents_start", role)
    if not realm.seat and held(state, role):
        FLOW.push(state, "seat", role)


@FLOW.state
class TurnStart(PromptState[SixState]):
    """The turn's start once the seat is known: voyages arriving, expeditions due, income
    and upkeep, the
    robbery economy's tokens, the food count and its shortage."""

    name = "turn_start"
    auto = True

    def run(self, state: SixState, frame: Frame) -> None:
        for voyage in arriving(state, frame.role):
            land(state, voyage)
            if state.result is not None:
                return
        overseas_turn(state, frame.role)
        expeditions_due(state, frame.role)
        collect(state, frame.role)
        after_income(state, frame.role)
        robbery_turn(state, frame.role)
        short = count_food(state, frame.role)
        spent(state, frame.role)  # the spies' cuts are taken
        if not short:
            return
        die = shortage_die(state, frame.role)
        roll = state.rng.roll(die)
        have = soldiers(units_of(state, frame.role))
        state.say(f"Hunger: {colour(frame.role)} rolls d{die}: {roll} "
                  f"soldier{'s' if roll != 1 else ''}, or "
                  f"{roll * REALM.food.soldier_price} currency.", role=frame.role,
                  dice=[roll])
        if have == 0 and state.realms[frame.role].currency < roll * REALM.food.soldier_price:
            state.say(f"{colour(frame.role)} has neither soldiers nor currency to lose.")
            return
        FLOW.push(state, "shortage", frame.role, soldiers=roll)


def end_turn(state: SixState, role: str) -> None:
    """The end of ``role``'s turn: an encircled capital loses d6 soldiers, down to 6
    (Modifiers 2, Capital); then the revolts (Revolts)."""
    seat = state.realms[role].capital
    if state.provinces[seat].holder == role and all(
            state.provinces[p].holder not in ("", role) for p in ADJACENT[seat]):
        keep = BATTLE.encircled_capital.keep
        roll = state.rng.roll(BATTLE.encircled_capital.die)
        here = soldiers(units_of(state, role, seat))
        dead = lose_soldiers(state, role, min(roll, max(0, here - keep)), [seat])
        state.say(f"{place(seat)} is encircled: d{BATTLE.encircled_capital.die} {roll}, "
                  f"{dead} soldier{'s' if dead != 1 else ''} lost.", dice=[roll])
    state.realms[role].recruited = 0  # before the revolts: they may take provinces
    FLOW.push(state, "finish_turn", role)
    rebels = roll_revolts(state, role)
    if rebels and rebel_sites(state, role):
        FLOW.push(state, "revolt", role, rebels=rebels)


@FLOW.state
class FinishTurn(PromptState[SixState]):
    """The turn is over (after the victim's revolt choices, if any)."""

    name = "finish_turn"
    auto = True

    def run(self, state: SixState, frame: Frame) -> None:
        state.turn += 1
        check_capitals(state)


def next_turn(state: SixState) -> None:
    """On to the next player in order; after the last, the round ends."""
    turn_from(state, state.order.index(state.current) + 1)


def turn_from(state: SixState, index: int) -> None:
    """The turn of the first player from ``index`` on who still has something (the others
    are out); past the last one, the round ends."""
    while index < len(state.order):
        role = state.order[index]
        if alive(state, role):
            begin_turn(state, role)
            return
        if not state.realms[role].out:
            state.realms[role].out = True
            state.say(f"{colour(role)} has nothing left and is out of the game.")
            scuttle(state, role)
        index += 1
    reveal(state)  # the agents' cards dealt before this round (Agents)
    end_weather_round(state)
    limit = state.options.rounds
    if limit and state.round >= limit:
        count_points(state)
        return
    begin_round(state)
