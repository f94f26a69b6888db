"""Moving units: pick a zone, then the units, then where they go (Attack and Reinforce).

Only legal destinations are listed; in the Attack phase each battle destination shows the
exact odds of the battle with these units joining it. A Galleon's transport is the same
three picks: the Galleon's sea, the passenger, then where the Galleon drops it.
"""

from __future__ import annotations

from engine.core.errors import IllegalChoice
from engine.core.flow import Frame
from engine.core.game import Choice
from engine.core.steps import StepAction, answers_of
from engine.games.dragons1066.board import odds_of, odds_text
from engine.games.dragons1066.data import LANDS, UNITS, ZONES
from engine.games.dragons1066.flow import FLOW, kingdom_name, offer, units_text, zone_name
from engine.games.dragons1066.movement import (
    common_destinations,
    garrisoned,
    gather,
    move,
    sweep,
    sweeps,
)
from engine.games.dragons1066.reach import destinations, movable_groups
from engine.games.dragons1066.reach import movable_zones as zones_with_moves
from engine.games.dragons1066.revisions import forced_menus_skipped, moves_from_to
from engine.games.dragons1066.situation import Situation
from engine.games.dragons1066.state import DragonsState, Piece

Picked = dict[str, str]


def movable_zones(state: DragonsState, sit: Situation | None = None) -> list[str]:
    return zones_with_moves(Situation(state) if sit is None else sit)


def chosen_units(state: DragonsState, zone: str, units: str) -> list[Piece]:
    """``all``, or ``<kind>.<moves left>.<count>``: the first ``count`` of that group."""
    groups = movable_groups(Situation(state), zone)
    if units == "all":
        return [p for group in groups.values() for p in group]
    kind, left, count = units.split(".")
    return groups.get(f"{kind}.{left}", [])[:int(count)]


def destination_choice(state: DragonsState, to: str, pieces: list[Piece]) -> Choice:
    name = zone_name(to)
    if state.phase != "attack":
        return offer(id=f"to:{to}", label=name, group="Where to")
    odds = odds_of(state, to, state.kingdom, joining=pieces)
    land = to in LANDS
    chance = odds.conquer if land else odds.win
    return offer(id=f"to:{to}", label=f"{name}: battle, {chance:.0%}",
                  detail=odds_text(odds, land), group="Where to", style="danger")


def sweep_choices(state: DragonsState, sit: Situation | None = None) -> list[Choice]:
    """Revision 2: one "from → to" choice per origin and destination, moving every unit of
    the origin that may end there (``movement.sweep``; the others stay)."""
    sit = Situation(state) if sit is None else sit
    if state.phase == "attack":
        return attack_sweeps(state, sit)
    choices: list[Choice] = []
    for zone in zones_with_moves(sit):
        choices += zone_sweeps(sit, zone)
    return choices


# How many zones' lists a map keeps (each a few choices).
SWEEPS_KEPT = 4096


def zone_sweeps(sit: Situation, zone: str) -> list[Choice]:
    """A Reinforce menu's "from → to" choices from ``zone`` (read the list, do not change
    it). They depend only on the map and on what may move from ``zone`` (its groups, and in
    a Fortress how many land units stand there: ``movement.garrisoned``), so they are kept
    on the map (``MapReach.sweeps``) and a move changes the lists of its two zones only."""
    groups = movable_groups(sit, zone)
    home = 0
    if zone in LANDS and LANDS[zone].fortress:
        home = sum(1 for p in sit.pieces(zone) if p.owner == sit.kingdom
                   and UNITS[p.kind].domain == "land")
    key = (zone, sit.kingdom, tuple((gkey, len(g)) for gkey, g in groups.items()), home)
    known: list[Choice] | None = sit.map.sweeps.get(key)
    if known is None:
        if len(sit.map.sweeps) >= SWEEPS_KEPT:  # a map a long game keeps coming back to
            sit.map.sweeps.clear()
        reach = zone_reach(sit, zone)
        known = sit.map.sweeps[key] = [
            choice for to in ZONES if to in reach
            for choice in pair_choices(sit, zone, to, "Move all that can go: from → to")]
    return known


