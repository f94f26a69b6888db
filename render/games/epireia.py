"""Epireia pictures and texts: the map of Greece, the city boards, the Great Battle.

Everything is drawn from the typed views of ``engine/games/epireia/view.py``. Board images,
the battle image and the status text read only the spectator view (``EpireiaView``);
``private_text`` is the one place that reads a seat's secrets (``EpireiaPlayerView.private``).
Static facts (place names, positions on the map, Empire numbers) come from the game's
public map data.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from PIL import Image, ImageDraw

from engine.core.view import View
from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.epireia.content import CONTENT
from engine.games.epireia.view import (
    BattleSideView,
    BattleView,
    Cell,
    EpireiaPlayerView,
    EpireiaView,
    Token,
)
from render import common as c
from render.focus import focus_card
from render.greece import GREECE, LAYOUT, LAYOUT_SIZE, PLACES, Projection, from_drawing
from render.maps import palette
from render.maps.changes import changes, zone_contents
from render.maps.draw import draw_highlight, draw_lands
from render.maps.layout import box_outline

WIDTH, HEIGHT = 1600, 1100
MAP_BOX = (0, 64, 1010, 800)
FIGURES_BELOW = 40  # a place's figures stand in a row under its box
PANEL_X = 1022

# Okabe & Ito's colour-blind-safe hues (Larissa a Thessalian brown): no two Cities look alike
# to deuteranopes or protanopes, whose eyes made the old red/brown/green Cities one olive.
CITY_COLOURS: dict[str, c.RGB] = {
    "athens": palette.BLUE,
    "sparta": palette.VERMILLION,
    "corinth": palette.ORANGE,
    "delphi": palette.REDDISH_PURPLE,
    "elis": palette.BLUISH_GREEN,
    "larissa": palette.BROWN,
}
LEAGUE_COLOURS: dict[str, c.RGB] = {"delian": (30, 80, 170), "peloponnesian": (165, 35, 35)}
LEAGUE_NAMES = {"delian": "Delian League", "peloponnesian": "Peloponnesian League"}
RESOURCE_SHORT = {"wheat": "Wheat", "wood": "Wood", "copper": "Copper"}
RESOURCE_COLOURS: dict[str, c.RGB] = {
    "wheat": (214, 170, 40), "wood": (120, 80, 40), "copper": (190, 100, 50),
}
FRONTS = ("flank", "centre", "maritime")
PHASES = {
    "setup": "Set-up", "development": "Development", "diplomacy": "Diplomacy",
    "resolution": "Resolution", "battle": "The Great Battle", "over": "Game over",
}


# --- reading the view ---------------------------------------------------------------------

def epireia_view(view: View) -> EpireiaView:
    if not isinstance(view, EpireiaView):
        raise TypeError(f"the Epireia renderer was given a {type(view).__name__}")
    return view


def token_label(kind: str) -> str:
    """``hoplites-2`` → ``Hoplites II``."""
    unit, _, level = kind.partition("-")
    roman = "I" * c.as_int(level, 1) if level else ""
    return f"{unit.title()} {roman}".strip()


def place_name(space: str) -> str:
    for table in (CITIES, EMPIRES, TERRITORIES):
        if space in table:
            return table[space].name
    if space == "home":
        return "home"
    return c.title_case(space)


def figure_name(view: EpireiaView, figure_id: str) -> str:
    figure = view.figures.get(figure_id)
    return figure.name if figure is not None and figure.name \
        else c.title_case(figure_id.split(":")[-1])


def seat_name(view: EpireiaView, role: str) -> str:
    if role == "enemy":
        return "Enemy"
    seat = view.seats.get(role)
    if seat is None:
        return c.title_case(role)
    if seat.city in CITIES:
        return CITIES[seat.city].name
    return seat.name or c.title_case(role)


def owner_city(view: EpireiaView, owner: str) -> str:
    """The city id of a figure's or token's owner (a role), or ``""``."""
    seat = view.seats.get(owner)
    return seat.city if seat is not None else ""


def owner_colour(view: EpireiaView, owner: str) -> c.RGB:
    if owner == "enemy":
        return c.BLACK
    city = owner_city(view, owner)
    if city in CITY_COLOURS:
        return CITY_COLOURS[city]
    seat = view.seats.get(owner)
    return LEAGUE_COLOURS.get(seat.league if seat is not None else "", c.GREY)


def resources_text(resources: dict[str, int]) -> str:
    return " · ".join(f"{resources.get(r, 0)} {RESOURCE_SHORT[r]}" for r in RESOURCE_SHORT)


def count_tokens(tokens: list[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for kind in tokens:
        counts[kind] = counts.get(kind, 0) + 1
    return sorted(counts.items())


def waiting_for(view: EpireiaView) -> list[str]:
    """Roles the view says must act now (``to_act``), as display names."""
    return [seat_name(view, r) for r in view.to_act]


def seat_leagues(view: EpireiaView) -> set[str]:
    return {seat.league for seat in view.seats.values()}


# --- the map ------------------------------------------------------------------------------

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


def _draw_map(view: EpireiaView, changed: Collection[str] = ()) -> Image.Image:
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


def _draw_map_legend(draw: ImageDraw.ImageDraw) -> None:
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


# --- the side panel and the city boards ---------------------------------------------------

def _draw_header(draw: ImageDraw.ImageDraw, view: EpireiaView) -> None:
    draw.rectangle((0, 0, WIDTH, 60), fill=(40, 36, 32))
    rounds = view.solo.rounds if view.solo is not None else 0
    limit = f" of {rounds}" if rounds else ""
    text = f"EPIREIA  ·  Round {view.round}{limit}  ·  {PHASES[view.phase]}"
    c.label(draw, (20, 30), text, size=30, bold=True, fill=c.WHITE, anchor="lm")
    waiting = waiting_for(view)
    if waiting:
        c.label(draw, (WIDTH - 20, 30), "Now: " + ", ".join(waiting), size=22,
                fill=(250, 220, 140), anchor="rm")


# The board is read on phones at a quarter of its width: panel text is drawn at READABLE px
# or more when it fits, and only what does not fit (a long story, figure abilities) gives way.
READABLE = 20
SENTENCE_END = re.compile(r"(?<=[.!?”])\s+")


def _text_at(draw: ImageDraw.ImageDraw, box: c.Box, text: str, size: int,
             fill: c.RGB = c.INK, bold: bool = False) -> int:
    """``text`` wrapped at ``size`` from the box's top left; returns the height drawn."""
    x0, y0, x1, _ = box
    y = y0
    for line in c.wrap(text, x1 - x0, size, bold):
        draw.text((x0, y), line, font=c.font(size, bold), fill=fill)
        y += int(size * 1.2)
    return y - y0


