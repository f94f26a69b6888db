"""Epireia pictures and texts: the map of Greece, the city boards, the Great Battle.

Everything is drawn from the view dict (``engine/games/epireia/view.py`` documents its keys).
Board images, the battle image and the status text read only what the spectator view
shows; ``private_text`` is the one place that reads a player's own secrets (``me``).
Static facts (place names, positions on the map, Empire numbers) come from the game's
public map data.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.epireia.content import CONTENT
from render import common as c
from render.greece import GREECE, LAYOUT, LAYOUT_SIZE, PLACES, Projection, from_drawing
from render.maps import palette
from render.maps.changes import changes, zone_contents
from render.maps.draw import draw_highlight, draw_lands
from render.maps.layout import box_outline

WIDTH, HEIGHT = 1600, 1100
MAP_BOX = (0, 64, 1010, 800)
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

def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


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


def figure_name(view: dict[str, Any], figure_id: str) -> str:
    figure = _dict(_dict(view.get("figures")).get(figure_id))
    return str(figure.get("name") or c.title_case(figure_id.split(":")[-1]))


def seat_name(view: dict[str, Any], role: str) -> str:
    if role == "enemy":
        return "Enemy"
    seat = _dict(_dict(view.get("seats")).get(role))
    city = str(seat.get("city") or "")
    if city in CITIES:
        return CITIES[city].name
    return str(seat.get("name") or c.title_case(role))


def owner_city(view: dict[str, Any], owner: str) -> str:
    """The city id of a figure's or token's owner (a role), or ``""``."""
    seat = _dict(_dict(view.get("seats")).get(owner))
    return str(seat.get("city") or "")


def owner_colour(view: dict[str, Any], owner: str) -> c.RGB:
    if owner == "enemy":
        return c.BLACK
    city = owner_city(view, owner)
    if city in CITY_COLOURS:
        return CITY_COLOURS[city]
    league = str(_dict(_dict(view.get("seats")).get(owner)).get("league") or "")
    return LEAGUE_COLOURS.get(league, c.GREY)


def resources_text(resources: dict[str, Any]) -> str:
    return " · ".join(f"{c.as_int(resources.get(r))} {RESOURCE_SHORT[r]}" for r in RESOURCE_SHORT)


def count_tokens(tokens: list[Any]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for kind in tokens:
        counts[str(kind)] = counts.get(str(kind), 0) + 1
    return sorted(counts.items())


def waiting_for(view: dict[str, Any]) -> list[str]:
    """Roles the view says must act now (``to_act``), as display names."""
    roles = [str(r) for r in _list(view.get("to_act"))]
    return [seat_name(view, r) for r in roles]


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


def figures_at(view: dict[str, Any]) -> dict[str, list[str]]:
    """Place id -> the figures standing there (in id order)."""
    figures = _dict(view.get("figures"))
    at: dict[str, list[str]] = {}
    for fid in sorted(figures):
        location = str(_dict(figures[fid]).get("location") or "home")
        if location == "home":
            # at home on its City: a seat's City, or the card's own (solo enemy figures)
            owner = str(_dict(figures[fid]).get("owner") or "")
            location = owner_city(view, owner) or str(_dict(figures[fid]).get("city") or "home")
        at.setdefault(location, []).append(fid)
    return at


def place_contents(view: dict[str, Any]) -> dict[str, dict[str, int]]:
    """What each place shows: its figures, a Territory's owner, a Greek City's league and
    token (for the highlight of what changed since the last board)."""
    held: dict[str, dict[str, int]] = {
        place: zone_contents({f"figure:{fid}": 1 for fid in fids})
        for place, fids in figures_at(view).items()}
    for tid, owner in _dict(view.get("territories")).items():
        held.setdefault(str(tid), {}).update(zone_contents(owner=str(owner or "")))
    tokens = _dict(view.get("greek_city_tokens"))
    for cid, league in _dict(view.get("greek_cities")).items():
        marks = [f"league:{league}"] if league else []
        marks += [f"token:{tokens[cid]}"] if tokens.get(cid) else []
        held.setdefault(str(cid), {}).update(zone_contents(marks=marks))
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


def _draw_map(view: dict[str, Any], changed: Collection[str] = ()) -> Image.Image:
    """The map with its figures; ``changed`` places get a glowing edge (under the figures)."""
    image = _map_base().copy()
    draw = ImageDraw.Draw(image)

    at = figures_at(view)
    rows: list[tuple[list[str], tuple[float, float]]] = []
    # under the owners' badges; the Cities' below, once their boxes are drawn
    draw_highlight(draw, [box_outline(box) for place, box in fixed_boxes().items()
                          if place in changed])
    city_boxes: dict[str, c.Box] = {}

    territories = _dict(view.get("territories"))
    for tid, territory in TERRITORIES.items():
        cx, cy = at_place(tid, territory.x, territory.y)
        owner = str(territories.get(tid) or "")
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

    played = {owner_city(view, r) for r in _dict(view.get("seats"))}
    enemies = {str(e) for e in _list(_dict(view.get("solo")).get("enemy_cities"))}
    greek = _dict(view.get("greek_cities"))
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
            league = str(greek.get(cid) or "")
            border = LEAGUE_COLOURS.get(league, c.MUTED)
            token = str(_dict(view.get("greek_city_tokens")).get(cid) or "")
            box = (int(cx - 70), int(cy - 28), int(cx + 70), int(cy + (34 if token else 26)))
            city_boxes[cid] = box
            draw.rectangle(box, fill=(235, 235, 228), outline=border, width=4 if league else 2)
            c.label(draw, (cx, cy - 12), city.name, size=19, bold=True)
            # In solo no Greek City can be integrated: no number to reach.
            sub = (f"→ {LEAGUE_NAMES[league].split()[0]}" if league in LEAGUE_NAMES
                   else "neutral" if view.get("solo") else f"neutral · needs {city.integration}+")
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


def _draw_figures(draw: ImageDraw.ImageDraw, view: dict[str, Any], fids: list[str],
                  centre: tuple[float, float]) -> None:
    """Figures as coloured discs with their initials, in a row under a place."""
    if not fids:
        return
    figures = _dict(view.get("figures"))
    radius = 19
    cx, cy = centre
    step = radius * 2 + 4
    start = cx - (len(fids) - 1) * step / 2
    for i, fid in enumerate(fids):
        owner = str(_dict(figures.get(fid)).get("owner") or "")
        colour = owner_colour(view, owner)
        x = start + i * step
        draw.ellipse((x - radius, cy - radius, x + radius, cy + radius), fill=colour,
                     outline=c.WHITE, width=3)
        initials = figure_name(view, fid)[:2]
        c.label(draw, (x, cy), initials, size=16, bold=True, fill=c.ink_on(colour))


# --- the side panel and the city boards ---------------------------------------------------

def _draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    draw.rectangle((0, 0, WIDTH, 60), fill=(40, 36, 32))
    phase = PHASES.get(str(view.get("phase") or ""), c.title_case(str(view.get("phase") or "")))
    solo = _dict(view.get("solo"))
    limit = f" of {c.as_int(solo.get('rounds'))}" if c.as_int(solo.get("rounds")) else ""
    text = f"EPIREIA  ·  Round {c.as_int(view.get('round'), 1)}{limit}  ·  {phase}"
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


def _draw_scenario(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> int:
    scenario = _dict(view.get("scenario"))
    box = (PANEL_X, top, WIDTH - 12, top + scenario_height(view))
    draw.rounded_rectangle(box, radius=10, fill=(250, 244, 226), outline=(120, 80, 20), width=3)
    act = c.as_int(scenario.get("act"))
    name = str(scenario.get("name") or c.title_case(str(scenario.get("card") or "")) or "")
    if act:
        heading = f"Act {'I' * act if act < 4 else act}: {name}"
    elif view.get("solo"):
        heading = f"Solo scenario: {name}" if name else "Solo scenario"
    else:
        heading = "Scenario"
    c.draw_text_box(draw, (box[0] + 12, top + 8, box[2] - 12, top + 44), heading, start=27,
                    bold=True, fill=(100, 60, 10), align="left")
    parts = []
    if scenario.get("objective"):
        parts.append(f"Objective: {scenario['objective']}")
    if scenario.get("reward"):
        parts.append(f"Reward: a {token_label(str(scenario['reward']))} token")
    if scenario.get("constraint"):
        parts.append(f"Constraint: {scenario['constraint']}")
    if scenario.get("completed"):
        winner = str(scenario.get("winner") or "")
        league = str(scenario.get("winner_league") or "")
        by = seat_name(view, winner) if winner else LEAGUE_NAMES.get(league, "")
        parts.append("Completed" + (f" by {by}" if by else "") + ".")
    facts = "\n".join(parts) or "No scenario card yet."
    inner = (box[0] + 14, top + 50, box[2] - 14, box[3] - 8)
    width, height = inner[2] - inner[0], inner[3] - inner[1]
    size = c.wrapped_size(facts, width, height, 22, 14) or 14
    used = _text_at(draw, inner, facts, size)
    # The story below, in whole sentences (all of it is read in the turn post that reveals it).
    story = str(scenario.get("story") or "")
    room = height - used - 6
    if story and room >= 2 * 17:
        story_size = max(17, size - 2)
        told = shortened(story, width, room, story_size)
        if told:
            _text_at(draw, (inner[0], inner[1] + used + 6, inner[2], inner[3]), told,
                     story_size, fill=(110, 85, 50))
    return box[3] + 10


def _draw_leagues(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> int:
    leagues = _dict(view.get("leagues"))
    greek = _dict(view.get("greek_cities"))
    height = 150
    for league in ("delian", "peloponnesian"):
        data = _dict(leagues.get(league))
        colour = LEAGUE_COLOURS[league]
        box = (PANEL_X, top, WIDTH - 12, top + height)
        draw.rounded_rectangle(box, radius=10, fill=c.PANEL, outline=colour, width=4)
        members = [seat_name(view, r) for r, s in _dict(view.get("seats")).items()
                   if _dict(s).get("league") == league]
        seat_leagues = {_dict(s).get("league") for s in _dict(view.get("seats")).values()}
        enemies = [CITIES[e].name for e in _list(_dict(view.get("solo")).get("enemy_cities"))
                   if e in CITIES]
        if league not in seat_leagues and enemies:
            title = f"Enemy: {', '.join(enemies)} ({LEAGUE_NAMES[league]})"
        else:
            title = LEAGUE_NAMES[league] + (f" ({', '.join(members)})" if members else "")
        c.draw_text_box(draw, (box[0] + 12, top + 6, box[2] - 12, top + 38), title, start=25,
                        bold=True, fill=colour, align="left")
        army = _dict(_dict(view.get("solo")).get("enemy_army"))
        if league not in seat_leagues and army:
            _draw_enemy_army(draw, army, (box[0] + 8, top + 42, box[2] - 8, box[3] - 6), colour)
            top = box[3] + 8
            continue
        treasury = _dict(data.get("treasury"))
        x = float(box[0] + 14)
        for resource in RESOURCE_SHORT:
            badge = c.pill(draw, (x + 26, top + 60), f"{c.as_int(treasury.get(resource))}",
                           RESOURCE_COLOURS[resource], size=23)
            c.label(draw, (badge[2] + 7, top + 60), RESOURCE_SHORT[resource], size=21,
                    anchor="lm")
            x += 184
        allied = [CITIES[cid].name if cid in CITIES else cid for cid in _list(data.get("allied"))]
        allied += [CITIES[cid].name for cid, lg in greek.items()
                   if lg == league and cid in CITIES and CITIES[cid].name not in allied]
        text_box = (box[0] + 12, top + 84, box[2] - 12, box[3] - 4)
        lines = league_lines(_list(data.get("reserve")), allied, text_box)
        c.draw_text_box(draw, text_box, lines, start=READABLE + 1, minimum=13, align="left",
                        valign="top")
        top = box[3] + 8
    return top


def league_lines(reserve: list[Any], allied: list[str], box: c.Box) -> str:
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


def _draw_enemy_army(draw: ImageDraw.ImageDraw, army: dict[str, Any], box: c.Box,
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
        columns = _list(army.get(front))
        for col in range(3):
            cells = [str(k) for k in _list(columns[col] if col < len(columns) else [])]
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


def extras_lines(view: dict[str, Any]) -> list[str]:
    """The panel's last lines: who is asked what, the supply, the Augur, the end."""
    lines = []
    asked = _dict(view.get("prompt_text"))
    for role in _list(view.get("to_act")):
        if asked.get(role):
            lines.append(f"{seat_name(view, str(role))}: {asked[role]}")
    supply = _dict(view.get("supply"))
    if supply:
        lines.append("Supply: " + " · ".join(
            f"{short_token(k)} {c.as_int(v)}" for k, v in sorted(supply.items())))
    augur = _dict(view.get("augur"))
    if augur.get("active"):
        # the name and what it does this round (the text's rule, after its story)
        effect = str(augur.get("active_text") or "").split(": ", 1)[-1]
        name = augur.get("active_name") or c.title_case(str(augur["active"]))
        lines.append(f"Augur: {name}" + (f" — {effect}" if effect else ""))
    if view.get("solo") and augur.get("deck_size") is not None:
        lines.append(f"Augur cards left: {c.as_int(augur.get('deck_size'))}")
    if view.get("end_after_round"):
        lines.append("Act III completed: the Great Battle follows this round.")
    return lines


