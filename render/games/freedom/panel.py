"""The Freedom! board beside the map: the header, the tracks, the eight Surrounding Areas
with their rewards and Support markers, and the footer (the last card played)."""

from __future__ import annotations

from PIL import ImageDraw

from engine.games.freedom.data import AREAS, TRACKS
from engine.games.freedom.view import FreedomView
from render import common as c
from render.games.freedom.reading import (
    HEIGHT,
    PANEL_X,
    PHASES,
    SIDE_COLOURS,
    SIDE_NAMES,
    WIDTH,
    to_act,
)
from render.games.freedom.texts import last_card_text

# Where the eight Surrounding Areas lie around Messolonghi (x, y in a 3 x 3 grid; the
# city in the middle): the mountains to the north, the lagoon and the sea to the south.
AREA_GRID: dict[str, tuple[float, float]] = {
    "anatolikon": (0, 0), "zygos": (1, 0), "gouria": (2, 0),
    "petalas": (0, 1), "kryoneri": (2, 1),
    "sea": (0, 2), "patra": (1, 2), "petrochori": (2, 2),
}
REWARD_SIZE, REWARD_MIN = 20, 16  # the area rewards, readable on a phone
MARKER_RADIUS = 11
AREAS_HEIGHT = 390
# darker than the tiles, so a marker stands out on its own tile
MARKER_COLOURS: dict[str, c.RGB] = {"empire": (120, 10, 10), "insurgents": (10, 40, 120)}


def draw_header(draw: ImageDraw.ImageDraw, view: FreedomView) -> None:
    draw.rectangle((0, 0, WIDTH, 60), fill=(40, 30, 30))
    text = (f"FREEDOM!  Messolonghi  ·  Round {view.round}/6 (Period {view.period})  ·  "
            f"{PHASES[view.phase]}")
    c.label(draw, (20, 30), text, size=28, bold=True, fill=c.WHITE, anchor="lm")
    acting = to_act(view)
    if acting:
        names = ", ".join(SIDE_NAMES.get(r, r) for r in acting)
        c.label(draw, (WIDTH - 20, 30), f"Now: {names}", size=24, bold=True,
                fill=(250, 220, 140), anchor="rm")



def draw_tracks(draw: ImageDraw.ImageDraw, view: FreedomView, top: int) -> int:
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



def draw_areas(draw: ImageDraw.ImageDraw, view: FreedomView, top: int, bottom: int) -> int:
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



def draw_footer(draw: ImageDraw.ImageDraw, view: FreedomView, top: int) -> None:
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
