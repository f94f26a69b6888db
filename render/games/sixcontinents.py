"""Six Continents pictures and texts: the world map with owners' colours, occupied land,
capitals and their levels, buildings, unit stacks, ships in port and at sea, red tokens and
markers; the weather, every realm's currency, food and public counts, and a legend of
exactly what is drawn.

Everything is drawn from the typed views of ``engine/games/sixcontinents/view.py``. The
board, the phone card and the status text read only the spectator view (``SixView``): a
ship's destination is secret (its ``VoyageView`` has none), so a ship at sea is drawn off
its port of departure and the texts say where it came from, never where it goes.
``private_text`` is the one place that reads a colour's own part (``SixPlayerView.private``:
its question and its ships' destinations). The map is ``render/sixcontinents_map/``.

The board is 1200 px wide: on a phone (about 400 px) its counts and panel text are 11 px;
the phone card (``render/focus.py``) enlarges the part of the map that changed, so the
province names read too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PIL import Image

from engine.core.view import View
from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.state import NEUTRAL, REBELS
from engine.games.sixcontinents.tables import CARDS
from engine.games.sixcontinents.view import (
    ProvinceView,
    RealmView,
    SixPlayerView,
    SixView,
    VoyageView,
)
from render import common as c
from render import sixcontinents_map as world
from render.focus import focus_card
from render.maps.changes import changes, zone_contents

PHASES = {"setup": "Choosing capitals", "turn": "Turn", "over": "Game over"}
# The engine's markers (``ProvinceView.markers``) -> the map's badges.
MARKER_LOOKS = {"K": "mineral", "K+": "rare_mineral", "L": "tree", "black": "poisoned",
                "R": "revolt"}
NEUTRAL_CHIPS = {REBELS: ("rebels", world.REBELS), NEUTRAL: ("savages", world.SAVAGES)}
MAP_AREA: c.Box = (0, world.HEADER, world.WIDTH, world.HEADER + world.MAP_HEIGHT)


def six_view(view: View) -> SixView:
    if not isinstance(view, SixView):
        raise TypeError(f"the Six Continents renderer was given a {type(view).__name__}")
    return view


# --- reading the view ---------------------------------------------------------------------

def colour_of(view: SixView, role: str) -> c.RGB:
    """A colour's own; the rebels' and the savages' (occupiers without a realm) theirs."""
    if role in NEUTRAL_CHIPS:
        return NEUTRAL_CHIPS[role][1]
    return world.owner_colour(role, [r.role for r in view.realms])


def realm_name(view: SixView, role: str) -> str:
    return next((r.name for r in view.realms if r.role == role), c.title_case(role))


def province_name(province: str) -> str:
    info = PROVINCES.get(province)
    return info.name if info is not None else province


