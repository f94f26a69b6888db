"""The map toolkit: layout files validate, changes are found, drawing puts the right pixels."""

from __future__ import annotations

from math import dist
from typing import Any

import pytest
from PIL import ImageDraw
from pydantic import ValidationError

from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.freedom.data import SPACES
from render import common as c
from render.games.epireia.reading import CITY_COLOURS
from render.maps import palette
from render.maps.changes import changes, zone_contents
from render.maps.draw import (
    COAST,
    Unit,
    draw_connections,
    draw_highlight,
    draw_labels,
    draw_legend,
    draw_marker,
    draw_stack,
    draw_zones,
    legend_entries,
    nearest_piece,
    stack_centres,
    used_kinds,
)
from render.maps.layout import Grid, layout_names, load_layout, parse_layout
from render.maps.symbols import Symbol
from tests.render.helpers import DEUTERANOPIA, PROTANOPIA, ink, lab_as_seen

# A small map in the style of the games to come: land and sea zones as polygons, a bridge,
# a sea lane, a coast.
TOY = '''
name = "toy"
size = [400, 300]

[zones.north]
name = "North"
polygon = [[10, 10], [190, 10], [190, 140], [10, 140]]
coast = true

[zones.south]
polygon = [[10, 160], [190, 160], [190, 290], [10, 290]]
kind = "mountain"

[zones.sea]
kind = "sea"
box = [210, 10, 390, 290]
label = { at = [300, 40], text = "The Sea", size = 16 }

[[connections]]
a = "north"
b = "south"
style = "bridge"

[[connections]]
a = "north"
b = "sea"
style = "sea"
'''
SYMBOLS = {
    "d6": Symbol(name="Levy (d6)", shape="square"),
    "d12": Symbol(name="Knights (d12)", shape="pentagon"),
    "d20": Symbol(name="Dragon (d20)", shape="triangle"),
    "castle": Symbol(name="Castle", shape="castle", fill=(150, 150, 150)),
    "fortress": Symbol(name="Fortress", shape="star", fill=(160, 30, 160)),
}


def canvas() -> tuple[Any, ImageDraw.ImageDraw]:
    return c.new_canvas(400, 300, c.WHITE)


# --- layouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", layout_names())
def test_every_layout_file_loads_with_zones_inside_its_picture(name: str) -> None:
    layout = load_layout(name)
    assert layout.name == name and layout.zones
    for zid in layout.zones:
        centre = layout.centre(zid)
        assert centre is not None and layout.inside(centre), zid
        for point in layout.outline(zid) or []:
            assert layout.inside(point), zid
        label = layout.zones[zid].label
        assert label is None or layout.inside(label.at), zid
    for link in layout.connections:
        assert link.a in layout.zones and link.b in layout.zones


def test_the_shipped_maps_are_there() -> None:
    assert {"greece", "messolonghi"} <= set(layout_names())


def test_every_freedom_space_has_a_box_in_the_city_map_frame() -> None:
    layout = load_layout("messolonghi")
    for sid, space in SPACES.items():
        shape = layout.outline(sid, space.row, space.col)
        assert shape is not None and all(layout.inside(p) for p in shape), sid


def test_every_epireia_place_with_a_label_position_is_a_place_of_the_game() -> None:
    layout = load_layout("greece")
    placed = {zid for zid, zone in layout.zones.items() if zone.at is not None}
    assert placed == set(CITIES) | set(EMPIRES) | set(TERRITORIES)
    for zid in placed:  # the real place is on the map too
        real = layout.zones[zid].real
        assert real is not None and layout.inside(layout.project(real)), zid


