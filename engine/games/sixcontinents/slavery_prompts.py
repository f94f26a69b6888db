"""Slavery's questions and the mutiny (Slavery): after a battle between two players, the
winner with a slave camp is asked whether he tries to capture (the chance shown) and how
many of those caught he keeps; the loser with slaves rolls for a mutiny, and risen slaves
become rebels where they work (Revolts: the loyal soldiers there fight them at once). On his
turn a player may move slaves (2 provinces, no march) or kill one.

Choice ids: capture ``try``, ``no``; captives ``keep:<n>``; move ``from:<id>``,
``count:<n>``, ``to:<id>``; kill ``province:<id>``.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.battle import Attack, fight
from engine.games.sixcontinents.conquest import take
from engine.games.sixcontinents.flow import FLOW, colour, counted, place
from engine.games.sixcontinents.realm import units_of
from engine.games.sixcontinents.slavery import (
    camps,
    enslave,
    kill_slave,
    movable,
    move_slaves,
    slave_reach,
    slaves_of,
)
from engine.games.sixcontinents.state import REBELS, SixState, Unit
from engine.games.sixcontinents.tables import (
    D100,
    SLAVERY,
    capture_chance,
    catch_die,
    mutiny_chance,
)
from engine.games.sixcontinents.turn_prompts import province_choices


def mutiny(state: SixState, role: str) -> None:
    """Every slave of ``role`` rises: where he holds the province, as rebels who fight the
    loyal soldiers there at once (or take it); elsewhere they simply run away."""
    by_province: dict[str, int] = {}
    for slave in slaves_of(state, role):
        by_province[slave.province] = by_province.get(slave.province, 0) + 1
        state.slaves.remove(slave)
    for province, count in sorted(by_province.items()):
        if state.provinces[province].holder != role:
            state.say(f"{counted(count, 'slave')} of {place(province)} run away.")
            continue
        rebels = []
        for _ in range(count):
            unit = Unit(id=state.next_unit, kind="infantry", owner=REBELS, province=province)
            state.next_unit += 1
            state.units.append(unit)
            rebels.append(unit)
        state.say(f"{counted(count, 'slave')} of {colour(role)} rise in {place(province)}.")
        loyal = units_of(state, role, province)
        if loyal and not fight(state, Attack(attacker=REBELS, target=province, units=rebels,
                                             defenders=loyal, withdraw_at=0)):
            continue
        take(state, REBELS, province, rebels)


@FLOW.state
class AfterBattle(PromptState[SixState]):
    """Once a battle between two players and its questions are over: the loser's mutiny
    roll, then the winner's capture."""

    name = "after_battle"
    auto = True

    def run(self, state: SixState, frame: Frame) -> None:
        loser = str(frame.data["loser"])
        count = len(slaves_of(state, loser))
        if count:
            chance = mutiny_chance(count)
            roll = state.rng.roll(D100)
            state.say(f"{colour(loser)} lost a battle with {counted(count, 'slave')}: "
                      f"mutiny on {chance} or less, rolled {roll}"
                      + (": they rise." if roll <= chance else "."), dice=[roll])
            if roll <= chance:
                mutiny(state, loser)
        if frame.data["camp"] and camps(state, frame.role) and int(frame.data["enemy"]):
            FLOW.push(state, "capture", frame.role, **frame.data)


def chance_of(frame: Frame) -> int:
    left = frame.data["left"]
    assert isinstance(left, dict)
    return capture_chance({str(k): int(v) for k, v in left.items()})


