"""The Army actions of the turn menu: recruit, move, exchange, caravans and disband (the
attack is in ``attack_prompts``).

Choice ids: ``unit:<kind>``, ``count:<n>``, ``go:<province>.<province>`` (a move of all
that can go, from → to), ``from:<province>`` (to choose the units), ``units:<kind>.<points>.<n>``
(that many units of a kind with that many movement points left), ``to:<province>``,
``how:merge.<kind>`` / ``how:split.<kind>``.
"""

from __future__ import annotations

from engine.core.flow import Frame
from engine.core.game import Choice, choice
from engine.core.steps import StepAction, answers_of
from engine.games.sixcontinents.army import (
    EXCHANGES,
    caravan,
    caravan_moves,
    destinations,
    disband_units,
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
from engine.games.sixcontinents.board import CONTINENT_OF, CONTINENTS
from engine.games.sixcontinents.content import UNITS
from engine.games.sixcontinents.economy import march_cost, recruit_price
from engine.games.sixcontinents.flow import FLOW, place, units_text
from engine.games.sixcontinents.realm import (
    recruit_limit,
    soldiers,
    units_of,
)
from engine.games.sixcontinents.state import SixState


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
