"""The Six Continents map: every province and sea of the game has its place and nothing
else; the picture's borders are the game's (neighbours touch or are joined by a line, and
nothing else touches); the layout is the grid's; a board with every symbol reads on a phone
and its legend lists what it shows."""

from __future__ import annotations

import itertools
from collections import defaultdict
from math import dist
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine.games.sixcontinents.board import LINE_WATER, PROVINCES, SEAS
from render import common as c
from render import sixcontinents_map as world
from render.maps import palette
from render.maps.gridmap import inner_box, load_grid, touching, trace
from render.maps.layout import DATA_DIR, MapLayout, Point
from tests.render.helpers import DEUTERANOPIA, PROTANOPIA, ink, lab_as_seen

PHONE = 400
LAYOUT = world.LAYOUT


def _sides(layout: MapLayout, zone: str) -> list[tuple[Point, Point]]:
    info = layout.zones[zone]
    return [(a, b) for shape in info.outlines()
            for a, b in itertools.pairwise([*shape, shape[0]])]


def _share_a_side(a: list[tuple[Point, Point]], b: list[tuple[Point, Point]]) -> bool:
    """Whether two outlines have a stretch of border in common (a corner is not enough)."""
    for (p0, p1), (q0, q1) in itertools.product(a, b):
        if p0[1] == p1[1] == q0[1] == q1[1]:  # both horizontal, on one line
            lo = max(min(p0[0], p1[0]), min(q0[0], q1[0]))
            hi = min(max(p0[0], p1[0]), max(q0[0], q1[0]))
        elif p0[0] == p1[0] == q0[0] == q1[0]:
            lo = max(min(p0[1], p1[1]), min(q0[1], q1[1]))
            hi = min(max(p0[1], p1[1]), max(q0[1], q1[1]))
        else:
            continue
        if hi - lo > 1:
            return True
    return False


def _drawn_touching() -> set[frozenset[str]]:
    sides = {zone: _sides(LAYOUT, zone) for zone in LAYOUT.zones}
    return {frozenset((a, b)) for a, b in itertools.combinations(LAYOUT.zones, 2)
            if _share_a_side(sides[a], sides[b])}


def _game_links() -> set[frozenset[str]]:
    """Borders, coasts and sea neighbours: what the picture must show as touching or a line."""
    links = {frozenset((p.id, q)) for p in PROVINCES.values() for q in p.borders}
    links |= {frozenset((p.id, s)) for p in PROVINCES.values() for s in p.seas}
    links |= {frozenset((s.id, t)) for s in SEAS.values() for t in s.neighbours}
    return links


# --- the layout -----------------------------------------------------------------------------

def test_every_province_and_sea_has_a_place_and_nothing_else_does() -> None:
    zones = LAYOUT.zones
    assert set(zones) == set(PROVINCES) | set(SEAS)
    assert {z for z, info in zones.items() if info.kind == "sea"} == set(SEAS)
    assert {z for z, info in zones.items() if info.coast} == {
        p for p, info in PROVINCES.items() if info.coastal}
    for zone, info in zones.items():
        assert info.outline() and info.at and info.marks and info.label, zone
        assert info.name == (PROVINCES[zone].name if zone in PROVINCES else SEAS[zone].name)


def test_a_layout_without_a_province_or_with_a_stranger_is_refused_at_load() -> None:
    zones = dict(LAYOUT.zones)
    iceland = zones.pop("iceland")
    with pytest.raises(ValueError, match="missing \\['iceland'\\]"):
        world.checked_layout(LAYOUT.model_copy(update={"zones": zones}))
    zones = {**LAYOUT.zones, "atlantis": iceland}
    with pytest.raises(ValueError, match="unknown \\['atlantis'\\]"):
        world.checked_layout(LAYOUT.model_copy(update={"zones": zones}))