def shortened(text: str, width: int, height: int, size: int) -> str:
    """As many whole sentences of ``text`` as fit at ``size`` (paragraphs kept), with "…" if
    some are left; a first sentence too long for the box is cut between words."""
    pieces: list[tuple[str, str]] = []  # (sentence, what follows it: " " or a paragraph break)
    for paragraph in (p for p in text.split("\n") if p.strip()):
        sentences = SENTENCE_END.split(" ".join(paragraph.split()))
        pieces += [(sentence, " ") for sentence in sentences[:-1]] + [(sentences[-1], "\n")]
    kept = ""
    for index, (sentence, _) in enumerate(pieces):
        candidate = kept + sentence
        last = index == len(pieces) - 1
        if not c.fits(candidate if last else candidate + " …", width, height, size):
            break
        kept = candidate + pieces[index][1]
    else:
        return kept.strip()
    if kept:
        return kept.rstrip() + " …"
    words = pieces[0][0].split() if pieces else []
    for count in range(len(words) - 1, 2, -1):
        candidate = " ".join(words[:count]) + " …"
        if c.fits(candidate, width, height, size):
            return candidate
    return ""


def _draw_scenario(draw: ImageDraw.ImageDraw, view: EpireiaView, top: int) -> int:
    scenario = view.scenario
    box = (PANEL_X, top, WIDTH - 12, top + scenario_height(view))
    draw.rounded_rectangle(box, radius=10, fill=(250, 244, 226), outline=(120, 80, 20), width=3)
    act = scenario.act
    name = scenario.name or c.title_case(scenario.card)
    if act:
        heading = f"Act {'I' * act if act < 4 else act}: {name}"
    elif view.solo is not None:
        heading = f"Solo scenario: {name}" if name else "Solo scenario"
    else:
        heading = "Scenario"
    c.draw_text_box(draw, (box[0] + 12, top + 8, box[2] - 12, top + 44), heading, start=27,
                    bold=True, fill=(100, 60, 10), align="left")
    facts = scenario_facts(view)
    inner = (box[0] + 14, top + 50, box[2] - 14, box[3] - 8)
    width, height = inner[2] - inner[0], inner[3] - inner[1]
    size = c.wrapped_size(facts, width, height, 22, 14) or 14
    used = _text_at(draw, inner, facts, size)
    # The story below, in whole sentences (all of it is read in the turn post that reveals it).
    story = scenario.story
    room = height - used - 6
    if story and room >= 2 * 17:
        story_size = max(17, size - 2)
        told = shortened(story, width, room, story_size)
        if told:
            _text_at(draw, (inner[0], inner[1] + used + 6, inner[2], inner[3]), told,
                     story_size, fill=(110, 85, 50))
    return box[3] + 10


