"""The greedy automatic player (measurement only): legal, deterministic, leaves the game's dice
alone, finishes games, and shows that every solo scenario can be won."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.registry import policies
from engine.core.rng import Rng
from engine.core.runner import act, start, state_digest
from engine.games.epireia import GAME, catalog
from engine.games.epireia.ai import autoplay
from engine.games.epireia.ai.army import strongest
from engine.games.epireia.state import EpireiaState


def play(seed: str, players: int, options: dict[str, Any] | None = None,
         watch: bool = False) -> tuple[EpireiaState, list[str]]:
    state = start(GAME, seed, players, options)
    assert isinstance(state, EpireiaState)
    tie_breaks = {role: Rng(seed=f"policy:{role}:{seed}") for role in state.roles}
    history: list[str] = []
    while state.result is None:
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        ids = [c.id for c in prompts[role].choices]
        draws, digest = state.rng.draws, state_digest(state) if watch else ""
        choice = autoplay(GAME, state, role, prompts[role].choices, tie_breaks[role])
        if watch:
            # The player only reads: the state and the game's generator are untouched.
            assert state.rng.draws == draws and state_digest(state) == digest
        assert choice in ids
        history.append(f"{role}:{choice}")
        act(GAME, state, role, choice)
        assert not GAME.invariants(state), GAME.invariants(state)
        assert state.actions < 5000
    return state, history


def test_the_player_is_offered_to_the_simulator() -> None:
    assert policies("epireia")["greedy"] is autoplay


def test_a_solo_game_is_legal_and_leaves_the_state_alone() -> None:
    state, _ = play("auto-watch", 1, {"solo_scenario": "ithome"}, watch=True)
    assert state.result is not None


def test_a_two_player_game_is_legal_and_leaves_the_state_alone() -> None:
    state, _ = play("auto-watch-2", 2, watch=True)
    assert state.result is not None and state.battle is not None


@pytest.mark.parametrize("players", [3, 4])
def test_league_games_finish(players: int) -> None:
    state, _ = play(f"auto-{players}", players)
    assert state.result is not None and state.battle is not None


def test_the_same_seed_gives_the_same_game() -> None:
    first, moves = play("auto-same", 2)
    again, moves_again = play("auto-same", 2)
    assert moves == moves_again
    assert state_digest(first) == state_digest(again)


def test_solo_without_a_scenario_option_chooses_one() -> None:
    state, _ = play("auto-choose", 1)
    assert state.solo.scenario in catalog.solo_scenario_ids()


# Seeds found with `python bench/epireia_balance.py solo`: the greedy player wins these games.
# If a change makes a scenario unwinnable, the test fails.
WINNING = {
    "first-peloponnesian-war": "bal-first-peloponnesian-war-8",
    "ithome": "bal-ithome-0",
    "sacred-war": "bal-sacred-war-0",
    "hegemony": "bal-hegemony-0",
}


@pytest.mark.parametrize("scenario", sorted(WINNING))
def test_every_solo_scenario_can_be_won(scenario: str) -> None:
    state, _ = play(WINNING[scenario], 1, {"solo_scenario": scenario})
    assert state.result is not None
    assert state.result.winners == ["solo"], state.result.reason


@pytest.mark.parametrize("seed", ["auto-acts-1", "auto-acts-3"])
def test_league_players_meet_the_objectives(seed: str) -> None:
    """A card its league has met keeps its value: the player used to stop one action short of
    every objective, and every game ran to the round limit on Act I."""
    state, _ = play(seed, 4)
    assert state.scenario.act == 3 and state.scenario.completed
    assert state.round < state.options.round_limit


def test_the_battle_plan_weighs_every_figure_of_a_two_city_league() -> None:
    # Athens and Larissa: the three best on their best front, not the first three by name.
    figures = ("aleuas", "heliodorus", "pericles", "themistocles", "echecratidas")
    assert set(strongest(figures, 2)) == {"themistocles", "pericles", "echecratidas"}
    # Revision 3: Aleuas at attack 3 ties Echecratidas' 2 + 1 and wins on the card's attack.
    assert set(strongest(figures, 3)) == {"themistocles", "pericles", "aleuas"}


def test_the_multiplayer_draft_takes_the_strongest_city_left() -> None:
    state = start(GAME, "auto-draft", 4, None)
    assert isinstance(state, EpireiaState)
    while state.phase == "setup" and any(not s.city for s in state.seats.values()):
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        act(GAME, state, role, autoplay(GAME, state, role, prompts[role].choices, Rng(seed="x")))
    cities = {role: seat.city for role, seat in state.seats.items()}
    assert cities == {"delian-1": "athens", "peloponnesian-1": "larissa",
                      "peloponnesian-2": "delphi", "delian-2": "corinth"}