@pytest.mark.parametrize(("extra", "problem"), [
    ('[[connections]]\na = "north"\nb = "nowhere"\n', "no zone 'nowhere'"),
    ('[[connections]]\na = "south"\nb = "north"\n', "listed twice"),
    ('[[connections]]\na = "sea"\nb = "sea"\n', "to itself"),
    ('[zones.far]\nat = [500, 20]\n', "outside the map"),
    ('[[connections]]\na = "south"\nb = "sea"\nvia = [[200, 320]]\n', "outside the map"),
    ('[zones.east]\nlabel = { at = [390, 310] }\nat = [300, 200]\n', "outside the map"),
    ('[zones.nowhere]\nkind = "sea"\n', "no position"),
    ('[zones.lost]\nreal = [1.0, 2.0]\n', "needs a [geography]"),
    ('[zones.bits]\nat = [300, 200]\nmore = [[[1, 1], [5, 1], [5, 5]]]\n', "need its polygon"),
    ('[zones.isle]\npolygon = [[1, 1], [5, 1], [5, 5]]\nmore = [[[1, 1], [5, 1]]]\n',
     "at least 3 points"),
    ('[zones.isle]\npolygon = [[1, 1], [5, 1], [5, 5]]\nmore = [[[1, 1], [500, 1], [5, 5]]]\n',
     "outside the map"),
    ('[zones.mark]\nat = [300, 200]\nmarks = [300, 400]\n', "outside the map"),
    ('[[connections]]\na = "south"\nb = "sea"\nwraps = true\nvia = [[0, 5]]\n',
     "two via points"),
    ('[[titles]]\ntext = "Far"\nat = [450, 10]\n', "outside the map"),
])
def test_a_broken_layout_is_refused_at_load(extra: str, problem: str) -> None:
    with pytest.raises(ValidationError, match=problem.replace("[", r"\[")):
        parse_layout(TOY + extra)


def test_a_zone_in_several_pieces_is_drawn_whole_and_lines_leave_its_nearest_piece() -> None:
    toy = parse_layout(TOY + '[zones.isles]\npolygon = [[10, 150], [40, 150], [40, 155]]\n'
                       'more = [[[350, 250], [390, 250], [390, 290], [350, 290]]]\n'
                       'at = [20, 152]\n[[connections]]\na = "isles"\nb = "sea"\n'
                       'style = "sea"\n')
    assert len(toy.zones["isles"].outlines()) == 2
    image, draw = canvas()
    draw_zones(draw, toy, {"isles": palette.ORANGE})
    assert ink(image, (355, 255, 385, 285), palette.ORANGE, 2) == 900  # the far piece too
    assert nearest_piece(toy, "isles", (300, 150), (20, 152)) == (370, 270)
    assert nearest_piece(toy, "north", (300, 150), (100, 75)) == (100, 75)  # one piece
    image, draw = canvas()
    draw_connections(draw, toy)
    assert ink(image, (300, 150, 360, 270), palette.BLUE, 10) > 0  # from the far piece
    assert ink(image, (20, 150, 200, 160), palette.BLUE, 10) == 0  # not from the near one


def test_a_wrapping_line_leaves_one_edge_and_comes_back_at_the_other() -> None:
    toy = parse_layout(TOY + '[[connections]]\na = "south"\nb = "sea"\nstyle = "land"\n'
                       'wraps = true\nvia = [[0, 225], [400, 150]]\n')
    image, draw = canvas()
    draw_connections(draw, toy)
    assert ink(image, (0, 220, 40, 230), c.MUTED, 10) > 20  # out of the left edge
    assert ink(image, (330, 146, 400, 154), c.MUTED, 10) > 20  # back in at the right
    assert ink(image, (150, 160, 250, 215), c.MUTED, 10) == 0  # nothing across the middle


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(ValidationError):
        parse_layout(TOY.replace('kind = "mountain"', 'terrain = "mountain"'))


def test_a_grid_places_cells_and_clamps_rows_and_columns_beyond_its_table() -> None:
    grid = Grid(columns={0: 10, 1: 110}, cell_width=92, rows={0: (5, 50), 1: (60, 100)})
    assert grid.box(1, 1) == (110, 60, 202, 100)
    assert grid.box(7, 9) == grid.box(1, 1) and grid.box(-3, -1) == (10, 5, 102, 50)


def test_a_geography_fills_the_picture_keeping_proportions() -> None:
    layout = load_layout("greece")
    geo = layout.geography
    assert geo is not None
    x0, y0 = layout.project((geo.lon_min, geo.lat_max))
    x1, y1 = layout.project((geo.lon_max, geo.lat_min))
    assert min(x0, y0) >= -0.01 and x1 <= layout.size[0] + 0.01 and y1 <= layout.size[1] + 0.01
    assert round(x0, 6) == 0 or round(y0, 6) == 0  # one side touches the edge


def test_neighbours_follow_the_connections() -> None:
    toy = parse_layout(TOY)
    assert toy.neighbours("north") == ["south", "sea"] and toy.neighbours("sea") == ["north"]


