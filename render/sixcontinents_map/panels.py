"""The panels beside the Six Continents map: the players, the weather, and a legend of exactly
what was drawn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render import common as c
from render.maps.symbols import draw_symbol
from render.sixcontinents_map.layout import KEY
from render.sixcontinents_map.looks import LOOKS, Look, tint
from render.sixcontinents_map.picture import badge


@dataclass(frozen=True)
class Weather:
    name: str
    effect: str
    rounds_left: int


@dataclass(frozen=True)
class PlayerLine:
    """One player's line in the players' panel."""

    name: str
    colour: c.RGB
    currency: int
    food: int
    provinces: int
    acting: bool = False
    detail: str = ""  # a second line (capital, soldiers, points), "" for none


def player_rows(players: Sequence[PlayerLine]) -> int:
    """Rows the players' panel needs: one a player, two when any has a ``detail``."""
    return len(players) * (2 if any(p.detail for p in players) else 1)


def draw_players(draw: ImageDraw.ImageDraw, box: c.Box, players: Sequence[PlayerLine]) -> None:
    """One line per player: a swatch in his colour, currency, food and provinces; below
    it, his ``detail`` when any player has one."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=c.PANEL, outline=c.GRID, width=2)
    rows = player_rows(players) // max(1, len(players))
    row = (y1 - y0 - 8) / max(1, len(players) * rows)
    for k, player in enumerate(players):
        y = y0 + 4 + row * (k * rows + 0.5)
        if player.detail:
            detail = shortened(player.detail, "", x1 - x0 - 74, KEY)
            c.label(draw, (x0 + 58, y + row), detail, size=KEY, anchor="lm")
        draw.rectangle((x0 + 12, y - 16, x0 + 46, y + 16), fill=player.colour, outline=c.INK,
                       width=2)
        tail = f": {player.currency} currency · {player.food} food · {player.provinces} provinces"
        text = shortened(player.name, tail, x1 - x0 - 100, KEY, player.acting) + tail
        c.label(draw, (x0 + 58, y), text, size=KEY, bold=player.acting, anchor="lm")
        if player.acting:
            c.label(draw, (x1 - 16, y), "◀", size=KEY, bold=True, anchor="rm")


def shortened(name: str, tail: str, width: float, size: int, bold: bool = False) -> str:
    """``name`` cut short (with "…") so that ``name + tail`` fits ``width`` at ``size``:
    key text keeps its size on a phone, long names give way."""
    if c.text_size(name + tail, size, bold)[0] <= width:
        return name
    while name and c.text_size(name + "…" + tail, size, bold)[0] > width:
        name = name[:-1]
    return name + "…"


def draw_weather(draw: ImageDraw.ImageDraw, box: c.Box, name: str, effect: str,
                 rounds_left: int) -> None:
    """The weather: its name and rounds left (this one included) on the first line, its
    effect below."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=(232, 240, 248), outline=c.GRID, width=2)
    rounds = "its last round" if rounds_left == 1 else f"{rounds_left} rounds left"
    c.label(draw, (x0 + 14, y0 + 8 + KEY / 2), f"Weather: {name} ({rounds})", size=KEY,
            bold=True, anchor="lm")
    c.draw_text_box(draw, (x0 + 14, y0 + KEY + 16, x1 - 14, y1 - 6), effect, start=KEY - 3,
                    minimum=KEY - 8, align="left", valign="top")


def legend_names(used: Iterable[str]) -> list[str]:
    """The legend's entries for the kinds drawn, in the legend's order."""
    wanted = set(used)
    return [_entry(kind, look) for kind, look in LOOKS.items() if kind in wanted]


def draw_legend(draw: ImageDraw.ImageDraw, box: c.Box, used: Iterable[str],
                size: int = KEY - 5) -> list[str]:
    """A framed legend of exactly the kinds drawn (pieces grey: the colour is the owner's),
    flowing in rows; ships are marked "(ship)". Returns the names drawn."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=c.PANEL, outline=c.GRID, width=2)
    wanted = set(used)
    icon = size + 4
    row_h = icon + 10
    x, y = x0 + 12, y0 + 8 + row_h / 2
    drawn: list[str] = []
    for kind, look in LOOKS.items():
        if kind not in wanted:
            continue
        name = _entry(kind, look)
        width = icon + 8 + c.text_size(name, size)[0] + 20
        if x + width > x1 and x > x0 + 12:
            x, y = x0 + 12, y + row_h
        if y + row_h / 2 > y1:
            break
        at = (x + icon / 2, y)
        if look.text:
            badge(draw, at, icon, look.text, look.fill)
        elif kind == "occupied":
            _striped(draw, at, icon)
        else:
            fill = look.fill if look.fill != c.WHITE else c.GREY
            draw_symbol(draw, look.shape, at, icon, fill)
        c.label(draw, (x + icon + 8, y), name, size=size, anchor="lm")
        drawn.append(name)
        x += width
    return drawn


def _striped(draw: ImageDraw.ImageDraw, at: tuple[float, float], size: int) -> None:
    """The occupation's picture in the legend: a pale square with dark diagonal stripes."""
    x0, y0 = at[0] - size / 2, at[1] - size / 2
    draw.rectangle((x0, y0, x0 + size, y0 + size), fill=tint(c.GREY, 0.6))
    for t in (size * 0.35, size * 0.7, size * 1.05, size * 1.4, size * 1.75):
        if t <= size:
            start, end = (x0, y0 + t), (x0 + t, y0)
        else:
            start, end = (x0 + t - size, y0 + size), (x0 + size, y0 + t - size)
        draw.line((start, end), fill=c.MUTED, width=3)
    draw.rectangle((x0, y0, x0 + size, y0 + size), outline=c.INK, width=2)


def _entry(kind: str, look: Look) -> str:
    """A legend line's text: ships that do not say so are marked "(ship)"."""
    sea = kind.startswith("ship:") and not any(w in look.name for w in ("ship", "boat"))
    return look.name + (" (ship)" if sea else "")


def legend_height(used: Iterable[str], width: int, size: int = KEY - 5) -> int:
    """How tall :func:`draw_legend` needs its box for ``used`` at ``width``."""
    rows, x = 1, 12
    icon = size + 4
    for kind, look in LOOKS.items():
        if kind not in set(used):
            continue
        name = _entry(kind, look)
        w = icon + 8 + c.text_size(name, size)[0] + 20
        if x + w > width and x > 12:
            rows, x = rows + 1, 12
        x += w
    return 16 + rows * (icon + 10)