@FLOW.state
class Capture(PromptState[SixState]):
    """"After winning a land battle, the player who owns the Slave Camp building may try
    to capture enemy soldiers as slaves.\""""

    name = "capture"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        enemy = int(frame.data["enemy"])
        return (f"You won the battle of {place(str(frame.data['province']))}: try to "
                f"capture slaves from {colour(str(frame.data['loser']))}'s {enemy} soldiers?",
                [choice("try", f"Try ({chance_of(frame)}%: d{catch_die(enemy)} slaves, "
                        f"at most {enemy})", style="primary"),
                 choice("no", "No")])

    def on_try(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        chance, enemy = chance_of(frame), int(frame.data["enemy"])
        roll = state.rng.roll(D100)
        if roll > chance:
            state.say(f"{colour(frame.role)} tries to capture slaves: {roll}, above "
                      f"{chance}: nobody caught.", dice=[roll])
            return
        die = catch_die(enemy)
        caught = min(enemy, state.rng.roll(die))
        state.say(f"{colour(frame.role)} tries to capture slaves: {roll}, {chance} or less: "
                  f"d{die}, {counted(caught, 'slave')} caught.", dice=[roll, caught])
        FLOW.push(state, "captives", frame.role, caught=caught,
                  origin=str(frame.data["loser"]))

    def on_no(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)


@FLOW.state
class Captives(PromptState[SixState]):
    """"The player can kill any part of the captured slaves"; the rest go to work in a slave
    camp of his (the first on the map: decision), moving on from the next turn."""

    name = "captives"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        caught = int(frame.data["caught"])
        mine = len(slaves_of(state, frame.role))
        choices = [choice(f"keep:{n}", f"Keep {n}, kill {caught - n}" if n < caught
                          else f"Keep all {caught}", group="Keep",
                          detail=f"then a mutiny after a lost battle on "
                                 f"{mutiny_chance(mine + n)}% or less")
                   for n in range(caught, -1, -1)]
        return f"{counted(caught, 'captive')}: how many do you keep as slaves?", choices

    def on_keep(self, state: SixState, frame: Frame, count: str) -> None:
        keep = int(count)
        caught = int(frame.data["caught"])
        if not 0 <= keep <= caught:
            raise ValueError(f"cannot keep {count} of {caught}")
        FLOW.end(state, frame)
        where = camps(state, frame.role)
        if not where or not keep:
            state.say(f"{colour(frame.role)} kills the captives.", role=frame.role)
            return
        enslave(state, frame.role, str(frame.data["origin"]), keep, where[0])
        state.say(f"{colour(frame.role)} sends {counted(keep, 'slave')} to "
                  f"{place(where[0])}" + (f" and kills {caught - keep}." if keep < caught
                                          else "."), role=frame.role)


@FLOW.state
class MoveSlaves(StepAction[SixState]):
    """"The transport of slaves takes place as usual (2 movement points) without paying
    for the passage": over one's own land."""

    name = "move_slaves"
    steps = ("from", "count", "to")
    cancel = "Back to the menu"

    def ask_from(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        ready = movable(state, frame.role)
        detail = {p: f"{counted(len(s), 'slave')} ready" for p, s in ready.items()}
        return "Move slaves from where?", [
            choice(f"from:{c.id.partition(':')[2]}", c.label, group=c.group,
                   detail=c.detail)
            for c in province_choices(sorted(ready), detail)]

    def ask_count(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        ready = movable(state, frame.role).get(picked["from"], [])
        return "How many?", [choice(f"count:{n}", str(n), group="Slaves")
                             for n in range(1, len(ready) + 1)]

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        start, count = picked["from"], int(picked["count"])
        ready = sorted(movable(state, frame.role).get(start, []), key=lambda s: s.used)
        if len(ready) < count:
            return "Those slaves cannot move.", []
        points = SLAVERY.movement - ready[count - 1].used
        return (f"Send them from {place(start)} where? No march to pay.", [
            choice(f"to:{c.id.partition(':')[2]}", c.label, group=c.group)
            for c in province_choices(slave_reach(state, frame.role, start, points), {})])

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        move_slaves(state, frame.role, picked["from"], picked["to"], int(picked["count"]))


def slave_provinces(state: SixState, role: str) -> list[str]:
    return sorted({s.province for s in slaves_of(state, role)})


@FLOW.state
class KillSlave(StepAction[SixState]):
    """Slavery: a slave may be killed (fewer slaves, a smaller chance of mutiny)."""

    name = "kill_slave"
    steps = ("province",)
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        detail = {p: counted(len(slaves_of(state, frame.role, p)), "slave")
                  for p in slave_provinces(state, frame.role)}
        return ("Kill a slave where?",
                province_choices(slave_provinces(state, frame.role), detail))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        kill_slave(state, frame.role, picked["province"])


