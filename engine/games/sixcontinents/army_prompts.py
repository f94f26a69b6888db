"""The Army actions of the turn menu: recruit, move, attack (with the plunder or the march
after a province is taken), exchange and disband.

Choice ids: ``unit:<kind>``, ``count:<n>``, ``go:<province>.<province>`` (a move of all
that can go, from → to), ``from:<province>`` (to choose the units), ``units:<kind>.<points>.<n>``
(that many units of a kind with that many movement points left), ``to:<province>``,
``target:<province>``, ``forces:<province>`` or ``forces:all``, ``withdraw:<soldiers>``
(0: fight to the end), ``strike:<province>`` (rules revision 2: every unit that can reach it,
to the end), ``how:merge.<kind>`` / ``how:split.<kind>``, ``plunder``, ``pay``.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction, answers_of
from engine.games.sixcontinents.army import (
    EXCHANGES,
    caravan,
    caravan_moves,
    destinations,
    disband_units,
    enemy_held,
    exchange,
    exchanges,
    forces_text,
    movable,
    move,
    move_all,
    points_left,
    recruit,
    recruitable,
    step_cost,
    sweep,
)
from engine.games.sixcontinents.battle import (
    Attack,
    attack_forces,
    defenders_of,
    fight,
    march_owed,
)
from engine.games.sixcontinents.board import ADJACENT, CONTINENT_OF, CONTINENTS
from engine.games.sixcontinents.conquest import plunder, plunder_fine, spend_moves, take
from engine.games.sixcontinents.content import UNITS
from engine.games.sixcontinents.economy import march_cost, recruit_price
from engine.games.sixcontinents.flow import FLOW, building_name, colour, place, units_text
from engine.games.sixcontinents.odds import attack_odds, percent
from engine.games.sixcontinents.realm import (
    capital_of,
    pay,
    recruit_limit,
    soldiers,
    units_of,
)
from engine.games.sixcontinents.revisions import attacks_in_one_choice
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.victory import check_capitals


def counts(most: int) -> list[int]:
    """The numbers offered for "how many": every one up to 10, then steps of 5, and all."""
    offered = [n for n in range(1, most + 1) if n <= 10 or n % 5 == 0]
    if most > 0 and most not in offered:
        offered.append(most)
    return offered


def group_of(province: str) -> str:
    return CONTINENTS[CONTINENT_OF[province]].name


@FLOW.state
class Recruit(StepAction[SixState]):
    """Army 5 and 9: recruits only at the seat, at most 2 soldiers per province held a turn;
    they have no movement point this turn."""

    name = "recruit"
    steps = ("unit", "count")
    cancel = "Back to the menu"

    def ask_unit(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        role = frame.role
        choices = [choice(f"unit:{kind}",
                          f"{UNITS[kind].name} ({recruit_price(state, role, kind)})",
                          group="Units",
                          detail=f"{UNITS[kind].soldiers} soldiers, movement "
                                 f"{UNITS[kind].movement}; up to {most}")
                   for kind, most in recruitable(state, role).items()]
        realm = state.realms[role]
        return (f"Recruit in {place(realm.seat)}: {realm.currency} currency, "
                f"{recruit_limit(state, role)} soldiers may still be recruited.", choices)

    def ask_count(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        kind = picked["unit"]
        each = recruit_price(state, frame.role, kind)
        most = recruitable(state, frame.role).get(kind, 0)
        return f"How many {UNITS[kind].name}?", [
            choice(f"count:{n}", f"{n} ({n * each})", group="How many")
            for n in counts(most)]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        recruit(state, frame.role, picked["unit"], int(picked["count"]))


def affordable_groups(state: SixState, role: str, start: str) -> dict[str, int]:
    """Movable groups of ``start`` -> the most of them whose march ``role`` can pay."""
    found = {}
    money = state.realms[role].currency
    for key, units in movable(state, role, start).items():
        each = UNITS[units[0].kind].soldiers
        most = len(units)
        while most and step_cost(state, start, most * each) > money:
            most -= 1
        if most:
            found[key] = most
    return found


def go_choices(state: SixState, role: str, start: str) -> list[Choice]:
    """The "from → to" choices out of ``start``: every unit that can go and be paid for
    (``sweep``) to each province it may step to, with the march's cost."""
    going = sweep(state, role, start)
    if not going:
        return []
    cost = step_cost(state, start, soldiers(going))
    price = f"({cost})" if cost else "(free)"
    left = sorted({points_left(state, u) for u in going})
    moves = str(left[0]) if len(left) == 1 else f"{left[0]}–{left[-1]}"
    choices = []
    for to in destinations(state, role, start):
        road = f"{place(start)} → {place(to)}: "
        label = road + f"{forces_text(going)} {price}"
        if len(label) > LABEL:
            label = road + f"{len(going)} units {price}"
        mine = state.provinces[to].holder == role
        note = "yours" if mine else "empty: taken on arrival"
        choices.append(choice(f"go:{start}.{to}", label,
                              group=f"Move all that can go, from {group_of(start)}",
                              detail=f"{note}; {moves} moves left"))
    return choices


