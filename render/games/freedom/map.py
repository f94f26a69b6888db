"""The city map on the Freedom! board: the spaces by row, the wall's damage, the pieces of
each side, the legend, and a highlight of what changed since the last board."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engine.games.freedom.data import SPACES
from engine.games.freedom.view import (
    FreedomView,
    SpaceView,
)
from render import common as c
from render.freedom_layout import MAP_RIGHT, space_box
from render.games.freedom.reading import (
    ALLY,
    BOMBARD,
    CANNON,
    CIV,
    EXP,
    HEIGHT,
    INS,
    KIND_FILL,
    SIDE_COLOURS,
    UNMANNED,
    WIDTH,
)
from render.maps.changes import changes, zone_contents
from render.maps.draw import draw_highlight
from render.maps.layout import box_outline

MAP_AREA: c.Box = (4, 66, MAP_RIGHT + 4, 1058)  # the sea and land behind the spaces
DAMAGED = (214, 160, 110)
DESTROYED = (120, 96, 80)
ROLL_INK = (120, 90, 40)
# the mainland rows whose number is the roll a cannon there needs against the wall (Polish 4.4)
ROLL_ROWS = {4: "4+", 5: "5+", 6: "6+"}
ROLL_NOTE = "4+ 5+ 6+: a cannon in that row hits the wall on"
PIECE_SIZE, SMALL_PIECE, PIECE_GAP = 44, 36, 4  # counts readable on a phone
# The legend, in the pieces' own shapes: (name, fill, edge or ink, shape). The pieces sit in
# the empty lagoon south-east of Vasiladi; the wall and the victory spaces along the bottom.
LEGEND_PIECES: list[tuple[str, c.RGB, c.RGB, str]] = [
    ("Expeditionary", EXP, c.WHITE, "square"), ("Allied", ALLY, c.BLACK, "square"),
    ("Insurgents", INS, c.WHITE, "square"), ("Civilians", CIV, c.BLACK, "circle"),
    ("Imperial cannon", CANNON, SIDE_COLOURS["empire"], "triangle"),
    ("Insurgent cannon", CANNON, SIDE_COLOURS["insurgents"], "triangle"),
    ("Bombard", BOMBARD, SIDE_COLOURS["insurgents"], "triangle"),
]
LEGEND_BOX = (432, 982, 972, 1052)
VICTORY_NOTE = "Fort (blue frame) or beach (⚑): Imperial units there after Actions win"
LEGEND: list[tuple[str, c.RGB]] = [(name, fill) for name, fill, _, _ in LEGEND_PIECES] + [
    ("Unmanned cannon", UNMANNED[CANNON]), ("Wall damaged", DAMAGED), ("destroyed", DESTROYED)]
LEGEND_SIZE = 17
UNMANNED_NOTE = "unmanned"  # a pale cannon: no unit of its side with it, so it cannot fire


def _draw_space_ground(draw: ImageDraw.ImageDraw, space_id: str, damage: int) -> None:
    """A space's ground, border and name (everything but the pieces)."""
    space = SPACES[space_id]
    box = space_box(space_id, space.row, space.col)
    x0, y0, x1, y1 = box
    fill = KIND_FILL.get(space.kind, c.PANEL)
    if space.on_wall and damage == 1:
        fill = DAMAGED
    elif space.on_wall and damage >= 2:
        fill = DESTROYED
    if space.kind == "island":
        draw.rectangle(box, fill=KIND_FILL["lagoon"])
        draw.ellipse((x0 + 2, y0 + 18, x1 - 2, y1 - 2), fill=fill, outline=c.INK, width=2)
    else:
        outline, width = c.INK, 1
        if space.kind == "fort":
            outline, width = SIDE_COLOURS["insurgents"], 5
        elif space.kind == "wall":
            outline, width = c.INK, 2
        draw.rectangle(box, fill=fill, outline=outline, width=width)
    if space.on_wall and damage:  # between the name and the word, never across them
        _, top, _, bottom = piece_area(space_id)
        _damage_mark(draw, (x0, top - 4, x1, bottom + 2), damage)

    name_ink = c.WHITE if space.on_wall and damage >= 2 else c.INK
    if space.kind == "beach":  # with the forts (blue frames), what the Empire must take
        c.label(draw, (x1 - 4, y1 - 4), "⚑", size=20, fill=SIDE_COLOURS["insurgents"],
                anchor="rb")
    if space.kind == "mainland":
        c.label(draw, (x0 + 4, y0 + 3), f"{space.row}·{space.col}", size=13, fill=c.MUTED,
                anchor="lt")
        if space.row in ROLL_ROWS:  # the roll a cannon here needs against the wall
            c.label(draw, (x1 - 4, y0 + 3), ROLL_ROWS[space.row], size=15, bold=True,
                    fill=ROLL_INK, anchor="rt")
    elif space.kind == "city centre":  # a wide, low box: the name on the left, pieces centred
        c.label(draw, (x0 + 10, (y0 + y1) / 2), space.name, size=18, bold=True, fill=name_ink,
                anchor="lm")
    elif x1 - x0 < 120 and c.text_size(space.name, 14, True)[0] > x1 - x0 - 6:
        c.draw_text_box(draw, (x0 + 3, y0 + 2, x1 - 3, y0 + 34), space.name, start=14,
                        bold=True, fill=name_ink, minimum=10, valign="top")
    else:
        size = c.fit_size(space.name, x1 - x0 - 8, 16, 15, bold=True, minimum=10)
        c.label(draw, ((x0 + x1) / 2, y0 + 3), space.name, size=size, bold=True,
                fill=name_ink, anchor="mt")
    if space.on_wall and damage:  # the word as well as the colour, in narrow boxes too
        c.label(draw, ((x0 + x1) / 2, y1 - 3), damage_word(damage), size=13, bold=True,
                fill=c.WHITE if damage >= 2 else (120, 50, 20), anchor="mb")



