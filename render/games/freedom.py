"""Freedom! pictures and texts: the siege of Messolonghi, its tracks and Surrounding Areas.

Everything is drawn from the typed views of ``engine/games/freedom/view.py``. The board
picture and the status text read only the spectator view (``FreedomView``); ``private_text``
is the one place that reads a hand (``FreedomPlayerView.private``). Static facts (space names, rows,
area names and rewards, card texts) come from the game's public data files.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engine.core.view import View
from engine.games.freedom.data import AREAS, SPACES, TRACKS
from engine.games.freedom.view import (
    CardView,
    FreedomPlayerView,
    FreedomView,
    PlayedCard,
    SpaceView,
)
from render import common as c
from render.focus import focus_card
from render.freedom_layout import MAP_RIGHT, space_box
from render.maps.changes import changes, zone_contents
from render.maps.draw import draw_highlight
from render.maps.layout import box_outline

WIDTH, HEIGHT = 1600, 1100
PANEL_X = MAP_RIGHT + 14
MAP_AREA: c.Box = (4, 66, MAP_RIGHT + 4, 1058)  # the sea and land behind the spaces

EXP = (200, 30, 30)
# Allied units are a light green with dark numbers: a dark green looked like the Expeditionary
# red to red-green colour-blind players (both a dark olive); lightness now tells them apart.
ALLY = (110, 200, 100)
INS = (30, 80, 200)
CIV = (250, 250, 250)
CANNON = (25, 25, 25)
BOMBARD = (130, 40, 170)
# A cannon with no unit of its side on its space cannot fire (v2.2 5.4): drawn pale.
UNMANNED = {CANNON: (205, 205, 205), BOMBARD: (215, 185, 230)}
SIDE_COLOURS: dict[str, c.RGB] = {"empire": (190, 30, 30), "insurgents": (30, 80, 200),
                                  "neutral": (120, 120, 120)}
SIDE_NAMES = {"empire": "Empire", "insurgents": "Insurgents", "neutral": "Neutral"}
PHASES = {"administration": "Administration", "opening": "Opening", "actions": "Actions",
          "cannons": "Cannons", "replenishment": "Replenishment", "over": "Game over"}
KIND_FILL: dict[str, c.RGB] = {
    "mainland": (222, 208, 166), "wall": (186, 180, 168), "fort": (186, 180, 168),
    "city centre": (238, 226, 200), "beach": (240, 222, 170), "coast": (150, 192, 220),
    "lagoon": (150, 192, 220), "island": (226, 206, 150), "camp": (232, 196, 180),
}
# Where the eight Surrounding Areas lie around Messolonghi (x, y in a 3 x 3 grid; the
# city in the middle): the mountains to the north, the lagoon and the sea to the south.
AREA_GRID: dict[str, tuple[float, float]] = {
    "anatolikon": (0, 0), "zygos": (1, 0), "gouria": (2, 0),
    "petalas": (0, 1), "kryoneri": (2, 1),
    "sea": (0, 2), "patra": (1, 2), "petrochori": (2, 2),
}
DAMAGED = (214, 160, 110)
DESTROYED = (120, 96, 80)
ROLL_INK = (120, 90, 40)
# the mainland rows whose number is the roll a cannon there needs against the wall (Polish 4.4)
ROLL_ROWS = {4: "4+", 5: "5+", 6: "6+"}
ROLL_NOTE = "4+ 5+ 6+: a cannon in that row hits the wall on"
REWARD_SIZE, REWARD_MIN = 20, 16  # the area rewards, readable on a phone
MARKER_RADIUS = 11
AREAS_HEIGHT = 390


# --- reading the view ---------------------------------------------------------------------

def freedom_view(view: View) -> FreedomView:
    if not isinstance(view, FreedomView):
        raise TypeError(f"the Freedom! renderer was given a {type(view).__name__}")
    return view


def to_act(view: FreedomView) -> list[str]:
    """The role asked now, as a list (the view gives one role or None)."""
    return [view.to_act] if view.to_act else []


# --- the city map -------------------------------------------------------------------------

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


PIECE_SIZE, SMALL_PIECE, PIECE_GAP = 44, 36, 4  # counts readable on a phone


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
def _base() -> Image.Image:
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


def _draw_map(draw: ImageDraw.ImageDraw, view: FreedomView) -> None:
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


# --- tracks and areas ---------------------------------------------------------------------

def _draw_header(draw: ImageDraw.ImageDraw, view: FreedomView) -> None:
    draw.rectangle((0, 0, WIDTH, 60), fill=(40, 30, 30))
    text = (f"FREEDOM!  Messolonghi  ·  Round {view.round}/6 (Period {view.period})  ·  "
            f"{PHASES[view.phase]}")
    c.label(draw, (20, 30), text, size=28, bold=True, fill=c.WHITE, anchor="lm")
    acting = to_act(view)
    if acting:
        names = ", ".join(SIDE_NAMES.get(r, r) for r in acting)
        c.label(draw, (WIDTH - 20, 30), f"Now: {names}", size=24, bold=True,
                fill=(250, 220, 140), anchor="rm")


def _draw_tracks(draw: ImageDraw.ImageDraw, view: FreedomView, top: int) -> int:
    x0, x1 = PANEL_X, WIDTH - 12
    tracks = view.tracks
    c.track(draw, (x0, top, x1, top + 62), "Round", list(range(1, 7)),
            {view.round: [c.GOLD]}, size=18)
    top += 72
    morale_max = TRACKS.morale.max
    markers: dict[int, list[c.RGB]] = {}
    for side in ("empire", "insurgents"):
        markers.setdefault(tracks.morale[side], []).append(SIDE_COLOURS[side])
    c.track(draw, (x0, top, x1, top + 62), "Morale (0 loses)", list(range(morale_max + 1)),
            markers, size=18)
    top += 74
    # the scoreboard: one row per track, Empire and Insurgents side by side
    rows: list[tuple[str, str, str]] = [
        ("Morale", str(tracks.morale["empire"]), str(tracks.morale["insurgents"])),
        ("Supplies", str(tracks.supplies["empire"]), str(tracks.supplies["insurgents"])),
        ("Money", str(tracks.money), "—"),
    ]
    band = tracks.population_band
    rows.append(("Population", "—", f"{tracks.population} ({band}: eats {tracks.feed})"
                 if band else str(tracks.population)))
    insurgent_plea = tracks.plea.get("insurgents")
    rows.append(("Plea", f"+{c.as_int(tracks.plea.get('empire'))}",
                 "answered" if "insurgents" in tracks.plea and insurgent_plea is None
                 else f"+{c.as_int(insurgent_plea)}"))
    rows.append(("Preparation", str(tracks.preparation["empire"]),
                 str(tracks.preparation["insurgents"])))
    hands = view.cards.hand_counts
    if hands:
        rows.append(("Cards in hand", str(hands.get("empire", 0)),
                     str(hands.get("insurgents", 0))))
    col_a, col_b = x0 + 210, x0 + 380
    draw.rectangle((x0, top, x1, top + 34), fill=(60, 50, 45))
    c.label(draw, (col_a, top + 17), "Empire", size=20, bold=True,
            fill=(255, 170, 160), anchor="mm")
    c.label(draw, (col_b, top + 17), "Insurgents", size=20, bold=True,
            fill=(170, 200, 255), anchor="mm")
    top += 34
    for i, (name, empire, insurgents) in enumerate(rows):
        fill = c.PANEL if i % 2 == 0 else (236, 230, 214)
        draw.rectangle((x0, top, x1, top + 34), fill=fill)
        c.label(draw, (x0 + 8, top + 17), name, size=19, anchor="lm")
        c.label(draw, (col_a, top + 17), empire, size=c.fit_size(empire, 150, 30, 22, True),
                bold=True, fill=SIDE_COLOURS["empire"], anchor="mm")
        c.label(draw, (col_b, top + 17), insurgents,
                size=c.fit_size(insurgents, 200, 30, 22, True), bold=True,
                fill=SIDE_COLOURS["insurgents"], anchor="mm")
        top += 34
    draw.rectangle((x0, top - 34 * len(rows) - 34, x1, top), outline=c.INK, width=2)
    return top + 10


def _draw_areas(draw: ImageDraw.ImageDraw, view: FreedomView, top: int, bottom: int) -> int:
    x0, x1 = PANEL_X, WIDTH - 12
    c.label(draw, (x0, top), "Surrounding Areas", size=20, bold=True, anchor="lt")
    top += 28
    cell_w = (x1 - x0) / 3
    cell_h = (bottom - top) / 3
    cx, cy = x0 + cell_w * 1.5, top + cell_h * 1.5
    draw.rectangle((x0, top, x1, bottom), fill=(200, 214, 190), outline=c.INK, width=2)
    draw.rectangle((x0, top + cell_h * 2, x1, bottom), fill=(170, 200, 222))
    c.label(draw, (cx, cy), "Messolonghi", size=18, bold=True, fill=c.MUTED)
    for area_id, area in AREAS.items():
        side, support = view.areas[area_id].side, view.areas[area_id].support
        gx, gy = AREA_GRID.get(area_id, (1, 1))
        bx0 = x0 + gx * cell_w + 6
        by0 = top + gy * cell_h + 6
        box = (int(bx0), int(by0), int(bx0 + cell_w - 12), int(by0 + cell_h - 12))
        colour = SIDE_COLOURS.get(side, c.GREY)
        draw.rounded_rectangle(box, radius=8, fill=colour, outline=c.BLACK, width=2)
        c.label(draw, ((box[0] + box[2]) / 2, box[1] + 16), area.name, size=18, bold=True,
                fill=c.WHITE)
        reward = view.areas[area_id].reward
        singular = {"supplies": "supply", "morale": "morale", "units": "unit",
                    "cannons": "cannon"}
        parts = [f"{n} {k if n != 1 else singular[k]}"
                 for k in ("supplies", "morale", "units", "cannons") if (n := getattr(reward, k))]
        if reward.vasiladi:
            parts.append(f"{reward.vasiladi} at Vasiladi")
        c.draw_text_box(draw, reward_box(box), reward_text(parts, box), start=REWARD_SIZE,
                        minimum=REWARD_MIN, fill=c.WHITE)
        for centre in marker_centres(box, support):
            support_marker(draw, centre, side)
        if support == 0:
            c.label(draw, (box[0] + 8, box[3] - 14), "no support", size=14, fill=c.WHITE,
                    anchor="lm")
    return bottom + 8


def reward_text(parts: list[str], box: tuple[int, int, int, int]) -> str:
    """One line when it fits at full size, else one reward per line (never a broken one)."""
    line = ", ".join(parts) or "—"
    x0, _, x1, _ = reward_box(box)
    return line if c.text_size(line, REWARD_SIZE)[0] <= x1 - x0 else "\n".join(parts)


def reward_box(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Where an area tile's reward is written: between its name and its markers."""
    return (box[0] + 4, box[1] + 28, box[2] - 4, box[3] - 2 * MARKER_RADIUS - 6)