def extras_bottom(view: dict[str, Any]) -> int:
    return MAP_BOX[3] - (92 if _dict(view.get("result")).get("reason") else 4)


def scenario_height(view: dict[str, Any]) -> int:
    """The scenario card takes what the last lines leave (between 220 and 340 px)."""
    lines = extras_lines(view)
    width = WIDTH - 12 - PANEL_X - 4
    wrapped = sum(len(c.wrap(line, width, EXTRAS_SIZE)) for line in lines)
    need = int(EXTRAS_SIZE * 1.2) * wrapped + 8
    free = extras_bottom(view) - PANEL_TOP - LEAGUES_HEIGHT - 10 - need
    return max(220, min(340, free))


def _draw_extras(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> None:
    lines = extras_lines(view)
    result = _dict(view.get("result"))
    if result.get("reason"):
        winners = [seat_name(view, str(w)) for w in _list(result.get("winners"))]
        banner = f"Game over: {result['reason']}"
        banner += f" — won by {', '.join(winners)}" if winners else ""
        box = (PANEL_X, MAP_BOX[3] - 86, WIDTH - 12, MAP_BOX[3] - 4)
        draw.rounded_rectangle(box, radius=10, fill=(40, 36, 32))
        c.draw_text_box(draw, (box[0] + 10, box[1] + 6, box[2] - 10, box[3] - 6), banner,
                        start=22, bold=True, fill=(250, 220, 140))
    if lines:
        c.draw_text_box(draw, (PANEL_X + 4, top, WIDTH - 12, extras_bottom(view)),
                        "\n".join(lines), start=EXTRAS_SIZE, minimum=12, align="left",
                        fill=(75, 70, 80), valign="top")


def _draw_city_board(draw: ImageDraw.ImageDraw, view: dict[str, Any], role: str,
                     box: c.Box) -> None:
    seat = _dict(_dict(view.get("seats")).get(role))
    city = str(seat.get("city") or "")
    league = str(seat.get("league") or "")
    colour = CITY_COLOURS.get(city, LEAGUE_COLOURS.get(league, c.GREY))
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=c.PANEL, outline=colour, width=4)
    draw.rounded_rectangle((x0, y0, x1, y0 + 44), radius=10, fill=colour)
    league_name = LEAGUE_NAMES.get(league, "")
    title = seat_name(view, role) + (f" · {league_name}" if league_name else "")
    if league_name and not c.fit_size(title, x1 - x0 - 90, 38, 24, True) >= 20:
        title = seat_name(view, role) + f" · {league_name.split()[0]}"
    ink = c.ink_on(colour)
    c.draw_text_box(draw, (x0 + 10, y0 + 4, x1 - 76, y0 + 40), title, start=25, bold=True,
                    fill=ink, align="left")
    c.label(draw, (x1 - 12, y0 + 22), f"★{c.as_int(seat.get('prestige'))}", size=27,
            bold=True, fill=ink, anchor="rm")
    resources = _dict(seat.get("resources"))
    step = (x1 - x0 - 20) / 3
    for i, resource in enumerate(RESOURCE_SHORT):
        x = x0 + 10 + i * step
        badge = c.pill(draw, (x + 24, y0 + 68), str(c.as_int(resources.get(resource))),
                       RESOURCE_COLOURS[resource], size=23)
        name = RESOURCE_SHORT[resource]
        room = int(x + step - badge[2] - 10)
        c.label(draw, (badge[2] + 6, y0 + 68), name, size=c.fit_size(name, room, 26, 21, False, 13),
                anchor="lm")
    admin = str(seat.get("administrator_name")
                or c.title_case(str(seat.get("administrator") or "")))
    lines = []
    if admin:
        lines.append(f"{admin}: used {c.as_int(seat.get('admin_uses'))} of 3")
    actions = c.as_int(seat.get("actions_left"))
    lines.append(f"Trade posts: {c.as_int(seat.get('trade_posts'))}"
                 + (f" · actions left: {actions}"
                    if view.get("phase") == "development" and actions else ""))
    buildings = [str(b.get("name") if isinstance(b, dict) else c.title_case(str(b)))
                 for b in _list(seat.get("buildings"))]
    lines.append("Buildings: " + (", ".join(buildings) or "none"))
    figures = _dict(view.get("figures"))
    figure_lines = []
    abilities = []
    for fid in _list(seat.get("figure_cards")):
        figure = _dict(figures.get(fid))
        attack = figure.get("attack")
        sea = " ⚓" if figure.get("sea") else ""
        where = place_name(str(figure.get("location") or "home"))
        power = f" ⚔{attack}" if attack is not None else ""
        figure_lines.append(f"• {figure_name(view, str(fid))}{power}{sea} @ {where}")
        abilities.append(str(figure.get("ability") or ""))
    if not figure_lines:
        figure_lines.append("Starting figure: " + ("chosen, face down" if seat.get("has_chosen")
                                                   else "choosing…")
                            if view.get("phase") == "setup" else "Figures: none")
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

    def board(self, view: dict[str, Any], previous: dict[str, Any] | None = None
              ) -> Image.Image:
        image, draw = c.new_canvas(WIDTH, HEIGHT)
        _draw_header(draw, view)
        changed = (changes(place_contents(previous), place_contents(view))
                   if previous is not None else {})
        image.paste(_draw_map(view, changed), (MAP_BOX[0], MAP_BOX[1]))
        draw.rectangle(MAP_BOX, outline=c.INK, width=2)
        top = _draw_scenario(draw, view, PANEL_TOP)
        top = _draw_leagues(draw, view, top)
        _draw_extras(draw, view, top)
        roles = list(_dict(view.get("seats")))
        if roles:
            width = (WIDTH - 12) / len(roles)
            for i, role in enumerate(roles):
                box = (int(8 + i * width), MAP_BOX[3] + 8, int(8 + (i + 1) * width) - 8,
                       HEIGHT - 8)
                _draw_city_board(draw, view, role, box)
        return image

    def extra_images(self, view: dict[str, Any]) -> list[tuple[str, Image.Image]]:
        battle = view.get("battle")
        if not isinstance(battle, dict) or not battle:
            return []
        return [("great-battle", battle_image(view))]

    def status_text(self, view: dict[str, Any]) -> str:
        return status_text(view)

    def private_text(self, view: dict[str, Any]) -> str:
        return private_text(view)


