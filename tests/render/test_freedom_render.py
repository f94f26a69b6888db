"""Freedom! pictures and texts, drawn from real views of seeded random games (no goldens)."""

from __future__ import annotations

import itertools

import pytest

from engine.core.registry import get_game
from engine.games.freedom.data import SPACES
from engine.games.freedom.state import FreedomState
from render.common import md_escape, png_bytes
from render.freedom_layout import MAP_RIGHT, space_box
from render.games.freedom import RENDERER
from tests.render.helpers import colours, play, same

GAME = get_game("freedom")


def _state(steps: int, seed: str = "f1") -> FreedomState:
    state = play(GAME, seed, 2, steps)
    assert isinstance(state, FreedomState)
    return state


def test_every_space_has_its_own_box_on_the_map() -> None:
    boxes = {sid: space_box(sid, s.row, s.col) for sid, s in SPACES.items()}
    for sid, (x0, y0, x1, y1) in boxes.items():
        assert 0 <= x0 < x1 <= MAP_RIGHT and 60 <= y0 < y1 <= 1060, sid
    ids = sorted(boxes)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            ax0, ay0, ax1, ay1 = boxes[a]
            bx0, by0, bx1, by1 = boxes[b]
            overlap = min(ax1, bx1) > max(ax0, bx0) and min(ay1, by1) > max(ay0, by0)
            assert not overlap, (a, b)


@pytest.mark.parametrize("steps", [0, 40, 200, 600])
def test_board_is_a_full_picture(steps: int) -> None:
    image = RENDERER.board(GAME.view(_state(steps, seed=f"b{steps}"), None))
    assert image.size == (1600, 1100)
    assert image.mode == "RGB"
    assert colours(image) > 40
    assert png_bytes(image)[:4] == b"\x89PNG"
    assert RENDERER.extra_images(GAME.view(_state(0), None)) == []


def test_public_facts_change_the_board() -> None:
    state = _state(60)
    pictures = [RENDERER.board(GAME.view(state, None))]
    state.morale["insurgents"] -= 2
    pictures.append(RENDERER.board(GAME.view(state, None)))
    wall = next(sid for sid, s in SPACES.items() if s.kind == "wall")
    state.spaces[wall].damage = 1
    pictures.append(RENDERER.board(GAME.view(state, None)))
    state.spaces[wall].damage = 2
    pictures.append(RENDERER.board(GAME.view(state, None)))
    mainland = next(sid for sid, s in SPACES.items() if s.kind == "mainland"
                    and state.spaces[sid].exp == 0)
    state.spaces[mainland].exp = 2
    pictures.append(RENDERER.board(GAME.view(state, None)))
    area = next(iter(state.areas))
    state.areas[area].support = (state.areas[area].support + 1) % 5
    pictures.append(RENDERER.board(GAME.view(state, None)))
    for before, after in itertools.pairwise(pictures):
        assert not same(before, after)


@pytest.mark.parametrize("steps", [1, 80, 300])
def test_which_cards_are_in_a_hand_never_reaches_the_board(steps: int) -> None:
    state = _state(steps, seed=f"h{steps}")
    view = GAME.view(state, None)
    board, status = RENDERER.board(view), RENDERER.status_text(view)
    for role, hand in state.hands.items():
        deck = state.decks[state.period]
        if not hand or not deck:
            continue
        hand[0], deck[0] = deck[0], hand[0]  # another card, same count
        changed = GAME.view(state, None)
        assert same(board, RENDERER.board(changed)), role
        assert status == RENDERER.status_text(changed), role


@pytest.mark.parametrize("steps", [0, 50, 250])
def test_the_board_reads_nothing_that_only_a_private_view_has(steps: int) -> None:
    state = _state(steps, seed=f"p{steps}")
    board = RENDERER.board(GAME.view(state, None))
    for role in ("empire", "insurgents"):
        assert same(board, RENDERER.board(GAME.view(state, role))), role


def test_private_text_lists_each_card_with_ap_side_and_event() -> None:
    state = _state(30)
    for role in ("empire", "insurgents"):
        view = GAME.view(state, role)
        text = RENDERER.private_text(view)
        for card in view["hand"]:
            assert card["name"] in text
            assert f"{card['ap']} AP" in text
            assert md_escape(card["text"]) in text
    assert RENDERER.private_text(GAME.view(state, None)) == "You are watching this game."


def test_status_text_is_short_markdown_with_round_phase_and_tracks() -> None:
    state = _state(120)
    text = RENDERER.status_text(GAME.view(state, None))
    assert text.startswith("**Freedom!**")
    assert f"round {state.round}/6" in text
    assert f"Empire **{state.morale['empire']}**" in text
    assert len(text) < 1500


def test_a_finished_game_shows_its_result() -> None:
    state = _state(20000, seed="end")
    assert state.result is not None
    view = GAME.view(state, None)
    assert "**Game over:**" in RENDERER.status_text(view)
    image = RENDERER.board(view)
    state.result = None
    assert not same(image, RENDERER.board(GAME.view(state, None)))


def test_private_text_names_the_side_when_the_hand_size_tells() -> None:
    state = _state(30)
    state.hands["empire"] = state.hands["empire"][:1]
    state.hands["insurgents"] = state.hands["insurgents"][:2]
    assert "(Empire)" in RENDERER.private_text(GAME.view(state, "empire"))
    assert "(Insurgents)" in RENDERER.private_text(GAME.view(state, "insurgents"))