def scenario_facts(view: EpireiaView) -> str:
    """The scenario card's text on the board: objective (with how near it is), reward,
    constraint, completion."""
    scenario = view.scenario
    parts = []
    progress, last_round = objective_progress(view)
    if view.solo is not None and progress:  # each objective on its own line, with its count
        parts += ["Objectives:", *progress]
    elif scenario.objective:
        parts += [f"Objective: {scenario.objective}", *progress]
    if last_round:
        parts.append(last_round)
    if scenario.reward:
        parts.append(f"Reward: a {token_label(scenario.reward)} token")
    if scenario.constraint:
        parts.append(f"Constraint: {scenario.constraint}")
    if scenario.completed:
        winner, league = scenario.winner, scenario.winner_league
        by = seat_name(view, winner) if winner else LEAGUE_NAMES.get(league, "")
        parts.append("Completed" + (f" by {by}" if by else "") + ".")
    return "\n".join(parts) or "No scenario card yet."


def _draw_leagues(draw: ImageDraw.ImageDraw, view: EpireiaView, top: int) -> int:
    height = 150
    seated = seat_leagues(view)
    enemies = [CITIES[e].name for e in (view.solo.enemy_cities if view.solo else [])
               if e in CITIES]
    army = view.solo.enemy_army if view.solo is not None else {}
    for league in ("delian", "peloponnesian"):
        data = view.leagues.get(league)
        colour = LEAGUE_COLOURS[league]
        box = (PANEL_X, top, WIDTH - 12, top + height)
        draw.rounded_rectangle(box, radius=10, fill=c.PANEL, outline=colour, width=4)
        members = [seat_name(view, r) for r, s in view.seats.items() if s.league == league]
        if league not in seated and enemies:
            title = f"Enemy: {', '.join(enemies)} ({LEAGUE_NAMES[league]})"
        else:
            title = LEAGUE_NAMES[league] + (f" ({', '.join(members)})" if members else "")
        c.draw_text_box(draw, (box[0] + 12, top + 6, box[2] - 12, top + 38), title, start=25,
                        bold=True, fill=colour, align="left")
        if league not in seated and army:
            _draw_enemy_army(draw, army, (box[0] + 8, top + 42, box[2] - 8, box[3] - 6), colour)
            top = box[3] + 8
            continue
        treasury = data.treasury if data is not None else {}
        x = float(box[0] + 14)
        for resource in RESOURCE_SHORT:
            badge = c.pill(draw, (x + 26, top + 60), f"{treasury.get(resource, 0)}",
                           RESOURCE_COLOURS[resource], size=23)
            c.label(draw, (badge[2] + 7, top + 60), RESOURCE_SHORT[resource], size=21,
                    anchor="lm")
            x += 184
        allied = [CITIES[cid].name if cid in CITIES else cid
                  for cid in (data.allied if data is not None else [])]
        allied += [CITIES[cid].name for cid, lg in view.greek_cities.items()
                   if lg == league and cid in CITIES and CITIES[cid].name not in allied]
        text_box = (box[0] + 12, top + 84, box[2] - 12, box[3] - 4)
        lines = league_lines(data.reserve if data is not None else [], allied, text_box)
        c.draw_text_box(draw, text_box, lines, start=READABLE + 1, minimum=13, align="left",
                        valign="top")
        top = box[3] + 8
    return top


def league_lines(reserve: list[str], allied: list[str], box: c.Box) -> str:
    """A league's reserve and allied cities; the reserve in short names ("Hop II ×2") when
    the long ones would shrink the lines below a readable size."""
    counted = count_tokens(reserve)
    allied_text = f"Allied cities: {', '.join(allied) or 'none'}"
    text = ""
    for name in (token_label, short_token):
        tokens = ", ".join(f"{name(k)} ×{n}" for k, n in counted) or "none"
        text = f"Reserve: {tokens}\n{allied_text}"
        if c.fits(text, box[2] - box[0], box[3] - box[1], READABLE + 1):
            break
    return text


UNIT_SHORT = {"hoplites": "Hop", "triremes": "Tri", "cavalry": "Cav"}


def short_token(kind: str) -> str:
    """``cavalry-2`` → ``Cav II`` (the compact enemy army panel)."""
    unit, _, level = kind.partition("-")
    return f"{UNIT_SHORT.get(unit, unit.title())} {'I' * c.as_int(level, 1)}"


