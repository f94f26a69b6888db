"""Properties of every game, checked by Hypothesis on sequences of legal choices it draws
(and shrinks to the shortest failing one): invariants hold after every action, the seed and
the action log rebuild the state exactly, a stored snapshot asks the same questions, and a
resignation at any moment (one side, or several together) ends the game for the resigning
teams."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import Game, GameState
from engine.core.registry import get_game
from engine.core.runner import (
    RESIGN,
    Action,
    act,
    canonical_json,
    replay,
    resign_action,
    start,
    state_digest,
)

CASES = [("freedom", 2), ("epireia", 1), ("epireia", 2), ("epireia", 3), ("epireia", 4),
         ("duel", 2), ("alliance", 4), ("dragons1066", 2), ("dragons1066", 3),
         ("dragons1066", 4)]
PROPERTY = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

cases = st.sampled_from(CASES)
seeds = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=10)
picks = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=150)


def play(game: Game[Any, Any], seed: str, players: int,
         chosen: list[int]) -> tuple[GameState, list[Action]]:
    """Apply one legal choice per pick (which role, then which choice) until the picks or
    the game run out, checking the invariants after every action."""
    state = start(game, seed, players)
    history: list[Action] = []
    for pick in chosen:
        prompts = game.prompts(state)
        if not prompts:
            break
        roles = sorted(prompts)
        role = roles[pick % len(roles)]
        options = prompts[role].choices
        choice = options[(pick // len(roles)) % len(options)].id
        act(game, state, role, choice, prompts=prompts)
        history.append(Action(role=role, choice=choice))
        assert game.invariants(state) == [], f"after {role}: {choice}"
    return state, history


@PROPERTY
@given(case=cases, seed=seeds, chosen=picks)
def test_legal_play_keeps_invariants_and_replays_exactly(
    case: tuple[str, int], seed: str, chosen: list[int]
) -> None:
    game_id, players = case
    game = get_game(game_id)
    state, history = play(game, seed, players, chosen)
    again = replay(game, seed, players, None, history)
    assert state_digest(again) == state_digest(state)


@PROPERTY
@given(case=cases, seed=seeds, chosen=picks)
def test_a_stored_snapshot_asks_the_same_questions(
    case: tuple[str, int], seed: str, chosen: list[int]
) -> None:
    game_id, players = case
    game = get_game(game_id)
    state, _ = play(game, seed, players, chosen)
    loaded = game.load(canonical_json(state))
    assert state_digest(loaded) == state_digest(state)
    assert loaded.model_dump() == state.model_dump()
    assert game.prompts(loaded) == game.prompts(state)


@PROPERTY
@given(case=cases, seed=seeds, chosen=picks, who=st.integers(min_value=0, max_value=3))
def test_a_resignation_at_any_moment_ends_the_game_for_that_team(
    case: tuple[str, int], seed: str, chosen: list[int], who: int
) -> None:
    game_id, players = case
    game = get_game(game_id)
    state, _ = play(game, seed, players, chosen)
    if state.result is not None:
        return
    role = state.roles[who % len(state.roles)]
    act(game, state, role, RESIGN)
    assert state.result is not None and game.prompts(state) == {}
    teams = {info.id: info.team for info in game.roles_of(state)}
    assert all(teams[winner] != teams[role] for winner in state.result.winners)


@PROPERTY
@given(case=cases, seed=seeds, chosen=picks, who=st.sets(st.integers(0, 3), min_size=1))
def test_sides_resigning_together_at_any_moment_lose_with_their_teams(
    case: tuple[str, int], seed: str, chosen: list[int], who: set[int]
) -> None:
    game_id, players = case
    game = get_game(game_id)
    state, history = play(game, seed, players, chosen)
    if state.result is not None:
        return
    sides = list(dict.fromkeys(state.roles[n % len(state.roles)] for n in sorted(who)))
    action = resign_action(sides)
    act(game, state, action.role, action.choice)
    assert state.result is not None and game.prompts(state) == {}
    teams = {info.id: info.team for info in game.roles_of(state)}
    losing = {teams[side] for side in sides}
    assert sorted(state.result.winners) == sorted(
        role for role in state.roles if teams[role] not in losing)
    again = replay(game, seed, players, None, [*history, action])
    assert state_digest(again) == state_digest(state)
