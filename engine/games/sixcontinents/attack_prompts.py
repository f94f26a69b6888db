"""The attack of the turn menu (Battles, General rules 6-7): the target, the forces and the
withdraw point, or under rules revision 2 one choice per target with its chance; then the
plunder or the march after a province is taken.

Choice ids: ``target:<province>``, ``forces:<province>`` or ``forces:all``,
``withdraw:<soldiers>`` (0: fight to the end), ``strike:<province>`` (rules revision 2: every
unit that can reach it, to the end), ``plunder``, ``pay``.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.army import enemy_held
from engine.games.sixcontinents.army_prompts import group_of
from engine.games.sixcontinents.battle import (
    Attack,
    attack_forces,
    defenders_of,
    fight,
    march_owed,
)
from engine.games.sixcontinents.board import ADJACENT
from engine.games.sixcontinents.conquest import plunder, plunder_fine, spend_moves, take
from engine.games.sixcontinents.flow import FLOW, building_name, colour, place
from engine.games.sixcontinents.odds import attack_odds, percent
from engine.games.sixcontinents.realm import capital_of, pay, soldiers, units_of
from engine.games.sixcontinents.revisions import attacks_in_one_choice
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.victory import check_capitals


def attack_targets(state: SixState, role: str) -> list[str]:
    """Provinces held by another player next to units of ``role`` that can still attack."""
    near = {p for u in units_of(state, role) for p in ADJACENT[u.province]
            if enemy_held(state, role, p)}
    return sorted(p for p in near if attack_forces(state, role, p, "all"))


def strike_choice(state: SixState, role: str, target: str) -> Choice:
    """Attack ``target`` with every unit that can reach it, to the end, in one choice."""
    every = attack_forces(state, role, target, "all")
    origins = sorted({u.province for u in every})
    where = place(origins[0]) if len(origins) == 1 else f"{len(origins)} provinces"
    defence = soldiers(defenders_of(state, target))
    return choice(f"strike:{target}",
                  f"{place(target)}: all {soldiers(every)} soldiers against {defence}, "
                  f"{percent(attack_odds(state, role, target))}",
                  group="Attack with all that can reach, to the end",
                  detail=f"from {where}; the chance of taking it, fighting to the end")


@FLOW.state
class AttackAction(StepAction[SixState]):
    """Battles: the target, the forces (one adjacent province's or all of them), and the
    point at which the attacker withdraws; the battle is then rolled out at once. Under
    rules revision 2 a target may be attacked in one choice: all that can reach, to the end."""

    name = "attack"
    steps = ("target", "forces", "withdraw")
    shortcuts = ("strike",)
    cancel = "Back to the menu"

    def ask_target(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        role = frame.role
        targets = attack_targets(state, role)
        one_choice = attacks_in_one_choice(state)
        choices = [strike_choice(state, role, p) for p in targets] if one_choice else []
        for p in targets:
            land = state.provinces[p]
            defence = soldiers(defenders_of(state, p))
            extras = [b for b in (building_name(land.building) if land.building else "",
                                  "Port" if land.port else "",
                                  "capital" if capital_of(state, p) else "") if b]
            choices.append(choice(f"target:{p}", f"{place(p)} ({colour(land.holder)}, "
                                  f"{defence} soldiers)", group=group_of(p),
                                  detail=", ".join(extras)))
        if one_choice:
            return ("Attack which province? All that can reach it, fighting to the end (the "
                    "chance of taking it), or choose the forces and when to withdraw.",
                    choices)
        return "Attack which province?", choices

    def answers_for(self, state: SixState, frame: Frame, verb: str,
                    target: str) -> dict[str, str]:
        return {"target": target, "forces": "all", "withdraw": "0"}  # ``strike``

    def ask_forces(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        target = picked["target"]
        every = attack_forces(state, frame.role, target, "all")
        origins = sorted({u.province for u in every})
        choices = [choice(f"forces:{p}", f"From {place(p)} ("
                          f"{soldiers(attack_forces(state, frame.role, target, p))} soldiers)",
                          group="Forces") for p in origins]
        if len(origins) > 1:
            choices.append(choice("forces:all", f"From all {len(origins)} provinces "
                                  f"({soldiers(every)} soldiers)", group="Forces"))
        return f"Attack {place(target)} with which forces?", choices

    def ask_withdraw(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        forces = attack_forces(state, frame.role, picked["target"], picked["forces"])
        total = soldiers(forces)
        points = sorted({n for n in (total // 4, total // 2, (3 * total) // 4) if 0 < n < total})
        choices = [choice("withdraw:0", "Fight to the end", group="Withdraw")]
        choices += [choice(f"withdraw:{n}", f"Withdraw when down to {n} soldiers",
                           group="Withdraw") for n in points]
        return f"{total} soldiers attack {place(picked['target'])}. When to withdraw?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        role, target = frame.role, picked["target"]
        forces = attack_forces(state, role, target, picked["forces"])
        owed = march_owed(state, forces)
        attack = Attack(attacker=role, target=target, units=list(forces),
                        defenders=defenders_of(state, target),
                        withdraw_at=int(picked["withdraw"]))
        won = fight(state, attack)
        spend_moves(state, attack.units)
        if not won:
            return
        take(state, role, target, attack.units)
        if check_capitals(state) or capital_of(state, target):
            return  # a capital is never plundered, and its attacker pays no march (Capital)
        FLOW.push(state, "plunder", role, province=target, march=owed)


@FLOW.state
class Plunder(PromptState[SixState]):
    """General rule 7: plunder (no march paid; every building destroyed, 2 red tokens) or pay
    the march of every attacking soldier, the fallen included."""

    name = "plunder"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        province, owed = str(frame.data["province"]), int(frame.data["march"])
        gone = ", ".join(building_name(b) for b in state.provinces[province].buildings())
        fine = plunder_fine(state, province)
        label = "Plunder: 2 red tokens" + (f", destroy {gone}" if gone else "") + \
            (f", pay {fine}" if fine else "")
        choices = [choice("plunder", label, style="danger")]
        if owed <= state.realms[frame.role].currency:
            choices.append(choice("pay", f"Pay the march ({owed})", style="primary"))
        return f"{place(province)} is taken: plunder it, or pay the march ({owed})?", choices

    def on_plunder(self, state: SixState, frame: Frame, _: str) -> None:
        plunder(state, frame.role, str(frame.data["province"]))
        FLOW.end(state, frame)

    def on_pay(self, state: SixState, frame: Frame, _: str) -> None:
        owed = int(frame.data["march"])
        pay(state, frame.role, owed)
        state.say(f"{colour(frame.role)} pays {owed} for the march.", role=frame.role)
        FLOW.end(state, frame)