# --- changes ------------------------------------------------------------------------------

def test_changes_finds_moves_hits_captures_and_new_buildings() -> None:
    before = {
        "york": zone_contents({"d6:wessex": 3}, owner="wessex"),
        "london": zone_contents({"d12:mercia": 1}, owner="mercia"),
        "kent": zone_contents(owner="kent", marks=["castle"]),
        "sea": {},
    }
    after = {
        "york": zone_contents({"d6:wessex": 2}, owner="wessex"),  # one moved out
        "london": zone_contents({"d12:mercia": 1, "hits": 2}, owner="mercia"),  # hit twice
        "kent": zone_contents(owner="wessex", marks=["castle"]),  # captured
        "sea": zone_contents(marks=["fortress"]),  # built
        "wales": zone_contents({"d6:wessex": 1}),  # moved in
    }
    assert changes(before, after) == {
        "york": {"d6:wessex": -1},
        "london": {"hits": 2},
        "kent": {"owner:wessex": 1, "owner:kent": -1},
        "sea": {"mark:fortress": 1},
        "wales": {"d6:wessex": 1},
    }


def test_nothing_changed_means_no_change_and_zero_counts_are_none() -> None:
    board = {"a": {"x": 1}, "b": {}}
    assert changes(board, {"a": {"x": 1, "y": 0}}) == {}
    assert changes({"gone": {"x": 2}}, {}) == {"gone": {"x": -2}}


# --- drawing ------------------------------------------------------------------------------

def test_zones_take_their_owner_s_colour_else_their_terrain() -> None:
    toy = parse_layout(TOY)
    image, draw = canvas()
    draw_zones(draw, toy, {"north": palette.BLUE})
    assert ink(image, (80, 60, 120, 100), palette.BLUE, 2) == 1600
    assert ink(image, (80, 200, 120, 240), palette.terrain_fill("mountain"), 2) == 1600
    assert ink(image, (280, 120, 320, 160), palette.terrain_fill("sea"), 2) == 1600
    assert ink(image, (6, 40, 14, 100), COAST, 2) > 200  # the coastal zone's edge
    assert ink(image, (6, 180, 14, 260), COAST, 2) == 0  # the inland one's


def test_labels_go_to_their_label_position() -> None:
    toy = parse_layout(TOY)
    image, draw = canvas()
    draw_labels(draw, toy)
    assert ink(image, (260, 30, 340, 50), c.INK, 60) > 20  # "The Sea", where the file says
    assert ink(image, (60, 65, 140, 85), c.INK, 60) > 20  # "North", at its centre
    assert ink(image, (260, 140, 340, 160), c.INK, 60) == 0


def test_a_bridge_is_a_thick_line_with_ties_and_a_sea_lane_is_dashed() -> None:
    toy = parse_layout(TOY)
    image, draw = canvas()
    draw_connections(draw, toy)
    bridge = ink(image, (90, 140, 110, 160), (110, 80, 40), 10)
    assert bridge >= 7 * 20 - 10  # 7 px wide, crossing the 20 px box
    lane = [ink(image, (x, 146, x + 1, 154), palette.BLUE, 10) for x in range(110, 290)]
    assert 0 in lane and max(lane) > 0  # gaps and dashes along the line


def test_a_connection_goes_through_its_via_points() -> None:
    toy = parse_layout(TOY + '[[connections]]\na = "south"\nb = "sea"\nvia = [[100, 295]]\n')
    image, draw = canvas()
    draw_connections(draw, toy)
    assert ink(image, (96, 280, 104, 296), c.MUTED, 10) > 10  # down to the via point
    assert ink(image, (196, 200, 204, 260), c.MUTED, 10) > 0  # and on to the sea
    straight = parse_layout(TOY + '[[connections]]\na = "south"\nb = "sea"\n')
    image, draw = canvas()
    draw_connections(draw, straight)
    assert ink(image, (96, 280, 104, 296), c.MUTED, 10) == 0