def _draw_enemy_army(draw: ImageDraw.ImageDraw, army: dict[str, list[list[str]]], box: c.Box,
                     colour: c.RGB) -> None:
    """Solo: the enemy army, laid out face up at set-up — a row per front, its three columns
    with both rows' tokens."""
    x0, y0, x1, y1 = box
    row_h = (y1 - y0) / len(FRONTS)
    label_w = 118
    col_w = (x1 - x0 - label_w) / 3
    for fi, front in enumerate(FRONTS):
        cy = y0 + row_h * (fi + 0.5)
        c.label(draw, (x0 + 4, cy), front.title(), size=19, bold=True, anchor="lm")
        columns = army.get(front, [])
        for col in range(3):
            cells = columns[col] if col < len(columns) else []
            text = " + ".join(short_token(k) for k in cells if k) or "—"
            cx = x0 + label_w + col_w * (col + 0.5)
            cell = (int(cx - col_w / 2 + 3), int(cy - row_h / 2 + 2), int(cx + col_w / 2 - 3),
                    int(cy + row_h / 2 - 2))
            draw.rounded_rectangle(cell, radius=6, fill=(238, 232, 222), outline=colour, width=2)
            c.label(draw, (cx, cy), text, size=c.fit_size(text, int(col_w) - 12, 20, 18, True),
                    bold=True, fill=colour)


PANEL_TOP = MAP_BOX[1] + 4
LEAGUES_HEIGHT = 2 * (150 + 8)
EXTRAS_SIZE = READABLE + 1


def extras_lines(view: EpireiaView) -> list[str]:
    """The panel's last lines: who is asked what, the supply, the Augur, the end."""
    lines = []
    for role in view.to_act:
        if view.prompt_text.get(role):
            lines.append(f"{seat_name(view, role)}: {view.prompt_text[role]}")
    if view.supply:
        lines.append("Supply: " + " · ".join(
            f"{short_token(k)} {v}" for k, v in sorted(view.supply.items())))
    augur = view.augur
    if augur.active:
        # the name and what it does this round (the text's rule, after its story)
        effect = augur.active_text.split(": ", 1)[-1]
        name = augur.active_name or c.title_case(augur.active)
        lines.append(f"Augur: {name}" + (f" — {effect}" if effect else ""))
    if view.solo is not None:
        lines.append(f"Augur cards left: {augur.deck_size}")
    if view.end_after_round:
        lines.append("Act III completed: the Great Battle follows this round.")
    return lines


def extras_bottom(view: EpireiaView) -> int:
    return MAP_BOX[3] - (92 if view.result is not None and view.result.reason else 4)


def scenario_height(view: EpireiaView) -> int:
    """The scenario card takes what the last lines leave (between 220 and 340 px)."""
    lines = extras_lines(view)
    width = WIDTH - 12 - PANEL_X - 4
    wrapped = sum(len(c.wrap(line, width, EXTRAS_SIZE)) for line in lines)
    need = int(EXTRAS_SIZE * 1.2) * wrapped + 8
    free = extras_bottom(view) - PANEL_TOP - LEAGUES_HEIGHT - 10 - need
    return max(220, min(340, free))


def _draw_extras(draw: ImageDraw.ImageDraw, view: EpireiaView, top: int) -> None:
    lines = extras_lines(view)
    result = view.result
    if result is not None and result.reason:
        winners = [seat_name(view, w) for w in result.winners]
        banner = f"Game over: {result.reason}"
        banner += f" — won by {', '.join(winners)}" if winners else ""
        box = (PANEL_X, MAP_BOX[3] - 86, WIDTH - 12, MAP_BOX[3] - 4)
        draw.rounded_rectangle(box, radius=10, fill=(40, 36, 32))
        c.draw_text_box(draw, (box[0] + 10, box[1] + 6, box[2] - 10, box[3] - 6), banner,
                        start=22, bold=True, fill=(250, 220, 140))
    if lines:
        c.draw_text_box(draw, (PANEL_X + 4, top, WIDTH - 12, extras_bottom(view)),
                        "\n".join(lines), start=EXTRAS_SIZE, minimum=12, align="left",
                        fill=(75, 70, 80), valign="top")


