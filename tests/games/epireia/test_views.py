"""Epireia's typed views keep each seat's secrets by construction: only the player model has
a ``private`` part; it holds the seat's own starting figure, its league's questions and its
league's face-down army; everything else is the spectator's, where face-down stays face down."""

from __future__ import annotations

import pytest

from engine.core.runner import act, start
from engine.core.simulate import play_random
from engine.games.epireia import GAME
from engine.games.epireia.invariants import TOKEN_WORDS
from engine.games.epireia.state import EpireiaState
from engine.games.epireia.view import EpireiaPlayerView, EpireiaSecrets, EpireiaView, Token
from tests.support.views import assert_private_only_in_player_model, split_views


def test_only_the_player_model_can_hold_a_secret() -> None:
    assert_private_only_in_player_model(EpireiaView, EpireiaPlayerView)


def check_secrets(state: EpireiaState) -> None:
    secrets = split_views(GAME, state)
    spectator = GAME.view(state, None)
    public = spectator.model_dump_json()
    chosen = {r: s.figure_choice for r, s in state.seats.items() if s.figure_choice}
    assert not [f for f in chosen.values() if f'"{f}"' in public]
    battle = state.battle
    if battle is not None and battle.step in ("place", "figures"):
        assert spectator.battle is not None
        assert not [q for q in spectator.prompt_text.values() if any(w in q for w in TOKEN_WORDS)]
        for side in spectator.battle.sides.values():
            assert side.figures == {}
            assert not [cell for columns in side.slots.values() for column in columns
                        for cell in column if isinstance(cell, Token) and cell.power is None
                        and not cell.face_up]
    for role, mine in secrets.items():
        assert isinstance(mine, EpireiaSecrets)
        league = state.seats[role].league
        assert mine.league == league
        assert mine.figure_choice == state.seats[role].figure_choice
        text = GAME.view(state, role).model_dump_json()
        assert not [f for r, f in chosen.items() if r != role and f'"{f}"' in text], role
        assert all(state.seats[state.figures[f].owner].league == league
                   for f in mine.figure_attacks)
        for asked, question in mine.prompt_text.items():
            if state.seats[asked].league != league:
                assert question == spectator.prompt_text[asked], (role, asked)
        if battle is None:
            assert mine.army is None
        else:
            own = battle.sides[league]
            assert mine.army is not None
            assert (mine.army.pool, mine.army.figures) == (own.pool, own.figures)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_view_shows_another_seat_s_secrets(players: int) -> None:
    for index in range(2):
        seed = f"views-{players}-{index}"
        _, playout = play_random(GAME, seed, players, check=False)
        assert playout.error is None, playout.error
        state = start(GAME, seed, players)
        assert isinstance(state, EpireiaState)
        for number, action in enumerate(playout.history):
            act(GAME, state, action.role, action.choice)
            secret = state.battle is not None and state.battle.step in ("place", "figures")
            if secret or number % 6 == 0:
                check_secrets(state)
