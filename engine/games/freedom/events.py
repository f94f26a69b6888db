"""Card events: executing a card's ``effects`` (see ``cards.py``) against the game state.

The rules call ``play_event(state, card_id, role)`` when ``role`` plays ``card_id`` as an
Event, or discards a card to trigger it (see ``flow.py``). ``role`` is the side the event is
resolved for: ``self`` in the card's effects.

How an event runs: ``play_event`` pushes one ``auto`` frame, ``ev_run``, holding the effects
still to do. When the prompt stack reaches it, it takes the first effect, pushes itself back
with the rest, and performs that effect. An effect either changes the state at once (through
the helpers of ``pieces.py``) or pushes a question (an ``ev_*`` prompt state below, or one of
the rules': ``place_units``, ``spend``) above the continuation, so the effects of a card
happen in the order printed, each question answered before the next effect starts.

Rules for every effect (recorded in docs/games/freedom.md, "Cards"):
- An effect does what it can: with no legal target or no piece left in the reserve it does
  nothing (and says so in the log); it never fails the card play.
- Units or cannons removed by an event never trigger the morale choice; a wall destroyed by an
  event does not either. The card text says everything that happens.
- Tracks stay within their limits (0..max); Morale at 0 ends the game at once.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import TypeAdapter

from engine.core.errors import IllegalChoice
from engine.core.game import Choice
from engine.games.freedom import pieces
from engine.games.freedom.cards import (
    CARDS,
    SPECIALS,
    Adjust,
    Advance,
    Civilians,
    DamageWall,
    Discard,
    Draw,
    Effect,
    Fire,
    FreeActions,
    GainCannon,
    Guard,
    Reinforce,
    RemoveCannon,
    RemoveUnits,
    RepairWall,
    Retreat,
    Roll,
    Sortie,
    Special,
    Strike,
    StripSupport,
    Support,
    Train,
    resolve,
)
from engine.games.freedom.combat import RAID_LANES, can_fire
from engine.games.freedom.data import (
    AREAS,
    CAMP,
    CITY,
    KLISOVA_OUTER,
    SIDE_NAME,
    SPACES,
    TRACKS,
    VASILADI_WATERS,
    other,
    side_does,
    side_title,
)
from engine.games.freedom.flow import (
    PromptState,
    pop,
    prompt_state,
    push,
    push_ap,
    push_place_units,
)
from engine.games.freedom.state import Frame, FreedomState

EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)
AREA_ID: dict[str, str] = {a.name: a.id for a in AREAS.values()}
TRACK_NAME = {
    "supplies": "Supplies", "money": "Money", "morale": "Morale", "plea": "Plea track",
    "preparation": "Preparation",
}


# ───────────────────────────── entry point ─────────────────────────────


def play_event(state: FreedomState, card_id: str, role: str) -> None:
    """Resolve ``card_id``'s event for ``role`` ("empire" or "insurgents")."""
    card = CARDS[card_id]
    _push_run(state, role, card.id, [e.model_dump() for e in card.effects])


def _push_run(state: FreedomState, role: str, card_id: str, effects: list[dict[str, Any]]) -> None:
    if effects:
        push(state, "ev_run", role, card=card_id, effects=effects)


@prompt_state
class RunEffects(PromptState):
    """Continuation: perform the next effect of the card, then the rest."""

    name = "ev_run"
    auto = True

    def run(self, state: FreedomState, frame: Frame) -> None:
        effects: list[dict[str, Any]] = list(frame.data["effects"])
        card_id: str = frame.data["card"]
        first, rest = effects[0], effects[1:]
        _push_run(state, frame.role, card_id, rest)
        perform(state, EFFECT.validate_python(first), frame.role, card_id)


def perform(state: FreedomState, effect: Effect, role: str, card_id: str) -> None:
    """Perform one effect for ``role`` now (questions are pushed onto the prompt stack)."""
    handler = PERFORM[type(effect)]
    handler(state, effect, role, card_id)


def _side(who: str, role: str) -> str:
    side = resolve(who, role)
    assert side is not None
    return side


# ───────────────────────────── zones ─────────────────────────────


def zone_spaces(zone: str) -> list[str]:
    """The board spaces of a zone named in the card vocabulary (``cards.Zone``)."""
    return list(ZONES[zone])


