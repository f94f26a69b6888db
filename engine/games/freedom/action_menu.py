"""Spending Action Points: the action menu and one prompt state per action of each side.

A card played for AP pushes a ``spend`` frame; picking an action pushes that action's frame
above it; the action pays its AP when it is carried out (``pay``), with Preparation AP only
when the action costs more than the card gives (and never for event AP).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core.game import Choice
from engine.games.freedom.ap import C, affordable, pay
from engine.games.freedom.combat import (
    RAID_COSTS,
    any_imperial_attacker,
    any_insurgent_target,
    imperial_attacker_anywhere,
    raid_costing,
)
from engine.games.freedom.data import (
    CITY,
    TRACKS,
    side_does,
)
from engine.games.freedom.empire_actions import (
    CANNON_COST,
    any_empire_move,
    any_empire_slow,
)
from engine.games.freedom.flow import PromptState, choice, pop, prompt_state, push
from engine.games.freedom.insurgent_actions import insurgent_cannon_sites, repair_sites
from engine.games.freedom.movement import any_insurgent_placement
from engine.games.freedom.pieces import (
    gain_money,
    occupied,
)
from engine.games.freedom.revisions import card_ends_when_spent
from engine.games.freedom.state import Frame, FreedomState, remembered


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