def test_neighbours_touch_or_are_joined_by_a_line_and_nothing_else_touches() -> None:
    touching_now = _drawn_touching()
    links = _game_links()
    assert touching_now <= links, sorted("-".join(sorted(p)) for p in touching_now - links)
    lines = {frozenset((link.a, link.b)): link.style for link in LAYOUT.connections}
    assert links <= touching_now | set(lines)
    drawn_as_lines = {pair for pair, style in lines.items() if style != "strait"}
    assert drawn_as_lines == links - touching_now  # a line only where touching was impossible
    assert not any(pair <= set(PROVINCES) and lines[pair] != "land" for pair in drawn_as_lines)
    assert len(drawn_as_lines) <= 7  # keep it so: each line is a border one must look for


def test_every_line_over_water_is_drawn_and_the_bering_strait_wraps_round() -> None:
    straits = {frozenset((link.a, link.b)) for link in LAYOUT.connections
               if link.style == "strait"}
    assert straits == set(LINE_WATER)
    bering = next(link for link in LAYOUT.connections if {link.a, link.b} ==
                  {"alaska", "far_east"})
    assert bering.wraps and {bering.via[0][0], bering.via[-1][0]} == {0, world.WIDTH}


def test_every_line_shows_over_water_between_the_two_it_joins() -> None:
    """Lines are drawn under the provinces: each must cross enough water to be seen."""
    land = Image.new("L", LAYOUT.size, 0)
    pen = ImageDraw.Draw(land)
    for zone in PROVINCES:
        for shape in LAYOUT.zones[zone].outlines():
            pen.polygon(shape, fill=255)
    hidden = []
    for link in LAYOUT.connections:
        a, b = LAYOUT.centre(link.a), LAYOUT.centre(link.b)
        assert a is not None and b is not None
        path = [a, *link.via, b]
        legs = list(itertools.pairwise(path))
        if link.wraps:
            legs = [legs[0], legs[-1]]
        shown = 0
        for (x0, y0), (x1, y1) in legs:
            steps = max(1, int(dist((x0, y0), (x1, y1))))
            for k in range(steps):
                x = x0 + (x1 - x0) * k / steps
                y = y0 + (y1 - y0) * k / steps
                inside = 0 <= x < LAYOUT.size[0] and 0 <= y < LAYOUT.size[1]
                shown += inside and land.getpixel((int(x), int(y))) == 0
        if shown < 12:
            hidden.append((link.a, link.b, shown))
    assert not hidden, hidden


def test_no_two_zones_overlap_and_each_holds_its_pieces() -> None:
    cells = load_grid("sixcontinents").cells()
    counts: dict[str, int] = defaultdict(int)
    for zone in cells.values():
        counts[zone] += 1
    assert set(counts) == set(LAYOUT.zones)
    chip = world.Chip("infantry", 9, world.owner_colour("red"))
    for zone in LAYOUT.zones:  # room for one chip at the smallest size
        x0, y0, x1, y1 = world.inner_box(zone)
        assert x1 - x0 >= world.chip_width(chip, world.SMALLEST_COUNT), zone
        assert y1 - y0 >= world.SMALLEST_COUNT, zone


def test_every_province_s_name_fits_its_box() -> None:
    for zone in PROVINCES:
        text = world.name_of(zone)
        assert c.text_size(text, world.SMALLEST_NAME, bold=True)[0] <= world.name_room(zone), \
            f"{zone}: give it a shorter label in the grid's [names]"


def test_the_layout_file_is_written_from_the_grid(tmp_path: Path) -> None:
    text = (DATA_DIR / "sixcontinents.toml").read_text(encoding="utf-8")
    assert world.write_layout(tmp_path / "layout.toml") == text, \
        "run .venv/bin/python -m render.sixcontinents_map after editing the grid"


def test_the_grid_and_the_layout_agree_on_who_touches_whom() -> None:
    assert {pair for pair in touching(load_grid("sixcontinents").cells())} == _drawn_touching()


# --- the grid tools -------------------------------------------------------------------------

def test_a_group_of_cells_is_traced_clockwise_by_its_corners() -> None:
    ell = {(0, 0), (1, 0), (1, 1)}  # (row, column)
    assert trace(ell) == [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (0, 2)]
    assert inner_box({(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)}) == (0, 0, 2, 2)


