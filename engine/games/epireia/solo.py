"""Solo mode: the Augur deck, the enemy figures' d12 movement, the scenario's set-up."""

from __future__ import annotations

from engine.games.epireia import abilities, catalog, revisions
from engine.games.epireia.board import SOLO_MOVES, space_name
from engine.games.epireia.state import ENEMY, HOME, EpireiaState, FigureState, other_league


def prepare_solo_scenario(state: EpireiaState, scenario_id: str) -> None:
    """Apply a chosen solo scenario: round limit, Augur deck, enemy figures and army."""
    scenario = catalog.solo_scenario(scenario_id)
    state.solo.scenario = scenario_id
    state.solo.rounds = revisions.solo_rounds(state, scenario)
    state.solo.enemy_cities = list(scenario.enemy_cities)
    state.solo.enemy_figures = list(scenario.enemy_figures)
    seat = state.seats["solo"]
    if scenario.city:
        seat.city = scenario.city
        seat.league = scenario.league or catalog.city_league(scenario.city)
    deck = list(catalog.augur_ids())
    state.rng.shuffle(deck)
    state.augur.deck = deck[: scenario.rounds]
    state.say(f"Solo scenario chosen: {scenario.name} ({state.solo.rounds} rounds).")


def place_enemy(state: EpireiaState) -> None:
    """Enemy figures stand on their cities; the enemy army is pre-placed on its battlefield."""
    scenario = catalog.solo_scenario(state.solo.scenario)
    for figure in state.solo.enemy_figures:
        state.figures[figure] = FigureState(owner=ENEMY, location=HOME)
    army: dict[str, list[list[str]]] = {front: [list(column) for column in columns]
            for front, columns in scenario.enemy_army.items()}
    for columns in army.values():
        for column in columns:
            for kind in column:
                if kind:
                    state.supply[kind] -= 1
    state.solo.enemy_army = army


def enemy_league(state: EpireiaState) -> str:
    return other_league(state.seats["solo"].league)


def reveal_augur(state: EpireiaState) -> None:
    """At the start of each development phase, the top Augur card is revealed (one round)."""
    if not state.augur.deck:
        state.augur.active = ""
        return
    card = state.augur.deck.pop(0)
    state.augur.revealed.append(card)
    state.augur.active = card
    state.reveals += 1
    abilities.augur_reveal(state, card)


def move_enemy_figures(state: EpireiaState) -> None:
    """Each enemy figure goes where a d12 on the rules' table sends it, unless an Augur card
    closes that space to every figure this round (Storm at Sea): then it stays in its city."""
    for figure in state.solo.enemy_figures:
        roll = state.rng.roll(12)
        destination = SOLO_MOVES[roll - 1]
        blocked = abilities.move_blocked(state, ENEMY, figure, destination)
        if blocked:
            state.figures[figure].location = HOME
            state.say(
                f"{catalog.figure_name(figure)} (enemy) rolls {roll} "
                f"({space_name(destination)}): {blocked} It stays in its city.",
                dice=[roll],
            )
            continue
        state.figures[figure].location = destination
        state.say(
            f"{catalog.figure_name(figure)} (enemy) rolls {roll}: moves to "
            f"{space_name(destination)}.",
            dice=[roll],
        )
