"""Freedom!'s typed views keep the cards secret by construction: only the player model has a
``private`` part, it holds that side's hand alone, and everything else is the spectator's."""

from __future__ import annotations

import pytest

from engine.core.runner import act, start
from engine.core.simulate import play_random
from engine.games.freedom import GAME
from engine.games.freedom.state import FreedomState
from engine.games.freedom.view import FreedomPlayerView, FreedomSecrets, FreedomView
from tests.support.views import assert_private_only_in_player_model, split_views


def test_only_the_player_model_can_hold_a_secret() -> None:
    assert_private_only_in_player_model(FreedomView, FreedomPlayerView)


@pytest.mark.parametrize("seed", ["views-1", "views-2"])
def test_no_view_shows_a_card_of_another_hand_or_of_a_deck(seed: str) -> None:
    _, playout = play_random(GAME, seed, 2, check=False)
    assert playout.error is None, playout.error
    state = start(GAME, seed, 2)
    assert isinstance(state, FreedomState)
    for index, action in enumerate(playout.history):
        act(GAME, state, action.role, action.choice)
        if index % 4:
            continue
        secrets = split_views(GAME, state)
        decks = {card for deck in state.decks.values() for card in deck}
        hands = {card for hand in state.hands.values() for card in hand}
        shown = GAME.view(state, None).model_dump_json()
        assert not [card for card in decks | hands if f'"{card}"' in shown]
        for role, mine in secrets.items():
            assert isinstance(mine, FreedomSecrets)
            assert [card.id for card in mine.hand] == state.hands[role]
            others = {card for r, hand in state.hands.items() if r != role for card in hand}
            text = GAME.view(state, role).model_dump_json()
            assert not [card for card in decks | others if f'"{card}"' in text], role


# The phase each question belongs to (by its prompt state's name), for the status header.
PHASE_OF_QUESTION = {"opening": "opening", "play": "actions", "cannons": "cannons"}


@pytest.mark.parametrize("seed", ["phase-1", "phase-2"])
def test_the_phase_shown_is_the_phase_of_the_question_asked(seed: str) -> None:
    """The header said "Actions" while the Insurgents' Opening Regroup was asked (issue 13)."""
    _, playout = play_random(GAME, seed, 2, check=False)
    state = start(GAME, seed, 2)
    assert isinstance(state, FreedomState)
    seen: set[str] = set()
    for action in playout.history:
        top = state.stack[-1] if state.stack else None
        if top is not None and state.result is None:
            wanted = PHASE_OF_QUESTION.get(top.name)
            if top.data.get("source"):
                wanted = None  # an event card's move in the way of an Opening
            if top.name == "ins_regroup" and top.data.get("opening"):
                wanted = "opening"
            if wanted is not None:
                assert GAME.view(state, None).phase == wanted, (top.name, state.step)
                seen.add(top.name)
        act(GAME, state, action.role, action.choice)
    assert {"opening", "ins_regroup", "play", "cannons"} <= seen
