"""Card events that fight or move troops: free attacks, cannon fire, sorties, the advance
and the retreat (see ``events.py``)."""

from __future__ import annotations

from typing import Any

from engine.core.game import Choice
from engine.games.freedom import pieces
from engine.games.freedom.cannon_fire import can_fire
from engine.games.freedom.card_effects import Advance, Fire, Retreat, Sortie, Strike
from engine.games.freedom.cards import CARDS
from engine.games.freedom.combat import RAID_LANES
from engine.games.freedom.data import (
    CAMP,
    CITY,
    KLISOVA_OUTER,
    SIDE_NAME,
    SPACES,
    other,
    side_does,
)
from engine.games.freedom.event_common import (
    check_legal,
    heading,
    refuse,
    side_of,
    space_choices,
    units_of,
    zone_spaces,
)
from engine.games.freedom.flow import (
    PromptState,
    pop,
    prompt_state,
    push,
)
from engine.games.freedom.state import Frame, FreedomState

# ───────────────────────────── combat ─────────────────────────────


def strike(state: FreedomState, effect: Strike, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    if (why := idle_strike(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_strike", side, card=card_id, zone=_strike_reach(effect), hit=effect.hit,
         left=effect.count)


def _strike_reach(effect: Strike) -> dict[str, Any]:
    return {"zone": effect.from_zone, "reach": effect.reach, "at": effect.at_zone,
            "raids": effect.raids}


def idle_strike(state: FreedomState, effect: Strike, role: str) -> str | None:
    if not _strike_targets(state, side_of(effect.who, role), _strike_reach(effect)):
        return "No enemy is within reach: no attack is made."
    return None


def _within(space_id: str, steps: int) -> set[str]:
    """Spaces at most ``steps`` steps from ``space_id`` (never through the City Centre or
    the Camp)."""
    seen, edge = {space_id}, [space_id]
    for _ in range(steps):
        nxt = []
        for s in edge:
            if s in (CITY, CAMP) and s != space_id:
                continue
            for n in SPACES[s].neighbours:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        edge = nxt
    seen.discard(space_id)
    return seen


def _strike_targets(state: FreedomState, side: str, reach: str | dict[str, Any]) -> list[str]:
    """Enemy spaces a free attack may pick (``reach``: the zone name, or a dict with the
    zone, the number of steps, the target zone and whether raids count)."""
    if isinstance(reach, str):
        reach = {"zone": reach, "reach": 1, "at": None, "raids": False}
    enemy = other(side)
    allowed = set(zone_spaces(reach["at"])) if reach.get("at") else None
    targets: set[str] = set()
    for s in zone_spaces(reach["zone"]):
        if units_of(state, s, side) <= 0:
            continue
        near = SPACES[s].neighbours if reach.get("reach", 1) == 1 else _within(s, reach["reach"])
        for n in near:
            if n != CAMP and units_of(state, n, enemy) > 0:
                targets.add(n)
    if reach.get("raids") and side == "insurgents":
        for src in zone_spaces("wall"):
            if state.spaces[src].ins > 0:
                targets.update(dst for dst, path, _ in RAID_LANES.get(src, ())
                               if state.spaces[dst].imperial > 0
                               and not any(state.spaces[p].imperial for p in path))
        klisova = state.spaces[KLISOVA_OUTER]
        if klisova.imperial and state.spaces["KLI"].ins and not state.spaces["KI"].imperial:
            targets.add(KLISOVA_OUTER)
    if allowed is not None:
        targets &= allowed
    return sorted(targets)


@prompt_state
class StrikePrompt(PromptState):
    """A free attack of an event: pick an adjacent enemy space, roll 1d8 against ``hit``."""

    name = "ev_strike"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return (f"{heading(frame)}: choose a space to attack — hits on {frame.data['hit']}+ "
                f"({frame.data['left']} attack{'s' if frame.data['left'] != 1 else ''} left).")

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        found = space_choices(_strike_targets(state, frame.role, frame.data["zone"]), "danger")
        return [*found, Choice(id="done", label="Stop attacking", style="secondary")] if found \
            else []

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        check_legal(space_id, _strike_targets(state, frame.role, frame.data["zone"]))
        die = state.rng.roll(8)
        hit = die >= int(frame.data["hit"])
        result = "hit: one unit is removed" if hit else "miss"
        state.say(f"{side_does(frame.role, 'attack')} {SPACES[space_id].name}: "
                  f"rolled {die} — {result}.", role=frame.role, dice=[die])
        if hit:
            pieces.remove_units(state, space_id, other(frame.role), 1)
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)


def fire(state: FreedomState, effect: Fire, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    if (why := idle_fire(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "cannons", side, fired=[], limit=effect.count or None, bonus=effect.bonus,
         source=CARDS[card_id].name)


def idle_fire(state: FreedomState, effect: Fire, role: str) -> str | None:
    side = side_of(effect.who, role)
    if not any(sp.cannon == side and can_fire(state, s, side) for s, sp in state.spaces.items()):
        return f"No cannon of {SIDE_NAME[side]} can fire."
    return None


def sortie(state: FreedomState, effect: Sortie, role: str, card_id: str) -> None:
    victim = side_of(effect.who, role)
    if (why := idle_sortie(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_sortie", role, card=card_id, side=victim, zone=effect.zone,
         reach=effect.reach, count=effect.count, cannon=effect.cannon)


def idle_sortie(state: FreedomState, effect: Sortie, role: str) -> str | None:
    if not _sortie_targets(state, role, side_of(effect.who, role), effect.zone, effect.reach):
        return "No enemy space is within reach."
    return None


def _sortie_targets(state: FreedomState, role: str, victim: str, zone: str,
                    reach: int) -> list[str]:
    found = []
    for s in zone_spaces(zone):
        if s == CAMP or units_of(state, s, victim) <= 0:
            continue
        if reach and not any(units_of(state, n, role) > 0 for n in SPACES[s].neighbours):
            continue
        found.append(s)
    return found


@prompt_state
class SortiePrompt(PromptState):
    """Pick the one space whose enemy units (and, for some cards, cannon) the event removes."""

    name = "ev_sortie"

    def text(self, state: FreedomState, frame: Frame) -> str:
        d = frame.data
        what = f"up to {d['count']} unit{'s' if d['count'] != 1 else ''}"
        if d.get("cannon"):
            what += " and its cannon"
        return f"{heading(frame)}: choose the space — {what} are removed there."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        return space_choices(
            _sortie_targets(state, frame.role, d["side"], d["zone"], d["reach"]), "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        d = frame.data
        check_legal(space_id, _sortie_targets(state, frame.role, d["side"], d["zone"], d["reach"]))
        removed = pieces.remove_units(state, space_id, d["side"], int(d["count"]))
        state.say(f"{removed} unit{'s' if removed != 1 else ''} of {SIDE_NAME[d['side']]} "
                  f"removed from {SPACES[space_id].name}.")
        here = state.spaces[space_id]
        if d.get("cannon") and here.cannon == d["side"] and not here.bombard:
            pieces.remove_cannon(state, space_id)
            state.say(f"The cannon on {SPACES[space_id].name} is spiked.")
        pop(state, frame)


def advance(state: FreedomState, effect: Advance, role: str, card_id: str) -> None:
    push(state, "opening", "empire", moved={}, count=0, limit=effect.count,
         source=CARDS[card_id].name)


def retreat(state: FreedomState, effect: Retreat, role: str, card_id: str) -> None:
    chooser = side_of(effect.chooser, role)
    if (why := idle_retreat(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_retreat", chooser, card=card_id, zone=effect.zone, left=effect.count)


def idle_retreat(state: FreedomState, effect: Retreat, role: str) -> str | None:
    return None if _retreat_sources(state, effect.zone) else "No Imperial unit can move back."


def back_steps(state: FreedomState, src: str, kind: str) -> list[str]:
    return [n for n in SPACES[src].toward_camp if pieces.room(state, n, kind) > 0]


def _retreat_sources(state: FreedomState, zone: str) -> list[str]:
    return [
        f"{s}:{kind}" for s in zone_spaces(zone) if s != CAMP
        for kind in ("exp", "ally")
        if getattr(state.spaces[s], kind) > 0 and back_steps(state, s, kind)
    ]


@prompt_state
class RetreatPrompt(PromptState):
    """Move Imperial units back toward the Camp, one at a time: first the unit, then where."""

    name = "ev_retreat"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"{heading(frame)}: move the unit from {SPACES[frame.data['src']].name} back to:"
        left = frame.data["left"]
        return f"{heading(frame)}: choose an Imperial unit to move back ({left} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        if d.get("src"):
            return space_choices(back_steps(state, d["src"], d["kind"]))
        found = []
        for key in _retreat_sources(state, d["zone"]):
            sid, _, kind = key.partition(":")
            label = SPACES[sid].name + (" (Allied)" if kind == "ally" else "")
            found.append(Choice(id=f"from:{key}", label=label, group="Move back from"))
        return [*found, Choice(id="done", label="Move no more", style="secondary")] \
            if found else []

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data.get("src") or arg not in _retreat_sources(state, frame.data["zone"]):
            refuse()
        sid, _, kind = arg.partition(":")
        frame.data.update(src=sid, kind=kind)

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        d = frame.data
        if not d.get("src"):
            refuse()
        check_legal(space_id, back_steps(state, d["src"], d["kind"]))
        pieces.move_units(state, d["src"], space_id, d["kind"], 1)
        state.say(f"An Imperial unit falls back {SPACES[d['src']].name} → "
                  f"{SPACES[space_id].name}.")
        d.update(src=None, kind=None, left=int(d["left"]) - 1)
        if d["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