def _draw_city_board(draw: ImageDraw.ImageDraw, view: EpireiaView, role: str,
                     box: c.Box) -> None:
    seat = view.seats[role]
    colour = CITY_COLOURS.get(seat.city, LEAGUE_COLOURS.get(seat.league, c.GREY))
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=c.PANEL, outline=colour, width=4)
    draw.rounded_rectangle((x0, y0, x1, y0 + 44), radius=10, fill=colour)
    league_name = LEAGUE_NAMES.get(seat.league, "")
    title = seat_name(view, role) + (f" · {league_name}" if league_name else "")
    if league_name and not c.fit_size(title, x1 - x0 - 90, 38, 24, True) >= 20:
        title = seat_name(view, role) + f" · {league_name.split()[0]}"
    ink = c.ink_on(colour)
    c.draw_text_box(draw, (x0 + 10, y0 + 4, x1 - 76, y0 + 40), title, start=25, bold=True,
                    fill=ink, align="left")
    c.label(draw, (x1 - 12, y0 + 22), f"★{seat.prestige}", size=27,
            bold=True, fill=ink, anchor="rm")
    step = (x1 - x0 - 20) / 3
    for i, resource in enumerate(RESOURCE_SHORT):
        x = x0 + 10 + i * step
        badge = c.pill(draw, (x + 24, y0 + 68), str(seat.resources.get(resource, 0)),
                       RESOURCE_COLOURS[resource], size=23)
        name = RESOURCE_SHORT[resource]
        room = int(x + step - badge[2] - 10)
        c.label(draw, (badge[2] + 6, y0 + 68), name, size=c.fit_size(name, room, 26, 21, False, 13),
                anchor="lm")
    admin = seat.administrator_name or c.title_case(seat.administrator)
    lines = []
    if admin:
        lines.append(f"{admin}: used {seat.admin_uses} of 3")
    actions = seat.actions_left
    lines.append(f"Trade posts: {seat.trade_posts}"
                 + (f" · actions left: {actions}"
                    if view.phase == "development" and actions else ""))
    buildings = [b.name for b in seat.buildings]
    lines.append("Buildings: " + (", ".join(buildings) or "none"))
    figure_lines = []
    abilities = []
    for fid in seat.figure_cards:
        figure = view.figures.get(fid)
        if figure is None:  # not in play: its name only
            figure_lines.append(f"• {figure_name(view, fid)} @ home")
            abilities.append("")
            continue
        sea = " ⚓" if figure.sea else ""
        where = place_name(figure.location or "home")
        figure_lines.append(f"• {figure_name(view, fid)} ⚔{figure.attack}{sea} @ {where}")
        abilities.append(figure.ability)
    if not figure_lines:
        figure_lines.append("Starting figure: " + ("chosen, face down" if seat.has_chosen
                                                   else "choosing…")
                            if view.phase == "setup" else "Figures: none")
    inner = (x0 + 12, y0 + 94, x1 - 10, y1 - 6)
    width, height = inner[2] - inner[0], inner[3] - inner[1]
    # Figures' abilities only where they fit at a readable size: the facts come first.
    full = lines + [f"{line} — {ability}" if ability else line
                    for line, ability in zip(figure_lines, abilities + [""] * len(figure_lines),
                                             strict=False)]
    text = "\n".join(full)
    size = c.wrapped_size(text, width, height, 24, READABLE - 2)
    if not size:
        text = "\n".join(lines + figure_lines)
        size = c.wrapped_size(text, width, height, 24, 12) or 12
    _text_at(draw, inner, text, size)


class EpireiaRenderer:
    """The ``render.base.Renderer`` for Epireia."""

    def board(self, any_view: View, previous: View | None = None) -> Image.Image:
        view = epireia_view(any_view)
        image, draw = c.new_canvas(WIDTH, HEIGHT)
        _draw_header(draw, view)
        changed = (changes(place_contents(epireia_view(previous)), place_contents(view))
                   if previous is not None else {})
        image.paste(_draw_map(view, changed), (MAP_BOX[0], MAP_BOX[1]))
        _draw_map_legend(draw)
        draw.rectangle(MAP_BOX, outline=c.INK, width=2)
        top = _draw_scenario(draw, view, PANEL_TOP)
        top = _draw_leagues(draw, view, top)
        _draw_extras(draw, view, top)
        roles = list(view.seats)
        if roles:
            width = (WIDTH - 12) / len(roles)
            for i, role in enumerate(roles):
                box = (int(8 + i * width), MAP_BOX[3] + 8, int(8 + (i + 1) * width) - 8,
                       HEIGHT - 8)
                _draw_city_board(draw, view, role, box)
        return image

    def focus(self, board: Image.Image, any_view: View, previous: View | None = None
              ) -> Image.Image | None:
        view = epireia_view(any_view)
        changed = (changes(place_contents(epireia_view(previous)), place_contents(view))
                   if previous is not None else {})
        return focus_card(board, focus_boxes(changed), status_text(view), MAP_BOX)

    def extra_images(self, any_view: View) -> list[tuple[str, Image.Image]]:
        view = epireia_view(any_view)
        if view.battle is None:
            return []
        return [("great-battle", battle_image(view, view.battle))]

    def status_text(self, view: View) -> str:
        return status_text(epireia_view(view))

    def private_text(self, view: View) -> str:
        return private_text(epireia_view(view))