# --- the Great Battle ---------------------------------------------------------------------

def battle_image(view: dict[str, Any]) -> Image.Image:
    """Both leagues' battlefields, front by front, columns shown as revealed."""
    battle = _dict(view.get("battle"))
    sides = _dict(battle.get("sides"))
    image, draw = c.new_canvas(1600, 1000)
    draw.rectangle((0, 0, 1600, 60), fill=(40, 36, 32))
    c.label(draw, (20, 30), "THE GREAT BATTLE", size=30, bold=True, fill=c.WHITE, anchor="lm")
    step = str(battle.get("step") or "")
    steps = {"place": "placing tokens face down", "figures": "placing figures face down",
             "resolve": "resolving", "done": "decided"}
    c.label(draw, (1580, 30), steps.get(step, c.title_case(step)), size=22,
            fill=(250, 220, 140), anchor="rm")
    revealed = _dict(battle.get("revealed"))
    seat_leagues = {str(_dict(s).get("league")) for s in _dict(view.get("seats")).values()}
    solo_enemy = {lg for lg in LEAGUE_NAMES if lg not in seat_leagues} if view.get("solo") \
        else set()
    column_winners = _dict(battle.get("column_winners"))
    front_winners = _dict(battle.get("front_winners"))
    for fi, front in enumerate(FRONTS):
        top = 70 + fi * 300
        draw.rounded_rectangle((10, top, 1590, top + 288), radius=10, fill=c.PANEL,
                               outline=c.INK, width=2)
        c.label(draw, (24, top + 22), front.title(), size=26, bold=True, anchor="lm")
        winner = str(front_winners.get(front) or "")
        if front in front_winners:
            text = (f"Front: {LEAGUE_NAMES[winner].split()[0]}" if winner in LEAGUE_NAMES
                    else "Front: nobody")
            # The figure column (x 1340-1580) is the front's own: the label never reaches
            # the third column's header.
            c.label(draw, (1580, top + 22), text, size=c.fit_size(text, 236, 30, 24, True),
                    bold=True, fill=LEAGUE_COLOURS.get(winner, c.MUTED), anchor="rm")
        shown = c.as_int(revealed.get(front))
        winners = _list(column_winners.get(front))
        current = current_column(battle, fi)
        if current is not None:  # the column being fought now, framed across both leagues
            x = 220 + current * 370
            draw.rounded_rectangle((x - 7, top + 50, x + 357, top + 283), radius=10,
                                   outline=CURRENT_FRAME, width=5)
        for li, league in enumerate(("delian", "peloponnesian")):
            side = _dict(sides.get(league))
            y = top + 48 + li * 122
            colour = LEAGUE_COLOURS[league]
            enemy = league in solo_enemy
            name = LEAGUE_NAMES[league] + (" (enemy)" if enemy else "")
            c.draw_text_box(draw, (24, y, 200, y + 80), name, start=22,
                            bold=True, fill=colour, align="left")
            if (step == "place" and not side.get("placed")) or c.as_int(side.get("pool_size")):
                c.label(draw, (24, y + 96), f"{c.as_int(side.get('pool_size'))} unplaced",
                        size=16, fill=c.MUTED, anchor="lm")
            figure = _dict(side.get("figures")).get(front)
            committed = _dict(side.get("committed")).get(front)
            fig_text = "No figures (solo)" if enemy else "Figure: —"
            if isinstance(figure, str) and figure:
                attack = _dict(_dict(view.get("figures")).get(figure)).get("attack")
                power = f" ⚔{attack}" if attack is not None else ""
                fig_text = f"Figure: {figure_name(view, figure)}{power}"
            elif front in [str(f) for f in _list(side.get("figure_fronts"))]:
                fig_text = "Figure: face down"
            if committed is not None:
                fig_text += f"\ncommitted in column {c.as_int(committed) + 1}"
            c.draw_text_box(draw, (1340, y, 1580, y + 110), fig_text, start=18, align="left")
            slots = _list(_dict(side.get("slots")).get(front))
            for col in range(3):
                rows = _list(slots[col]) if col < len(slots) else []
                for row in range(2):
                    kind = rows[row] if row < len(rows) else ""
                    x = 220 + col * 370 + row * 180
                    box = (x, y + 8, x + 170, y + 108)
                    _draw_slot(draw, box, kind, col < shown, colour, slot_hint(front, row))
        for col in range(3):
            x = 220 + col * 370
            totals = [column_total(view, _dict(sides.get(lg)), front, col)
                      for lg in ("delian", "peloponnesian")]
            score = f" ({totals[0]}–{totals[1]})" if col < shown else ""
            if col < len(winners):
                who = str(winners[col] or "")
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
    result = view.get("battle_result") or battle.get("winner")
    if result:
        text = str(result)
        c.label(draw, (800, 982), text[:1].upper() + text[1:], size=20, bold=True)
    return image