def marker_centres(box: tuple[int, int, int, int], support: int) -> list[tuple[float, float]]:
    step = MARKER_RADIUS * 2 + 4
    return [(box[0] + 6 + MARKER_RADIUS + k * step, box[3] - MARKER_RADIUS - 4)
            for k in range(support)]


def support_marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], side: str) -> None:
    """A Support marker in its side's colour with its side's sign: a white cross for the
    Insurgents, a white crescent for the Empire (markers always belong to the tile's side)."""
    x, y = centre
    r = MARKER_RADIUS
    colour = MARKER_COLOURS.get(side, c.GREY)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=c.WHITE, width=2)
    if side == "insurgents":
        draw.line((x - r + 4, y, x + r - 4, y), fill=c.WHITE, width=3)
        draw.line((x, y - r + 4, x, y + r - 4), fill=c.WHITE, width=3)
    else:
        inner = r - 4
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), fill=c.WHITE)
        draw.ellipse((x - inner + 4, y - inner, x + inner + 4, y + inner), fill=colour)


# darker than the tiles, so a marker stands out on its own tile
MARKER_COLOURS: dict[str, c.RGB] = {"empire": (120, 10, 10), "insurgents": (10, 40, 120)}


def _draw_footer(draw: ImageDraw.ImageDraw, view: FreedomView, top: int) -> None:
    x0, x1 = PANEL_X, WIDTH - 12
    lines = []
    last = view.cards.last_card
    if last is not None:
        lines.append(last_card_text(last, markdown=False))
    pending = view.cards.pending_event
    if pending is not None:
        lines.append(f"Event open to {SIDE_NAMES.get(pending.for_ or '', '?')}: {pending.name}")
    acting = to_act(view)
    if view.prompt and acting:
        lines.append(f"{SIDE_NAMES[acting[0]]}: {view.prompt}")
    if view.bombard_lost:
        lines.append("The Bombard is destroyed (gone for good).")
    names = {"exp": "Expeditionary", "ally": "Allied", "ins": "Insurgent", "civ": "civilians",
             "cannons": "cannons"}
    lines.append("Beside the board: " + ", ".join(
        f"{v} {names[k]}" for k, v in view.pool.model_dump().items()))
    decks = view.cards.deck_counts
    if decks:
        lines.append("Decks: " + ", ".join(f"Period {k} {v}" for k, v in decks.items())
                     + f" · discards {view.cards.discard_count}")
    bottom = HEIGHT - 8
    result = view.result
    if result is not None and result.reason:
        winners = [SIDE_NAMES.get(w, w) for w in result.winners]
        banner = f"Game over: {result.reason}"
        banner += f" — {' and '.join(winners)} win" if winners else ""
        bottom = HEIGHT - 96
        box = (x0, HEIGHT - 90, x1, HEIGHT - 8)
        draw.rounded_rectangle(box, radius=10, fill=(40, 30, 30))
        c.draw_text_box(draw, (box[0] + 10, box[1] + 6, box[2] - 10, box[3] - 6), banner,
                        start=22, bold=True, fill=(250, 220, 140))
    if lines:
        c.draw_text_box(draw, (x0, top, x1, bottom), "\n".join(lines), start=18,
                        align="left", valign="top")