def damage_word(damage: int) -> str:
    return "destroyed" if damage >= 2 else "damaged"



def _damage_mark(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                 damage: int) -> None:
    """A crack on a damaged wall space, a cross on a destroyed one (as in the legend)."""
    x0, y0, x1, y1 = box
    if damage >= 2:
        draw.line((x0 + 6, y0 + 6, x1 - 6, y1 - 6), fill=(60, 40, 30), width=4)
        draw.line((x0 + 6, y1 - 6, x1 - 6, y0 + 6), fill=(60, 40, 30), width=4)
    else:
        w, h = x1 - x0, y1 - y0
        draw.line((x0 + w * 0.15, y0 + h * 0.1, x0 + w * 0.45, y0 + h * 0.5,
                   x0 + w * 0.25, y0 + h * 0.85), fill=(90, 50, 30), width=3 if w > 40 else 2)



def piece_area(space_id: str) -> tuple[int, int, int, int]:
    """Where a space's pieces go: below its name (or row label), above a damage word."""
    space = SPACES[space_id]
    x0, y0, x1, y1 = space_box(space_id, space.row, space.col)
    if space.kind == "city centre":
        return x0 + 2, y0 + 4, x1 - 2, y1 - 4
    if space.kind == "mainland":
        top = y0 + 20
    elif space.kind == "island":
        top = y0 + 24
    elif x1 - x0 < 120 and c.text_size(space.name, 14, True)[0] > x1 - x0 - 6:
        top = y0 + 36  # a name on two lines
    else:
        top = y0 + 20
    bottom = y1 - 16 if space.on_wall else y1 - 4
    return x0 + 2, top, x1 - 2, bottom



