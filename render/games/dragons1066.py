"""Dragons of 1066 pictures and texts: the map of a mythic Europe, the year, the kingdom to
act and its phase, every kingdom's gold, lands and Fortresses, and a legend.

Everything is drawn from the typed views of ``engine/games/dragons1066/view.py``. The board
and the status text read only the spectator view (``DragonsView``; the game hides nothing,
but the rule stands); ``private_text`` is the one place that reads a seat's own part
(``DragonsPlayerView.private``). The map itself is ``render/europe1066.py``.

The board is read on a phone at about 400 px wide, a third of ``WIDTH``: the year, the
kingdom to act, the phase, the gold and the legend are drawn at ``KEY`` px (11 px there).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core.view import View
from engine.games.dragons1066.view import (
    BattleView,
    DragonsPlayerView,
    DragonsView,
    KingdomView,
    UnitCount,
    ZoneView,
)
from render import common as c
from render.europe1066 import (
    BANDS,
    CHANGED,
    LAYOUT,
    MARKERS,
    UNIT_SHAPES,
    WIDTH,
    Chip,
    ZoneData,
    draw_map,
    kingdom_colour,
)
from render.maps.changes import changes, zone_contents
from render.maps.draw import draw_legend
from render.maps.symbols import Symbol

KEY = 33  # 11 px when the board is shown 400 px wide
HEADER = 112
MAP_TOP = HEADER
PANEL_TOP = MAP_TOP + LAYOUT.size[1]
ROW = 46
LEGEND_TOP = PANEL_TOP + 12 + 3 * ROW + 12
HEIGHT = LEGEND_TOP + 3 * (KEY + 14) + 20
PHASES = {"attack": "Attack", "battle": "Battle", "reinforce": "Reinforce", "over": "Game over"}
HEAD_BACK: c.RGB = (40, 36, 32)
ACCENT: c.RGB = (250, 220, 140)


def dragons_view(view: View) -> DragonsView:
    if not isinstance(view, DragonsView):
        raise TypeError(f"the Dragons of 1066 renderer was given a {type(view).__name__}")
    return view


# --- reading the view ---------------------------------------------------------------------

def kingdom_order(view: DragonsView) -> list[str]:
    return [k.id for k in view.kingdoms]


def alliance_bands(view: DragonsView) -> dict[str, tuple[c.RGB, c.RGB]]:
    """Kingdom -> its alliance's name band (the view's first alliance dark, then light)."""
    index = {a.id: i for i, a in enumerate(view.alliances)}
    return {k.id: BANDS[index.get(k.alliance, 0) % len(BANDS)] for k in view.kingdoms}


def chips(units: Sequence[UnitCount]) -> tuple[Chip, ...]:
    return tuple(Chip(u.kind, u.kingdom, u.count) for u in units if u.count > 0)


def zone_data(view: DragonsView) -> dict[str, ZoneData]:
    return {z.id: ZoneData(owner=z.owner, chips=chips(z.units), castles=z.castles,
                           fortress=z.fortress, city=bool(z.great_city), battle=z.battle)
            for z in view.zones}


def zone_contents_of(view: DragonsView) -> dict[str, dict[str, int]]:
    """Zone -> its contents for the highlight: stacks by kind and kingdom, the owner, a
    pending battle (Castles and Fortresses never move, so they are left out)."""
    return {z.id: zone_contents({f"{u.kind}:{u.kingdom}": u.count for u in z.units},
                                z.owner or None, ["battle"] if z.battle else [])
            for z in view.zones}


def changed_zones(view: DragonsView, previous: DragonsView | None) -> list[str]:
    if previous is None:
        return []
    return list(changes(zone_contents_of(previous), zone_contents_of(view)))


def kingdom_name(view: DragonsView, kingdom: str) -> str:
    return next((k.name for k in view.kingdoms if k.id == kingdom), c.title_case(kingdom))


def short_name(kingdom: KingdomView) -> str:
    """"Red Kingdom" -> "Red": the table's rows are narrow."""
    return kingdom.name.removesuffix(" Kingdom")


def winners_text(view: DragonsView) -> str:
    if view.result is None:
        return ""
    won = [a.name for a in view.alliances if set(a.kingdoms) & set(
        k.id for k in view.kingdoms if k.seat in view.result.winners)]
    return f"{' and '.join(won) or 'Nobody'} won" if won else "A draw"