def _zones() -> dict[str, tuple[str, ...]]:
    def rows(lo: int, hi: int) -> list[str]:
        return [s.id for s in SPACES.values() if s.kind == "mainland" and lo <= s.row <= hi]

    groups: dict[str, list[str]] = {
        "camp": [CAMP],
        "mainland": rows(4, 8),
        "mainland_or_camp": [*rows(4, 8), CAMP],
        "row4": rows(4, 4),
        "rows4-5": rows(4, 5),
        "rows4-6": rows(4, 6),
        "rows6-8": rows(6, 8),
        "wall": [s.id for s in SPACES.values() if s.on_wall],
        "beach": [s.id for s in SPACES.values() if s.kind == "beach"],
        "city": [s.id for s in SPACES.values() if s.on_wall or s.kind == "beach"],
        "island": [s.id for s in SPACES.values() if s.kind == "island"],
        "lagoon": [s.id for s in SPACES.values() if s.kind in ("lagoon", "coast")],
        "lagoon_or_island": [
            s.id for s in SPACES.values() if s.kind in ("lagoon", "coast", "island")
        ],
        "anywhere": [s.id for s in SPACES.values() if s.kind != "city centre"],
    }
    return {zone: tuple(spaces) for zone, spaces in groups.items()}


# The board never changes: each zone's spaces are listed once, at import.
ZONES = _zones()


def _units_of(state: FreedomState, space_id: str, side: str, kind: str = "any") -> int:
    here = state.spaces[space_id]
    if side == "insurgents":
        return here.ins
    if kind == "expeditionary":
        return here.exp
    if kind == "allied":
        return here.ally
    return here.exp + here.ally


def _space_choices(
    spaces: list[str],
    style: Literal["primary", "secondary", "success", "danger"] = "primary",
) -> list[Choice]:
    return [
        Choice(id=f"space:{s}", label=SPACES[s].name, group="Spaces", style=style)
        for s in spaces
    ]


def _title(frame: Frame) -> str:
    """The card's name, to head the questions its event asks."""
    card_id = frame.data.get("card")
    return CARDS[card_id].name if card_id in CARDS else "Event"


def _check(space_id: str, legal: list[str]) -> None:
    if space_id not in legal:
        _refuse()


def _refuse() -> None:
    raise IllegalChoice("That is not one of the choices you have right now.")


# ───────────────────────────── tracks and pieces ─────────────────────────────


