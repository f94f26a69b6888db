"""The round: Administration, Opening, Actions, Cannons, Replenishment; the period change;
victory checks. ``advance`` runs whenever no question is pending and moves to the next step."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core.game import Choice
from engine.games.freedom import cards
from engine.games.freedom.cardplay import can_play
from engine.games.freedom.combat import (
    FIXED_NEED,
    can_fire,
    cannon_bonus,
    cannon_targets,
    fire,
)
from engine.games.freedom.data import (
    ADJECTIVE,
    AREAS,
    CAMP,
    CITY,
    SEA,
    SPACES,
    TRACKS,
    VASILADI_WATERS,
    other,
    side_does,
)
from engine.games.freedom.flow import PromptState, choice, pop, prompt_state, push
from engine.games.freedom.movement import can_step, imperial_kinds, step_destinations
from engine.games.freedom.pieces import (
    add_units,
    change_morale,
    draw_cards,
    gain_money,
    gain_supplies,
    move_units,
    place_cannon,
    support_area,
    units,
    win,
)
from engine.games.freedom.state import Area, Frame, FreedomState, remembered

HAND = 8
LAST_ROUND = 6


def advance(state: FreedomState) -> None:
    STEPS[state.step](state)


def administration(state: FreedomState) -> None:
    """Round marker, Imperial morale loss in rounds 5-6, drawing, the period change."""
    state.step = "opening"
    if state.round == 1:
        return  # the hands were dealt at setup
    state.say(f"Round {state.round} begins (Period {state.period}).")
    if state.round in (5, 6):
        change_morale(state, "empire", -1)
        state.say(f"The siege drags on: Imperial Morale {state.morale['empire']}.")
        if state.result:
            return
    if state.round == 4:
        for role in ("empire", "insurgents"):
            old = [c for c in state.hands[role] if cards.card(c).period == "A"]
            for c in old:
                state.hands[role].remove(c)
                state.discard.append(c)
            draw_cards(state, role, HAND - len(state.hands[role]))
        state.extra_draw = {"empire": 0, "insurgents": 0}
        period_change(state)
        return
    for role in ("empire", "insurgents"):
        if state.options.administration_draw == "up_to_8":
            count = HAND - len(state.hands[role])
        else:
            count = 7 + state.extra_draw[role]
        state.extra_draw[role] = 0
        draw_cards(state, role, count)


def period_change(state: FreedomState) -> None:
    """Ibrahim arrives: Period B."""
    pb = TRACKS.period_b
    state.say("Ibrahim Pasha arrives: Period B, the Twilight of Freedom.")
    add_units(state, CAMP, "ally", pb.allied_in_camp)
    if state.options.period_b_sea == "actions":
        for _ in range(pb.sea_support):
            support_area(state, SEA, "empire")
    else:
        sea = state.areas[SEA]
        if sea.side != "empire":
            state.areas[SEA] = Area(side="empire", support=0)
        sea = state.areas[SEA]
        sea.support = min(TRACKS.limits.support_max, sea.support + pb.sea_support)
    gain_supplies(state, "empire", pb.empire_supplies)
    gain_money(state, pb.empire_money)
    state.plea["empire"] = min(TRACKS.plea.empire_max, (state.plea["empire"] or 0) + pb.empire_plea)
    civ = min(pb.civilians, state.pool["civ"])
    state.pool["civ"] -= civ
    state.spaces[CITY].civ += civ
    if state.plea["insurgents"] is not None:
        state.plea["insurgents"] = min(TRACKS.plea.insurgents_max,
                                       state.plea["insurgents"] + pb.insurgents_plea)
    rows = [s for s, d in SPACES.items() if d.kind == "mainland" and d.row in pb.allied_rows]
    push(state, "place_units", "empire", kind="ally", count=pb.allied_on_map, spaces=rows,
         overflow=CAMP, reason="the Allied army arrives within 2 rows of the Camp")


def opening_empire(state: FreedomState) -> None:
    state.step = "opening_insurgents"
    push(state, "opening", "empire", moved={}, count=0)


def opening_insurgents(state: FreedomState) -> None:
    state.step = "actions_start"
    state.turn += 1
    push(state, "ins_regroup", "insurgents", opening=True)


def actions_start(state: FreedomState) -> None:
    state.step = "actions"
    state.played = {"empire": 0, "insurgents": 0}
    state.pending_event = state.pending_for = None
    first = "empire" if state.morale["empire"] >= state.morale["insurgents"] else "insurgents"
    state.active = first
    state.turn += 1
    morale = state.morale
    why = "a tie goes to the Empire" if morale["empire"] == morale["insurgents"] else \
        "the higher Morale"
    state.say(f"Actions phase: {side_does(first, 'play', start=False)} first (Morale: Empire "
              f"{morale['empire']}, Insurgents {morale['insurgents']}; {why}).")


def actions(state: FreedomState) -> None:
    for role in (state.active, other(state.active)):
        if can_play(state, role):
            state.active = role
            push(state, "play", role)
            return
    state.step = "actions_end"


def actions_end(state: FreedomState) -> None:
    state.step = "cannons_empire"
    state.pending_event = state.pending_for = None
    if state.options.position_check == "end_of_actions":
        check_position(state)


def check_position(state: FreedomState) -> None:
    """Imperial units in a fort or on a beach of the southern city win the game."""
    for sid, sdef in SPACES.items():
        if sdef.kind in ("fort", "beach") and state.spaces[sid].imperial > 0:
            win(state, "empire", f"Imperial troops hold {sdef.name}")
            return


def cannons_empire(state: FreedomState) -> None:
    state.step = "cannons_insurgents"
    state.turn += 1
    state.say("Cannons phase: the Imperial batteries fire.")
    push(state, "cannons", "empire", fired=[])


def cannons_insurgents(state: FreedomState) -> None:
    state.step = "replenish_empire"
    state.turn += 1
    push(state, "cannons", "insurgents", fired=[])


def imperial_units_total(state: FreedomState) -> int:
    return sum(s.imperial for s in state.spaces.values())


def replenish_empire(state: FreedomState) -> None:
    """Area rewards, pay, supplies, desertion."""
    state.step = "replenish_insurgents"
    state.turn += 1
    state.say("Replenishment.")
    if state.period == "B" and state.options.period_b_replenishment_morale:
        change_morale(state, "empire", -1)
        state.say(f"The siege goes on (Period B, v2.2): Imperial Morale "
                  f"{state.morale['empire']}.")
        if state.result:
            return
    gained = {"supplies": 0, "morale": 0, "units": 0, "cannons": 0}
    for aid, area in state.areas.items():
        if area.side != "empire":
            continue
        reward = AREAS[aid].reward("empire", state.options.revision)
        gained["supplies"] += reward.supplies
        gained["morale"] += reward.morale
        gained["units"] += add_units(state, CAMP, "exp", reward.units)
        for _ in range(reward.cannons):
            gained["cannons"] += int(place_cannon(state, CAMP, "empire"))
        if reward.vasiladi:
            landed = add_units(state, VASILADI_WATERS, "exp", reward.vasiladi)
            state.say(f"{landed} Expeditionary unit(s) land around Vasiladi.")
    gain_supplies(state, "empire", gained["supplies"])
    if gained["morale"]:
        change_morale(state, "empire", gained["morale"])
    state.say(f"Empire gains {gained['supplies']} Supplies, {gained['morale']} Morale, "
              f"{gained['units']} unit(s) and {gained['cannons']} cannon(s) in the Camp.")
    pay = TRACKS.pay.money[state.period]
    unpaid = gain_money(state, -pay)
    losses = 0
    if not unpaid:
        state.say(f"The Empire pays its troops {pay} Money (Money {state.money}).")
    else:
        losses += unpaid
        change_morale(state, "empire", -TRACKS.pay.unpaid_morale)
        state.say(f"Empire cannot pay {unpaid} Money: {unpaid} unit(s) leave, Morale "
                  f"{state.morale['empire']}.")
    food = TRACKS.pay.supplies[state.period]
    short = gain_supplies(state, "empire", -food)
    if not short:
        state.say(f"The Empire feeds its army {food} Supplies (Supplies "
                  f"{state.supplies['empire']}).")
    else:
        change_morale(state, "empire", -short)
        state.say(f"Empire lacks {short} Supplies: Morale {state.morale['empire']}.")
    if state.result:
        return
    deserters = TRACKS.desertion(state.morale["empire"])
    if deserters:
        state.say(f"Low morale: {deserters} Imperial unit(s) desert.")
        losses += deserters
    losses = min(losses, imperial_units_total(state))
    if losses:
        push(state, "remove_units", "empire", side="empire", count=losses, spaces=None,
             reason="unpaid troops and deserters")


def population(state: FreedomState) -> int:
    return sum(s.ins + s.civ for s in state.spaces.values())


def replenish_insurgents(state: FreedomState) -> None:
    """Population count, area rewards, feeding, the Plea for Help roll."""
    state.step = "round_end"
    state.population = population(state)
    cost = TRACKS.population_cost(state.population)
    state.say(f"Insurgent population {state.population} (band "
              f"{TRACKS.band(state.population)}): {cost} Supplies to feed.")
    frames: list[tuple[str, dict[str, object]]] = []
    supplies = morale = new_units = cannons_ = 0
    for aid, area in state.areas.items():
        if area.side != "insurgents":
            continue
        reward = AREAS[aid].reward("insurgents", state.options.revision)
        supplies += reward.supplies
        morale += reward.morale
        new_units += reward.units
        cannons_ += reward.cannons
    gain_supplies(state, "insurgents", supplies)
    if morale:
        change_morale(state, "insurgents", morale)
    state.say(f"Insurgents gain {supplies} Supplies, {morale} Morale, {new_units} unit(s) and "
              f"{cannons_} cannon(s).")
    if new_units:
        frames.append(("place_units", {"kind": "ins", "count": new_units, "spaces": None,
                                       "reason": "area rewards"}))
    if cannons_:
        frames.append(("place_cannon", {"count": cannons_}))
    short = gain_supplies(state, "insurgents", -cost)
    if not short:
        state.say(f"The Insurgents feed the city {cost} Supplies (Supplies "
                  f"{state.supplies['insurgents']}).")
    else:
        change_morale(state, "insurgents", -short)
        state.say(f"Insurgents lack {short} Supplies: Morale {state.morale['insurgents']}.")
    if state.result:
        return
    track = state.plea["insurgents"]
    if track is not None:
        dice = state.rng.dice(2, 6)
        total = sum(dice) + track
        if total >= TRACKS.plea.insurgents_target:
            state.say(f"Plea for Help: 2d6 {dice} + {track} = {total}: the Government sends "
                      "help!", role="insurgents", dice=dice)
            gain_supplies(state, "insurgents", TRACKS.plea.help_supplies)
            change_morale(state, "insurgents", TRACKS.plea.help_morale)
            state.plea["insurgents"] = None
            frames.append(("place_units", {"kind": "ins", "count": TRACKS.plea.help_units,
                                           "spaces": None, "reason": "help from the Government"}))
        else:
            state.plea["insurgents"] = min(TRACKS.plea.insurgents_max, track + 1)
            state.say(f"Plea for Help: 2d6 {dice} + {track} = {total}: no answer.",
                      role="insurgents", dice=dice)
    for name, data in reversed(frames):
        push(state, name, "insurgents", **data)


def round_end(state: FreedomState) -> None:
    if state.options.position_check == "end_of_round":
        check_position(state)
        if state.result:
            return
    if state.round >= LAST_ROUND:
        win(state, "insurgents", "Messolonghi still stands after six rounds")
        return
    state.round += 1
    state.step = "administration"
    state.turn += 1


STEPS: dict[str, Callable[[FreedomState], None]] = {
    "administration": administration,
    "opening": opening_empire,
    "opening_insurgents": opening_insurgents,
    "actions_start": actions_start,
    "actions": actions,
    "actions_end": actions_end,
    "cannons_empire": cannons_empire,
    "cannons_insurgents": cannons_insurgents,
    "replenish_empire": replenish_empire,
    "replenish_insurgents": replenish_insurgents,
    "round_end": round_end,
}
# The phase a player is in while the questions are asked that were pushed before
# ``state.step`` (which names the step to run *next*): the Insurgents' Opening Regroup is asked
# with "actions_start" next, the Insurgents' cannons with "replenish_empire" next.
PHASE_OF_STEP = {
    "administration": "replenishment", "opening": "administration",
    "opening_insurgents": "opening", "actions_start": "opening",
    "actions": "actions", "actions_end": "actions", "cannons_empire": "actions",
    "cannons_insurgents": "cannons", "replenish_empire": "cannons",
    "replenish_insurgents": "replenishment", "round_end": "replenishment",
}


# --- Prompt states of the phases ------------------------------------------------------------

def opening_sources(state: FreedomState, frame: Frame) -> list[Choice]:
    """The units that may still advance, as choices: of the ones that can step forward (once
    per position of the pieces), those the advance has not moved there."""
    moved: dict[str, int] = frame.data["moved"]
    steps = remembered(state, "opening", _forward_steps)
    if not moved:
        return [found for _, _, found in steps]
    spaces = state.spaces
    return [found for sid, kind, found in steps
            if getattr(spaces[sid], kind) - moved.get(f"{sid}:{kind}", 0) > 0]


def _forward_steps(state: FreedomState) -> tuple[tuple[str, str, Choice], ...]:
    """(space, kind, its choice) of the units that can step forward now, sorted."""
    found = []
    for sid in state.occupancy.imperial:
        if sid != CAMP and SPACES[sid].kind != "mainland":
            continue
        kinds = imperial_kinds(state, sid)
        for kind in kinds:
            if can_step(state, sid, kind, "opening"):
                found.append((sid, kind, len(kinds) > 1))
    return tuple((sid, kind, _advance_choice(sid, kind, several))
                 for sid, kind, several in sorted(found))


@cache
def _advance_choice(sid: str, kind: str, several: bool) -> Choice:
    """A unit to advance: its space, and its kind when both kinds stand there."""
    return choice(id=f"from:{sid}:{kind}" if several else f"from:{sid}",
                  label=SPACES[sid].name + (f" ({kind})" if several else ""),
                  group="Advance from")


@prompt_state
class Opening(PromptState):
    """The Empire moves up to 5 units (exactly 5 in v2.2) one space forward."""

    name = "opening"

    def limit(self, state: FreedomState, frame: Frame) -> int:
        return int(frame.data.get("limit") or 5)  # an event's advance sets its own limit

    def text(self, state: FreedomState, frame: Frame) -> str:
        title = frame.data.get("source") or "Opening"
        if frame.data.get("src"):
            return f"{title}: move the unit from {SPACES[frame.data['src']].name} forward to:"
        return (f"{title}: move units one space forward ({frame.data['count']}/"
                f"{self.limit(state, frame)} moved).")

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        if d.get("src"):
            return [choice(id=f"to:{t}", label=SPACES[t].name, group="Forward to")
                    for t in step_destinations(state, d["src"], d["kind"], "opening")] + [
                        choice(id="back", label="Back")]
        sources = choices = opening_sources(state, frame)
        if state.options.opening == "up_to_5" or not sources or d.get("source"):
            choices.append(choice(id="done", label="End the advance"))
        return choices

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        sid, _, kind = arg.partition(":")
        frame.data["src"], frame.data["kind"] = sid, kind or imperial_kinds(state, sid)[0]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = None

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        d = frame.data
        move_units(state, d["src"], arg, d["kind"])
        key = f"{arg}:{d['kind']}"
        d["moved"][key] = d["moved"].get(key, 0) + 1
        d["count"] += 1
        state.say(f"Opening: a unit advances {SPACES[d['src']].name} → {SPACES[arg].name}.",
                  role="empire")
        d["src"] = None
        if d["count"] >= self.limit(state, frame):
            pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)


def shot_odds(state: FreedomState, src: str, dst: str, need: int, extra: int) -> str:
    """What each die of a shot must show, bonuses counted (Allied crew, Bombard, an event's
    ``extra``; none on the Marmarou exchange's natural 6), 5.4 / 4.4."""
    if dst in FIXED_NEED.get(src, ()):
        return f"{need}+ on each die (only a natural {need})"
    bonus = cannon_bonus(state, src, dst, extra)
    return f"{need - bonus}+ on each die" + (f" ({need} {bonus:+d})" if bonus else "")


def shot_choices(state: FreedomState, src: str, extra: int) -> tuple[Choice, ...]:
    """The targets of the cannon on ``src`` (``extra``: an event's bonus to each die)."""
    return tuple(choice(id=f"at:{t}", group="Target", style="danger",
                        label=f"{SPACES[t].name} — {shot_odds(state, src, t, need, extra)}")
                 for t, need in cannon_targets(state, src))


def _firing(side: str) -> Callable[[FreedomState], tuple[str, ...]]:
    def firing(state: FreedomState) -> tuple[str, ...]:
        """``side``'s cannons that can fire now, sorted."""
        spaces = state.spaces
        return tuple(sorted(s for s in state.occupancy.cannons
                            if spaces[s].cannon == side and can_fire(state, s, side)))
    return firing


# side -> the cannons of that side that can fire now (a work of ``remembered``)
FIRING = {side: _firing(side) for side in ("empire", "insurgents")}


@prompt_state
class Cannons(PromptState):
    """Each side fires its cannons one by one; a cannon fires only with an own unit beside it."""

    name = "cannons"

    def text(self, state: FreedomState, frame: Frame) -> str:
        title = frame.data.get("source") or "Cannons phase"
        if frame.data.get("src"):
            return f"{title}: the cannon on {SPACES[frame.data['src']].name}: choose the target."
        return f"{title}: choose a cannon to fire."

    def ready(self, state: FreedomState, frame: Frame) -> list[str]:
        """Cannons that may still fire (an event may allow only ``limit`` of them)."""
        limit = frame.data.get("limit")
        if limit is not None and len(frame.data["fired"]) >= int(limit):
            return []
        fired = frame.data["fired"]
        return [s for s in remembered(state, ("firing", frame.role), FIRING[frame.role])
                if s not in fired]

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            src = frame.data["src"]
            bonus = int(frame.data.get("bonus") or 0)
            return list(remembered(state, ("shots", src, bonus),
                                   lambda board: shot_choices(board, src, bonus)))
        return [choice(id=f"fire:{s}", label=f"Fire from {SPACES[s].name}", group="Cannons",
                       style="primary") for s in self.ready(state, frame)] + [
                           choice(id="done", label="Stop firing")]

    def on_fire(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = arg

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        frame.data["src"] = None
        frame.data["fired"].append(src)
        if not self.ready(state, frame):
            pop(state, frame)
        fire(state, src, arg, int(frame.data.get("bonus") or 0))

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        # Said only when no shot was fired: a silent phase left the turn post empty.
        if not frame.data["fired"]:
            state.say(f"{side_does(frame.role, 'hold')} fire: no {ADJECTIVE[frame.role]} "
                      "cannon fires.", role=frame.role)


__all__ = ["advance", "check_position", "other", "population", "units"]