# --- the Great Battle ---------------------------------------------------------------------

def battle_image(view: EpireiaView, battle: BattleView) -> Image.Image:
    """Both leagues' battlefields, front by front, columns shown as revealed."""
    image, draw = c.new_canvas(1600, 1000)
    draw.rectangle((0, 0, 1600, 60), fill=(40, 36, 32))
    c.label(draw, (20, 30), "THE GREAT BATTLE", size=30, bold=True, fill=c.WHITE, anchor="lm")
    steps = {"place": "placing tokens face down", "figures": "placing figures face down",
             "resolve": "resolving", "done": "decided"}
    c.label(draw, (1580, 30), steps[battle.step], size=22, fill=(250, 220, 140), anchor="rm")
    seated = seat_leagues(view)
    solo_enemy = {lg for lg in LEAGUE_NAMES if lg not in seated} if view.solo is not None else set()
    for fi, front in enumerate(FRONTS):
        top = 70 + fi * 300
        draw.rounded_rectangle((10, top, 1590, top + 288), radius=10, fill=c.PANEL,
                               outline=c.INK, width=2)
        c.label(draw, (24, top + 22), front.title(), size=26, bold=True, anchor="lm")
        if front in battle.front_winners:
            winner = battle.front_winners[front]
            text = (f"Front: {LEAGUE_NAMES[winner].split()[0]}" if winner in LEAGUE_NAMES
                    else "Front: nobody")
            # The figure column (x 1340-1580) is the front's own: the label never reaches
            # the third column's header.
            c.label(draw, (1580, top + 22), text, size=c.fit_size(text, 236, 30, 24, True),
                    bold=True, fill=LEAGUE_COLOURS.get(winner, c.MUTED), anchor="rm")
        shown = battle.revealed.get(front, 0)
        winners = battle.column_winners.get(front, [])
        current = current_column(battle, fi)
        if current is not None:  # the column being fought now, framed across both leagues
            x = 220 + current * 370
            draw.rounded_rectangle((x - 7, top + 50, x + 357, top + 283), radius=10,
                                   outline=CURRENT_FRAME, width=5)
        for li, league in enumerate(("delian", "peloponnesian")):
            side = battle.sides[league]
            y = top + 48 + li * 122
            colour = LEAGUE_COLOURS[league]
            enemy = league in solo_enemy
            name = LEAGUE_NAMES[league] + (" (enemy)" if enemy else "")
            c.draw_text_box(draw, (24, y, 200, y + 80), name, start=22,
                            bold=True, fill=colour, align="left")
            if (battle.step == "place" and not side.placed) or side.pool_size:
                c.label(draw, (24, y + 96), f"{side.pool_size} unplaced",
                        size=16, fill=c.MUTED, anchor="lm")
            figure = side.figures.get(front)
            committed = side.committed.get(front)
            fig_text = "No figures (solo)" if enemy else "Figure: —"
            if figure:
                seen = view.figures.get(figure)
                power = f" ⚔{seen.attack}" if seen is not None else ""
                fig_text = f"Figure: {figure_name(view, figure)}{power}"
            elif front in side.figure_fronts:
                fig_text = "Figure: face down"
            if committed is not None:
                fig_text += f"\ncommitted in column {committed + 1}"
            c.draw_text_box(draw, (1340, y, 1580, y + 110), fig_text, start=18, align="left")
            slots = side.slots.get(front, [])
            for col in range(3):
                rows = slots[col] if col < len(slots) else []
                for row in range(2):
                    cell = rows[row] if row < len(rows) else ""
                    x = 220 + col * 370 + row * 180
                    box = (x, y + 8, x + 170, y + 108)
                    _draw_slot(draw, box, cell, col < shown, colour, slot_hint(front, row))
        for col in range(3):
            x = 220 + col * 370
            totals = [column_total(view, battle.sides[lg], front, col)
                      for lg in ("delian", "peloponnesian")]
            score = f" ({totals[0]}–{totals[1]})" if col < shown else ""
            if col < len(winners):
                who = winners[col]
                name = LEAGUE_NAMES[who].split()[0] if who in LEAGUE_NAMES else "tie"
                text = f"Column {col + 1}: {name}{score}"
                c.label(draw, (x + 175, top + 22), text, size=c.fit_size(text, 345, 26, 20, True),
                        bold=True, fill=LEAGUE_COLOURS.get(who, c.MUTED))
            elif col < shown:
                text = f"Column {col + 1}: in play{score}"
                c.label(draw, (x + 175, top + 22), text, size=c.fit_size(text, 345, 26, 20, True),
                        bold=True)
            else:
                c.label(draw, (x + 175, top + 22), f"Column {col + 1}", size=20, fill=c.MUTED)
    if view.battle_result:
        text = view.battle_result
        c.label(draw, (800, 982), text[:1].upper() + text[1:], size=20, bold=True)
    return image