def zone_reach(sit: Situation, zone: str) -> set[str]:
    reach: set[str] = set()
    for group in movable_groups(sit, zone).values():
        reach.update(destinations(sit, group[0]))  # its units reach alike
    return reach


def pair_choices(sit: Situation, zone: str, to: str, group: str) -> list[Choice]:
    """The Reinforce phase's "from → to" choices of one origin and destination: all that
    may go, and from a Fortress the same less its garrison."""
    everyone = sweep(sit, zone, to)
    kept = garrisoned(sit, zone, everyone)
    choices = []
    for suffix, pieces in (("", everyone), (".keep", kept)):
        if pieces is None:
            continue
        road = f"{zone_name(zone)} → {zone_name(to)}: "
        stays = ""
        if suffix:
            left = next(p for p in everyone if p not in pieces)
            stays = f" ({units_text(left.kind, 1)} stays)"
        label = road + pieces_text(pieces) + stays
        if len(label) > LABEL:
            label = road + f"{len(pieces)} units" + stays
        choices.append(offer(id=f"go:{zone}.{to}{suffix}", label=label, detail="",
                              group=group, style="secondary"))
    return choices


def attack_sweeps(state: DragonsState, sit: Situation) -> list[Choice]:
    """The Attack menu's "from → to" choices, each with the odds of its battle."""
    group = "Attack: from → to"
    choices = []
    for zone, to in sweeps(sit):
        everyone = sweep(sit, zone, to)
        kept = garrisoned(sit, zone, everyone)
        for suffix, pieces in (("", everyone), (".keep", kept)):
            if pieces is None:
                continue
            road = f"{zone_name(zone)} → {zone_name(to)}: "
            stays = ""
            odds = odds_of(state, to, state.kingdom, joining=pieces, here=sit.pieces(to))
            land = to in LANDS
            detail = odds_text(odds, land)
            chance = f", {(odds.conquer if land else odds.win):.0%}"
            if suffix:
                left = next(p for p in everyone if p not in pieces)
                stays = f" ({units_text(left.kind, 1)} stays)"
            label = road + pieces_text(pieces) + stays + chance
            if len(label) > LABEL:
                label = road + f"{len(pieces)} units" + stays + chance
            choices.append(offer(id=f"go:{zone}.{to}{suffix}", label=label, detail=detail,
                                  group=group, style="danger"))
    return choices


def gather_choices(state: DragonsState, sit: Situation | None = None) -> list[Choice]:
    """Revision 2, Attack phase: one choice per battle some units of two or more zones can
    reach, moving them all in (a Fortress keeps one land unit)."""
    sit = Situation(state) if sit is None else sit
    choices = []
    for to in dict.fromkeys(to for _, to in sweeps(sit)):
        found = gather(sit, to)
        if len(found) < 2:
            continue  # the "from → to" choice does the same
        pieces = [p for _, group in found for p in group]
        odds = odds_of(state, to, state.kingdom, joining=pieces, here=sit.pieces(to))
        land = to in LANDS
        label = (f"All that can reach {zone_name(to)}: {len(pieces)} units from "
                 f"{len(found)} zones, {(odds.conquer if land else odds.win):.0%}")
        choices.append(offer(id=f"all:{to}", label=label, group="Attack with all that can reach",
                              detail=clip_text("; ".join(
                                  f"{zone_name(z)}: {pieces_text(g)}" for z, g in found)),
                              style="danger"))
    return choices


