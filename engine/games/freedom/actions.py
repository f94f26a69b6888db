"""Spending Action Points: the action menu and one prompt state per action of each side.

A card played for AP pushes a ``spend`` frame; picking an action pushes that action's frame
above it; the action pays its AP when it is carried out (``pay``), with Preparation AP only
when the action costs more than the card gives (and never for event AP).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core.game import Choice
from engine.games.freedom.combat import (
    RAID_COSTS,
    RAID_HITS_ON,
    RAID_LANES,
    any_imperial_attacker,
    any_insurgent_target,
    imperial_attack,
    imperial_attack_modifier,
    imperial_attacker_anywhere,
    imperial_attackers,
    imperial_targets,
    insurgent_attack,
    insurgent_need,
    insurgent_targets,
    raid,
    raid_costing,
    raid_targets,
)
from engine.games.freedom.data import (
    AREAS,
    BOARD_ORDER,
    CAMP,
    CITY,
    KLISOVA,
    SPACES,
    TRACKS,
    side_does,
)
from engine.games.freedom.flow import PromptState, choice, pop, prompt_state, push
from engine.games.freedom.movement import (
    REACH,
    any_insurgent_placement,
    can_move_normally,
    can_step,
    imperial_kinds,
    insurgent_placements,
    normal_destinations,
    regroup_destinations,
    step_destinations,
)
from engine.games.freedom.pieces import (
    add_units,
    gain_money,
    gain_supplies,
    move_units,
    occupied,
    place_cannon,
    repair_wall,
    support_area,
)
from engine.games.freedom.revisions import card_ends_when_spent
from engine.games.freedom.state import Frame, FreedomState, remembered

C = TRACKS.costs
RAIDERS = sorted([*RAID_LANES, KLISOVA])


def spend_frame(state: FreedomState) -> Frame:
    for frame in reversed(state.stack):
        if frame.name == "spend":
            return frame
    raise RuntimeError("no AP are being spent")


def affordable(state: FreedomState, spend: Frame, cost: int) -> bool:
    ap = int(spend.data["ap"])
    if cost <= ap:
        return True
    if spend.data.get("event") or cost <= int(spend.data["card_ap"]):
        return False  # Preparation AP only for an action the card alone cannot pay for
    return ap + state.prep[spend.role] >= cost


def pay(state: FreedomState, cost: int) -> None:
    spend = spend_frame(state)
    ap = int(spend.data["ap"])
    if cost <= ap:
        spend.data["ap"] = ap - cost
        return
    used = cost - ap
    state.prep[spend.role] -= used
    spend.data["ap"] = 0
    state.say(f"{side_does(spend.role, 'use')} {used} Preparation AP.", role=spend.role)


def zone(state: FreedomState) -> list[str] | None:
    spaces: list[str] | None = spend_frame(state).data.get("spaces")
    return spaces


def _unit_choices(state: FreedomState, sources: list[tuple[str, str]]) -> list[Choice]:
    return [_unit_choice(sid, kind, len(imperial_kinds(state, sid)) > 1) for sid, kind in sources]


@cache
def _unit_choice(sid: str, kind: str, several: bool) -> Choice:
    """A unit to move: its space, and its kind when both kinds stand there."""
    cid = f"from:{sid}:{kind}" if several else f"from:{sid}"
    label = SPACES[sid].name + (f" ({'Allied' if kind == 'ally' else 'Expeditionary'})"
                                if several else "")
    return choice(id=cid, label=label, group="Move a unit from")


def _parse_from(state: FreedomState, arg: str) -> tuple[str, str]:
    sid, _, kind = arg.partition(":")
    return sid, kind or imperial_kinds(state, sid)[0]


def _move_choices(
    state: FreedomState, spaces: list[str] | None, exclude: str | None
) -> tuple[Choice, ...]:
    """The units that may make a Normal Movement step (``move_sources``); anywhere on the
    board: once per position of the pieces."""
    if spaces is not None:
        return tuple(_unit_choices(state, move_sources(state, spaces, exclude)))
    return remembered(state, ("move_from", exclude),
                      lambda board: tuple(_unit_choices(board, move_sources(board, None, exclude))))


BACK = choice(id="back", label="Back to the action menu", style="secondary")
# The same choice once a unit is picked: it undoes only that pick.
BACK_STEP = choice(id="back", label="Back: pick another unit", style="secondary")
DONE = choice(id="done", label="Done", style="secondary")


# --- Imperial actions ----------------------------------------------------------------------

def empire_move_sources(state: FreedomState, exclude: str | None = None) -> list[tuple[str, str]]:
    """Spaces (and unit kinds) that can make a Normal Movement step (``any_empire_move``:
    whether there is one)."""
    return move_sources(state, zone(state), exclude)


def move_sources(
    state: FreedomState, spaces: list[str] | None, exclude: str | None = None
) -> list[tuple[str, str]]:
    """``empire_move_sources`` inside ``spaces`` (None: anywhere)."""
    found: list[tuple[str, str]] = []
    for sid in state.occupancy.imperial:
        space = state.spaces[sid]
        for kind in imperial_kinds(state, sid):
            count = getattr(space, kind) - (1 if exclude == sid else 0)
            if count > 0 and can_move_normally(state, sid, kind, spaces,
                                               allow_through=exclude is None):
                found.append((sid, kind))
    return sorted(found)


def empire_slow_sources(state: FreedomState) -> list[tuple[str, str]]:
    spaces = zone(state)
    slow = REACH["slow"]
    return sorted((sid, kind) for sid in state.occupancy.imperial if slow[sid]
                  for kind in imperial_kinds(state, sid)
                  if can_step(state, sid, kind, "slow", spaces))


def cannon_sites(state: FreedomState) -> list[tuple[str, int]]:
    if state.camp_cannons <= 0:
        return []
    spaces = state.spaces
    return [(sid, cost) for sid, cost in CANNON_COST.items()
            if spaces[sid].cannon is None and spaces[sid].exp + spaces[sid].ally > 0]


CANNON_COST = {
    sid: C.empire_cannon[str(d.row)] for sid, d in sorted(SPACES.items())
    if d.kind == "mainland" and str(d.row) in C.empire_cannon
}
WALL_SPACES = sorted(s for s, d in SPACES.items() if d.on_wall)
CITY_SPACES = sorted(s for s, d in SPACES.items() if d.in_city)


def menu_gate(state: FreedomState, spend: Frame) -> Callable[[str, int], bool]:
    """Whether ``spend``'s menu may list an action (id, cost): one its AP's source allows
    (``actions``) and they can pay for (``affordable``). Asked before an action's legality is
    worked out, so that nothing is worked out for an action the menu would drop."""
    data = spend.data
    allowed = data.get("actions")
    ap = int(data["ap"])

    def fits(aid: str, cost: int) -> bool:
        if allowed is not None and aid not in allowed:
            return False
        if cost <= ap:
            return True
        if data.get("event") or cost <= int(data["card_ap"]):
            return False  # Preparation AP only for an action the card alone cannot pay for
        return ap + state.prep[spend.role] >= cost

    return fits


def any_empire_move(state: FreedomState, imperial: set[str], spaces: list[str] | None) -> bool:
    """Whether ``empire_move_sources`` lists anything (``imperial``: the spaces with Imperial
    units, ``pieces.occupied``); anywhere on the board: once per position of the pieces."""
    if spaces is None:
        return remembered(state, "any_move", _any_move_anywhere)
    return any(can_move_normally(state, sid, kind, spaces)
               for sid in imperial for kind in imperial_kinds(state, sid))


def _any_move_anywhere(state: FreedomState) -> bool:
    return any(can_move_normally(state, sid, kind)
               for sid in state.occupancy.imperial for kind in imperial_kinds(state, sid))


def any_empire_slow(state: FreedomState, imperial: set[str], spaces: list[str] | None) -> bool:
    """Whether ``empire_slow_sources`` lists anything (as ``any_empire_move``)."""
    if spaces is None:
        return remembered(state, "any_slow", _any_slow_anywhere)
    return _any_slow(state, imperial, spaces)


def _any_slow(state: FreedomState, imperial: set[str], spaces: list[str] | None) -> bool:
    slow = REACH["slow"]
    return any(can_step(state, sid, kind, "slow", spaces)
               for sid in imperial if slow[sid] for kind in imperial_kinds(state, sid))


def _any_slow_anywhere(state: FreedomState) -> bool:
    return _any_slow(state, state.occupancy.imperial, None)


def empire_menu(state: FreedomState, spend: Frame) -> list[tuple[str, str, int]]:
    """(action id, label, cost) of every Imperial action possible now that ``spend`` allows
    and can pay for."""
    fits = menu_gate(state, spend)
    menu: list[tuple[str, str, int]] = []
    imperial, insurgent = occupied(state)
    spaces: list[str] | None = spend.data.get("spaces")  # ``zone``: ``spend`` asks now
    if fits("move", C.empire_move) and any_empire_move(state, imperial, spaces):
        menu.append(("move", "Normal Movement (2 units 1 space or 1 unit 2 spaces)", C.empire_move))
    if fits("slow", C.empire_slow) and any_empire_slow(state, imperial, spaces):
        menu.append(("slow", "Slow Movement (1 unit 1 space)", C.empire_slow))
    if fits("attack", C.empire_attack) and any_attacker(state, imperial, insurgent, spaces):
        menu.append(("attack", "Attack (2d8, 8+)", C.empire_attack))
    if not state.reward and state.money >= C.empire_reward_money \
            and fits("reward", C.empire_reward):
        menu.append(("reward", "Reward Attack (+2 to attacks this card, 1 Money)",
                     C.empire_reward))
    if state.prep["empire"] < TRACKS.limits.preparation_max and fits("prep", C.empire_prep):
        menu.append(("prep", "Preparation (store 1 AP)", C.empire_prep))
    if fits("support", C.empire_support):
        menu.append(("support", "Support Area", C.empire_support))
    if fits("plea", C.empire_plea):
        menu.append(("plea", f"Plea for Funds (2d6 + {state.plea['empire']} < 12)",
                     C.empire_plea))
    if state.camp_cannons > 0:
        # the cheapest affordable site of ``cannon_sites``
        cost = next((c for c in remembered(state, "cannon_costs", _cannon_costs)
                     if affordable(state, spend, c)), None)
        if cost is not None and fits("cannon", cost):
            menu.append(("cannon", "Build Cannon (3/5/7 AP)", cost))
    return menu


def any_attacker(
    state: FreedomState, imperial: set[str], insurgent: set[str], spaces: list[str] | None
) -> bool:
    """``any_imperial_attacker``; anywhere on the board: once per position of the pieces and
    the attacks made this card."""
    if spaces is not None:
        return any_imperial_attacker(state, imperial, insurgent, spaces)
    attacked, per_unit = tuple(state.attacked.items()), state.attacks_per_unit
    return remembered(state, ("attacker", attacked, per_unit),
                      lambda board: imperial_attacker_anywhere(board, dict(attacked), per_unit))


def _cannon_costs(state: FreedomState) -> tuple[int, ...]:
    """The costs of the sites where the Empire could build a cannon now, cheapest first."""
    spaces = state.spaces
    return tuple(sorted(CANNON_COST[sid] for sid in state.occupancy.imperial
                        if sid in CANNON_COST and spaces[sid].cannon is None))


def insurgent_menu(state: FreedomState, spend: Frame) -> list[tuple[str, str, int]]:
    """(action id, label, cost) of every Insurgent action possible now that ``spend`` allows
    and can pay for."""
    fits = menu_gate(state, spend)
    menu: list[tuple[str, str, int]] = []
    insurgent = state.occupancy.insurgent
    placement: bool | None = None  # whether a unit may be put anywhere: worked out once, if asked
    if fits("regroup", C.insurgents_regroup) and insurgent:
        placement = remembered(state, "any_placement", any_insurgent_placement)
        if placement:
            menu.append(("regroup", "Regroup (move 1 unit in the city)", C.insurgents_regroup))
    if fits("attack", C.insurgents_attack) \
            and remembered(state, "any_target", _any_insurgent_target):
        menu.append(("attack", "Attack (1d8, 6+; 5+ on the wall or a beach)",
                     C.insurgents_attack))
    if state.prep["insurgents"] < TRACKS.limits.preparation_max \
            and fits("prep", C.insurgents_prep):
        menu.append(("prep", "Preparation (store 1 AP)", C.insurgents_prep))
    if fits("support", C.insurgents_support):
        menu.append(("support", "Support Area", C.insurgents_support))
    raid_cost = cheapest_raid(state, spend)
    if raid_cost is not None and fits("raid", raid_cost):
        menu.append(("raid", "Raid (1d8, 5+; AP = distance)", raid_cost))
    plea = state.plea["insurgents"]
    if plea is not None and plea < TRACKS.plea.insurgents_max and fits("plea", C.insurgents_plea):
        menu.append(("plea", "Plea for Help from the Government", C.insurgents_plea))
    if fits("repair", C.insurgents_repair) and remembered(state, "repair", repair_sites):
        menu.append(("repair", "Repair Wall", C.insurgents_repair))
    if fits("train", C.insurgents_train) and state.spaces[CITY].civ > 0 \
            and state.pool["ins"] > 0:
        if placement is None:
            placement = remembered(state, "any_placement", any_insurgent_placement)
        if placement:
            menu.append(("train", "Train Civilians", C.insurgents_train))
    if fits("cannon", C.insurgents_cannon) and (
            state.supplies["insurgents"] >= C.insurgents_cannon_supplies
            and state.pool["cannons"] > 0
            and remembered(state, "cannon_sites", insurgent_cannon_sites)):
        menu.append(("cannon", "Build Cannon (4 AP + 1 Supply)", C.insurgents_cannon))
    return menu


def cheapest_raid(state: FreedomState, spend: Frame) -> int | None:
    """The cost of the cheapest Raid ``spend`` can pay for. A dearer raid may be affordable
    when the cheapest is not (Preparation AP pay only for an action dearer than the card)."""
    return next((c for c in RAID_COSTS if affordable(state, spend, c)
                 and remembered(state, ("raid", c), RAID_COSTING[c])), None)


def _raid_costing(cost: int) -> Callable[[FreedomState], bool]:
    def costing(state: FreedomState) -> bool:
        """Whether the Insurgents can make a Raid of ``cost`` AP now."""
        return raid_costing(state, cost)
    return costing


# cost -> whether a Raid of that cost can be made now (a work of ``remembered``)
RAID_COSTING = {cost: _raid_costing(cost) for cost in RAID_COSTS}


def _any_insurgent_target(state: FreedomState) -> bool:
    board = state.occupancy
    return any_insurgent_target(board.imperial, board.insurgent)


def repair_sites(state: FreedomState) -> list[str]:
    spaces = state.spaces
    return [s for s in WALL_SPACES if spaces[s].damage > 0 and spaces[s].ins > 0]


def insurgent_cannon_sites(state: FreedomState) -> list[str]:
    spaces = state.spaces
    return [s for s in CITY_SPACES if spaces[s].ins > 0 and spaces[s].cannon is None]


@prompt_state
class Spend(PromptState):
    """The action menu while a card's AP (or an event's AP) are being spent."""

    name = "spend"

    def text(self, state: FreedomState, frame: Frame) -> str:
        src = frame.data.get("source") or "card"
        ap, prep = frame.data["ap"], state.prep[frame.role]
        if frame.data.get("event"):
            return (f"{src}: {ap} free AP left (an event's AP: Preparation cannot be added). "
                    "Choose an action.")
        note = ""
        if prep:
            note = (f" Preparation {prep}: it may pay only for an action costing more than this "
                    f"card's {frame.data['card_ap']} AP.")
        return f"{src}: {ap} AP left.{note} Choose an action."

    def menu(self, state: FreedomState, frame: Frame) -> list[tuple[str, str, int]]:
        return (empire_menu if frame.role == "empire" else insurgent_menu)(state, frame)

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        choices = [_action_choice(*item) for item in self.menu(state, frame)]
        choices.append(_end_choice(str(frame.data["ap"])))
        return choices

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def over(self, state: FreedomState, frame: Frame) -> bool:
        return card_ends_when_spent(state) and not self.any_action(state, frame)

    def any_action(self, state: FreedomState, frame: Frame) -> bool:
        """Whether the menu lists any action. The actions that need no search of the board
        (Support Area, Preparation, Reward, Plea) are tried first, with the menu's own
        conditions: this is asked after every action spent, before the menu itself is listed."""
        fits = menu_gate(state, frame)
        role = frame.role
        prep = state.prep[role] < TRACKS.limits.preparation_max
        if role == "empire":
            if (fits("support", C.empire_support) or (prep and fits("prep", C.empire_prep))
                    or (not state.reward and state.money >= C.empire_reward_money
                        and fits("reward", C.empire_reward))
                    or fits("plea", C.empire_plea)):
                return True
        else:
            plea = state.plea["insurgents"]
            if (fits("support", C.insurgents_support)
                    or (prep and fits("prep", C.insurgents_prep))
                    or (plea is not None and plea < TRACKS.plea.insurgents_max
                        and fits("plea", C.insurgents_plea))):
                return True
        return bool(self.menu(state, frame))

    def on_act(self, state: FreedomState, frame: Frame, arg: str) -> None:
        # listed by ``choices`` for this very state (the runner checked the choice against
        # the prompt it made): not worked out again
        IMMEDIATE.get((frame.role, arg), _push_action(arg))(state, frame)


@cache
def _action_choice(aid: str, label: str, cost: int) -> Choice:
    return choice(id=f"act:{aid}", label=f"{label} — {cost} AP", group="Actions", style="primary")


@cache
def _end_choice(ap: str) -> Choice:
    return choice(id="done", label=f"End the card ({ap} AP unused)", style="secondary")


def _push_action(aid: str) -> Callable[[FreedomState, Frame], None]:
    def run(state: FreedomState, frame: Frame) -> None:
        push(state, f"{'emp' if frame.role == 'empire' else 'ins'}_{aid}", frame.role)
    return run


def empire_reward(state: FreedomState, spend: Frame) -> None:
    pay(state, C.empire_reward)
    gain_money(state, -C.empire_reward_money)
    state.reward = True
    state.say("Empire pays a Reward: +2 to every attack roll this card.", role="empire")


def preparation(state: FreedomState, spend: Frame) -> None:
    pay(state, 1)
    state.prep[spend.role] = min(TRACKS.limits.preparation_max, state.prep[spend.role] + 1)
    state.say(f"{side_does(spend.role, 'prepare')}: Preparation {state.prep[spend.role]}.",
              role=spend.role)


def empire_plea(state: FreedomState, spend: Frame) -> None:
    pay(state, C.empire_plea)
    dice = state.rng.dice(2, 6)
    track = state.plea["empire"] or 0
    total = sum(dice) + track
    if total < TRACKS.plea.empire_target:
        gain_money(state, TRACKS.plea.empire_money)
        state.plea["empire"] = min(TRACKS.plea.empire_max, track + TRACKS.plea.empire_step)
        state.say(f"Plea for Funds: 2d6 {dice} + {track} = {total} < 12: the High Porte sends "
                  f"{TRACKS.plea.empire_money} Money.", role="empire", dice=dice)
    else:
        state.say(f"Plea for Funds: 2d6 {dice} + {track} = {total}: refused.", role="empire",
                  dice=dice)


def insurgent_plea(state: FreedomState, spend: Frame) -> None:
    pay(state, C.insurgents_plea)
    state.plea["insurgents"] = min(TRACKS.plea.insurgents_max, (state.plea["insurgents"] or 0) + 1)
    state.say(f"Insurgents press the Government: Plea track {state.plea['insurgents']}.",
              role="insurgents")


IMMEDIATE: dict[tuple[str, str], Callable[[FreedomState, Frame], None]] = {
    ("empire", "reward"): empire_reward,
    ("empire", "prep"): preparation,
    ("empire", "plea"): empire_plea,
    ("insurgents", "prep"): preparation,
    ("insurgents", "plea"): insurgent_plea,
}


@prompt_state
class EmpireMove(PromptState):
    """Normal Movement: 2 units 1 space each, or 1 unit 2 spaces (1 AP)."""

    name = "emp_move"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"Move the unit from {SPACES[frame.data['src']].name} to:"
        if frame.data.get("at"):
            return (f"One unit moved to {SPACES[frame.data['at']].name}: move it on, move a "
                    "second unit 1 space, or stop.")
        return "Normal Movement (1 AP): choose a unit to move."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        d = frame.data
        spaces = zone(state)
        if d.get("src"):  # choosing where the selected unit goes
            final = bool(d.get("at"))
            dests = normal_destinations(state, d["src"], d["kind"], spaces,
                                        allow_through=not final)
            return [choice(id=f"to:{dst}", label=SPACES[dst].name + (" (passing)" if must else ""),
                           group="Move to") for dst, must in dests] + [BACK_STEP]
        if not d.get("at"):
            return [*_move_choices(state, spaces, None), BACK]
        choices = [
            choice(id=f"on:{dst}", label=f"Move it on to {SPACES[dst].name}", group="Move on")
            for dst in step_destinations(state, d["at"], d["at_kind"], "normal", spaces)
            if dst != d["came"]
        ]
        if not d.get("must"):
            choices += _move_choices(state, spaces, d["at"])
            choices.append(DONE)
        return choices

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data.get("src"):
            frame.data["src"] = None
        else:
            pop(state, frame)

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"], frame.data["kind"] = _parse_from(state, arg)

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        d = frame.data
        src, kind = d["src"], d["kind"]
        if d.get("at"):  # the second unit: one space
            move_units(state, src, arg, kind)
            state.say(f"Empire moves a unit {SPACES[src].name} → {SPACES[arg].name}.",
                      role="empire")
            pop(state, frame)
            return
        must = dict(normal_destinations(state, src, kind, zone(state))).get(arg, False)
        pay(state, C.empire_move)
        move_units(state, src, arg, kind)
        state.say(f"Empire moves a unit {SPACES[src].name} → {SPACES[arg].name}.", role="empire")
        d.update(src=None, at=arg, came=src, must=must, at_kind=kind)

    def on_on(self, state: FreedomState, frame: Frame, arg: str) -> None:
        d = frame.data
        move_units(state, d["at"], arg, d["at_kind"])
        state.say(f"Empire moves the unit on to {SPACES[arg].name}.", role="empire")
        pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)


@prompt_state
class EmpireSlow(PromptState):
    """Slow Movement: 1 unit 1 space into the lagoon, the southern city or the wall (1 AP)."""

    name = "emp_slow"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Slow Movement (1 AP): choose a unit, then where it goes."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            return [choice(id=f"to:{dst}", label=SPACES[dst].name, group="Move to")
                    for dst in step_destinations(state, frame.data["src"], frame.data["kind"],
                                                 "slow", zone(state))] + [BACK_STEP]
        return [*_unit_choices(state, empire_slow_sources(state)), BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data.get("src"):
            frame.data["src"] = None
        else:
            pop(state, frame)

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"], frame.data["kind"] = _parse_from(state, arg)

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        pop(state, frame)
        pay(state, C.empire_slow)
        move_units(state, src, arg, frame.data["kind"])
        state.say(f"Empire moves a unit slowly {SPACES[src].name} → {SPACES[arg].name}.",
                  role="empire")


@prompt_state
class EmpireAttack(PromptState):
    """Attack (1 AP): one unit attacks an adjacent Insurgent-held space with 2d8."""

    name = "emp_attack"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"Attack from {SPACES[frame.data['src']].name}: choose the target."
        return "Attack (1 AP): choose the attacking unit's space."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            src = frame.data["src"]
            return [choice(id=f"at:{t}", group="Attack", style="danger",
                           label=f"{SPACES[t].name} — {_imperial_odds(state, src, t)}")
                    for t in imperial_targets(state, src, zone(state))] + [BACK_STEP]
        return [choice(id=f"from:{s}", label=SPACES[s].name, group="Attack from")
                for s in imperial_attackers(state, zone(state))] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data.get("src"):
            frame.data["src"] = None
        else:
            pop(state, frame)

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = arg

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        pop(state, frame)
        pay(state, C.empire_attack)
        imperial_attack(state, src, arg)


def _imperial_odds(state: FreedomState, src: str, dst: str) -> str:
    """What a die of the 2d8 must show, with every modifier counted (5.3.2 / 4.3)."""
    need, bonus = imperial_attack_modifier(state, src, dst)
    natural = need - bonus
    if natural > 8:
        return f"cannot succeed: {need} {bonus:+d} is out of reach of a d8"
    if natural <= 1:
        return "succeeds on any roll"
    mods = f" ({need} {bonus:+d})" if bonus else ""
    return f"{natural}+ on either die{mods}"


class SupportBase(PromptState):
    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Support Area (2 AP): choose an area."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [
            choice(id=f"area:{aid}", label=f"{a.name} ({state.areas[aid].side.title()} "
                   f"{state.areas[aid].support})", group="Area")
            for aid, a in AREAS.items()
            if not (state.areas[aid].side == frame.role
                    and state.areas[aid].support >= TRACKS.limits.support_max)
        ] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_area(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.empire_support if frame.role == "empire" else C.insurgents_support)
        what = support_area(state, arg, frame.role)
        state.say(f"{side_does(frame.role, 'support')} {AREAS[arg].name}: {what}.",
                  role=frame.role)


@prompt_state
class EmpireSupport(SupportBase):
    name = "emp_support"


@prompt_state
class InsurgentSupport(SupportBase):
    name = "ins_support"


@prompt_state
class EmpireCannon(PromptState):
    """Build Cannon: a cannon from the Camp onto a mainland space of rows 4-6 with a unit."""

    name = "emp_cannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Build Cannon: choose the space (row 6: 3 AP, row 5: 5 AP, row 4: 7 AP)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        spend = spend_frame(state)
        return [choice(id=f"at:{s}", label=f"{SPACES[s].name} ({cost} AP)", group="Build on")
                for s, cost in cannon_sites(state) if affordable(state, spend, cost)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.empire_cannon[str(SPACES[arg].row)])
        state.camp_cannons -= 1
        state.spaces[arg].cannon = "empire"
        state.say(f"Empire builds a cannon on {SPACES[arg].name}.", role="empire")


# --- Insurgent actions ---------------------------------------------------------------------

@prompt_state
class Regroup(PromptState):
    """Regroup: one Insurgent unit anywhere in the city or onto an island (1 AP; free in the
    Opening)."""

    name = "ins_regroup"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"Regroup the unit from {SPACES[frame.data['src']].name} to:"
        if frame.data.get("opening"):
            return ("Opening: you may Regroup one unit for free (anywhere in the city, or onto an "
                    "island free of Imperial units).")
        return "Regroup (1 AP): choose a unit to move."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            return [choice(id=f"to:{d}", label=SPACES[d].name, group="Move to")
                    for d in regroup_destinations(state, frame.data["src"])] + [BACK_STEP]
        opening = frame.data.get("opening")
        return [*remembered(state, "regroup_from", _regroup_sources),
                choice(id="pass", label="No Regroup") if opening else BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data.get("src"):
            frame.data["src"] = None
        else:
            pop(state, frame)

    on_pass = on_back

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = arg

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        pop(state, frame)
        if not frame.data.get("opening"):
            pay(state, C.insurgents_regroup)
        move_units(state, src, arg, "ins")
        state.say(f"Insurgents regroup a unit {SPACES[src].name} → {SPACES[arg].name}.",
                  role="insurgents")


def _regroup_sources(state: FreedomState) -> tuple[Choice, ...]:
    """The Insurgent units that may Regroup somewhere (in board order)."""
    free = insurgent_placements(state)  # a unit's regroup destinations: these but its own
    return tuple(choice(id=f"from:{s}", label=SPACES[s].name, group="Regroup from")
                 for s in sorted(state.occupancy.insurgent, key=BOARD_ORDER.__getitem__)
                 if any(d != s for d in free))


@prompt_state
class InsurgentAttack(PromptState):
    """Attack (1 AP): 1d8 against an Imperial space next to an Insurgent unit."""

    name = "ins_attack"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Attack (1 AP): choose the Imperial space to attack."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{t}", label=f"{SPACES[t].name} (1d8, {insurgent_need(t)}+)",
                       group="Attack", style="danger")
                for t in insurgent_targets(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_attack)
        insurgent_attack(state, arg)


@prompt_state
class InsurgentRaid(PromptState):
    """Raid: a unit on the wall strikes a mainland space beyond the first row (AP = distance)."""

    name = "ins_raid"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Raid: choose the raiding unit's space and the target."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        spend = spend_frame(state)
        return [raid for raid, cost in remembered(state, "raids", _raids)
                if affordable(state, spend, cost)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src, _, dst = arg.partition(":")
        cost = dict(raid_targets(state, src))[dst]
        pop(state, frame)
        pay(state, cost)
        raid(state, src, dst)


def _raids(state: FreedomState) -> tuple[tuple[Choice, int], ...]:
    """Every Raid the Insurgents can make now, with its cost."""
    return tuple(
        (choice(id=f"at:{src}:{t}", label=f"{SPACES[src].name} → {SPACES[t].name} ({cost} AP)",
                group="Raid", style="danger", detail=raid_odds(state, t)), cost)
        for src in RAIDERS for t, cost in raid_targets(state, src))


def raid_odds(state: FreedomState, target: str) -> str:
    """What a raid on ``target`` may gain: the chance to kill and what an emptied space gives."""
    n = state.spaces[target].imperial
    chance = round(100 * (9 - RAID_HITS_ON) / 8)
    odds = (f"{chance}% ({RAID_HITS_ON}+ on 1d8) to kill 1 of the {n} Imperial "
            f"unit{'s' if n != 1 else ''} there")
    return odds + ("; a hit empties it: Morale choice" if n == 1 else "")


@prompt_state
class InsurgentRepair(PromptState):
    name = "ins_repair"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Repair Wall (4 AP): choose a damaged wall space held by your unit."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{s}", label=SPACES[s].name, group="Repair")
                for s in repair_sites(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_repair)
        repair_wall(state, arg)
        state.say(f"Insurgents repair the wall at {SPACES[arg].name}.", role="insurgents")


@prompt_state
class InsurgentTrain(PromptState):
    name = "ins_train"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Train Civilians (4 AP): a civilian becomes a unit; choose where it stands."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{s}", label=SPACES[s].name, group="Place the unit on")
                for s in insurgent_placements(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_train)
        state.spaces[CITY].civ -= 1
        state.pool["civ"] += 1
        add_units(state, arg, "ins", 1)
        state.say(f"Insurgents train a civilian: a new unit on {SPACES[arg].name}.",
                  role="insurgents")


@prompt_state
class InsurgentCannon(PromptState):
    name = "ins_cannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Build Cannon (4 AP + 1 Supply): choose a space held by your unit."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{s}", label=SPACES[s].name, group="Build on")
                for s in insurgent_cannon_sites(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_cannon)
        gain_supplies(state, "insurgents", -C.insurgents_cannon_supplies)
        place_cannon(state, arg, "insurgents")
        state.say(f"Insurgents build a cannon on {SPACES[arg].name}.", role="insurgents")


__all__ = ["CAMP", "Spend", "affordable", "pay", "spend_frame"]