# --- the picture --------------------------------------------------------------------------

def header(draw: ImageDraw.ImageDraw, view: DragonsView) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=HEAD_BACK)
    if view.result is not None:
        first = f"Year {view.year} of {view.years} · Game over"
        second = f"{winners_text(view)}: {view.result.reason}" if view.result.reason else \
            winners_text(view)
    else:
        first = f"Year {view.year} of {view.years} · {PHASES.get(view.phase, view.phase)}"
        pending = [b.name for b in view.battles]
        second = ("Battles: " + ", ".join(pending)) if pending else " · ".join(
            f"{a.name} {a.fortresses} Fortress{'es' if a.fortresses != 1 else ''}"
            for a in view.alliances)
    c.label(draw, (16, 30), first, size=KEY + 3, bold=True, fill=c.WHITE, anchor="lm")
    if view.result is None:
        colour = kingdom_colour(view.kingdom, kingdom_order(view))
        name = kingdom_name(view, view.kingdom)
        w = c.text_size(name, KEY + 3, bold=True)[0]
        draw.rounded_rectangle((WIDTH - 28 - w, 6, WIDTH - 8, 54), radius=10, fill=colour,
                               outline=c.WHITE, width=2)
        c.label(draw, (WIDTH - 18, 30), name, size=KEY + 3, bold=True, fill=c.ink_on(colour),
                anchor="rm")
    size = KEY
    while size > 20 and c.text_size(second, size)[0] > WIDTH - 32:
        size -= 1
    c.label(draw, (16, 84), second, size=size, fill=ACCENT, anchor="lm")


def kingdom_panel(draw: ImageDraw.ImageDraw, view: DragonsView) -> None:
    """One column per alliance: its Fortresses and lands, then each kingdom's gold, lands
    and units (the kingdom to act marked)."""
    order = kingdom_order(view)
    bands = alliance_bands(view)
    draw.rectangle((0, PANEL_TOP, WIDTH, HEIGHT), fill=c.PANEL)
    column = WIDTH // max(1, len(view.alliances))
    for i, alliance in enumerate(view.alliances):
        x, y = i * column + 16, PANEL_TOP + 12 + ROW // 2
        c.label(draw, (x, y), f"{alliance.name}: {alliance.fortresses} of 4 Fortresses",
                size=KEY - 3, bold=True, anchor="lm")
        for kingdom in (k for k in view.kingdoms if k.alliance == alliance.id):
            y += ROW
            back = bands[kingdom.id][0]
            colour = kingdom_colour(kingdom.id, order)
            draw.rectangle((x, y - 18, x + 36, y + 18), fill=colour, outline=c.INK, width=2)
            draw.rectangle((x + 2, y - 16, x + 34, y - 8), fill=back)
            acting = kingdom.id == view.kingdom and view.result is None
            text = (f"{short_name(kingdom)} {kingdom.gold} gold · {kingdom.lands} lands · "
                    f"{kingdom.units} units")
            size = KEY
            while size > 22 and c.text_size(text, size, bold=acting)[0] > column - 96:
                size -= 1
            c.label(draw, (x + 46, y), text, size=size, bold=acting, anchor="lm")
            if acting:
                c.label(draw, (x + column - 40, y), "◀", size=KEY, bold=True, anchor="lm")


def legend(draw: ImageDraw.ImageDraw, view: DragonsView, lit: bool) -> list[str]:
    """Every kind of unit and marker, the two alliance bands, and the highlight when shown."""
    symbols: dict[str, Symbol] = {
        u.id: Symbol(name=f"{u.name} d{u.die}", shape=UNIT_SHAPES.get(u.id, "square"))
        for u in view.unit_table}
    symbols.update(MARKERS)
    for i, alliance in enumerate(view.alliances):
        back, _ = BANDS[i % len(BANDS)]
        symbols[f"band:{alliance.id}"] = Symbol(name=f"{alliance.name} band", shape="square",
                                                fill=back)
    symbols["changed"] = CHANGED
    used = [kind for kind in symbols if kind != "changed" or lit]
    box = (8, LEGEND_TOP, WIDTH - 8, HEIGHT - 8)
    return draw_legend(draw, box, symbols, used, size=KEY - 3)