def adjust(state: FreedomState, effect: Adjust, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    if (why := idle_adjust(state, effect, role)) is not None:
        state.say(why)
        return
    amount = effect.amount
    if effect.track == "supplies":
        before = state.supplies[side]
        pieces.gain_supplies(state, side, amount)
        moved = state.supplies[side] - before
    elif effect.track == "money":
        before = state.money
        pieces.gain_money(state, amount)
        moved = state.money - before
    elif effect.track == "morale":
        before = state.morale[side]
        pieces.change_morale(state, side, amount)
        moved = state.morale[side] - before
    elif effect.track == "plea":
        current = state.plea[side]
        assert current is not None  # idle_adjust: an answered plea does not move
        top = TRACKS.plea.empire_max if side == "empire" else TRACKS.plea.insurgents_max
        state.plea[side] = max(0, min(top, current + amount))
        moved = state.plea[side] - current  # type: ignore[operator]
    else:
        before = state.prep[side]
        state.prep[side] = max(0, min(TRACKS.limits.preparation_max, before + amount))
        moved = state.prep[side] - before
    state.say(f"{side_title(side)}: {TRACK_NAME[effect.track]} {moved:+d}.")


def idle_adjust(state: FreedomState, effect: Adjust, role: str) -> str | None:
    """Why the track cannot move (already at its end, or the plea answered), else None."""
    side = _side(effect.who, role)
    if effect.track == "plea" and state.plea[side] is None:
        return "The Government has already answered the Insurgents' plea: no effect."
    value, top = _track(state, effect.track, side)
    if max(0, min(top, value + effect.amount)) != value:
        return None
    return (f"{side_title(side)}: {TRACK_NAME[effect.track]} cannot move "
            f"{'up' if effect.amount > 0 else 'down'} any further (no effect).")


def _track(state: FreedomState, track: str, side: str) -> tuple[int, int]:
    """A track's value for ``side`` and its top (its bottom is 0)."""
    if track == "supplies":
        return state.supplies[side], TRACKS.limits.supplies_max
    if track == "money":
        return state.money, TRACKS.limits.money_max
    if track == "morale":
        return state.morale[side], TRACKS.morale.max
    if track == "plea":
        top = TRACKS.plea.empire_max if side == "empire" else TRACKS.plea.insurgents_max
        return state.plea[side] or 0, top
    return state.prep[side], TRACKS.limits.preparation_max


def civilians(state: FreedomState, effect: Civilians, role: str, card_id: str) -> None:
    city = state.spaces[CITY]
    if effect.amount > 0:
        n = min(effect.amount, state.pool["civ"])
        state.pool["civ"] -= n
        city.civ += n
        state.say(f"{n} Civilians enter the city.")
    else:
        n = min(-effect.amount, city.civ)
        city.civ -= n
        state.pool["civ"] += n
        state.say(f"{n} Civilians leave the city.")


def support(state: FreedomState, effect: Support, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    for name in effect.areas:
        for _ in range(effect.times):
            what = pieces.support_area(state, AREA_ID[name], side)
            state.say(f"Support Area for {SIDE_NAME[side]} in {name}: {what}.")
    if effect.choose:
        push(state, "ev_support", side, card=card_id, left=effect.choose, times=effect.times,
             done=[])


@prompt_state
class ChooseSupport(PromptState):
    """Pick the areas of a "Support Area in N areas of your choice" event, one at a time."""

    name = "ev_support"

    def text(self, state: FreedomState, frame: Frame) -> str:
        left = frame.data["left"]
        return f"{_title(frame)}: choose an area for a free Support Area ({left} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [
            Choice(id=f"area:{a.id}", label=f"{a.name} ({_area_label(state, a.id)})",
                   group="Areas", style="primary")
            for a in AREAS.values() if a.id not in frame.data["done"]
        ]

    def on_area(self, state: FreedomState, frame: Frame, area_id: str) -> None:
        if area_id not in AREAS or area_id in frame.data["done"]:
            raise IllegalChoice("That area is not one of the choices.")
        for _ in range(int(frame.data["times"])):
            what = pieces.support_area(state, area_id, frame.role)
            state.say(f"Support Area for {SIDE_NAME[frame.role]} in {AREAS[area_id].name}: {what}.")
        frame.data["done"] = [*frame.data["done"], area_id]
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0:
            pop(state, frame)


def _area_label(state: FreedomState, area_id: str) -> str:
    area = state.areas[area_id]
    owner = "Empire" if area.side == "empire" else "Insurgents"
    return f"{owner}, {area.support} support"


def strip_support(state: FreedomState, effect: StripSupport, role: str, card_id: str) -> None:
    areas = [AREA_ID[name] for name in effect.areas] or None
    if (why := idle_strip_support(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_strip", role, card=card_id, left=effect.count, areas=areas,
         up_to=effect.up_to)


def idle_strip_support(state: FreedomState, effect: StripSupport, role: str) -> str | None:
    areas = [AREA_ID[name] for name in effect.areas] or AREAS
    if not any(state.areas[a].support > 0 for a in areas):
        return "No Support marker to remove."
    return None


@prompt_state
class StripSupportMarkers(PromptState):
    """Remove Support markers of either colour, one at a time; tiles are never turned."""

    name = "ev_strip"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{_title(frame)}: remove a Support marker from an area ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        allowed = frame.data.get("areas")
        found = [
            Choice(id=f"area:{a.id}", label=f"{a.name} ({_area_label(state, a.id)})",
                   group="Areas", style="primary")
            for a in AREAS.values() if state.areas[a.id].support > 0
            and (allowed is None or a.id in allowed)
        ]
        if found and frame.data.get("up_to"):  # "remove up to N": the player may stop
            found.append(Choice(id="done", label="Remove no more", style="secondary"))
        return found

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if not frame.data.get("up_to"):
            _refuse()
        pop(state, frame)

    def on_area(self, state: FreedomState, frame: Frame, area_id: str) -> None:
        allowed = frame.data.get("areas")
        if area_id not in AREAS or state.areas[area_id].support <= 0 or (
                allowed is not None and area_id not in allowed):
            raise IllegalChoice("That area has no Support marker.")
        state.areas[area_id].support -= 1
        state.say(f"A Support marker is removed from {AREAS[area_id].name}.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not any(c.id != "done" for c in self.choices(state, frame)):
            pop(state, frame)


def reinforce(state: FreedomState, effect: Reinforce, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    if effect.kind == "insurgent":
        count = min(effect.count, state.pool["ins"])
        if count <= 0 or not _insurgent_places(state):
            state.say("No Insurgent unit can be placed.")
            return
        push_place_units(state, side, "ins", count, reason=CARDS[card_id].name)
        return
    kind = "exp" if effect.kind == "expeditionary" else "ally"
    if effect.place == "lagoon":
        spaces = [s for s in LAGOON_ENTRY_WATERS if pieces.room(state, s, kind) > 0]
        if not spaces or state.pool[kind] <= 0:
            state.say("No Imperial unit can be placed in the lagoon.")
            return
        push_place_units(state, side, kind, effect.count, spaces=LAGOON_ENTRY_WATERS,
                         reason=CARDS[card_id].name)
        return
    where = CAMP if effect.place == "camp" else VASILADI_WATERS
    n = pieces.add_units(state, where, kind, effect.count)
    label = "Expeditionary" if kind == "exp" else "Allied"
    state.say(f"{n} {label} unit{'s' if n != 1 else ''} placed in {SPACES[where].name}.")


# The lagoon waters next to the mainland, where boats launched from the shore come in.
LAGOON_ENTRY_WATERS = sorted(
    s for s, d in SPACES.items() if d.kind == "lagoon"
    and any(SPACES[n].kind == "mainland" for n in d.neighbours)
)


def _insurgent_places(state: FreedomState) -> list[str]:
    return [s for s in SPACES if pieces.room(state, s, "ins") > 0]


def cannon(state: FreedomState, effect: GainCannon, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    for _ in range(effect.count):
        if state.pool["cannons"] <= 0:
            state.say("No cannon is left in the reserve.")
            return
        if side == "empire":
            pieces.place_cannon(state, CAMP, "empire")
            state.say("A cannon is placed in the Camp.")
        elif _cannon_places(state):
            push(state, "ev_cannon", side, card=card_id)
        else:
            state.say("No space can take a new Insurgent cannon.")


def _cannon_places(state: FreedomState) -> list[str]:
    return [
        s for s in zone_spaces("city") + zone_spaces("island")
        if state.spaces[s].ins > 0 and state.spaces[s].cannon is None
    ]


@prompt_state
class PlaceCannon(PromptState):
    """The Insurgents pick where a new cannon goes (own unit there, no cannon yet)."""

    name = "ev_cannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{_title(frame)}: choose a space with one of your units for the new cannon."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return _space_choices(_cannon_places(state))

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        _check(space_id, _cannon_places(state))
        pieces.place_cannon(state, space_id, "insurgents")
        state.say(f"A new Insurgent cannon is placed on {SPACES[space_id].name}.")
        pop(state, frame)


def remove_units(state: FreedomState, effect: RemoveUnits, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    chooser = _side(effect.chooser, role)
    if (why := idle_remove_units(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_remove", chooser, card=card_id, side=side, zone=effect.zone, kind=effect.kind,
         left=effect.count)


def idle_remove_units(state: FreedomState, effect: RemoveUnits, role: str) -> str | None:
    side = _side(effect.who, role)
    if not _removable(state, effect.zone, side, effect.kind):
        return f"{side_does(side, 'have')} no such unit to remove."
    return None


def _removable(state: FreedomState, zone: str, side: str, kind: str) -> list[str]:
    return [s for s in zone_spaces(zone) if _units_of(state, s, side, kind) > 0]


@prompt_state
class RemoveUnitsPrompt(PromptState):
    """Pick, one at a time, the spaces the event's units are removed from."""

    name = "ev_remove"

    def text(self, state: FreedomState, frame: Frame) -> str:
        whose = "your" if frame.data["side"] == frame.role else "an enemy"
        return f"{_title(frame)}: remove {whose} unit — choose a space ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        return _space_choices(_removable(state, d["zone"], d["side"], d["kind"]), "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        d = frame.data
        _check(space_id, _removable(state, d["zone"], d["side"], d["kind"]))
        _remove_one(state, space_id, d["side"], d["kind"])
        frame.data["left"] = int(d["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)


def _remove_one(state: FreedomState, space_id: str, side: str, kind: str) -> None:
    here = state.spaces[space_id]
    if side == "empire" and kind in ("expeditionary", "allied"):
        attr = "exp" if kind == "expeditionary" else "ally"
        setattr(here, attr, getattr(here, attr) - 1)
        state.pool[attr] += 1
        if state.attacked.get(space_id, 0) > here.imperial:
            state.attacked[space_id] = here.imperial
    else:
        pieces.remove_units(state, space_id, side, 1)
    state.say(f"A unit of {SIDE_NAME[side]} is removed from {SPACES[space_id].name}.")


def remove_cannon(state: FreedomState, effect: RemoveCannon, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    chooser = _side(effect.chooser, role)
    if (why := idle_remove_cannon(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_uncannon", chooser, card=card_id, side=side, zone=effect.zone,
         left=effect.count)


def idle_remove_cannon(state: FreedomState, effect: RemoveCannon, role: str) -> str | None:
    side = _side(effect.who, role)
    if not _cannons_in(state, effect.zone, side):
        return f"{side_does(side, 'have')} no cannon there."
    return None


def _cannons_in(state: FreedomState, zone: str, side: str) -> list[str]:
    return [
        s for s in zone_spaces(zone)
        if s != CAMP and state.spaces[s].cannon == side and not state.spaces[s].bombard
    ]


@prompt_state
class RemoveCannonPrompt(PromptState):
    name = "ev_uncannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{_title(frame)}: choose the cannon to remove."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return _space_choices(_cannons_in(state, frame.data["zone"], frame.data["side"]), "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        _check(space_id, _cannons_in(state, frame.data["zone"], frame.data["side"]))
        pieces.remove_cannon(state, space_id)
        state.say(f"The cannon on {SPACES[space_id].name} is removed.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)


# ───────────────────────────── the wall ─────────────────────────────


def damage_wall(state: FreedomState, effect: DamageWall, role: str, card_id: str) -> None:
    if (why := idle_damage_wall(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_damage", "empire", card=card_id, near=effect.near, forts=effect.forts,
         left=effect.count)


def idle_damage_wall(state: FreedomState, effect: DamageWall, role: str) -> str | None:
    if not _damageable(state, effect.near, effect.forts):
        return "No wall space can be damaged."
    return None


def _damageable(state: FreedomState, near: str, forts: bool) -> list[str]:
    reach = _wall_reach(state, near)
    return [
        s for s in zone_spaces("wall")
        if state.spaces[s].damage < 2 and (forts or SPACES[s].kind != "fort")
        and (reach is None or s in reach)
    ]


def _wall_reach(state: FreedomState, near: str) -> set[str] | None:
    """The wall spaces a ``damage_wall`` effect may pick (None: any)."""
    if near == "any":
        return None
    found: set[str] = set()
    for sid, sdef in SPACES.items():
        here = state.spaces[sid]
        if sdef.kind != "mainland" or here.imperial == 0:
            continue
        if near == "cannon":  # what a manned cannon could fire at in the Cannons phase
            if here.cannon == "empire":
                found.update(t.space for t in sdef.targets
                             if SPACES[t.space].on_wall and t.distance <= 3)
        elif near == "approach":  # the cone of rows 4-5, as the cannons' pattern
            found.update(t.space for t in sdef.targets
                         if SPACES[t.space].on_wall and t.distance <= 2)
        else:  # "units": the row-4 spaces touching the wall
            found.update(n for n in sdef.neighbours if SPACES[n].on_wall)
    return found


@prompt_state
class DamageWallPrompt(PromptState):
    name = "ev_damage"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{_title(frame)}: choose a wall space to damage ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return _space_choices(_damageable(state, frame.data["near"], frame.data["forts"]),
                              "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        _check(space_id, _damageable(state, frame.data["near"], frame.data["forts"]))
        destroyed = pieces.damage_wall(state, space_id, 1)
        word = "destroyed" if destroyed else "damaged"
        state.say(f"The wall at {SPACES[space_id].name} is {word}.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)


def repair_wall(state: FreedomState, effect: RepairWall, role: str, card_id: str) -> None:
    if (why := idle_repair_wall(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_repair", "insurgents", card=card_id, left=effect.count)


def idle_repair_wall(state: FreedomState, effect: RepairWall, role: str) -> str | None:
    return None if _repairable(state) else "No wall space needs repair."


def _repairable(state: FreedomState) -> list[str]:
    """Damaged wall spaces the Insurgents can reach: never one Imperial units hold (a breach
    the enemy stands in is not rebuilt behind his back)."""
    return [s for s in zone_spaces("wall")
            if state.spaces[s].damage > 0 and state.spaces[s].imperial == 0]


@prompt_state
class RepairWallPrompt(PromptState):
    name = "ev_repair"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{_title(frame)}: choose a wall space to repair ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return _space_choices(_repairable(state), "success")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        _check(space_id, _repairable(state))
        pieces.repair_wall(state, space_id)
        word = "damaged" if state.spaces[space_id].damage == 1 else "intact"
        state.say(f"The wall at {SPACES[space_id].name} is repaired ({word}).")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)


# ───────────────────────────── combat ─────────────────────────────


def strike(state: FreedomState, effect: Strike, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    if (why := idle_strike(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_strike", side, card=card_id, zone=_strike_reach(effect), hit=effect.hit,
         left=effect.count)


def _strike_reach(effect: Strike) -> dict[str, Any]:
    return {"zone": effect.from_zone, "reach": effect.reach, "at": effect.at_zone,
            "raids": effect.raids}


def idle_strike(state: FreedomState, effect: Strike, role: str) -> str | None:
    if not _strike_targets(state, _side(effect.who, role), _strike_reach(effect)):
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
        if _units_of(state, s, side) <= 0:
            continue
        near = SPACES[s].neighbours if reach.get("reach", 1) == 1 else _within(s, reach["reach"])
        for n in near:
            if n != CAMP and _units_of(state, n, enemy) > 0:
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
        return (f"{_title(frame)}: choose a space to attack — hits on {frame.data['hit']}+ "
                f"({frame.data['left']} attack{'s' if frame.data['left'] != 1 else ''} left).")

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        found = _space_choices(_strike_targets(state, frame.role, frame.data["zone"]), "danger")
        return [*found, Choice(id="done", label="Stop attacking", style="secondary")] if found \
            else []

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        _check(space_id, _strike_targets(state, frame.role, frame.data["zone"]))
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
    side = _side(effect.who, role)
    if (why := idle_fire(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "cannons", side, fired=[], limit=effect.count or None, bonus=effect.bonus,
         source=CARDS[card_id].name)


def idle_fire(state: FreedomState, effect: Fire, role: str) -> str | None:
    side = _side(effect.who, role)
    if not any(sp.cannon == side and can_fire(state, s, side) for s, sp in state.spaces.items()):
        return f"No cannon of {SIDE_NAME[side]} can fire."
    return None


def sortie(state: FreedomState, effect: Sortie, role: str, card_id: str) -> None:
    victim = _side(effect.who, role)
    if (why := idle_sortie(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_sortie", role, card=card_id, side=victim, zone=effect.zone,
         reach=effect.reach, count=effect.count, cannon=effect.cannon)


def idle_sortie(state: FreedomState, effect: Sortie, role: str) -> str | None:
    if not _sortie_targets(state, role, _side(effect.who, role), effect.zone, effect.reach):
        return "No enemy space is within reach."
    return None


def _sortie_targets(state: FreedomState, role: str, victim: str, zone: str,
                    reach: int) -> list[str]:
    found = []
    for s in zone_spaces(zone):
        if s == CAMP or _units_of(state, s, victim) <= 0:
            continue
        if reach and not any(_units_of(state, n, role) > 0 for n in SPACES[s].neighbours):
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
        return f"{_title(frame)}: choose the space — {what} are removed there."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        return _space_choices(
            _sortie_targets(state, frame.role, d["side"], d["zone"], d["reach"]), "danger")

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        d = frame.data
        _check(space_id, _sortie_targets(state, frame.role, d["side"], d["zone"], d["reach"]))
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
    chooser = _side(effect.chooser, role)
    if (why := idle_retreat(state, effect, role)) is not None:
        state.say(why)
        return
    push(state, "ev_retreat", chooser, card=card_id, zone=effect.zone, left=effect.count)


def idle_retreat(state: FreedomState, effect: Retreat, role: str) -> str | None:
    return None if _retreat_sources(state, effect.zone) else "No Imperial unit can move back."


def _back_steps(state: FreedomState, src: str, kind: str) -> list[str]:
    return [n for n in SPACES[src].toward_camp if pieces.room(state, n, kind) > 0]


def _retreat_sources(state: FreedomState, zone: str) -> list[str]:
    return [
        f"{s}:{kind}" for s in zone_spaces(zone) if s != CAMP
        for kind in ("exp", "ally")
        if getattr(state.spaces[s], kind) > 0 and _back_steps(state, s, kind)
    ]


@prompt_state
class RetreatPrompt(PromptState):
    """Move Imperial units back toward the Camp, one at a time: first the unit, then where."""

    name = "ev_retreat"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"{_title(frame)}: move the unit from {SPACES[frame.data['src']].name} back to:"
        return f"{_title(frame)}: choose an Imperial unit to move back ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        if d.get("src"):
            return _space_choices(_back_steps(state, d["src"], d["kind"]))
        found = []
        for key in _retreat_sources(state, d["zone"]):
            sid, _, kind = key.partition(":")
            label = SPACES[sid].name + (" (Allied)" if kind == "ally" else "")
            found.append(Choice(id=f"from:{key}", label=label, group="Move back from"))
        return [*found, Choice(id="done", label="Move no more", style="secondary")] \
            if found else []

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data.get("src") or arg not in _retreat_sources(state, frame.data["zone"]):
            _refuse()
        sid, _, kind = arg.partition(":")
        frame.data.update(src=sid, kind=kind)

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        d = frame.data
        if not d.get("src"):
            _refuse()
        _check(space_id, _back_steps(state, d["src"], d["kind"]))
        pieces.move_units(state, d["src"], space_id, d["kind"], 1)
        state.say(f"An Imperial unit falls back {SPACES[d['src']].name} → "
                  f"{SPACES[space_id].name}.")
        d.update(src=None, kind=None, left=int(d["left"]) - 1)
        if d["left"] <= 0 or not self.choices(state, frame):
            pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)


def discard(state: FreedomState, effect: Discard, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    count = min(effect.count, len(state.hands[side]))
    if (why := idle_discard(state, effect, role)) is not None:
        state.say(why)
        return
    if not effect.random:
        push(state, "ev_discard", side, card=card_id, left=count)
        return
    for _ in range(count):
        lost = state.hands[side][state.rng.below(len(state.hands[side]))]
        pieces.discard_cards(state, side, [lost])
        state.reveals += 1  # the card leaves a hidden hand face up
        state.say(f"{side_does(side, 'discard')} “{CARDS[lost].name}” at random.")


def idle_discard(state: FreedomState, effect: Discard, role: str) -> str | None:
    side = _side(effect.who, role)
    if min(effect.count, len(state.hands[side])) <= 0:
        return f"{side_does(side, 'have')} no card to discard."
    return None


@prompt_state
class DiscardPrompt(PromptState):
    """The player discards cards of its choice (only that player sees the hand)."""

    name = "ev_discard"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{_title(frame)}: choose a card to discard ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [Choice(id=f"card:{c}", label=f"{CARDS[c].name} ({CARDS[c].ap} AP)",
                       group="Discard", style="danger")
                for c in dict.fromkeys(state.hands[frame.role])]

    def on_card(self, state: FreedomState, frame: Frame, card_id: str) -> None:
        if card_id not in state.hands[frame.role]:
            _refuse()
        pieces.discard_cards(state, frame.role, [card_id])
        state.say(f"{side_does(frame.role, 'discard')} “{CARDS[card_id].name}”.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not state.hands[frame.role]:
            pop(state, frame)


def guard(state: FreedomState, effect: Guard, role: str, card_id: str) -> None:
    state.flags["guard"] = {"round": state.round, "amount": effect.amount}
    state.say(f"Until the end of the round, Imperial attacks on the wall get -{effect.amount}.")


def train(state: FreedomState, effect: Train, role: str, card_id: str) -> None:
    count = min(effect.count, state.spaces[CITY].civ, state.pool["ins"])
    if (why := idle_train(state, effect, role)) is not None:
        state.say(why)
        return
    state.spaces[CITY].civ -= count
    state.pool["civ"] += count
    state.say(f"{count} Civilian{'s' if count != 1 else ''} trained.")
    push_place_units(state, "insurgents", "ins", count, reason=CARDS[card_id].name)


def idle_train(state: FreedomState, effect: Train, role: str) -> str | None:
    if min(effect.count, state.spaces[CITY].civ, state.pool["ins"]) <= 0 \
            or not _insurgent_places(state):
        return "No Civilian can be trained."
    return None


def draw(state: FreedomState, effect: Draw, role: str, card_id: str) -> None:
    side = _side(effect.who, role)
    if pieces.draw_cards(state, side, effect.count) == 0:
        state.say("The deck is empty: no card is drawn.")


def free_actions(state: FreedomState, effect: FreeActions, role: str, card_id: str) -> None:
    push_ap(
        state, role, effect.ap, actions=list(effect.actions),
        lagoon_only=effect.zone == "lagoon_or_island",
        attacks_per_unit=effect.attacks_per_unit, source=CARDS[card_id].name,
    )
    if effect.reward:
        state.reward = True  # every attack of these AP gets the Reward Attack's +2


def roll(state: FreedomState, effect: Roll, role: str, card_id: str) -> None:
    die = state.rng.roll(effect.die)
    success = die >= effect.at_least
    state.say(f"Rolled {die} on 1d{effect.die} (needs {effect.at_least}+): "
              f"{'success' if success else 'failure'}.", role=role, dice=[die])
    branch = effect.then if success else effect.otherwise
    _push_run(state, role, card_id, [e.model_dump() for e in branch])


# ───────────────────────────── special cards ─────────────────────────────


def special(state: FreedomState, effect: Special, role: str, card_id: str) -> None:
    SPECIAL_FUNCTIONS[effect.name](state, role, card_id)


def under_cover_of_night(state: FreedomState, role: str, card_id: str) -> None:
    """Pod osłoną nocy: a row-6 Imperial cannon, and up to 1 unit with it, one space forward."""
    if (why := idle_night(state)) is not None:
        state.say(why)
        return
    push(state, "ev_night", "empire", card=card_id, step="source")


def idle_night(state: FreedomState) -> str | None:
    return None if _night_sources(state) else "No Imperial cannon in row 6 can move forward."


def _forward(space_id: str) -> list[str]:
    """Mainland spaces one step toward the wall from ``space_id``."""
    return [
        n for n in SPACES[space_id].neighbours
        if SPACES[n].kind == "mainland" and space_id in SPACES[n].toward_camp
    ]


def _night_targets(state: FreedomState, source: str) -> list[str]:
    return [n for n in _forward(source) if state.spaces[n].cannon is None]


def _night_sources(state: FreedomState) -> list[str]:
    return [
        s for s in zone_spaces("mainland")
        if SPACES[s].row == 6 and state.spaces[s].cannon == "empire" and _night_targets(state, s)
    ]


@prompt_state
class UnderCoverOfNight(PromptState):
    name = "ev_night"

    def text(self, state: FreedomState, frame: Frame) -> str:
        step = frame.data["step"]
        if step == "source":
            return "Under Cover of Night: choose the row-6 cannon to move forward."
        if step == "target":
            return "Under Cover of Night: choose the space the cannon moves to."
        return "Under Cover of Night: does one unit move with the cannon?"

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        step = frame.data["step"]
        if step == "source":
            return _space_choices(_night_sources(state))
        if step == "target":
            return _space_choices(_night_targets(state, frame.data["source"]))
        found = []
        if pieces.room(state, frame.data["target"], "exp") > 0 and \
                state.spaces[frame.data["source"]].exp > 0:
            found.append(Choice(id="unit:exp", label="Move 1 Expeditionary unit with it",
                                style="primary"))
        if pieces.room(state, frame.data["target"], "ally") > 0 and \
                state.spaces[frame.data["source"]].ally > 0:
            found.append(Choice(id="unit:ally", label="Move 1 Allied unit with it",
                                style="primary"))
        return [*found, Choice(id="done", label="Move the cannon alone")] if found else []

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        if frame.data["step"] == "source":
            _check(space_id, _night_sources(state))
            frame.data.update(step="target", source=space_id)
            return
        if frame.data["step"] != "target":
            _check(space_id, [])
        _check(space_id, _night_targets(state, frame.data["source"]))
        src, dst = state.spaces[frame.data["source"]], state.spaces[space_id]
        dst.cannon, src.cannon = src.cannon, None
        state.say(f"Under cover of night an Imperial cannon moves from "
                  f"{SPACES[frame.data['source']].name} to {SPACES[space_id].name}.")
        frame.data.update(step="unit", target=space_id)
        if not self.choices(state, frame):
            pop(state, frame)

    def on_unit(self, state: FreedomState, frame: Frame, kind: str) -> None:
        if frame.data["step"] != "unit" or f"unit:{kind}" not in {
            c.id for c in self.choices(state, frame)
        }:
            _refuse()
        pieces.move_units(state, frame.data["source"], frame.data["target"], kind, 1)
        state.say(f"One unit moves with it to {SPACES[frame.data['target']].name}.")
        pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data["step"] != "unit":
            _refuse()
        pop(state, frame)


SPECIAL_FUNCTIONS = {"under_cover_of_night": under_cover_of_night}
assert set(SPECIAL_FUNCTIONS) == set(SPECIALS), "cards.SPECIALS and events disagree"

PERFORM: dict[type, Any] = {
    Adjust: adjust,
    Civilians: civilians,
    Support: support,
    StripSupport: strip_support,
    Reinforce: reinforce,
    GainCannon: cannon,
    RemoveUnits: remove_units,
    RemoveCannon: remove_cannon,
    DamageWall: damage_wall,
    RepairWall: repair_wall,
    Strike: strike,
    Fire: fire,
    Sortie: sortie,
    Advance: advance,
    Retreat: retreat,
    Discard: discard,
    Guard: guard,
    Train: train,
    Draw: draw,
    FreeActions: free_actions,
    Roll: roll,
    Special: special,
}



# ───────────────────────────── events that would do nothing ─────────────────────────────
# Before a player spends a card on an event (the discard that triggers the opponent's card),
# the prompt warns when the event would do nothing now. Each check is the one its effect
# runs first, with the sentence the log would show; an effect without a check (a free
# action, a die roll, a guard…) may always do something.


def _idle_civilians(state: FreedomState, effect: Civilians, role: str) -> str | None:
    if effect.amount > 0 and state.pool["civ"] == 0:
        return "No Civilian is left to enter the city."
    if effect.amount < 0 and state.spaces[CITY].civ == 0:
        return "No Civilian is in the city to leave it."
    return None


def _idle_cannon(state: FreedomState, effect: GainCannon, role: str) -> str | None:
    if state.pool["cannons"] <= 0:
        return "No cannon is left in the reserve."
    if _side(effect.who, role) == "insurgents" and not _cannon_places(state):
        return "No space can take a new Insurgent cannon."
    return None


def _idle_draw(state: FreedomState, effect: Draw, role: str) -> str | None:
    return "The deck is empty: no card is drawn." if not state.decks[state.period] else None


def _idle_special(state: FreedomState, effect: Special, role: str) -> str | None:
    return idle_night(state) if effect.name == "under_cover_of_night" else None


IDLE: dict[type, Any] = {
    Adjust: idle_adjust,
    Civilians: _idle_civilians,
    StripSupport: idle_strip_support,
    GainCannon: _idle_cannon,
    RemoveUnits: idle_remove_units,
    RemoveCannon: idle_remove_cannon,
    DamageWall: idle_damage_wall,
    RepairWall: idle_repair_wall,
    Strike: idle_strike,
    Fire: idle_fire,
    Sortie: idle_sortie,
    Retreat: idle_retreat,
    Discard: idle_discard,
    Train: idle_train,
    Draw: _idle_draw,
    Special: _idle_special,
}


def why_event_does_nothing(state: FreedomState, card_id: str, role: str) -> str | None:
    """Why ``card_id``'s event would do nothing for ``role`` now (every effect of it has
    nothing to act on), or None when it may do something."""
    reasons: list[str] = []
    for effect in CARDS[card_id].effects:
        check = IDLE.get(type(effect))
        reason = check(state, effect, role) if check is not None else None
        if reason is None:
            return None
        reasons.append(reason)
    return " ".join(dict.fromkeys(reasons)) or None