def piece_layout(space_id: str, count: int) -> tuple[int, list[tuple[float, float]]]:
    """The size and centres of ``count`` pieces on a space: one row at full size when they fit,
    else two rows when the space is tall enough for larger pieces than one squeezed row."""
    if count <= 0:
        return PIECE_SIZE, []
    x0, top, x1, bottom = piece_area(space_id)
    width, height = x1 - x0, bottom - top
    space = SPACES[space_id]
    # the wall and islands have names above and a damage word below: smaller pieces there
    largest = SMALL_PIECE if space.on_wall or space.kind == "island" else PIECE_SIZE
    one_row = min(largest, (width - (count - 1) * PIECE_GAP) // count, height)
    per_row = (count + 1) // 2
    two_rows = min(largest, (width - (per_row - 1) * PIECE_GAP) // per_row,
                   (height - PIECE_GAP) // 2)
    rows = [count] if count == 1 or one_row >= two_rows else [per_row, count - per_row]
    size = max(16, one_row if len(rows) == 1 else two_rows)
    block = len(rows) * size + (len(rows) - 1) * PIECE_GAP
    cy = top + (height - block) / 2 + size / 2
    centres = []
    for n in rows:
        total = n * size + (n - 1) * PIECE_GAP
        cx = (x0 + x1 - total) / 2 + size / 2
        for _ in range(n):
            centres.append((cx, cy))
            cx += size + PIECE_GAP
        cy += size + PIECE_GAP
    return size, centres



def cannon_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float,
                fill: c.RGB, owner: c.RGB) -> None:
    """A cannon: a triangle in its colour (black, or purple for the Bombard), edged in its
    owner's colour, with a white halo so it stands out on a dark (destroyed) space too."""
    cx, cy = centre
    half = size / 2 - 1  # with its halo, as tall as a unit block of the same size
    halo = half + 3
    draw.polygon([(cx, cy - halo - 2), (cx + halo + 1, cy + halo), (cx - halo - 1, cy + halo)],
                 fill=c.WHITE)
    draw.polygon([(cx, cy - half), (cx + half, cy + half), (cx - half, cy + half)],
                 fill=fill, outline=owner, width=4)



def _draw_pieces(draw: ImageDraw.ImageDraw, space_id: str, data: SpaceView) -> None:
    """Units, civilians and the cannon standing on one space, as numbered blocks."""
    pieces: list[tuple[str, int, c.RGB, c.RGB]] = []
    for count, colour, ink, shape in ((data.exp, EXP, c.WHITE, "square"),
                                      (data.ally, ALLY, c.BLACK, "square"),
                                      (data.ins, INS, c.WHITE, "square"),
                                      (data.civ, CIV, c.BLACK, "circle")):
        if count:
            pieces.append((shape, count, colour, ink))
    if data.cannon:
        colour = BOMBARD if data.bombard else CANNON
        crew = data.exp + data.ally if data.cannon == "empire" else data.ins
        pieces.append(("triangle", 0, colour if crew else UNMANNED[colour],
                       SIDE_COLOURS[data.cannon]))
    size, centres = piece_layout(space_id, len(pieces))
    for (shape, count, colour, ink), centre in zip(pieces, centres, strict=True):
        if shape == "triangle":
            cannon_mark(draw, centre, size, colour, ink)
        else:
            c.piece(draw, centre, count, colour, size=size, ink=ink, shape=shape)



@cache
def base_image() -> Image.Image:
    """The picture's unchanging layer: ground, intact spaces and their names, the legend."""
    image, draw = c.new_canvas(WIDTH, HEIGHT)
    draw.rectangle(MAP_AREA, fill=(178, 206, 226))
    draw.rectangle((106, 66, 974, 652), fill=(210, 196, 150))  # the mainland
    c.label(draw, (120, 96), "MAINLAND", size=24, bold=True, fill=(150, 130, 90), anchor="lm")
    c.label(draw, (120, 128), ROLL_NOTE, size=15, bold=True, fill=ROLL_INK, anchor="lm")
    for space_id in SPACES:
        _draw_space_ground(draw, space_id, 0)
    _draw_legend(draw)
    return image



def _draw_legend(draw: ImageDraw.ImageDraw) -> None:
    x0, y0, _, _ = LEGEND_BOX
    draw.rounded_rectangle(LEGEND_BOX, radius=8, fill=c.PANEL, outline=c.GRID, width=2)
    rows = [LEGEND_PIECES[:4], LEGEND_PIECES[4:]]
    for r, row in enumerate(rows):
        y = y0 + 18 + r * 34
        x = x0 + 12
        for name, fill, edge, shape in row:
            if shape == "triangle":
                cannon_mark(draw, (x + 11, y), 23, fill, edge)
            else:
                c.piece(draw, (x + 11, y), 1, fill, size=24, ink=edge, shape=shape)
            c.label(draw, (x + 28, y), name, size=LEGEND_SIZE, anchor="lm")
            x += 28 + c.text_size(name, LEGEND_SIZE)[0] + 16
    x = 20
    for name, colour in LEGEND[-2:]:
        swatch = (x, 1064, x + 18, 1082)
        draw.rectangle(swatch, fill=colour, outline=c.BLACK)
        _damage_mark(draw, swatch, 2 if colour == DESTROYED else 1)
        c.label(draw, (x + 24, 1073), name, size=16, anchor="lm")
        x += 24 + c.text_size(name, 16)[0] + 18
    draw.rectangle((x, 1064, x + 18, 1082), fill=KIND_FILL["fort"],
                   outline=SIDE_COLOURS["insurgents"], width=4)
    c.label(draw, (x + 24, 1073), VICTORY_NOTE, size=16, anchor="lm")
    x += 24 + c.text_size(VICTORY_NOTE, 16)[0] + 18
    cannon_mark(draw, (x + 12, 1072), 26, UNMANNED[CANNON], c.MUTED)
    c.label(draw, (x + 28, 1073), UNMANNED_NOTE, size=16, anchor="lm")



def draw_map(draw: ImageDraw.ImageDraw, view: FreedomView) -> None:
    for space_id in SPACES:
        data = view.spaces[space_id]
        if data.damage:
            _draw_space_ground(draw, space_id, data.damage)
        _draw_pieces(draw, space_id, data)
    camp_cannons = view.camp.cannons
    camp = space_box("CAMP", 9, 9)
    if camp_cannons:
        x, y = camp[2] - 40, (camp[1] + camp[3]) / 2 + 8
        cannon_mark(draw, (x, y), 32, CANNON, SIDE_COLOURS["empire"])
        c.label(draw, (x - 28, y), f"{camp_cannons}×", size=22, bold=True, anchor="rm")



def space_contents(view: FreedomView) -> dict[str, dict[str, int]]:
    """What each space shows: units by kind, its cannon and whose, wall damage; the Camp
    also its cannons waiting to be built."""
    held: dict[str, dict[str, int]] = {}
    for space_id in SPACES:
        space = view.spaces.get(space_id)
        if space is None:
            continue
        units = {"exp": space.exp, "ally": space.ally, "ins": space.ins, "civ": space.civ,
                 "damage": space.damage}
        marks = ([f"cannon:{space.cannon}"] if space.cannon else []) + (
            ["bombard"] if space.bombard else [])
        held[space_id] = zone_contents(units, marks=marks)
    if view.camp.cannons and "CAMP" in held:
        held["CAMP"]["camp cannons"] = view.camp.cannons
    return held



def changed_boxes(previous: FreedomView, view: FreedomView) -> list[c.Box]:
    """The boxes of the spaces whose pieces, cannon or wall changed."""
    changed = changes(space_contents(previous), space_contents(view))
    return [space_box(sid, SPACES[sid].row, SPACES[sid].col) for sid in changed if sid in SPACES]



def draw_changes(draw: ImageDraw.ImageDraw, previous: FreedomView,
                 view: FreedomView) -> None:
    """A glowing edge around every space whose pieces, cannon or wall changed."""
    draw_highlight(draw, [box_outline(box) for box in changed_boxes(previous, view)])
