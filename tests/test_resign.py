"""Resigning, in the engine: one side alone (``RESIGN``, as every stored game has it), or
one player's several sides at once (``!resign:<others>``, one action). The game ends;
every team with a resigning side loses, every other team wins, none when none is left."""

from __future__ import annotations

import pytest

from engine.core.errors import NotYourTurn
from engine.core.game import Result
from engine.core.record import record_game, verify
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
from tests.support.alliance import GAME as ALLIANCE
from tests.support.alliance import AllianceState

SEED = "resign-test"


def alliance() -> AllianceState:
    state = start(ALLIANCE, SEED, 4, {})
    act(ALLIANCE, state, "arden", "stake:2")
    assert isinstance(state, AllianceState)
    return state


def test_one_side_resigning_is_as_it_always_was() -> None:
    """Stored logs hold plain ``!resign`` rows: they must replay to the very same state as
    before several sides could resign together (the rule written out here as it was)."""
    for role in ("arden", "brisk"):
        state, before = alliance(), alliance()
        act(ALLIANCE, state, role, RESIGN)
        team = {info.id: info.team for info in ALLIANCE.roles_of(before)}
        before.actions += 1
        before.say(f"{role} resigns.", role=role)
        before.result = Result(winners=[r for r in before.roles if team[r] != team[role]],
                               reason=f"{role} resigned")
        before.turn += 1
        assert canonical_json(state) == canonical_json(before)


def test_a_whole_team_resigning_together_hands_the_other_team_the_win() -> None:
    state = alliance()
    action = resign_action(["brisk", "dunmor"])
    assert (action.role, action.choice) == ("brisk", "!resign:dunmor")
    outcome = act(ALLIANCE, state, action.role, action.choice)
    assert state.result is not None and sorted(state.result.winners) == ["arden", "corin"]
    assert state.result.reason == "brisk and dunmor resigned"
    assert [e.text for e in outcome.log] == ["brisk and dunmor resign."]
    assert outcome.turn_ended and ALLIANCE.prompts(state) == {}


def test_sides_of_both_teams_resigning_leave_no_winner() -> None:
    state = alliance()
    action = resign_action(["arden", "brisk"])
    act(ALLIANCE, state, action.role, action.choice)
    assert state.result is not None and state.result.winners == []
    assert state.result.reason == "arden and brisk resigned"


def test_in_a_game_of_three_teams_the_one_left_wins() -> None:
    """Epireia at three: two Delian Cities and one Peloponnesian. A player holding a
    Delian and the Peloponnesian side resigns both: nobody is left to win; one holding the
    two Delian sides resigns them: the Peloponnesian League wins."""
    game = get_game("epireia")
    state = start(game, SEED, 3, {})
    action = resign_action(["delian-1", "delian-2"])
    act(game, state, action.role, action.choice)
    assert state.result is not None and state.result.winners == ["peloponnesian-1"]
    state = start(game, SEED, 3, {})
    action = resign_action(["peloponnesian-1", "delian-2"])
    act(game, state, action.role, action.choice)
    assert state.result is not None and state.result.winners == []


@pytest.mark.parametrize("choice", ["!resign:zed", "!resign:arden", "!resign:brisk,brisk",
                                    "!resign:", "!resign:brisk,"])
def test_a_resignation_naming_sides_not_in_the_game_is_refused(choice: str) -> None:
    state = alliance()
    before = canonical_json(state)
    with pytest.raises(NotYourTurn, match="That side is not in this game"):
        act(ALLIANCE, state, "arden", choice)
    assert canonical_json(state) == before


def test_a_joint_resignation_replays_and_verifies() -> None:
    actions = [Action(role="arden", choice="stake:1"), resign_action(["brisk", "dunmor"])]
    state = replay(ALLIANCE, SEED, 4, {}, actions)
    assert state.result is not None and sorted(state.result.winners) == ["arden", "corin"]
    again = replay(ALLIANCE, SEED, 4, {}, actions)
    assert state_digest(again) == state_digest(state)
    record = record_game(ALLIANCE.id, SEED, 4, {}, actions)  # "alliance": tests/conftest.py
    assert verify(record).ok