CURRENT_FRAME: c.RGB = (230, 160, 0)


def current_column(battle: dict[str, Any], front_index: int) -> int | None:
    """The column being resolved on this front now (None when none is)."""
    if str(battle.get("step") or "") != "resolve":
        return None
    if c.as_int(battle.get("front"), -1) != front_index:
        return None
    column = c.as_int(battle.get("column"), -1)
    return column if 0 <= column < 3 else None


def column_total(view: dict[str, Any], side: dict[str, Any], front: str, column: int) -> int:
    """Revealed token power in one column, plus the figure committed there (if any)."""
    slots = _list(_dict(side.get("slots")).get(front))
    cells = _list(slots[column]) if column < len(slots) else []
    total = sum(c.as_int(cell.get("power")) for cell in cells if isinstance(cell, dict))
    committed = _dict(side.get("committed")).get(front)
    figure = _dict(side.get("figures")).get(front)
    if committed is not None and c.as_int(committed) == column and isinstance(figure, str):
        total += c.as_int(_dict(_dict(view.get("figures")).get(figure)).get("attack"))
    return total


def slot_hint(front: str, row: int) -> str:
    """The units a battlefield slot accepts, from the public token data."""
    try:
        return " / ".join(u.title() for u in CONTENT.slot_accepts(front, row))
    except (KeyError, IndexError, ValueError):
        return ""


