"""Secrets of the Great Battle: what a league places face down reaches nobody else's view —
not through the battlefield, not through prompt texts, not through a figure's front bonus."""

from __future__ import annotations

import pytest

from engine.core.simulate import play_random
from engine.games.epireia import GAME
from engine.games.epireia.battle import start_battle
from engine.games.epireia.flow import FLOW
from engine.games.epireia.state import EpireiaState
from engine.games.epireia.view import EpireiaPlayerView
from tests.games.epireia.helpers import choose, clear_figures, place, set_up


def asked_as_read_by(state: EpireiaState, viewer: str | None) -> dict[str, str]:
    """The questions of the moment as ``viewer`` reads them (spectators: the public ones)."""
    view = GAME.view(state, viewer)
    if isinstance(view, EpireiaPlayerView):
        return view.private.prompt_text
    return view.prompt_text


def four_player_battle(delian: list[str], peloponnesian: list[str]) -> EpireiaState:
    state = set_up(4)
    clear_figures(state)
    place(state, "pericles", "delian-1", "home")
    place(state, "timoleon", "delian-2", "home")
    place(state, "leonidas", "peloponnesian-1", "home")
    place(state, "heliodorus", "peloponnesian-2", "home")
    for league, kinds in (("delian", delian), ("peloponnesian", peloponnesian)):
        for kind in kinds:
            state.supply[kind] -= 1
            state.leagues[league].reserve.append(kind)
    start_battle(state)
    GAME.settle(state)
    return state


def test_the_question_where_a_token_goes_is_read_only_by_its_league() -> None:
    state = four_player_battle(["triremes-2", "hoplites-1"], ["hoplites-1"])
    choose(state, "delian-1", "tok:triremes-2")
    asked = GAME.prompts(state)["delian-1"].text
    assert "Triremes II" in asked
    for viewer in ("delian-1", "delian-2"):  # the league's own seats read the question
        assert asked_as_read_by(state, viewer)["delian-1"] == asked
    for outsider in (None, "peloponnesian-1", "peloponnesian-2"):
        shown = asked_as_read_by(state, outsider)["delian-1"]
        assert shown == "Placing the Delian League's army face down, in secret."
        assert "triremes" not in str(asked_as_read_by(state, outsider)).lower()
    assert not GAME.invariants(state)


def test_the_invariant_catches_a_prompt_that_names_the_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = four_player_battle(["cavalry-2"], ["hoplites-1"])
    choose(state, "delian-1", "tok:cavalry-2")
    for prompt_state in FLOW.states.values():
        monkeypatch.setattr(type(prompt_state), "secret", "")
    assert any("secret prompt" in p for p in GAME.invariants(state))


def test_the_figure_prompt_names_no_front_to_the_others() -> None:
    state = four_player_battle(["hoplites-1"], ["hoplites-1"])
    choose(state, "delian-1", "auto")
    choose(state, "peloponnesian-1", "auto")
    assert state.battle is not None and state.battle.step == "figures"
    choose(state, "delian-1", "fig:pericles")
    own = GAME.prompts(state)["delian-1"].text
    assert "centre" in own
    spectator = GAME.view(state, None)
    assert spectator.prompt_text["delian-1"] == (
        "Choosing the Delian League's Influential Figures in secret.")
    # how many fronts have a figure so far is the league's secret too
    assert spectator.battle is not None
    assert spectator.battle.sides["delian"].figures_count == 0
    assert spectator.battle.sides["delian"].figure_fronts == []
    assert not GAME.invariants(state)


def test_a_front_bonus_does_not_show_where_a_face_down_figure_lies() -> None:
    state = four_player_battle(["hoplites-1"], ["hoplites-1"])
    choose(state, "delian-1", "auto")
    choose(state, "peloponnesian-1", "auto")
    choose(state, "peloponnesian-1", "fig:heliodorus")  # flank
    choose(state, "peloponnesian-1", "fig:leonidas")  # centre: +2 there (The Three Hundred)
    assert state.battle is not None and state.battle.sides["peloponnesian"].figures_placed
    own = GAME.view(state, "peloponnesian-2")
    assert isinstance(own, EpireiaPlayerView)
    assert own.private.figure_attacks["leonidas"] == 5
    for viewer in (None, "peloponnesian-2", "delian-1", "delian-2"):
        view = GAME.view(state, viewer)
        assert view.figures["leonidas"].attack == 3
        if isinstance(view, EpireiaPlayerView) and viewer != "peloponnesian-2":
            assert "leonidas" not in view.private.figure_attacks
        # once the league is done, the face-down cards lie on their fronts for all to see
        assert view.battle is not None
        assert view.battle.sides["peloponnesian"].figure_fronts == ["flank", "centre"]
    assert not GAME.invariants(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_battle_secrets(players: int) -> None:
    """Random games with the invariants after every action; among them, a league's face-down
    tokens and figures must leave every other view unchanged (``invariants.leaks``)."""
    for index in range(40):
        state, playout = play_random(GAME, f"secrets-{players}-{index}", players)
        assert playout.error is None, playout.error
        assert isinstance(state, EpireiaState) and state.battle is not None
