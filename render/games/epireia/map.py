"""The map of Greece on the Epireia board: its lands and places, who holds each one, the
figures and tokens there, a legend, and what changed since the last board."""

from __future__ import annotations

from collections.abc import Collection
from functools import cache

from PIL import Image, ImageDraw

from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.epireia.view import EpireiaView
from render import common as c
from render.games.epireia.reading import (
    CITY_COLOURS,
    LEAGUE_COLOURS,
    LEAGUE_NAMES,
    figure_name,
    owner_city,
    owner_colour,
    seat_name,
    token_label,
)
from render.greece import GREECE, LAYOUT, LAYOUT_SIZE, PLACES, Projection, from_drawing
from render.maps.changes import zone_contents
from render.maps.draw import draw_highlight, draw_lands
from render.maps.layout import box_outline

MAP_BOX = (0, 64, 1010, 800)
FIGURES_BELOW = 40  # a place's figures stand in a row under its box
MAP_W, MAP_H = MAP_BOX[2] - MAP_BOX[0], MAP_BOX[3] - MAP_BOX[1]
PROJECT = Projection(0, 0, MAP_W, MAP_H)


def at_place(space: str, x: int, y: int) -> tuple[float, float]:
    """Where a place's label is centred on the map picture."""
    if space in LAYOUT:
        lx, ly = LAYOUT[space]
        return lx * MAP_W / LAYOUT_SIZE[0], ly * MAP_H / LAYOUT_SIZE[1]
    return PROJECT(from_drawing(x, y))



def empire_centre(empire_id: str) -> tuple[float, float]:
    empire = EMPIRES[empire_id]
    cx, cy = at_place(empire_id, empire.x, empire.y)
    return min(max(cx, 92), MAP_W - 92), min(max(cy, 40), MAP_H - 40)



@cache
def _map_base() -> Image.Image:
    """The map's unchanging layer: sea, coasts, the Territories and the Empires."""
    image, draw = c.new_canvas(MAP_W, MAP_H, c.SEA)
    draw_lands(draw, GREECE)
    # where each city and land Territory really lies, tied to its label by a thin line
    for place, real in PLACES.items():
        key = place.replace(" ", "-")
        land = key in CITIES or (key in TERRITORIES and not TERRITORIES[key].sea)
        if key not in LAYOUT or not land:
            continue
        rx, ry = PROJECT(real)
        lx, ly = at_place(key, 0, 0)
        draw.line((rx, ry, lx, ly), fill=(120, 100, 70), width=2)
        draw.ellipse((rx - 5, ry - 5, rx + 5, ry + 5), fill=(90, 70, 40))
    for tid, territory in TERRITORIES.items():
        cx, cy = at_place(tid, territory.x, territory.y)
        fill = (205, 228, 244) if territory.sea else (240, 232, 205)
        box = (int(cx - 82), int(cy - 28), int(cx + 82), int(cy + 28))
        draw.rounded_rectangle(box, radius=10, fill=fill, outline=c.INK, width=2)
        name = ("⚓ " if territory.sea else "") + territory.name
        size = c.fit_size(name, 156, 24, 20, bold=True)
        c.label(draw, (cx, cy - 11), name, size=size, bold=True)
        c.label(draw, (cx, cy + 13), f"{territory.resource.title()} · tax {territory.tax}",
                size=15, fill=c.MUTED)
    for eid, empire in EMPIRES.items():
        cx, cy = empire_centre(eid)
        box = (int(cx - 88), int(cy - 36), int(cx + 88), int(cy + 36))
        draw.rounded_rectangle(box, radius=6, fill=(250, 236, 190), outline=(120, 80, 20),
                               width=3)
        name = ("⚓ " if empire.sea_only else "") + empire.name
        c.label(draw, (cx, cy - 18), name, size=20, bold=True, fill=(100, 60, 10))
        c.label(draw, (cx, cy + 4), f"needs {empire.need_one}+ · {empire.need_two}+ if two",
                size=14, fill=c.INK)
        reward = empire.reward.text()
        c.label(draw, (cx, cy + 22), reward, size=c.fit_size(reward, 168, 18, 14), fill=c.MUTED)
    return image