def _draw_slot(draw: ImageDraw.ImageDraw, box: c.Box, kind: Any, shown: bool,
               colour: c.RGB, hint: str = "") -> None:
    if isinstance(kind, dict):
        label_text = token_label(str(kind.get("kind") or ""))
        power = kind.get("power")
    else:
        label_text = token_label(str(kind)) if kind and kind != "hidden" else ""
        power = None
    if not kind:
        draw.rounded_rectangle(box, radius=8, fill=(235, 230, 220), outline=c.GRID, width=2)
        c.label(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 - (10 if hint else 0)),
                "empty", size=16, fill=c.MUTED)
        if hint:
            c.label(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 14), hint,
                    size=c.fit_size(hint, box[2] - box[0] - 8, 18, 14), fill=c.MUTED)
    elif (not shown and not (isinstance(kind, dict) and kind.get("face_up"))) or not label_text:
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

def status_text(view: dict[str, Any]) -> str:
    phase = PHASES.get(str(view.get("phase") or ""), c.title_case(str(view.get("phase") or "")))
    lines = [f"**Epireia** — round {c.as_int(view.get('round'), 1)} · {phase}"]
    scenario = _dict(view.get("scenario"))
    if c.as_int(scenario.get("act")):
        name = scenario.get("name") or c.title_case(str(scenario.get("card") or ""))
        done = " (completed)" if scenario.get("completed") else ""
        act = c.as_int(scenario.get("act"))
        lines.append(f"Act {'I' * act if act < 4 else act}: *{c.md_escape(str(name))}*{done}")
    elif view.get("solo") and scenario.get("name"):
        lines.append(f"Solo scenario: *{c.md_escape(str(scenario['name']))}*")
    story = str(scenario.get("story") or "")
    if story and scenario.get("revealed_turn") == view.get("turn"):
        # Just revealed: the story is read aloud (rules, Anatomy of scenarios), in full.
        lines.extend(f"> {c.md_escape(p)}" for p in story.split("\n") if p.strip())
        for key, name in (("objective", "Objective"), ("constraint", "Constraint")):
            if scenario.get(key):
                lines.append(f"**{name}:** {c.md_escape(str(scenario[key]))}")
        if scenario.get("reward"):
            lines.append(f"**Reward:** a {token_label(str(scenario['reward']))} token")
    leagues = _dict(view.get("leagues"))
    for league in ("delian", "peloponnesian"):
        data = _dict(leagues.get(league))
        if not data:
            continue
        lines.append(f"{LEAGUE_NAMES[league]}: {resources_text(_dict(data.get('treasury')))}, "
                     + c.counted(len(_list(data.get("reserve"))), "token") + " in reserve")
    seats = _dict(view.get("seats"))
    prestige = [f"{c.md_escape(seat_name(view, r))} ★{c.as_int(_dict(s).get('prestige'))}"
                for r, s in seats.items()]
    if prestige:
        lines.append("Prestige: " + ", ".join(prestige))
    waiting = waiting_for(view)
    if waiting:
        lines.append("Waiting for: " + ", ".join(c.md_escape(w) for w in waiting))
    result = _dict(view.get("result"))
    if result.get("reason"):
        winners = [seat_name(view, str(w)) for w in _list(result.get("winners"))]
        lines.append(f"**Game over:** {c.md_escape(str(result['reason']))}"
                     + (f" — won by {', '.join(winners)}" if winners else ""))
    return "\n".join(lines)