def clip_text(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def gather_all(state: DragonsState, role: str, to: str) -> None:
    """An "All that can reach" choice (``all:<destination>``)."""
    found = gather(Situation(state), to) if moves_from_to(state) and state.phase == "attack" \
        else []
    if len(found) < 2:
        raise IllegalChoice("That is not one of the choices you have right now.")
    pieces = [p for _, group in found for p in group]
    origins = " and ".join(zone_name(z) for z, _ in found)
    state.say(f"{kingdom_name(state.kingdom)} attacks {zone_name(to)} from {origins} with "
              f"{pieces_text(pieces)}.", role=role)
    move(state, pieces, to)


# A choice's label is shown whole up to this length (a button's; a menu option shows 100).
LABEL = 80


def pieces_text(pieces: list[Piece]) -> str:
    """"3 Legions, 1 Warbeast" (in the order given)."""
    counts: dict[str, int] = {}
    for piece in pieces:
        counts[piece.kind] = counts.get(piece.kind, 0) + 1
    return ", ".join(units_text(kind, n) for kind, n in counts.items())


def move_said(state: DragonsState, role: str, origin: str, to: str,
              pieces: list[Piece]) -> None:
    """Log the move and make it."""
    moved = pieces_text(pieces)
    who = kingdom_name(state.kingdom)
    if state.phase == "attack":
        state.say(f"{who} attacks {zone_name(to)} from {zone_name(origin)} with {moved}.",
                  role=role)
    else:
        state.say(f"{who} moves {moved} from {zone_name(origin)} to {zone_name(to)}.",
                  role=role)
    move(state, pieces, to)


def go(state: DragonsState, role: str, arg: str) -> None:
    """A "from → to" choice (``go:<origin>.<destination>``)."""
    origin, _, rest = arg.partition(".")
    to, _, keep = rest.partition(".")
    sit = Situation(state)
    pieces: list[Piece] | None = sweep(sit, origin, to) if moves_from_to(state) else []
    if keep and pieces:
        pieces = garrisoned(sit, origin, pieces) if keep == "keep" else None
    if not pieces:
        raise IllegalChoice("That is not one of the choices you have right now.")
    move_said(state, role, origin, to, pieces)


@FLOW.state
class Move(StepAction[DragonsState]):
    """Move units of one zone together to one zone they can all reach."""

    name = "move"
    steps = ("zone", "units", "to")
    cancel = "Back to the menu"

    def ask_zone(self, state: DragonsState, frame: Frame,
                 picked: Picked) -> tuple[str, list[Choice]]:
        choices = []
        sit = Situation(state)
        for zone in zones_with_moves(sit):
            groups = movable_groups(sit, zone)
            label = ", ".join(units_text(key.split(".")[0], len(g)) for key, g in groups.items())
            choices.append(offer(id=f"zone:{zone}", label=f"{zone_name(zone)}: {label}",
                                  group="From"))
        return f"{kingdom_name(state.kingdom)}: move units from where?", choices

    def ask_units(self, state: DragonsState, frame: Frame,
                  picked: Picked) -> tuple[str, list[Choice]]:
        zone = picked["zone"]
        sit = Situation(state)
        groups = movable_groups(sit, zone)
        lines, choices = [], []
        for key, group in groups.items():
            kind, left = key.split(".")
            reach = common_destinations(sit, group[:1])
            lines.append(f"{units_text(kind, len(group))} ({left} move{'s' * (left != '1')} "
                         f"left): {', '.join(zone_name(z) for z in reach)}")
            for count in range(1, len(group) + 1):
                choices.append(offer(
                    id=f"units:{kind}.{left}.{count}",
                    label=f"{units_text(kind, count)} ({left} move{'s' * (left != '1')})",
                    group=UNITS[kind].plural))
        everyone = [p for g in groups.values() for p in g]
        if len(groups) > 1 and common_destinations(sit, everyone):
            choices.insert(0, offer(id="units:all", label=f"All {len(everyone)} units",
                                     style="primary"))
        text = f"Which units move from {zone_name(zone)}? Where each can go:\n" + \
            "\n".join(lines)
        return text, choices

    def ask_to(self, state: DragonsState, frame: Frame,
               picked: Picked) -> tuple[str, list[Choice]]:
        pieces = chosen_units(state, picked["zone"], picked["units"])
        where = common_destinations(Situation(state), pieces)
        verb = "attack" if state.phase == "attack" else "move to"
        return (f"Where do they {verb}?",
                [destination_choice(state, zone, pieces) for zone in where])

    def perform(self, state: DragonsState, frame: Frame, picked: Picked) -> None:
        pieces = chosen_units(state, picked["zone"], picked["units"])
        move_said(state, frame.role, picked["zone"], picked["to"], pieces)

    def skips_forced(self, state: DragonsState, frame: Frame) -> bool:
        """Revision 2: a step with one choice is answered by itself, except an attack's
        destination (its odds are shown before the units go)."""
        if not forced_menus_skipped(state):
            return False
        return state.phase != "attack" or len(answers_of(frame)) < len(self.steps) - 1
