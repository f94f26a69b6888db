"""The Dragons of 1066 board: every zone of the engine's map drawn, from the spectator view
only, readable at a phone's 400 px, what changed glowing; the status and private texts."""

from __future__ import annotations

import itertools
from math import dist

import pytest
from PIL import Image

from engine.games.dragons1066 import GAME
from engine.games.dragons1066.data import LANDS, MAP, SEAS, ZONES
from engine.games.dragons1066.state import DragonsState, Piece
from engine.games.dragons1066.view import DragonsView
from engine.games.freedom import GAME as FREEDOM
from engine.games.freedom.state import FreedomState
from render import europe1066 as europe
from render.common import new_canvas, png_bytes
from render.games import dragons1066 as module
from render.games.dragons1066 import RENDERER
from render.maps.palette import HIGHLIGHT
from tests.render.helpers import DEUTERANOPIA, PROTANOPIA, colours, ink, lab_as_seen, play, same
from tests.render.test_board_changes import inside_any

PHONE = 400


def _state(players: int, steps: int, seed: str = "board") -> DragonsState:
    state = play(GAME, seed, players, steps)
    assert isinstance(state, DragonsState)
    return state


def _view(state: DragonsState) -> DragonsView:
    view = GAME.view(state, None)
    assert isinstance(view, DragonsView)
    return view


def _with_battles(players: int) -> DragonsState:
    for seed in range(40):
        state = play(GAME, f"battles{seed}", players, 3000, until=lambda s: bool(s.battles))
        assert isinstance(state, DragonsState)
        if state.battles:
            return state
    raise AssertionError("no random game reached a pending battle")


# --- the layout -----------------------------------------------------------------------------

def test_every_zone_of_the_engines_map_has_a_place_and_nothing_else_does() -> None:
    zones = europe.LAYOUT.zones
    assert set(zones) == set(ZONES)
    assert {z for z, info in zones.items() if info.kind == "sea"} == set(SEAS)
    assert {z for z, info in zones.items() if info.kind == "land"} == set(LANDS)
    coastal = {land for sea in SEAS.values() for land in sea.coasts}
    assert {z for z, info in zones.items() if info.coast} == coastal
    assert all(info.outline() for info in zones.values())


def test_every_connection_is_drawn_in_its_style_and_no_other() -> None:
    drawn = {frozenset((link.a, link.b)): link.style for link in europe.LAYOUT.connections}
    wanted = {frozenset(pair): "land" for pair in MAP.connections.land_borders}
    wanted |= {frozenset(pair): "bridge" for pair in MAP.connections.bridges}
    wanted |= {frozenset(pair): "sea" for pair in MAP.connections.sea_borders}
    wanted |= {frozenset((sea.id, land)): "strait" for sea in SEAS.values()
               for land in sea.coasts}
    assert drawn == wanted
    assert sorted(style for style in drawn.values() if style == "bridge") == ["bridge"] * 3


def test_no_two_zones_overlap() -> None:
    for a, b in itertools.combinations(europe.LAYOUT.zones, 2):
        ax0, ay0, ax1, ay1 = europe.bounds(a)
        bx0, by0, bx1, by1 = europe.bounds(b)
        assert not (ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1), (a, b)


# --- the board ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_and_a_mid_game_board_render(players: int) -> None:
    for steps in (0, 300):
        view = _view(_state(players, steps, f"render{players}"))
        image = RENDERER.board(view)
        assert image.size == (europe.WIDTH, module.HEIGHT) and image.mode == "RGB"
        assert colours(image) > 40
        assert 20_000 < len(png_bytes(image)) < 200_000


def test_each_land_wears_its_owners_tint_and_a_conquest_repaints_it() -> None:
    state = _state(4, 0)
    image = RENDERER.board(_view(state))
    x0, y0, x1, y1 = europe.bounds("wales")  # empty at the start: nothing covers the fill
    inner = (x0 + 10, module.MAP_TOP + y0 + europe.STRIP + 10, x1 - 10,
             module.MAP_TOP + y1 - 10)
    red, gold = (europe.tint(europe.KINGDOM_COLOURS[k]) for k in ("red", "gold"))
    state.pieces = [p for p in state.pieces if p.zone != "wales"]
    image = RENDERER.board(_view(state))
    assert ink(image, inner, red, 4) > 0.9 * (inner[2] - inner[0]) * (inner[3] - inner[1])
    state.owners["wales"] = "gold"
    conquered = RENDERER.board(_view(state))
    assert ink(conquered, inner, gold, 4) > 0.9 * (inner[2] - inner[0]) * (inner[3] - inner[1])


def test_the_kingdom_colours_stay_apart_for_colour_blind_eyes() -> None:
    kingdom = europe.KINGDOM_COLOURS
    for matrix in (None, DEUTERANOPIA, PROTANOPIA):
        for a, b in itertools.combinations(kingdom.values(), 2):
            assert dist(lab_as_seen(a, matrix), lab_as_seen(b, matrix)) > 15
        for fill in (europe.tint(colour) for colour in kingdom.values()):
            assert dist(lab_as_seen(fill, matrix), lab_as_seen(europe.SEA_FILL, matrix)) > 15


def test_a_players_view_draws_the_very_same_board() -> None:
    state = _with_battles(3)
    spectator = RENDERER.board(_view(state))
    for role in state.roles:
        assert same(RENDERER.board(GAME.view(state, role)), spectator)


