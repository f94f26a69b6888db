"""The round: Administration, Opening, Actions, Cannons, Replenishment; the period change;
victory checks. ``advance`` runs whenever no question is pending and moves to the next step."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.freedom import cards
from engine.games.freedom.cardplay import can_play
from engine.games.freedom.data import (
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
from engine.games.freedom.flow import push
from engine.games.freedom.pieces import (
    add_units,
    change_morale,
    draw_cards,
    gain_money,
    gain_supplies,
    place_cannon,
    support_area,
    units,
    win,
)
from engine.games.freedom.state import Area, FreedomState

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


__all__ = ["advance", "check_position", "other", "population", "units"]