def board(view: DragonsView, previous: DragonsView | None = None) -> Image.Image:
    image, draw = c.new_canvas(WIDTH, HEIGHT, c.PAPER)
    order = kingdom_order(view)
    lit = changed_zones(view, previous)
    world, _ = draw_map(zone_data(view), alliance_bands(view), order, lit)
    image.paste(world, (0, MAP_TOP))
    header(draw, view)
    kingdom_panel(draw, view)
    legend(draw, view, bool(lit))
    return image


class DragonsRenderer:
    """The ``render.base.Renderer`` for Dragons of 1066."""

    def board(self, view: View, previous: View | None = None) -> Image.Image:
        before = dragons_view(previous) if previous is not None else None
        return board(dragons_view(view), before)

    def extra_images(self, view: View) -> list[tuple[str, Image.Image]]:
        return []

    def focus(self, board: Image.Image, view: View, previous: View | None = None
              ) -> Image.Image | None:
        return None  # drawn for a phone: the board is the card

    def status_text(self, view: View) -> str:
        return status_text(dragons_view(view))

    def private_text(self, view: View) -> str:
        return private_text(dragons_view(view))


# --- texts --------------------------------------------------------------------------------

def units_text(units: Sequence[UnitCount], view: DragonsView) -> str:
    names = {u.id: u.name for u in view.unit_table}
    return ", ".join(f"{u.count} {names.get(u.kind, u.kind)}{'s' if u.count != 1 else ''}"
                     for u in units) or "nobody"


def battle_line(battle: BattleView, view: DragonsView) -> str:
    where = "sea" if battle.sea else "land"
    state = f"round {battle.round}" if battle.fighting else "pending"
    castles = f" + {battle.castles} Castle{'s' if battle.castles != 1 else ''}" \
        if battle.castles else ""
    return (f"⚔ **{c.md_escape(battle.name)}** ({where}, {state}): "
            f"{kingdom_name(view, battle.attacker)} with {units_text(battle.attackers, view)} "
            f"against {units_text(battle.defenders, view)}{castles} · attacker wins "
            f"{battle.win:.0%}, expected losses {battle.attacker_losses:.1f} vs "
            f"{battle.defender_losses:.1f}")


def status_text(view: DragonsView) -> str:
    lines = [f"**Dragons of 1066** — Year {view.year} of {view.years} · "
             f"{PHASES.get(view.phase, view.phase)}"]
    if view.result is None:
        lines[0] += f" · **{c.md_escape(kingdom_name(view, view.kingdom))}** to act"
    for alliance in view.alliances:
        members = [k for k in view.kingdoms if k.alliance == alliance.id]
        lines.append(f"**{c.md_escape(alliance.name)}**: {alliance.fortresses} of 4 Fortresses, "
                     f"{alliance.lands} lands · " + ", ".join(
                         f"{short_name(k)} {k.gold} gold" for k in members))
    lines += [battle_line(b, view) for b in view.battles]
    if view.result is None and view.year == view.years:
        lines.append(f"**Last year:** after Year {view.years} the alliance holding more "
                     "Fortresses wins, then the one with more lands; else it is a draw.")
    if view.result is not None:
        lines.append(f"**Game over:** {c.md_escape(winners_text(view))}"
                     + (f" — {c.md_escape(view.result.reason)}" if view.result.reason else ""))
    return "\n".join(lines)


def private_text(view: DragonsView) -> str:
    """The seat's kingdoms (gold, lands, units by kind and where) and its question."""
    if not isinstance(view, DragonsPlayerView):
        return "You are watching this game."
    role = view.private.role
    mine = [k for k in view.kingdoms if k.seat == role]
    lines: list[str] = []
    for kingdom in mine:
        lines.append(f"**{c.md_escape(kingdom.name)}** — {kingdom.gold} gold · "
                     f"{kingdom.lands} lands · {kingdom.fortresses} Fortresses · "
                     f"{kingdom.units} units")
        lines += [f"  {c.md_escape(z.name)}: {units_text(own, view)}"
                  for z, own in own_stacks(view, kingdom.id)]
    if view.private.question:
        lines.append(f"**Your turn:** {c.md_escape(view.private.question)}")
    return "\n".join(lines) or "You hold no kingdom in this game."


def own_stacks(view: DragonsView, kingdom: str) -> list[tuple[ZoneView, list[UnitCount]]]:
    found = [(z, [u for u in z.units if u.kingdom == kingdom]) for z in view.zones]
    return [(z, units) for z, units in found if units]


RENDERER = DragonsRenderer()