def figures_at(view: EpireiaView) -> dict[str, list[str]]:
    """Place id -> the figures standing there (in id order)."""
    at: dict[str, list[str]] = {}
    for fid in sorted(view.figures):
        figure = view.figures[fid]
        location = figure.location or "home"
        if location == "home":
            # at home on its City: a seat's City, or the card's own (solo enemy figures)
            location = owner_city(view, figure.owner) or figure.city or "home"
        at.setdefault(location, []).append(fid)
    return at



def place_contents(view: EpireiaView) -> dict[str, dict[str, int]]:
    """What each place shows: its figures, a Territory's owner, a Greek City's league and
    token (for the highlight of what changed since the last board)."""
    held: dict[str, dict[str, int]] = {
        place: zone_contents({f"figure:{fid}": 1 for fid in fids})
        for place, fids in figures_at(view).items()}
    for tid, owner in view.territories.items():
        held.setdefault(tid, {}).update(zone_contents(owner=owner))
    tokens = view.greek_city_tokens
    for cid, league in view.greek_cities.items():
        marks = [f"league:{league}"] if league else []
        marks += [f"token:{tokens[cid]}"] if tokens.get(cid) else []
        held.setdefault(cid, {}).update(zone_contents(marks=marks))
    return held



@cache
def fixed_boxes() -> dict[str, c.Box]:
    """The boxes of the Territories and the Empires on the map, as ``_map_base`` draws them."""
    boxes: dict[str, c.Box] = {}
    for tid, territory in TERRITORIES.items():
        cx, cy = at_place(tid, territory.x, territory.y)
        boxes[tid] = (int(cx - 82), int(cy - 28), int(cx + 82), int(cy + 28))
    for eid in EMPIRES:
        cx, cy = empire_centre(eid)
        boxes[eid] = (int(cx - 88), int(cy - 36), int(cx + 88), int(cy + 36))
    return boxes



def focus_boxes(places: Collection[str]) -> list[c.Box]:
    """Board px boxes of ``places`` with the figures standing below them (for the phone
    card's window): a Territory's or Empire's box, a City's name plate."""
    boxes = []
    for place in places:
        box = fixed_boxes().get(place)
        if box is None and place in CITIES:
            cx, cy = at_place(place, CITIES[place].x, CITIES[place].y)
            box = (int(cx - 70), int(cy - 28), int(cx + 70), int(cy + 34))
        if box is not None:
            x, y = MAP_BOX[0], MAP_BOX[1]
            boxes.append((box[0] + x, box[1] + y, box[2] + x, box[3] + y + FIGURES_BELOW))
    return boxes