# --- what changed since the last board ----------------------------------------------------

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


def _draw_changes(draw: ImageDraw.ImageDraw, previous: FreedomView,
                  view: FreedomView) -> None:
    """A glowing edge around every space whose pieces, cannon or wall changed."""
    draw_highlight(draw, [box_outline(box) for box in changed_boxes(previous, view)])


class FreedomRenderer:
    """The ``render.base.Renderer`` for Freedom!."""

    def board(self, any_view: View, previous: View | None = None) -> Image.Image:
        view = freedom_view(any_view)
        image = _base().copy()
        draw = ImageDraw.Draw(image)
        _draw_header(draw, view)
        _draw_map(draw, view)
        if previous is not None:
            _draw_changes(draw, freedom_view(previous), view)
        top = _draw_tracks(draw, view, 72)
        top = _draw_areas(draw, view, top, top + AREAS_HEIGHT)
        _draw_footer(draw, view, top)
        return image

    def extra_images(self, view: View) -> list[tuple[str, Image.Image]]:
        return []

    def focus(self, board: Image.Image, any_view: View, previous: View | None = None
              ) -> Image.Image | None:
        view = freedom_view(any_view)
        changed = changed_boxes(freedom_view(previous), view) if previous is not None else []
        return focus_card(board, changed, status_text(view), MAP_AREA)

    def status_text(self, view: View) -> str:
        return status_text(freedom_view(view))

    def private_text(self, view: View) -> str:
        return private_text(freedom_view(view))