def private_text(view: dict[str, Any]) -> str:
    me = _dict(view.get("me"))
    role = str(me.get("role") or view.get("role") or "")
    seat = _dict(_dict(view.get("seats")).get(role))
    if not role or not seat:
        return "You are watching this game."
    league = str(seat.get("league") or "")
    lines = [f"**{c.md_escape(seat_name(view, role))}** — {LEAGUE_NAMES.get(league, league)}"]
    lines.append(f"Resources: {resources_text(_dict(seat.get('resources')))} · "
                 f"Prestige ★{c.as_int(seat.get('prestige'))}")
    figures = _dict(view.get("figures"))
    cards = [str(f) for f in _list(seat.get("figure_cards"))]
    if cards:
        lines.append("Your figures: " + "; ".join(
            f"{figure_name(view, f)} (attack {_dict(figures.get(f)).get('attack', '?')}) at "
            f"{place_name(str(_dict(figures.get(f)).get('location') or 'home'))}" for f in cards))
    hand = [_dict(f) for f in _list(me.get("figure_hand")) if isinstance(f, dict)]
    if hand and not cards:
        lines.append("Your City's figures:")
        for card in hand:
            sea = ", sea" if card.get("sea") else ""
            ability = c.md_escape(str(card.get("ability") or ""))
            lines.append(f"- **{c.md_escape(str(card.get('name')))}** (attack "
                         f"{card.get('attack')}{sea}): {ability}")
    choice = str(me.get("figure_choice") or "")
    if choice:
        names = {str(card.get("id")): str(card.get("name")) for card in hand}
        chosen = c.md_escape(names.get(choice, figure_name(view, choice)))
        lines.append(f"Your secret choice: **{chosen}**")
    own = _dict(_dict(_dict(view.get("battle")).get("sides")).get(league))
    if own:
        pool = count_tokens([k for k in _list(own.get("pool")) if k])
        if pool:
            lines.append("Tokens still to place: "
                         + ", ".join(f"{token_label(k)} ×{n}" for k, n in pool))
        figures_placed = _dict(own.get("figures"))
        for front in FRONTS:
            tokens = []
            for column, cells in enumerate(_list(_dict(own.get("slots")).get(front))):
                for cell in _list(cells):
                    if isinstance(cell, dict) and cell.get("kind"):
                        tokens.append(f"{token_label(str(cell['kind']))} (col {column + 1})")
            figure = figures_placed.get(front)
            fig = f"; figure {figure_name(view, str(figure))}" if figure else ""
            lines.append(f"{front.title()}: {', '.join(tokens) or 'no tokens'}{fig}")
    return "\n".join(lines)


RENDERER = EpireiaRenderer()