def test_a_stack_shows_each_kind_in_its_owner_s_colour_with_its_count() -> None:
    image, draw = canvas()
    units = [Unit("d6", 3, "wessex"), Unit("d12", 1, "wessex"), Unit("d20", 12, "mercia"),
             Unit("d6", 0, "mercia")]
    colours = palette.owner_colours(["wessex", "mercia"])
    centres = draw_stack(draw, (200, 150), units, SYMBOLS, colours, size=40)
    assert len(centres) == 3  # no piece for a count of 0
    for (x, y), owner in zip(centres, ["wessex", "wessex", "mercia"], strict=True):
        box = (int(x) - 18, int(y) - 18, int(x) + 18, int(y) + 18)
        assert ink(image, box, colours[owner], 10) > 200
        assert ink(image, box, c.ink_on(colours[owner]), 10) > 15  # the count
    assert ink(image, (0, 0, 400, 100), colours["wessex"], 10) == 0


def test_stack_centres_wrap_into_centred_rows() -> None:
    points = stack_centres((100, 100), 5, 20, gap=4, per_row=4)
    assert [round(y) for _, y in points] == [88, 88, 88, 88, 112]
    assert points[4][0] == 100 and (points[0][0] + points[3][0]) / 2 == 100


def test_a_marker_keeps_its_own_fill() -> None:
    image, draw = canvas()
    draw_marker(draw, (50, 50), SYMBOLS["castle"], palette.BLUE, size=40)
    assert ink(image, (35, 45, 65, 65), (150, 150, 150), 5) > 300
    assert ink(image, (0, 0, 100, 100), palette.BLUE, 10) == 0


def test_the_legend_lists_exactly_the_symbols_used_and_the_owners() -> None:
    stacks = {"york": [Unit("d6", 2, "wessex")], "sea": [Unit("d20", 1, "mercia")],
              "kent": [Unit("d12", 0, "kent")]}
    used = used_kinds(stacks, {"york": ["castle"]})
    assert used == {"d6", "d20", "castle"}
    owners = {"Wessex": palette.BLUE, "Mercia": palette.VERMILLION}
    expected = ["Levy (d6)", "Dragon (d20)", "Castle", "Wessex", "Mercia"]
    assert legend_entries(SYMBOLS, used, owners) == expected
    image, draw = canvas()
    assert draw_legend(draw, (10, 10, 390, 120), SYMBOLS, used, owners) == expected
    assert ink(image, (10, 10, 390, 120), palette.VERMILLION, 10) > 50
    assert ink(image, (10, 10, 390, 120), (160, 30, 160), 10) == 0  # no fortress drawn


def test_a_legend_stops_at_the_bottom_of_its_box() -> None:
    _, draw = canvas()
    drawn = draw_legend(draw, (10, 10, 200, 50), SYMBOLS, list(SYMBOLS))
    assert 0 < len(drawn) < len(SYMBOLS)


def test_the_highlight_glows_on_the_edge_of_the_changed_zone_only() -> None:
    toy = parse_layout(TOY)
    image, draw = canvas()
    draw_zones(draw, toy)
    shape = toy.outline("south")
    assert shape is not None
    draw_highlight(draw, [shape])
    assert ink(image, (10, 200, 14, 240), palette.HIGHLIGHT, 10) > 60  # its left edge
    assert ink(image, (30, 180, 170, 270), palette.HIGHLIGHT, 10) == 0  # not inside
    assert ink(image, (10, 10, 190, 140), palette.HIGHLIGHT, 10) == 0  # not the other zone


# --- palette ------------------------------------------------------------------------------

@pytest.mark.parametrize("vision", [None, DEUTERANOPIA, PROTANOPIA],
                         ids=["normal", "deuteranopia", "protanopia"])
def test_the_first_six_owners_look_different_to_colour_blind_players_too(vision: Any) -> None:
    colours = list(palette.owner_colours([f"p{i}" for i in range(6)]).values())
    seen = [lab_as_seen(rgb, vision) for rgb in colours]
    assert min(dist(a, b) for i, a in enumerate(seen) for b in seen[i + 1:]) >= 15


def test_owner_colours_are_distinct_and_repeat_only_past_eight() -> None:
    colours = palette.owner_colours([f"p{i}" for i in range(9)])
    assert len(set(list(colours.values())[:8])) == 8 and colours["p8"] == colours["p0"]
    assert set(palette.OKABE_ITO.values()) >= set(palette.OWNER_ORDER) - {palette.BROWN}


def test_epireia_s_cities_take_the_toolkit_s_palette() -> None:
    assert set(CITY_COLOURS.values()) == set(palette.OWNER_ORDER[:6])