# --- texts --------------------------------------------------------------------------------

def status_text(view: FreedomView) -> str:
    tracks = view.tracks
    lines = [f"**Freedom!** — round {view.round}/6 (Period {view.period}) · {PHASES[view.phase]}"]
    lines.append(
        f"Morale: Empire **{tracks.morale['empire']}**, Insurgents "
        f"**{tracks.morale['insurgents']}** · Supplies: Empire "
        f"{tracks.supplies['empire']}, Insurgents "
        f"{tracks.supplies['insurgents']} · Money {tracks.money}")
    hands = view.cards.hand_counts
    if hands:
        lines[-1] += (f" · Cards in hand: Empire {hands.get('empire', 0)}, "
                      f"Insurgents {hands.get('insurgents', 0)}")
    destroyed = [SPACES[s].name for s, d in view.spaces.items()
                 if s in SPACES and SPACES[s].on_wall and d.damage >= 2]
    if destroyed:
        lines.append("Wall destroyed at: " + ", ".join(destroyed))
    last = view.cards.last_card
    if last is not None:
        lines.append(last_card_text(last))
    if view.result is None:
        lines += victory_lines(view)
    acting = to_act(view)
    if acting:
        lines.append("Waiting for: " + ", ".join(SIDE_NAMES.get(r, r) for r in acting))
    if view.result is not None and view.result.reason:
        lines.append(f"**Game over:** {c.md_escape(view.result.reason)}")
    return "\n".join(lines)