def test_a_unit_more_changes_the_picture_and_glows_only_where_it_went() -> None:
    state = _state(4, 0)
    before = _view(state)
    state.pieces.append(Piece(id=max(p.id for p in state.pieces) + 1, owner="red",
                              kind="legion", zone="wales"))
    after = _view(state)
    plain, lit = RENDERER.board(after), RENDERER.board(after, previous=before)
    assert not same(plain, RENDERER.board(before))
    assert not same(plain, lit)
    x0, y0, x1, y1 = europe.bounds("wales")
    box = (x0 - 8, module.MAP_TOP + y0 - 8, x1 + 8, module.MAP_TOP + y1 + 8)
    legend = (0, module.LEGEND_TOP, europe.WIDTH, module.HEIGHT)  # "Changed" joins the legend
    assert inside_any(lit, plain, [box, legend])
    assert ink(lit, (x0 - 3, box[1] + 20, x0 + 3, box[3] - 20), HIGHLIGHT, 10) > 20
    assert same(plain, RENDERER.board(after, previous=after))
    assert module.changed_zones(after, before) == ["wales"]


def test_pending_battles_are_framed_and_named() -> None:
    state = _with_battles(4)
    view = _view(state)
    battle = view.battles[0].zone
    assert next(z for z in view.zones if z.id == battle).battle
    image = RENDERER.board(view)
    x0, y0, x1, _ = europe.bounds(battle)
    top = (x0 + 20, module.MAP_TOP + y0 - 2, x1 - 20, module.MAP_TOP + y0 + 2)
    assert ink(image, top, (255, 255, 255), 20) > 20 and ink(image, top, (0, 0, 0), 20) > 20
    assert view.battles[0].name in RENDERER.status_text(view)


def test_the_legend_names_every_unit_and_marker() -> None:
    view = _view(_state(2, 0))
    _, draw = new_canvas(europe.WIDTH, module.HEIGHT)
    names = module.legend(draw, view, lit=True)
    for unit in view.unit_table:
        assert any(name.startswith(unit.name) for name in names)
    for marker in (*europe.MARKERS.values(), europe.CHANGED):
        assert marker.name in names
    assert sum("band" in name for name in names) == len(view.alliances)
    assert europe.CHANGED.name not in module.legend(draw, view, lit=False)


# --- read on a phone ------------------------------------------------------------------------

def test_key_text_is_eleven_px_tall_at_400_px_wide() -> None:
    scale = PHONE / europe.WIDTH
    assert module.KEY * scale >= 11 and europe.COUNT * scale >= 11
    assert europe.SMALLEST_COUNT * scale >= 7
    image = RENDERER.board(_view(_state(4, 0)))
    small = image.resize((PHONE, round(image.height * scale)), Image.Resampling.LANCZOS)
    # the header's first line (year and phase): white letters on the dark band, whose
    # capitals must stand at least 8 px tall there (an 11 px font's cap height)
    band = small.crop((0, 0, PHONE // 2, round(module.HEADER * scale / 2))).convert("L")
    rows = [y for y in range(band.height)
            if any(band.getpixel((x, y)) > 200 for x in range(band.width))]  # type: ignore[operator]
    assert rows and rows[-1] - rows[0] + 1 >= 8


@pytest.mark.parametrize("players", [2, 4])
def test_unit_counts_keep_their_size_at_the_start_and_shrink_only_when_crowded(
    players: int,
) -> None:
    start = _view(_state(players, 0))
    _, sizes = europe.draw_map(module.zone_data(start), module.alliance_bands(start),
                               module.kingdom_order(start))
    assert set(sizes) == set(ZONES) and set(sizes.values()) == {europe.COUNT}
    later = _view(_state(players, 600, f"crowd{players}"))
    _, sizes = europe.draw_map(module.zone_data(later), module.alliance_bands(later),
                               module.kingdom_order(later))
    assert min(sizes.values()) >= europe.SMALLEST_COUNT


# --- texts ----------------------------------------------------------------------------------

def test_the_status_names_the_year_the_kingdom_to_act_gold_and_the_odds() -> None:
    state = _with_battles(2)
    view = _view(state)
    text = RENDERER.status_text(view)
    assert f"Year {view.year} of {view.years}" in text
    assert module.kingdom_name(view, view.kingdom) in text
    for kingdom in view.kingdoms:
        assert f"{module.short_name(kingdom)} {kingdom.gold} gold" in text
    assert f"{view.battles[0].win:.0%}" in text
    assert len(text) < 4096


def test_the_last_year_is_announced() -> None:
    state = _state(2, 40)
    assert "Last year" not in RENDERER.status_text(_view(state))
    state.options.years = state.year
    assert "**Last year:** after Year" in RENDERER.status_text(_view(state))


def test_the_private_text_is_the_seats_own_and_a_spectator_is_told_so() -> None:
    state = _state(2, 40)
    assert RENDERER.private_text(_view(state)) == "You are watching this game."
    asked = sorted(GAME.prompts(state))
    for role in state.roles:
        text = RENDERER.private_text(GAME.view(state, role))
        seat = [k for k in _view(state).kingdoms if k.seat == role]
        assert len(seat) == 2
        for kingdom in seat:
            assert f"**{kingdom.name}** — {kingdom.gold} gold" in text
        assert ("**Your turn:**" in text) == (role in asked)
        assert len(text) < 4096


def test_another_games_view_is_refused() -> None:
    state = play(FREEDOM, "x", 2, 0)
    assert isinstance(state, FreedomState)
    with pytest.raises(TypeError):
        RENDERER.board(FREEDOM.view(state, None))