CURRENT_FRAME: c.RGB = (230, 160, 0)


def current_column(battle: BattleView, front_index: int) -> int | None:
    """The column being resolved on this front now (None when none is)."""
    if battle.step != "resolve" or battle.front != front_index:
        return None
    return battle.column if 0 <= battle.column < 3 else None


def column_total(view: EpireiaView, side: BattleSideView, front: str, column: int) -> int:
    """Revealed token power in one column, plus the figure committed there (if any)."""
    slots = side.slots.get(front, [])
    cells = slots[column] if column < len(slots) else []
    total = sum(cell.power or 0 for cell in cells if isinstance(cell, Token))
    committed = side.committed.get(front)
    figure = side.figures.get(front)
    if committed is not None and committed == column and figure is not None:
        seen = view.figures.get(figure)
        total += seen.attack if seen is not None else 0
    return total


def slot_hint(front: str, row: int) -> str:
    """The units a battlefield slot accepts, from the public token data."""
    try:
        return " / ".join(u.title() for u in CONTENT.slot_accepts(front, row))
    except (KeyError, IndexError, ValueError):
        return ""


def _draw_slot(draw: ImageDraw.ImageDraw, box: c.Box, cell: Cell, shown: bool,
               colour: c.RGB, hint: str = "") -> None:
    if isinstance(cell, Token):
        label_text, power, face_up = token_label(cell.kind), cell.power, cell.face_up
    else:
        label_text, power, face_up = "", None, False
    if cell == "":
        draw.rounded_rectangle(box, radius=8, fill=(235, 230, 220), outline=c.GRID, width=2)
        c.label(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 - (10 if hint else 0)),
                "empty", size=16, fill=c.MUTED)
        if hint:
            c.label(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 14), hint,
                    size=c.fit_size(hint, box[2] - box[0] - 8, 18, 14), fill=c.MUTED)
    elif (not shown and not face_up) or not label_text:
        draw.rounded_rectangle(box, radius=8, fill=(90, 84, 76), outline=colour, width=4)
        c.label(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "?", size=40, bold=True,
                fill=c.WHITE)
    else:
        draw.rounded_rectangle(box, radius=8, fill=colour, outline=c.BLACK, width=2)
        c.label(draw, ((box[0] + box[2]) / 2, box[1] + 34), label_text, size=20, bold=True,
                fill=c.WHITE)
        if power is not None:
            c.label(draw, ((box[0] + box[2]) / 2, box[1] + 70), f"power {power}", size=18,
                    fill=c.WHITE)


# --- texts --------------------------------------------------------------------------------

def objective_progress(view: EpireiaView) -> tuple[list[str], str]:
    """How near each objective is ("2 of 3", ✓ once met), in plain words, and the warning
    of a solo game's last round ("" when there is none)."""
    progress = view.scenario.progress
    if not progress or view.result is not None:
        return [], ""
    if view.solo is not None:
        lines = [f"{'✓' if p.done else '·'} {p.text} ({min(p.count, p.amount)} of {p.amount})"
                 for p in progress]
        last = bool(view.solo.rounds and view.round == view.solo.rounds)
        return lines, "Last round: every objective must be met by its end." if last else ""

    def name(who: str) -> str:  # a seat (a City's own Prestige) or a league
        return seat_name(view, who) if who in view.seats else LEAGUE_NAMES.get(who, who)

    parts = [f"{name(p.who)} {min(p.count, p.amount)} of {p.amount}{' ✓' if p.done else ''}"
             for p in progress]
    return ["Objective so far: " + ", ".join(parts)], ""


def progress_lines(view: EpireiaView) -> list[str]:
    """The turn post's lines of :func:`objective_progress` (Markdown)."""
    lines, last_round = objective_progress(view)
    out = [c.md_escape(line) for line in lines]
    if last_round:
        head, _, rest = last_round.partition(": ")
        out.append(f"**{head}:** {c.md_escape(rest)}")
    return out


