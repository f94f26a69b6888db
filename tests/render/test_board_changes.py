"""Both boards highlight what changed since the previous board, and only that."""

from __future__ import annotations

from PIL import Image, ImageChops

from engine.games.epireia import GAME as EPIREIA
from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.epireia.state import EpireiaState
from engine.games.freedom import GAME as FREEDOM
from engine.games.freedom.data import SPACES
from engine.games.freedom.state import FreedomState
from render.freedom_layout import space_box
from render.games import epireia, freedom
from render.games.epireia import map as epireia_map
from render.games.freedom import map as freedom_map
from render.maps.changes import changes
from render.maps.palette import HIGHLIGHT
from tests.render.helpers import ink, play, same

GLOW = 5  # how far the highlight reaches beyond a zone's edge


def grown(box: tuple[float, float, float, float], by: int = GLOW) -> tuple[int, int, int, int]:
    return (int(box[0]) - by, int(box[1]) - by, int(box[2]) + by, int(box[3]) + by)


def inside_any(changed: Image.Image, plain: Image.Image,
               boxes: list[tuple[int, int, int, int]]) -> bool:
    """Whether every pixel that differs lies in one of ``boxes``."""
    diff = ImageChops.difference(changed.convert("RGB"), plain.convert("RGB")).convert("L")
    mask = Image.new("L", diff.size, 255)
    for box in boxes:
        mask.paste(0, box)
    return ImageChops.multiply(diff.point(lambda v: 255 if v else 0), mask).getbbox() is None


def test_freedom_highlights_the_spaces_a_unit_left_and_entered() -> None:
    state = play(FREEDOM, "moves", 2, 60)
    assert isinstance(state, FreedomState)
    before = FREEDOM.view(state, None)
    src = next(s for s in SPACES if state.spaces[s].ins > 0 and s != "CAMP")
    dst = next(s for s in SPACES if s != src and SPACES[s].kind == "mainland"
               and state.spaces[s].ins == 0)
    state.spaces[src].ins -= 1
    state.spaces[dst].ins += 1
    after = FREEDOM.view(state, None)
    plain = freedom.RENDERER.board(after)
    lit = freedom.RENDERER.board(after, previous=before)
    boxes = {s: space_box(s, SPACES[s].row, SPACES[s].col) for s in (src, dst)}
    assert not same(plain, lit)
    assert inside_any(lit, plain, [grown(b) for b in boxes.values()])
    for x0, y0, _, y1 in boxes.values():  # the glow on each one's left edge
        assert ink(lit, (x0 - 3, y0 + 10, x0 + 3, y1 - 10), HIGHLIGHT, 10) > 20
    assert same(plain, freedom.RENDERER.board(after, previous=after))


def test_freedom_counts_wall_damage_and_a_cannon_as_changes() -> None:
    state = play(FREEDOM, "walls", 2, 10)
    assert isinstance(state, FreedomState)
    before = FREEDOM.view(state, None)
    wall = next(s for s, sp in SPACES.items() if sp.on_wall)
    state.spaces[wall].damage += 1
    changed = freedom_map.space_contents(FREEDOM.view(state, None))
    assert changed[wall]["damage"] == freedom_map.space_contents(before)[wall].get("damage", 0) + 1
    assert set(changes(freedom_map.space_contents(before), changed)) == {wall}


def _epireia(players: int, steps: int) -> EpireiaState:
    state = play(EPIREIA, f"changes-{players}", players, steps)
    assert isinstance(state, EpireiaState)
    return state


def _box(place: str) -> tuple[int, int, int, int]:
    """A place's box on the board picture, as the renderer draws it (a City's largest)."""
    if place in EMPIRES:
        x, y = epireia_map.empire_centre(place)
        box = (x - 88, y - 36, x + 88, y + 36)
    elif place in CITIES:
        x, y = epireia_map.at_place(place, CITIES[place].x, CITIES[place].y)
        box = (x - 70, y - 28, x + 70, y + 34)
    else:
        x, y = epireia_map.at_place(place, TERRITORIES[place].x, TERRITORIES[place].y)
        box = (x - 82, y - 28, x + 82, y + 28)
    mx, my = epireia_map.MAP_BOX[0], epireia_map.MAP_BOX[1]
    return (int(box[0]) + mx, int(box[1]) + my, int(box[2]) + mx, int(box[3]) + my)


def test_epireia_highlights_a_territory_that_changed_hands_and_a_figure_s_move() -> None:
    state = _epireia(2, 40)
    before = EPIREIA.view(state, None)
    role = state.roles[0]
    state.territories["ionia"] = role if state.territories.get("ionia") != role else ""
    figure = next(iter(state.figures))
    home = epireia_map.figures_at(before)
    start = next(place for place, fids in home.items() if figure in fids)
    state.figures[figure].location = "epirus"
    after = EPIREIA.view(state, None)
    changed = changes(epireia_map.place_contents(before), epireia_map.place_contents(after))
    assert set(changed) == {"ionia", "epirus", start}
    assert changed["epirus"] == {f"figure:{figure}": 1}
    plain = epireia.RENDERER.board(after)
    lit = epireia.RENDERER.board(after, previous=before)
    assert inside_any(lit, plain, [grown(_box(place)) for place in changed])
    for place in ("ionia", "epirus"):
        x0, y0, _, y1 = _box(place)
        assert ink(lit, (x0 - 3, y0 + 8, x0 + 3, y1 - 8), HIGHLIGHT, 10) > 20, place
        assert ink(plain, (x0 - 3, y0 + 8, x0 + 3, y1 - 8), HIGHLIGHT, 10) == 0, place
    assert same(plain, epireia.RENDERER.board(after, previous=after))


def test_epireia_without_a_change_highlights_nothing() -> None:
    state = _epireia(3, 25)
    view = EPIREIA.view(state, None)
    assert same(epireia.RENDERER.board(view), epireia.RENDERER.board(view, previous=view))