LAST_ROUND = 6


def last_card_text(last: PlayedCard, markdown: bool = True) -> str:
    """The last card played. For a card discarded to trigger an event the view keeps the
    event triggered (the card discarded is named in the log): the words say which is which,
    instead of calling the event "discarded"."""
    name = f"*{c.md_escape(last.name)}*" if markdown else last.name
    side = SIDE_NAMES[last.role]
    if last.mode == "discard":
        return f"Last card: {side} discarded a card to trigger {name}"
    if last.mode == "event":
        return f"Last card: {name} ({side}, as its event)"
    return f"Last card: {name} ({side}, for {last.ap} AP)"


def threatened(view: FreedomView) -> list[str]:
    """Forts and beaches held by no Imperial unit yet with one next to them: where the Empire
    may win at the end of the Actions phase (rules 3.2)."""
    def imperial(space_id: str) -> int:
        here = view.spaces.get(space_id)
        return 0 if here is None else here.exp + here.ally

    return [space.name for sid, space in SPACES.items()
            if space.kind in ("fort", "beach") and not imperial(sid)
            and any(imperial(n) for n in space.neighbours)]


def victory_lines(view: FreedomView) -> list[str]:
    """The roads to victory, how near each is, and a warning in the last round."""
    near = threatened(view)
    held = "none" if not near else ", ".join(near)
    lines = [f"Imperial units next to a fort or beach: {held}"]
    if view.round == LAST_ROUND:
        lines.append("**Last round:** unless the Empire holds a fort or beach after Actions "
                     "or a side's Morale falls to 0, the Insurgents win at its end.")
    return lines


def card_line(card: CardView) -> str:
    marker = {"empire": "🟥", "insurgents": "🟦"}.get(card.side, "⬜")
    return (f"{marker} **{c.md_escape(card.name)}** · {card.ap} AP · {SIDE_NAMES[card.side]}"
            + (f"\n  {c.md_escape(card.text)}" if card.text else ""))


def private_text(view: FreedomView) -> str:
    """The viewer's hand: each card with its AP, side and event text."""
    if not isinstance(view, FreedomPlayerView):
        return "You are watching this game."
    hand, role, tracks = view.private.hand, view.private.role, view.tracks
    count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    lines = [f"**Your hand ({SIDE_NAMES[role]})** — {count}"]
    lines.extend(card_line(card) for card in hand)
    if hand:
        lines.append("*🟥 Empire events · 🟦 Insurgent events · ⬜ neutral events (either side)*")
    lines.append(f"Preparation: {tracks.preparation[role]} · Supplies: {tracks.supplies[role]}"
                 + (f" · Money: {tracks.money}" if role == "empire" else ""))
    return "\n".join(lines)


RENDERER = FreedomRenderer()
