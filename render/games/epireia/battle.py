"""The Great Battle's image: both leagues' fronts and columns, the tokens and figures
placed, the column being resolved."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.epireia.content import CONTENT
from engine.games.epireia.view import (
    BattleSideView,
    BattleView,
    Cell,
    EpireiaView,
    Token,
)
from render import common as c
from render.games.epireia.reading import (
    FRONTS,
    LEAGUE_COLOURS,
    LEAGUE_NAMES,
    figure_name,
    seat_leagues,
    token_label,
)

CURRENT_FRAME: c.RGB = (230, 160, 0)


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