def status_text(view: EpireiaView) -> str:
    lines = [f"**Epireia** — round {view.round} · {PHASES[view.phase]}"]
    scenario = view.scenario
    if scenario.act:
        name = scenario.name or c.title_case(scenario.card)
        done = " (completed)" if scenario.completed else ""
        act = scenario.act
        lines.append(f"Act {'I' * act if act < 4 else act}: *{c.md_escape(name)}*{done}")
    elif view.solo is not None and scenario.name:
        lines.append(f"Solo scenario: *{c.md_escape(scenario.name)}*")
    if scenario.story and scenario.revealed_turn == view.turn:
        # Just revealed: the story is read aloud (rules, Anatomy of scenarios), in full.
        lines.extend(f"> {c.md_escape(p)}" for p in scenario.story.split("\n") if p.strip())
        for text, name in ((scenario.objective, "Objective"),
                           (scenario.constraint, "Constraint")):
            if text:
                lines.append(f"**{name}:** {c.md_escape(text)}")
        if scenario.reward:
            lines.append(f"**Reward:** a {token_label(scenario.reward)} token")
    lines += progress_lines(view)
    for league in ("delian", "peloponnesian"):
        data = view.leagues.get(league)
        if data is None:
            continue
        lines.append(f"{LEAGUE_NAMES[league]}: {resources_text(data.treasury)}, "
                     + c.counted(len(data.reserve), "token") + " in reserve")
    prestige = [f"{c.md_escape(seat_name(view, r))} ★{s.prestige}" for r, s in view.seats.items()]
    if prestige:
        lines.append("Prestige: " + ", ".join(prestige))
    waiting = waiting_for(view)
    if waiting:
        lines.append("Waiting for: " + ", ".join(c.md_escape(w) for w in waiting))
    result = view.result
    if result is not None and result.reason:
        winners = [seat_name(view, w) for w in result.winners]
        lines.append(f"**Game over:** {c.md_escape(result.reason)}"
                     + (f" — won by {', '.join(winners)}" if winners else ""))
    return "\n".join(lines)


def private_text(view: EpireiaView) -> str:
    """The seat's own facts and secrets: resources, figures, the secret starting choice, the
    league's army in the Great Battle (``EpireiaPlayerView.private``)."""
    if not isinstance(view, EpireiaPlayerView):
        return "You are watching this game."
    secrets = view.private
    role, league = secrets.role, secrets.league
    seat = view.seats[role]
    lines = [f"**{c.md_escape(seat_name(view, role))}** — {LEAGUE_NAMES.get(league, league)}"]
    lines.append(f"Resources: {resources_text(seat.resources)} · Prestige ★{seat.prestige}")

    def attack(figure: str) -> int | str:
        if figure in secrets.figure_attacks:
            return secrets.figure_attacks[figure]
        return view.figures[figure].attack if figure in view.figures else "?"

    def location(figure: str) -> str:
        seen = view.figures.get(figure)
        return place_name(seen.location if seen is not None and seen.location else "home")

    cards = seat.figure_cards
    if cards:
        lines.append("Your figures: " + "; ".join(
            f"{figure_name(view, f)} (attack {attack(f)}) at {location(f)}" for f in cards))
    hand = secrets.figure_hand
    if hand and not cards:
        lines.append("Your City's figures:")
        for card in hand:
            sea = ", sea" if card.sea else ""
            lines.append(f"- **{c.md_escape(card.name)}** (attack {card.attack}{sea}): "
                         f"{c.md_escape(card.ability)}")
    choice = secrets.figure_choice
    if choice:
        names = {card.id: card.name for card in hand}
        chosen = c.md_escape(names.get(choice, figure_name(view, choice)))
        lines.append(f"Your secret choice: **{chosen}**")
    army = secrets.army
    if army is not None:
        pool = count_tokens([k for k in army.pool if k])
        if pool:
            lines.append("Tokens still to place: "
                         + ", ".join(f"{token_label(k)} ×{n}" for k, n in pool))
        for front in FRONTS:
            tokens = [f"{token_label(kind)} (col {column + 1})"
                      for column, kinds in enumerate(army.slots.get(front, []))
                      for kind in kinds if kind]
            figure = army.figures.get(front)
            fig = f"; figure {figure_name(view, figure)}" if figure else ""
            lines.append(f"{front.title()}: {', '.join(tokens) or 'no tokens'}{fig}")
    return "\n".join(lines)


RENDERER = EpireiaRenderer()