# A choice's label is shown whole up to this length (a button's; a menu option shows 100).
LABEL = 80


def move_sources(state: SixState, role: str) -> list[str]:
    return [p for p in sorted({u.province for u in units_of(state, role)})
            if destinations(state, role, p) and affordable_groups(state, role, p)]


@FLOW.state
class Move(StepAction[SixState]):
    """General rules 2 and 4: units step to an adjacent province of their own or nobody's
    (taking it), one movement point and the march (Costs 3) a step; free out of a road or
    a capital, and in some weather."""

    name = "move"
    steps = ("from", "units", "to")
    cancel = "Back to the menu"

    def ask_from(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        role = frame.role
        sources = move_sources(state, role)
        choices = [go for start in sources for go in go_choices(state, role, start)]
        choices += [choice(f"from:{p}", f"Choose the units in {place(p)}",
                           group="Choose the units: from",
                           detail=f"{soldiers(units_of(state, role, p))} soldiers")
                    for p in sources]
        return (f"Move from → to, all that can go (the cost in brackets), or choose the units. "
                f"March {march_cost(state)} per soldier and province.", choices)

    def handle(self, state: SixState, frame: Frame, choice_id: str) -> None:
        step, _, value = choice_id.partition(":")
        if step != "go" or answers_of(frame):
            super().handle(state, frame, choice_id)
            return
        start, _, to = value.partition(".")
        move_all(state, frame.role, start, to)
        FLOW.end(state, frame, result={"go": value})

    def ask_units(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        start = picked["from"]
        choices = []
        for key, most in affordable_groups(state, frame.role, start).items():
            kind, _, points = key.partition(".")
            for n in counts(most):
                cost = step_cost(state, start, n * UNITS[kind].soldiers)
                choices.append(choice(f"units:{key}.{n}",
                                      f"{units_text(kind, n)}, {points} moves left ({cost})",
                                      group=UNITS[kind].name))
        return f"Which units leave {place(start)}?", choices

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        start = picked["from"]
        choices = []
        for p in destinations(state, frame.role, start):
            land = state.provinces[p]
            note = "yours" if land.holder == frame.role else "empty: taken on arrival"
            choices.append(choice(f"to:{p}", place(p), group=group_of(p), detail=note))
        return f"Move to where from {place(start)}?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        kind, points, n = picked["units"].split(".")
        move(state, frame.role, picked["from"], f"{kind}.{points}", int(n), picked["to"])


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
    cancel = "Back to the menu"

    def ask_target(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        role = frame.role
        targets = attack_targets(state, role)
        choices = []
        if attacks_in_one_choice(state):
            choices = [strike_choice(state, role, p) for p in targets]
        for p in targets:
            land = state.provinces[p]
            defence = soldiers(defenders_of(state, p))
            extras = [b for b in (building_name(land.building) if land.building else "",
                                  "Port" if land.port else "",
                                  "capital" if capital_of(state, p) else "") if b]
            choices.append(choice(f"target:{p}", f"{place(p)} ({colour(land.holder)}, "
                                  f"{defence} soldiers)", group=group_of(p),
                                  detail=", ".join(extras)))
        if attacks_in_one_choice(state):
            return ("Attack which province? All that can reach it, fighting to the end (the "
                    "chance of taking it), or choose the forces and when to withdraw.",
                    choices)
        return "Attack which province?", choices

    def handle(self, state: SixState, frame: Frame, choice_id: str) -> None:
        step, _, target = choice_id.partition(":")
        if step != "strike" or answers_of(frame):
            super().handle(state, frame, choice_id)
            return
        picked = {"target": target, "forces": "all", "withdraw": "0"}
        self.perform(state, frame, picked)
        FLOW.end(state, frame, result=picked)

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


@FLOW.state
class Exchange(StepAction[SixState]):
    """Army 4 and 7: at the seat, 3 infantry make a cavalry and 2 cavalry an artillery, or
    the other way; the new units do not move this turn."""

    name = "exchange"
    steps = ("how",)
    cancel = "Back to the menu"

    def ask_how(self, state: SixState, frame: Frame,
                picked: dict[str, str]) -> tuple[str, list[Choice]]:
        choices = []
        for how in exchanges(state, frame.role):
            verb, _, whole = how.partition(":")
            part, n = EXCHANGES[whole]
            label = (f"{n} {UNITS[part].name} into 1 {UNITS[whole].name}" if verb == "merge"
                     else f"1 {UNITS[whole].name} into {n} {UNITS[part].name}")
            choices.append(choice(f"how:{verb}.{whole}", label, group="Exchange"))
        return "Exchange which units?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        verb, _, whole = picked["how"].partition(".")
        exchange(state, frame.role, f"{verb}:{whole}")


@FLOW.state
class Caravan(StepAction[SixState]):
    """Army 6: a horse and a cannon form a caravan, or come apart; 2 movement points each
    way."""

    name = "caravan"
    steps = ("how",)
    cancel = "Back to the menu"

    def ask_how(self, state: SixState, frame: Frame,
                picked: dict[str, str]) -> tuple[str, list[Choice]]:
        choices = []
        for how in caravan_moves(state, frame.role):
            verb, _, province = how.partition(".")
            label = (f"Form a caravan in {place(province)}" if verb == "form"
                     else f"Unhitch a caravan in {place(province)}")
            choices.append(choice(f"how:{how}", label, group="Caravans"))
        return ("A caravan moves the cannon 2 (3 with three players) and fights as the cannon; "
                "hitching and unhitching cost the horse 2 movement points.", choices)

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        caravan(state, frame.role, picked["how"])


@FLOW.state
class Disband(StepAction[SixState]):
    """Army 8: units may be disbanded at any time, with no refund."""

    name = "disband"
    steps = ("province", "units")
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        places = sorted({u.province for u in units_of(state, frame.role)})
        return "Disband units where?", [
            choice(f"province:{p}", place(p), group=group_of(p),
                   detail=f"{soldiers(units_of(state, frame.role, p))} soldiers")
            for p in places]

    def ask_units(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        province = picked["province"]
        here = units_of(state, frame.role, province)
        choices = []
        for kind in UNITS:
            have = sum(1 for u in here if u.kind == kind)
            choices += [choice(f"units:{kind}.{n}", units_text(kind, n),
                               group=UNITS[kind].name) for n in counts(have)]
        return f"Disband which units in {place(province)}?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        kind, _, n = picked["units"].partition(".")
        disband_units(state, frame.role, picked["province"], kind, int(n))