def counted(count: int, word: str) -> str:
    """"1 soldier", "3 soldiers"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def off_port(port: str) -> str:
    """The sea zone where a ship in ``port`` (docked, or at sea from it) is drawn: the
    first sea its coast touches."""
    return PROVINCES[port].seas[0]


def unit_chips(view: SixView, province: ProvinceView) -> list[world.Chip]:
    """A chip per kind and colour; the rebels' and savages' units as one chip each, in
    their own colours."""
    chips: list[world.Chip] = []
    neutral: Counter[str] = Counter()
    for unit in province.units:
        if unit.owner in NEUTRAL_CHIPS:
            neutral[unit.owner] += unit.count
        else:
            chips.append(world.Chip(unit.kind, unit.count, colour_of(view, unit.owner)))
    for owner, count in sorted(neutral.items()):
        kind, colour = NEUTRAL_CHIPS[owner]
        chips.append(world.Chip(kind, count, colour))
    chips += [world.Chip("slave", s.count, colour_of(view, s.owner)) for s in province.slaves]
    return chips


def sea_chips(view: SixView) -> dict[str, list[world.Chip]]:
    """Sea zone -> its ship chips: fishing boats where they fish, warships and transporters
    where they sail, ships docked in a port off it (troop ships, construction ships), and
    ships at sea off their port of departure with the soldiers aboard (a transfer between
    ports too: it sails)."""
    found: dict[str, Counter[tuple[str, str]]] = {}
    for sea in view.seas:
        if sea.fishing_boat:
            found.setdefault(sea.id, Counter())[("fishing_boat", sea.fishing_boat)] += 1
        for ships in sea.fleet:
            found.setdefault(sea.id, Counter())[(ships.kind, ships.owner)] += ships.count
    for role, ports in view.ships.items():
        for port in ports:
            found.setdefault(off_port(port), Counter())[("troopship", role)] += 1
    for role, ports in view.construction_ships.items():
        for port in ports:
            found.setdefault(off_port(port), Counter())[("construction_ship", role)] += 1
    for voyage in view.voyages:
        found.setdefault(off_port(voyage.port), Counter())[("voyage", voyage.owner)] += \
            voyage.soldiers
    return {sea: [world.Chip(kind, n, colour_of(view, owner))
                  for (kind, owner), n in sorted(counts.items())]
            for sea, counts in found.items()}


def badges(province: ProvinceView) -> tuple[list[str], list[str]]:
    """A province's buildings and its markers, as the map's badge kinds."""
    buildings = [b for b in (province.building, "port" if province.port else "",
                             "road" if province.road else "") if b]
    markers = [MARKER_LOOKS[m] for m in province.markers if m in MARKER_LOOKS]
    if province.robbery:
        markers.append("robbery")
    if province.expedition:
        markers.append("expedition")
    if province.blockaded:
        markers.append("blockaded")
    return buildings, markers


def contents(view: SixView) -> dict[str, dict[str, int]]:
    """Zone -> what it holds, for the highlight: units by colour and kind, the owner, the
    occupier, the capital and its level, buildings, red tokens, markers; at sea, ships."""
    levels = {r.capital: r.level for r in view.realms if r.capital}
    held: dict[str, dict[str, int]] = {}
    for p in view.provinces:
        buildings, markers = badges(p)
        marks = [*buildings, *markers, *(["red"] * p.red_tokens)]
        if p.occupier:
            marks.append(f"occupier:{p.occupier}")
        if p.capital_of:
            marks += [f"capital:{p.capital_of}"] * levels.get(p.id, 1)
        held[p.id] = zone_contents({f"{u.owner}:{u.kind}": u.count
                                    for u in [*p.units, *p.slaves]},
                                   p.owner or None, marks)
    for sea, chips in sea_chips(view).items():
        held[sea] = {f"{chip.kind}:{chip.colour}": chip.count for chip in chips}
    return held


def changed_zones(view: SixView, previous: SixView | None) -> list[str]:
    if previous is None:
        return []
    return list(changes(contents(previous), contents(view)))


# --- the picture --------------------------------------------------------------------------

def heading(view: SixView) -> str:
    if view.result is not None:
        return f"Round {view.round} · Game over · {winners_text(view)}"
    if view.phase == "setup":
        asked = ", ".join(realm_name(view, r) for r in view.asking)
        return f"{PHASES['setup']}" + (f" · {asked} to choose" if asked else "")
    rounds = f" of {view.rounds}" if view.rounds else ""
    return f"Round {view.round}{rounds} · {realm_name(view, view.current)} to act"


def player_line(view: SixView, realm: RealmView) -> world.PlayerLine:
    acting = view.result is None and realm.role == view.current and view.phase == "turn"
    if realm.out:
        detail = "Out of the game"
    elif realm.capital:
        seat = "" if realm.seat == realm.capital else (
            f" (seat {province_name(realm.seat)})" if realm.seat else " (lost)")
        detail = (f"Capital {province_name(realm.capital)} L{realm.level}{seat} · "
                  f"{counted(realm.soldiers, 'soldier')} · {counted(realm.points, 'point')}")
    else:
        detail = "No capital yet"
    return world.PlayerLine(realm.name, colour_of(view, realm.role), realm.currency,
                            realm.food, realm.provinces, acting=acting, detail=detail)


def draw_map(view: SixView, lit: Iterable[str]) -> world.MapPicture:
    picture = world.MapPicture()
    levels = {r.role: r.level for r in view.realms}
    for p in view.provinces:
        if p.owner or p.occupier:
            picture.province(p.id, colour_of(view, p.owner) if p.owner else None,
                             occupier=colour_of(view, p.occupier) if p.occupier else None)
    picture.highlight(lit)
    for p in view.provinces:
        picture.chips(p.id, unit_chips(view, p))
        buildings, markers = badges(p)
        capital = (levels.get(p.capital_of, 1), colour_of(view, p.capital_of)) \
            if p.capital_of else None
        picture.marks(p.id, buildings, capital=capital, red_tokens=p.red_tokens,
                      markers=markers)
    for sea, chips in sea_chips(view).items():
        picture.chips(sea, chips, ships=True)
    return picture


def board(view: SixView, previous: SixView | None = None) -> Image.Image:
    picture = draw_map(view, changed_zones(view, previous))
    weather = world.Weather(view.weather.name, view.weather.text, view.weather.left) \
        if view.phase == "turn" and view.weather.left else None
    image, _ = world.compose(picture, heading(view),
                             [player_line(view, r) for r in view.realms], weather)
    return image


def changed_boxes(view: SixView, previous: SixView) -> list[c.Box]:
    """Board px boxes of every piece of each zone that changed (for the phone card)."""
    boxes: list[c.Box] = []
    for zone in changed_zones(view, previous):
        for shape in world.LAYOUT.zones[zone].outlines():
            xs, ys = [p[0] for p in shape], [p[1] for p in shape]
            boxes.append((int(min(xs)), int(min(ys)) + world.HEADER, int(max(xs)),
                          int(max(ys)) + world.HEADER))
    return boxes


class SixRenderer:
    """The ``render.base.Renderer`` for Six Continents."""

    def board(self, view: View, previous: View | None = None) -> Image.Image:
        before = six_view(previous) if previous is not None else None
        return board(six_view(view), before)

    def extra_images(self, view: View) -> list[tuple[str, Image.Image]]:
        return []

    def focus(self, board: Image.Image, view: View, previous: View | None = None
              ) -> Image.Image | None:
        now = six_view(view)
        changed = changed_boxes(now, six_view(previous)) if previous is not None else []
        return focus_card(board, changed, status_text(now), MAP_AREA)

    def status_text(self, view: View) -> str:
        return status_text(six_view(view))

    def private_text(self, view: View) -> str:
        return private_text(six_view(view))


# --- texts --------------------------------------------------------------------------------

def winners_text(view: SixView) -> str:
    if view.result is None:
        return ""
    names = [realm_name(view, r) for r in view.result.winners]
    if not names:
        return "a draw"
    return f"{' and '.join(names)} win{'s' if len(names) == 1 else ''}"


def voyage_line(view: SixView, voyage: VoyageView) -> str:
    turns = f"{counted(voyage.turns, 'turn')} left"
    where = f"to {province_name(voyage.to)}" if voyage.to else "destination secret"
    return (f"⛵ {c.md_escape(realm_name(view, voyage.owner))}: "
            f"{counted(voyage.soldiers, 'soldier')} "
            f"at sea from {c.md_escape(province_name(voyage.port))} ({where}, {turns})")


def status_text(view: SixView) -> str:
    lines = [f"**Six Continents** — {c.md_escape(heading(view))}"]
    if view.phase == "turn" and view.result is None:
        lines.append(f"Weather: **{c.md_escape(view.weather.name)}** "
                     f"({counted(view.weather.left, 'round')} left): "
                     f"{c.md_escape(view.weather.text)}")
    for realm in view.realms:
        if realm.out:
            lines.append(f"**{c.md_escape(realm.name)}**: out of the game")
            continue
        # short enough for one line of the phone card: soldiers are on the board's panel
        lines.append(f"**{c.md_escape(realm.name)}**: {realm.currency} currency · food "
                     f"{realm.food}/{realm.food_needed} · "
                     f"{counted(realm.provinces, 'province')} · {counted(realm.points, 'point')}"
                     + (f" · {spies(realm.spies)}" if realm.spies else ""))
    lines += [voyage_line(view, v) for v in view.voyages]
    if view.battle is not None:
        b = view.battle
        lines.append(f"⚔ Last battle in {c.md_escape(province_name(b.province))}: "
                     f"{c.md_escape(realm_name(view, b.attacker))} against "
                     f"{c.md_escape(realm_name(view, b.defender))}, "
                     f"{counted(len(b.rolls), 'roll')}"
                     + (f", {c.md_escape(b.outcome)}" if b.outcome else ""))
    if view.result is not None:
        lines.append(f"**Game over:** {c.md_escape(winners_text(view))}"
                     + (f" — {c.md_escape(view.result.reason)}" if view.result.reason else ""))
    elif view.asking:
        lines.append("Waiting for " + ", ".join(
            f"**{c.md_escape(realm_name(view, r))}**" for r in view.asking))
    return "\n".join(lines)


def private_text(view: SixView) -> str:
    """The colour's realm (currency, food, capital, income as it stands), its ships at sea
    with their secret destinations, and its question."""
    if not isinstance(view, SixPlayerView):
        return "You are watching this game."
    role = view.private.role
    realm = next((r for r in view.realms if r.role == role), None)
    if realm is None:
        return "You hold no realm in this game."
    lines = [f"**{c.md_escape(realm.name)}** — {realm.currency} currency · food {realm.food} "
             f"(needs {realm.food_needed}) · {counted(realm.provinces, 'province')} · "
             f"{counted(realm.soldiers, 'soldier')} in {counted(realm.units, 'unit')}"]
    if realm.income:
        lines.append("Income next turn: " + ", ".join(
            f"{c.md_escape(line.what)} {line.amount:+d}" for line in realm.income))
    if realm.upkeep:
        lines.append("Upkeep: " + ", ".join(
            f"{c.md_escape(line.what)} {line.amount}" for line in realm.upkeep))
    for voyage in view.private.voyages:
        turns = f"{counted(voyage.turns, 'turn')} left"
        lines.append(f"⛵ Your ship from {c.md_escape(province_name(voyage.port))} with "
                     f"{counted(voyage.soldiers, 'soldier')} is bound for "
                     f"**{c.md_escape(province_name(voyage.destination))}** ({turns}; "
                     "secret until it lands)")
    lines += card_lines(view)
    if view.private.question:
        lines.append(f"**Your turn:** {c.md_escape(view.private.question)}")
    return "\n".join(lines)


def spies(count: int) -> str:
    return f"{count} {'spy' if count == 1 else 'spies'}"


def card_lines(view: SixPlayerView) -> list[str]:
    """The agents' cards this colour dealt and holds, face down until the reveal."""
    lines = []
    if view.private.dealt:
        lines.append("🕵 Your agents' cards, face down until the reveal: " + ", ".join(
            f"{c.md_escape(realm_name(view, card.target))} {c.md_escape(CARDS[card.card].name)}"
            for card in view.private.dealt))
    if view.private.held:
        lines.append("🂠 Cards dealt to you: " + ", ".join(
            f"{c.md_escape(CARDS[card.card].name)} from "
            f"{c.md_escape(realm_name(view, card.dealer))}" for card in view.private.held))
    return lines


RENDERER = SixRenderer()