def test_a_group_with_a_hole_is_refused() -> None:
    ring = {(r, col) for r in range(3) for col in range(3)} - {(1, 1)}
    with pytest.raises(ValueError, match="hole"):
        trace(ring)


# --- colours ----------------------------------------------------------------------------------

@pytest.mark.parametrize("vision", [None, DEUTERANOPIA, PROTANOPIA],
                         ids=["normal", "deuteranopia", "protanopia"])
def test_owners_stay_apart_and_owned_land_never_looks_like_sea(vision: object) -> None:
    colours = list(world.OWNER_COLOURS.values())
    for a, b in itertools.combinations(colours, 2):
        assert dist(lab_as_seen(a, vision), lab_as_seen(b, vision)) > 15
    fills = [world.tint(colour) for colour in colours] + [world.LAND_FILL]
    for a, b in itertools.combinations(fills, 2):
        assert dist(lab_as_seen(a, vision), lab_as_seen(b, vision)) > 10
    for fill in fills:
        assert dist(lab_as_seen(fill, vision), lab_as_seen(world.SEA_FILL, vision)) > 25


# --- drawing ----------------------------------------------------------------------------------

def _middle(zone: str) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = world.inner_box(zone)
    return x0 + 2, y0 + 2, x1 - 2, y1 - 2


def test_the_base_map_is_drawn_once_and_never_changed_by_a_board() -> None:
    assert world.base() is world.base()
    before = world.base().copy()
    picture = world.MapPicture()
    picture.province("iceland", world.owner_colour("red"))
    assert world.base().tobytes() == before.tobytes()
    box = _middle("iceland")
    area = (box[2] - box[0]) * (box[3] - box[1])
    assert ink(picture.image, box, world.tint(world.owner_colour("red")), 3) > 0.6 * area
    assert ink(before, box, world.LAND_FILL, 3) > 0.6 * area


def test_an_occupied_province_is_striped_in_the_occupier_s_colour() -> None:
    picture = world.MapPicture()
    picture.province("sahara", world.owner_colour("green"), occupier=world.owner_colour("red"))
    box = _middle("sahara")
    assert ink(picture.image, box, world.owner_colour("red"), 10) > 100
    assert ink(picture.image, box, world.tint(world.owner_colour("green")), 3) > 100
    assert picture.used == ["occupied"]


def test_chips_shrink_only_when_crowded_and_badges_sit_at_the_foot() -> None:
    picture = world.MapPicture()
    red = world.owner_colour("red")
    assert picture.chips("mexico", [world.Chip("infantry", 3, red)]) == world.COUNT
    crowded = [world.Chip(kind, 9, red) for kind in ("infantry", "cavalry", "artillery",
                                                      "caravan")]
    assert world.SMALLEST_COUNT <= picture.chips("iberia", crowded) < world.COUNT
    picture.marks("mexico", ["port", "farm"], capital=(2, red), red_tokens=3)
    assert picture.used == ["infantry", "cavalry", "artillery", "caravan", "capital", "port",
                            "farm", "red_tokens"]
    marks = LAYOUT.zones["mexico"].marks
    assert marks is not None
    x, y = (round(v) for v in marks)
    assert ink(picture.image, (x - 60, y - 12, x + 60, y + 12), world.BUILDINGS["port"].fill,
               10) > 40


def test_a_narrow_province_stands_its_chip_upright_to_keep_the_count_large() -> None:
    chip = world.Chip("cavalry", 7, world.owner_colour("blue"))
    area = world.inner_box("balkans")  # one column wide
    assert world.chip_width(chip, world.COUNT) > area[2] - area[0]
    size, rows, upright = world.fit_chips([chip], area)
    assert (size, upright, rows) == (world.COUNT, True, [[chip]])
    assert world.fit_chips([chip], world.inner_box("mexico"))[2] is False  # room: side by side
    counts = [world.fit_chips([chip], world.inner_box(zone))[0] for zone in PROVINCES]
    assert sum(size == world.COUNT for size in counts) >= 0.9 * len(PROVINCES)


