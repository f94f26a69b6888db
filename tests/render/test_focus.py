"""The phone card a turn post shows first: the status and the part of the board where things
changed, readable at a phone's 400 px (key text at least 11 px tall there)."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from engine.core.game import Game, GameState
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.runner import act
from engine.core.view import View
from render import focus
from render.base import get_renderer
from render.games.epireia import map as epireia_map
from render.games.freedom import map as freedom_map
from render.maps import palette
from render.maps.changes import changes
from tests.render.helpers import ink, play

AREA = (0, 0, 1600, 1100)


def test_key_text_is_eleven_px_tall_at_400_px_wide() -> None:
    on_phone = focus.PHONE_WIDTH / focus.CARD_WIDTH
    assert focus.TEXT * on_phone >= 11
    # The board's part is enlarged at least CARD_WIDTH / WINDOW: the boards' smallest map
    # labels (Freedom's space names, 18 px; Epireia's owner pills, 15 px) stand 11 px tall.
    board_to_phone = focus.PHONE_WIDTH / focus.WINDOW
    assert 15 * board_to_phone >= 11


def test_the_window_holds_what_changed_or_the_whole_map() -> None:
    assert focus.focus_window([], (4, 66, 1000, 1058)) == (4, 66, 1000, 1058)
    one = (400, 500, 480, 560)
    window = focus.focus_window([one], AREA)
    left, top, right, bottom = window
    assert left <= one[0] and top <= one[1] and right >= one[2] and bottom >= one[3]
    assert focus.WINDOW // 2 <= right - left <= focus.WINDOW
    assert (bottom - top) == round((right - left) * focus.ASPECT)
    # At the map's edge the window stays on the map.
    corner = focus.focus_window([(0, 0, 40, 40)], AREA)
    assert corner[:2] == (0, 0)


def test_changes_too_far_apart_get_the_window_with_most_of_them() -> None:
    east = [(1300, 500, 1340, 540), (1380, 520, 1420, 560), (1350, 600, 1390, 640)]
    west = [(50, 500, 90, 540)]
    window = focus.focus_window(west + east, AREA)
    assert window[2] - window[0] == focus.WINDOW
    assert all(window[0] <= b[0] and b[2] <= window[2] for b in east)


def test_status_lines_drop_markdown_stories_and_the_longest_middle_lines() -> None:
    status = "\n".join([
        "**Game** — round 3 · *Actions*",
        "> A long story read aloud when the card is revealed.",
        "Act I: *The Olympic Games*",
        "Red League: " + "much, " * 30,
        "Blue League: " + "more, " * 30,
        "Waiting for: __Sparta__",
    ])
    lines = focus.plain_lines(status)
    assert lines == [("Game — round 3 · Actions", True), ("Act I: The Olympic Games", False),
                     ("Waiting for: Sparta", False)]
    short = focus.plain_lines("Title\nA\nB")
    assert [text for text, _ in short] == ["Title", "A", "B"]


def _after_a_turn_with_changes(game: Game[Any, Any], players: int, steps: int,
                               changed: Any) -> tuple[View, View]:
    """Spectator views before and after the first turn (from a random position) in which
    ``changed(before, after)`` finds something on the map."""
    state: GameState = play(game, f"focus-{game.id}", players, steps)
    chooser = Rng(seed="focus")
    for _ in range(40):
        before = game.view(state, None)
        turn = state.turn
        while state.turn == turn and state.result is None:
            prompts = game.prompts(state)
            role = chooser.choice(sorted(prompts))
            act(game, state, role, chooser.choice(prompts[role].choices).id)
        after = game.view(state, None)
        if changed(before, after):
            return before, after
    raise AssertionError("no turn changed the map")


@pytest.mark.parametrize("game_id", ["freedom", "epireia"])
def test_the_card_enlarges_the_changed_part_with_its_glow(game_id: str) -> None:
    game = get_game(game_id)
    if game_id == "freedom":
        before, after = _after_a_turn_with_changes(
            game, 2, 150, lambda b, a: freedom_map.changed_boxes(b, a))
    else:
        before, after = _after_a_turn_with_changes(
            game, 2, 60, lambda b, a: changes(epireia_map.place_contents(b),
                                              epireia_map.place_contents(a)))
    renderer = get_renderer(game_id)
    board = renderer.board(after, before)
    card = renderer.focus(board, after, before)
    assert card is not None and card.width == focus.CARD_WIDTH
    header = 16 + round(focus.TEXT * 1.35) * len(focus.plain_lines(renderer.status_text(after)))
    body = card.crop((0, header + 8, card.width, card.height))
    # Enlarged: the glow of what changed covers more of the card than of the whole map
    # drawn at the card's width.
    area = freedom_map.MAP_AREA if game_id == "freedom" else epireia_map.MAP_BOX
    whole = board.crop(area)
    whole = whole.resize((focus.CARD_WIDTH, round(whole.height * focus.CARD_WIDTH / whole.width)))

    def glow(image: Image.Image) -> int:
        return ink(image, (0, 0, image.width, image.height), palette.HIGHLIGHT, tolerance=12)

    assert glow(body) > 1.2 * glow(whole) > 0


def test_a_first_board_shows_the_whole_map_and_dragons_needs_no_card() -> None:
    game = get_game("freedom")
    view = game.view(play(game, "focus-first", 2, 0), None)
    renderer = get_renderer("freedom")
    card = renderer.focus(renderer.board(view), view)
    assert card is not None
    map_width = freedom_map.MAP_AREA[2] - freedom_map.MAP_AREA[0]
    map_height = freedom_map.MAP_AREA[3] - freedom_map.MAP_AREA[1]
    assert card.height > round(map_height * focus.CARD_WIDTH / map_width)
    dragons = get_game("dragons1066")
    dragons_view = dragons.view(play(dragons, "focus-d", 2, 0), None)
    dragons_renderer = get_renderer("dragons1066")
    assert dragons_renderer.focus(dragons_renderer.board(dragons_view), dragons_view) is None
