"""Freedom! pictures and texts, drawn from real views of seeded random games (no goldens)."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageDraw

from engine.core.registry import get_game
from engine.games.freedom.data import AREAS, SPACES
from engine.games.freedom.state import FreedomState
from engine.games.freedom.view import FreedomPlayerView, PlayedCard
from render.common import md_escape, png_bytes, wrap
from render.freedom_layout import MAP_RIGHT, space_box
from render.games.freedom import RENDERER
from render.games.freedom import texts as freedom_texts
from render.games.freedom.map import (
    LEGEND,
    LEGEND_BOX,
    ROLL_INK,
    ROLL_ROWS,
    piece_area,
    piece_layout,
)
from render.games.freedom.panel import (
    AREAS_HEIGHT,
    MARKER_COLOURS,
    REWARD_MIN,
    reward_box,
    reward_text,
    support_marker,
)
from render.games.freedom.reading import (
    ALLY,
    CANNON,
    EXP,
    INS,
    PANEL_X,
    SIDE_COLOURS,
    UNMANNED,
    WIDTH,
)
from tests.render.helpers import colours, play, same
from tests.render.helpers import ink as _ink

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
        assert isinstance(view, FreedomPlayerView)
        for card in view.private.hand:
            assert card.name in text
            assert f"{card.ap} AP" in text
            assert md_escape(card.text) in text
    assert RENDERER.private_text(GAME.view(state, None)) == "You are watching this game."


def test_status_text_is_short_markdown_with_round_phase_and_tracks() -> None:
    state = _state(120)
    text = RENDERER.status_text(GAME.view(state, None))
    assert text.startswith("**Freedom!**")
    assert f"round {state.round}/6" in text
    assert f"Empire **{state.morale['empire']}**" in text
    assert len(text) < 1500


def test_the_status_says_how_near_the_empire_is_and_warns_of_the_last_round() -> None:
    state = _state(0)
    for space in state.spaces.values():
        space.exp = space.ally = 0
    text = RENDERER.status_text(GAME.view(state, None))
    assert "Imperial units next to a fort or beach: none" in text
    fort = next(sid for sid, s in SPACES.items() if s.kind == "fort")
    outside = next(n for n in SPACES[fort].neighbours if SPACES[n].kind == "mainland")
    state.spaces[outside].exp = 2
    text = RENDERER.status_text(GAME.view(state, None))
    assert f"Imperial units next to a fort or beach: {SPACES[fort].name}" in text
    assert "Last round" not in text
    state.round = 6
    assert "**Last round:**" in RENDERER.status_text(GAME.view(state, None))


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


@pytest.mark.parametrize("row", [4, 5, 6])
def test_every_cannon_row_shows_its_roll(row: int) -> None:
    """The roll a cannon needs against the wall is written in every space of rows 4-6 (row 4
    included: the Klisova waters sit where a margin label would go)."""
    image = RENDERER.board(GAME.view(_state(0), None))
    for sid, s in SPACES.items():
        if s.kind == "mainland" and s.row == row:
            _, y0, x1, _ = space_box(sid, s.row, s.col)
            assert _ink(image, (x1 - 30, y0 + 2, x1 - 2, y0 + 20), ROLL_INK, 30) > 15, sid
    assert "4+" in ROLL_ROWS[4] and set(ROLL_ROWS) == {4, 5, 6}


def test_narrow_wall_boxes_name_their_damage_and_the_legend_explains_it() -> None:
    state = _state(0)
    narrow = [sid for sid, s in SPACES.items() if s.on_wall]
    assert all(space_box(sid, SPACES[sid].row, SPACES[sid].col)[2]
               - space_box(sid, SPACES[sid].row, SPACES[sid].col)[0] < 120 for sid in narrow)
    intact = RENDERER.board(GAME.view(state, None))
    state.spaces["W3"].damage, state.spaces["W5"].damage = 1, 2
    damaged = RENDERER.board(GAME.view(state, None))
    for sid, colour in (("W3", (120, 50, 20)), ("W5", (255, 255, 255))):
        x0, _, x1, y1 = space_box(sid, 3, SPACES[sid].col)
        strip = (x0 + 4, y1 - 18, x1 - 4, y1 - 2)
        assert _ink(damaged, strip, colour, 30) > 20, sid  # the word "damaged"/"destroyed"
        assert _ink(intact, strip, colour, 30) < 5, sid
    assert [name for name, _ in LEGEND][-2:] == ["Wall damaged", "destroyed"]


@pytest.mark.parametrize("damage", [1, 2])
def test_the_damage_mark_never_crosses_a_wall_space_name(damage: int) -> None:
    state = _state(0)
    for sid, s in SPACES.items():
        if s.on_wall:
            state.spaces[sid].damage = damage
    image = RENDERER.board(GAME.view(state, None))
    for sid, s in SPACES.items():
        if not s.on_wall:
            continue
        x0, y0, x1, _ = space_box(sid, s.row, s.col)
        top = piece_area(sid)[1]
        strip = (x0 + 6, y0 + 6, x1 - 6, top - 6)  # where the name is written
        crack = (90, 50, 30) if damage == 1 else (60, 40, 30)
        assert _ink(image, strip, crack, 12) < 10, (sid, damage)  # across it: 64 or more


def _deuteranope(colour: tuple[int, int, int]) -> float:
    """Relative luminance (0-255) of ``colour`` as a deuteranope sees it (Machado et al.
    2009, severity 1, in linear RGB)."""
    def linear(v: int) -> float:
        u = v / 255
        return u / 12.92 if u <= 0.04045 else ((u + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in colour)
    rows = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
            (-0.011820, 0.042940, 0.968881))
    seen = [max(0.0, min(1.0, a * r + b_ * g + c_ * b)) for a, b_, c_ in rows]
    return 255 * (0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2])


def test_expeditionary_and_allied_units_differ_for_red_green_colour_blind_players() -> None:
    """A dark red and a dark green block look the same dark olive to a deuteranope: the two
    Imperial kinds must differ in lightness (the old green differed by about 1)."""
    assert abs(_deuteranope(ALLY) - _deuteranope(EXP)) > 60
    assert abs(_deuteranope(INS) - _deuteranope(ALLY)) > 60


def test_crowded_spaces_keep_their_pieces_large_and_inside() -> None:
    """Units of two kinds and a cannon on one mainland space are drawn on two rows, not
    squeezed into one (they were 26 px); every piece stays inside its space, under its name."""
    for sid, s in SPACES.items():
        x0, y0, x1, y1 = space_box(sid, s.row, s.col)
        area = piece_area(sid)
        assert x0 <= area[0] < area[2] <= x1 and y0 < area[1] < area[3] <= y1, sid
        for count in (1, 2, 3, 4):
            size, centres = piece_layout(sid, count)
            assert len(centres) == count
            if s.kind == "mainland":
                assert size >= (36 if count <= 2 else 32), (sid, count)
            for cx, cy in centres:
                assert area[0] <= cx - size / 2 and cx + size / 2 <= area[2], (sid, count)
                assert area[1] <= cy - size / 2 and cy + size / 2 <= area[3], (sid, count)
            boxes = [(cx - size / 2, cy - size / 2) for cx, cy in centres]
            for i, (ax, ay) in enumerate(boxes):
                for bx, by in boxes[i + 1:]:
                    assert abs(ax - bx) >= size or abs(ay - by) >= size, (sid, count)


def test_a_crowded_space_shows_every_piece() -> None:
    state = _state(0)
    sid = "M66"
    space = state.spaces[sid]
    space.exp, space.ally, space.ins, space.civ = 3, 2, 0, 0
    space.cannon, space.bombard = "empire", False
    image = RENDERER.board(GAME.view(state, None))
    box = space_box(sid, SPACES[sid].row, SPACES[sid].col)
    assert _ink(image, box, EXP, 20) > 300
    assert _ink(image, box, ALLY, 20) > 300
    assert _ink(image, box, CANNON, 20) > 150


def test_the_legend_explains_pieces_cannon_owners_and_victory_spaces() -> None:
    names = [name for name, _ in LEGEND]
    for needed in ("Expeditionary", "Allied", "Insurgents", "Civilians", "Imperial cannon",
                   "Insurgent cannon", "Bombard"):
        assert needed in names
    image = RENDERER.board(GAME.view(_state(0), None))
    for colour in (EXP, ALLY, INS, SIDE_COLOURS["empire"], SIDE_COLOURS["insurgents"]):
        assert _ink(image, LEGEND_BOX, colour, 20) > 40, colour


def test_an_unmanned_cannon_is_drawn_pale_and_the_legend_says_so() -> None:
    """A cannon fires only with a unit of its side on its space (v2.2 5.4)."""
    state = _state(0)
    sid = "M66"
    space = state.spaces[sid]
    space.exp, space.ally, space.ins, space.civ = 2, 0, 0, 0
    space.cannon, space.bombard = "empire", False
    box = space_box(sid, SPACES[sid].row, SPACES[sid].col)
    manned = RENDERER.board(GAME.view(state, None))
    space.exp = 0
    alone = RENDERER.board(GAME.view(state, None))
    # (the space's name and numbers are dark too: compare the two boards)
    assert _ink(alone, box, CANNON, 20) < _ink(manned, box, CANNON, 20) - 150
    assert _ink(manned, box, UNMANNED[CANNON], 8) < 20 < 150 < _ink(alone, box, UNMANNED[CANNON], 8)
    assert "Unmanned cannon" in [name for name, _ in LEGEND]
    footer = (0, 1060, WIDTH, 1086)
    assert _ink(manned, footer, UNMANNED[CANNON], 8) > 40  # its sign at the foot of the map


def test_a_lost_bombard_is_said_on_the_board() -> None:
    state = _state(0)
    before = RENDERER.board(GAME.view(state, None))
    state.bombard_lost = True
    assert not same(before, RENDERER.board(GAME.view(state, None)))


def test_support_markers_show_the_controlling_side() -> None:
    pictures = {}
    for side in ("empire", "insurgents"):
        image = Image.new("RGB", (40, 40), (255, 255, 255))
        support_marker(ImageDraw.Draw(image), (20, 20), side)
        pictures[side] = image
        # most of the marker is its side's colour, never white
        assert _ink(image, (10, 10, 30, 30), MARKER_COLOURS[side], 20) > 120, side
    assert not same(pictures["empire"], pictures["insurgents"])  # crescent vs cross
    state = _state(0)
    before = RENDERER.board(GAME.view(state, None))
    state.areas["sea"].side = "empire"  # same number of markers, the other side's
    assert not same(before, RENDERER.board(GAME.view(state, None)))


def test_area_rewards_are_large_enough_for_a_phone() -> None:
    """Every reward fits its tile at 16 px or more, one reward per line when needed."""
    cell_w = (WIDTH - 12 - PANEL_X) / 3
    cell_h = (AREAS_HEIGHT - 28) / 3
    box = (0, 0, int(cell_w - 12), int(cell_h - 12))
    x0, y0, x1, y1 = reward_box(box)
    for area in AREAS.values():
        for side in ("empire", "insurgents"):
            r = area.reward(side)
            parts = [p for p in (f"{r.supplies} supplies" if r.supplies else "",
                                 f"{r.morale} morale" if r.morale else "",
                                 f"{r.units} units" if r.units else "",
                                 f"{r.cannons} cannon" if r.cannons else "",
                                 f"{r.vasiladi} at Vasiladi" if r.vasiladi else "") if p]
            text = reward_text(parts, box)
            lines = wrap(text, x1 - x0, REWARD_MIN)
            assert len(lines) == max(1, len(text.split("\n"))), (area.id, side)
            assert int(REWARD_MIN * 1.2) * len(lines) <= y1 - y0, (area.id, side)


def test_the_last_card_line_names_a_triggered_event_as_triggered() -> None:
    event = PlayedCard(id="A01", name="Guns from the Brigs", side="insurgents", ap=2,
                       text="", role="empire", mode="discard")
    assert freedom_texts.last_card_text(event) == (
        "Last card: Empire discarded a card to trigger *Guns from the Brigs*")
    played = event.model_copy(update={"mode": "ap", "role": "insurgents"})
    assert freedom_texts.last_card_text(played, markdown=False) == (
        "Last card: Guns from the Brigs (Insurgents, for 2 AP)")