def draw_map(view: EpireiaView, changed: Collection[str] = ()) -> Image.Image:
    """The map with its figures; ``changed`` places get a glowing edge (under the figures)."""
    image = _map_base().copy()
    draw = ImageDraw.Draw(image)

    at = figures_at(view)
    rows: list[tuple[list[str], tuple[float, float]]] = []
    # under the owners' badges; the Cities' below, once their boxes are drawn
    draw_highlight(draw, [box_outline(box) for place, box in fixed_boxes().items()
                          if place in changed])
    city_boxes: dict[str, c.Box] = {}

    for tid, territory in TERRITORIES.items():
        cx, cy = at_place(tid, territory.x, territory.y)
        owner = view.territories.get(tid, "")
        if owner == "brigands":
            c.pill(draw, (cx + 82, cy - 28), "Brigands", (60, 60, 60), size=15)
        elif owner:
            colour = owner_colour(view, owner)
            c.pill(draw, (cx + 82, cy - 28), seat_name(view, owner), colour, size=15,
                   ink=c.ink_on(colour))
        rows.append((at.get(tid, []), (cx, cy + 44)))

    for eid in EMPIRES:
        cx, cy = empire_centre(eid)
        rows.append((at.get(eid, []), (cx, cy + 54)))

    played = {owner_city(view, r) for r in view.seats}
    enemies = set(view.solo.enemy_cities) if view.solo is not None else set()
    for cid, city in CITIES.items():
        cx, cy = at_place(cid, city.x, city.y)
        if cid in played or cid in enemies:
            colour = CITY_COLOURS.get(cid, c.GREY) if cid in played else (50, 50, 50)
            box = (int(cx - 62), int(cy - 20), int(cx + 62), int(cy + 20))
            city_boxes[cid] = box
            draw.rectangle(box, fill=colour, outline=c.BLACK, width=3)
            c.label(draw, (cx, cy), city.name, size=c.fit_size(city.name, 118, 34, 22, True),
                    bold=True, fill=c.ink_on(colour))
        else:
            league = view.greek_cities.get(cid, "")
            border = LEAGUE_COLOURS.get(league, c.MUTED)
            token = view.greek_city_tokens.get(cid, "")
            box = (int(cx - 70), int(cy - 28), int(cx + 70), int(cy + (34 if token else 26)))
            city_boxes[cid] = box
            draw.rectangle(box, fill=(235, 235, 228), outline=border, width=4 if league else 2)
            c.label(draw, (cx, cy - 12), city.name, size=19, bold=True)
            # In solo no Greek City can be integrated: no number to reach.
            sub = (f"→ {LEAGUE_NAMES[league].split()[0]}" if league in LEAGUE_NAMES
                   else "neutral" if view.solo is not None
                   else f"neutral · needs {city.integration}+")
            c.label(draw, (cx, cy + 8), sub, size=c.fit_size(sub, 132, 18, 15),
                    fill=border if league else c.MUTED)
            if token:
                c.label(draw, (cx, cy + 24), token_label(token), size=14, fill=c.MUTED)
        below = 40 if cid in played or cid in enemies else 52
        rows.append((at.get(cid, []), (cx, cy + below)))
    draw_highlight(draw, [box_outline(box) for place, box in city_boxes.items()
                          if place in changed])
    for fids, centre in rows:
        _draw_figures(draw, view, fids, centre)
    return image

# The map's legend, on the land between Macedonia and the Thracian sea (board px): a figure's
# disc, a Territory's owner badge, a sea Territory, an Empire reached only by sea.
MAP_LEGEND_BOX = (505, 68, 800, 166)
MAP_LEGEND_SIZE = 16
FIGURE_RADIUS = 19


def draw_map_legend(draw: ImageDraw.ImageDraw) -> None:
    x0, y0 = MAP_LEGEND_BOX[:2]
    draw.rounded_rectangle(MAP_LEGEND_BOX, radius=8, fill=c.PANEL, outline=c.GRID, width=2)
    size = MAP_LEGEND_SIZE
    y = y0 + 17
    draw.ellipse((x0 + 6, y - 13, x0 + 32, y + 13), fill=c.GREY, outline=c.WHITE, width=2)
    c.label(draw, (x0 + 19, y), "Fi", size=13, bold=True, fill=c.WHITE)
    c.label(draw, (x0 + 40, y), "a figure: its name's first letters,", size=size, anchor="lm")
    c.label(draw, (x0 + 40, y + 18), "in its City's colour", size=size, anchor="lm")
    y += 42
    badge = c.pill(draw, (x0 + 27, y), "City", c.GREY, size=13)
    c.label(draw, (badge[2] + 8, y), "holds the Territory", size=size, anchor="lm")
    y += 24
    c.label(draw, (x0 + 10, y), "⚓ by sea (a storm closes it)", size=size, anchor="lm")



def _draw_figures(draw: ImageDraw.ImageDraw, view: EpireiaView, fids: list[str],
                  centre: tuple[float, float]) -> None:
    """Figures as coloured discs with their initials, in a row under a place."""
    if not fids:
        return
    radius = FIGURE_RADIUS
    cx, cy = centre
    step = radius * 2 + 4
    start = cx - (len(fids) - 1) * step / 2
    for i, fid in enumerate(fids):
        colour = owner_colour(view, view.figures[fid].owner)
        x = start + i * step
        draw.ellipse((x - radius, cy - radius, x + radius, cy + radius), fill=colour,
                     outline=c.WHITE, width=3)
        initials = figure_name(view, fid)[:2]
        c.label(draw, (x, cy), initials, size=16, bold=True, fill=c.ink_on(colour))