def test_an_unknown_kind_is_refused_rather_than_drawn_without_a_legend() -> None:
    picture = world.MapPicture()
    with pytest.raises(KeyError):
        picture.chips("peru", [world.Chip("dragon", 1, world.REBELS)])
    with pytest.raises(KeyError):
        picture.marks("peru", ["castle"])
    with pytest.raises(KeyError):
        picture.marks("peru", markers=["flag"])
    assert picture.used == []


def test_what_changed_glows_on_its_edge_and_joins_the_legend() -> None:
    picture = world.MapPicture()
    picture.highlight([])
    assert picture.used == []
    picture.highlight(["north_pacific"])  # both pieces, at both edges of the world
    assert picture.used == ["changed"]
    for piece in LAYOUT.zones["north_pacific"].outlines():
        x = round(min(p[0] for p in piece))
        y0, y1 = round(min(p[1] for p in piece)), round(max(p[1] for p in piece))
        assert ink(picture.image, (x, y0 + 5, x + 3, y1 - 5), palette.HIGHLIGHT, 10) > 20


def test_long_names_give_way_so_key_text_keeps_its_size() -> None:
    tail = ": 40 currency · 2 food · 22 provinces"
    assert world.shortened("Red", tail, 1000, world.KEY) == "Red"
    short = world.shortened("Bartholomew the Magnificent of Wessex", tail, 800, world.KEY)
    assert short.endswith("…") and c.text_size(short + tail, world.KEY)[0] <= 800


def test_ships_are_named_as_ships_in_the_legend() -> None:
    picture = world.MapPicture()
    picture.chips("north_sea", [world.Chip("frigate", 2, world.owner_colour("blue"))],
                  ships=True)
    assert picture.used == ["ship:frigate"]
    assert world.legend_names(picture.used) == ["Frigate (ship)"]


# --- a whole board, at full size and on a phone ----------------------------------------------

def test_a_sample_board_reads_on_a_phone_and_its_legend_lists_every_symbol_drawn() -> None:
    picture = world.preview_map()
    assert set(picture.used) == set(world.LOOKS)  # the sample shows every kind there is
    image, legend = world.preview(picture)
    assert image.size[0] == world.WIDTH and image.mode == "RGB"
    assert 40_000 < len(c.png_bytes(image)) < 400_000
    assert legend == world.legend_names(picture.used) and len(legend) == len(world.LOOKS)
    fewer = world.MapPicture()
    fewer.chips("peru", [world.Chip("savages", 4, world.SAVAGES)])
    assert world.preview(fewer)[1] == ["Savages"]  # exactly what is drawn, nothing more
    scale = PHONE / world.WIDTH
    assert world.KEY * scale >= 11 and world.COUNT * scale >= 11
    assert world.SMALLEST_COUNT * scale >= 6
    small = image.resize((PHONE, round(image.height * scale)), Image.Resampling.LANCZOS)
    # the heading (white on the dark band): capitals at least 8 px tall, as an 11 px font's
    band = small.crop((0, 0, PHONE // 2, round(world.HEADER * scale))).convert("L")
    rows = [y for y in range(band.height)
            if any(band.getpixel((x, y)) > 200 for x in range(band.width))]  # type: ignore[operator]
    assert rows and rows[-1] - rows[0] + 1 >= 8


def test_the_legend_stops_at_the_bottom_of_its_box_and_sizes_itself() -> None:
    image, draw = c.new_canvas(world.WIDTH, 400)
    used = list(world.LOOKS)
    height = world.legend_height(used, world.WIDTH - 16)
    assert len(world.draw_legend(draw, (8, 0, world.WIDTH - 8, height), used)) == len(used)
    assert 0 < len(world.draw_legend(ImageDraw.Draw(image), (8, 0, world.WIDTH - 8, 60),
                                     used)) < len(used)
