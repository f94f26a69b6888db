"""The Epireia board around the map: the header, the side panel (the scenario, both
leagues, what else is in force) and one board per City. Text is drawn at ``READABLE`` px or
more where it fits (the board is read on phones)."""

from __future__ import annotations

import re

from PIL import ImageDraw

from engine.games.epireia.board import CITIES
from engine.games.epireia.view import EpireiaView
from render import common as c
from render.games.epireia.map import MAP_BOX
from render.games.epireia.reading import (
    CITY_COLOURS,
    FRONTS,
    LEAGUE_COLOURS,
    LEAGUE_NAMES,
    PHASES,
    RESOURCE_COLOURS,
    RESOURCE_SHORT,
    WIDTH,
    count_tokens,
    figure_name,
    place_name,
    seat_leagues,
    seat_name,
    token_label,
    waiting_for,
)
from render.games.epireia.texts import objective_progress

PANEL_X = 1022
# The board is read on phones at a quarter of its width: panel text is drawn at READABLE px
# or more when it fits, and only what does not fit (a long story, figure abilities) gives way.
READABLE = 20
SENTENCE_END = re.compile(r"(?<=[.!?”])\s+")
PANEL_TOP = MAP_BOX[1] + 4
LEAGUES_HEIGHT = 2 * (150 + 8)
EXTRAS_SIZE = READABLE + 1
UNIT_SHORT = {"hoplites": "Hop", "triremes": "Tri", "cavalry": "Cav"}


def draw_header(draw: ImageDraw.ImageDraw, view: EpireiaView) -> None:
    draw.rectangle((0, 0, WIDTH, 60), fill=(40, 36, 32))
    rounds = view.solo.rounds if view.solo is not None else 0
    limit = f" of {rounds}" if rounds else ""
    text = f"EPIREIA  ·  Round {view.round}{limit}  ·  {PHASES[view.phase]}"
    c.label(draw, (20, 30), text, size=30, bold=True, fill=c.WHITE, anchor="lm")
    waiting = waiting_for(view)
    if waiting:
        c.label(draw, (WIDTH - 20, 30), "Now: " + ", ".join(waiting), size=22,
                fill=(250, 220, 140), anchor="rm")



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



def draw_scenario(draw: ImageDraw.ImageDraw, view: EpireiaView, top: int) -> int:
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



def draw_leagues(draw: ImageDraw.ImageDraw, view: EpireiaView, top: int) -> int:
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



def draw_extras(draw: ImageDraw.ImageDraw, view: EpireiaView, top: int) -> None:
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



def draw_city_board(draw: ImageDraw.ImageDraw, view: EpireiaView, role: str,
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
