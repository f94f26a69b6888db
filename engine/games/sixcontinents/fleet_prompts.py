"""The Fleet actions of the turn menu: fishing boats (put one on a sea zone, sail one) and
voyage ships (build one in a port, send one with troops to a secret coast); and troops sent
from port to port (an Army entry of the menu). Choice ids:
``zone:<sea>``, ``from:<sea>``, ``to:<sea>``; ``port:<province>``,
``units:<kind>.<points>.<n>``, ``continent:<id>``, ``to:<province>``."""

from __future__ import annotations

from engine.core.flow import Frame
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.army import movable, step_cost
from engine.games.sixcontinents.army_prompts import affordable_groups, counts
from engine.games.sixcontinents.board import CONTINENT_OF, CONTINENTS
from engine.games.sixcontinents.content import SHIPS, UNITS, price
from engine.games.sixcontinents.fishing import (
    BOAT,
    boat_moves,
    boat_sites,
    build_boat,
    move_boat,
    sea_name,
)
from engine.games.sixcontinents.flow import FLOW, place, units_text
from engine.games.sixcontinents.realm import held, soldiers
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.voyages import (
    CAPACITY,
    SHIP,
    build_ship,
    docked,
    landing_sites,
    sail,
    send_by_port,
    shipyards,
    transfer_ports,
)


@FLOW.state
class BuildBoat(StepAction[SixState]):
    """Fishing boats: 7, on a sea zone one's port touches, one boat per zone."""

    name = "boat"
    steps = ("zone",)
    cancel = "Back to the menu"

    def ask_zone(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        info = SHIPS[BOAT]
        return (f"Put a fishing boat ({price(BOAT)}: {info.food} food and {info.income} "
                "currency a turn) on which sea zone?",
                [choice(f"zone:{z}", sea_name(z), group="Sea zones")
                 for z in boat_sites(state, frame.role)])

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        build_boat(state, frame.role, picked["zone"])


@FLOW.state
class SailBoat(StepAction[SixState]):
    """Fishing boats: 2 movement points, one zone each, never onto another boat's zone."""

    name = "sail"
    steps = ("from", "to")
    cancel = "Back to the menu"

    def ask_from(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Sail which fishing boat?", [
            choice(f"from:{z}", sea_name(z), group="Boats")
            for z in boat_moves(state, frame.role)]

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        start = picked["from"]
        return f"Sail from the {sea_name(start)} to?", [
            choice(f"to:{z}", sea_name(z), group="Sea zones")
            for z in boat_moves(state, frame.role).get(start, [])]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        move_boat(state, frame.role, picked["from"], picked["to"])


@FLOW.state
class BuildShip(StepAction[SixState]):
    """Sea voyages: a ship (9) in a port of one's own, carrying 10 soldiers."""

    name = "ship"
    steps = ("port",)
    cancel = "Back to the menu"

    def ask_port(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return (f"Build a ship ({price(SHIP)}, {CAPACITY} soldiers, {SHIPS[SHIP].voyage_turns} "
                "turns to any coast) in which port?",
                places("port", shipyards(state, frame.role)))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        build_ship(state, frame.role, picked["port"])


def places(step: str, provinces: list[str]) -> list[Choice]:
    return [choice(f"{step}:{p}", place(p), group=CONTINENTS[CONTINENT_OF[p]].name)
            for p in provinces]


def loads(state: SixState, role: str, port: str) -> dict[str, int]:
    """Movable groups in ``port`` -> the most of them one ship carries."""
    found = {}
    for key, units in movable(state, role, port).items():
        most = min(len(units), CAPACITY // UNITS[units[0].kind].soldiers)
        if most:
            found[key] = most
    return found


def voyage_ports(state: SixState, role: str) -> list[str]:
    return [p for p in held(state, role)
            if docked(state, role, p) is not None and loads(state, role, p)]


@FLOW.state
class SendShip(StepAction[SixState]):
    """Sea voyages: the troops board in the ship's port; the destination is written down in
    secret (the questions name no place once the port is chosen)."""

    name = "voyage"
    steps = ("port", "units", "continent", "to")
    cancel = "Back to the menu"

    def ask_port(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Send a ship from which port?", places("port", voyage_ports(state, frame.role))

    def ask_units(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        choices = []
        for key, most in loads(state, frame.role, picked["port"]).items():
            kind = key.partition(".")[0]
            choices += [choice(f"units:{key}.{n}", units_text(kind, n), group=UNITS[kind].name)
                        for n in counts(most)]
        return f"Which troops board (at most {CAPACITY} soldiers)?", choices

    def ask_continent(self, state: SixState, frame: Frame,
                      picked: dict[str, str]) -> tuple[str, list[Choice]]:
        sites = landing_sites(picked["port"])
        return "The destination, in secret: which continent?", [
            choice(f"continent:{c}", info.name, group="Continents")
            for c, info in CONTINENTS.items() if any(CONTINENT_OF[p] == c for p in sites)]

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        sites = [p for p in landing_sites(picked["port"])
                 if CONTINENT_OF[p] == picked["continent"]]
        return "The destination, in secret: which coast?", places("to", sites)

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        kind, points, n = picked["units"].split(".")
        units = movable(state, frame.role, picked["port"])[f"{kind}.{points}"][:int(n)]
        sail(state, frame.role, picked["port"], units, picked["to"])


def transfer_sources(state: SixState, role: str) -> list[str]:
    ends = transfer_ports(state, role)
    if len(ends) < 2:
        return []
    return [p for p in ends if affordable_groups(state, role, p)]


@FLOW.state
class SendByPort(StepAction[SixState]):
    """Buildings, port: troops go from one of one's ports to another for the march price,
    arriving at the start of the next turn."""

    name = "transfer"
    steps = ("port", "units", "to")
    cancel = "Back to the menu"

    def ask_port(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return ("Send troops from which port? They reach the other port next turn.",
                places("port", transfer_sources(state, frame.role)))

    def ask_units(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        port = picked["port"]
        choices = []
        for key, most in affordable_groups(state, frame.role, port).items():
            kind = key.partition(".")[0]
            for n in counts(most):
                cost = step_cost(state, port, n * UNITS[kind].soldiers)
                choices.append(choice(f"units:{key}.{n}", f"{units_text(kind, n)} ({cost})",
                                      group=UNITS[kind].name))
        return f"Which troops leave the port of {place(port)}?", choices

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "To which port?", places("to", [p for p in transfer_ports(state, frame.role)
                                                if p != picked["port"]])

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        kind, points, n = picked["units"].split(".")
        port = picked["port"]
        units = movable(state, frame.role, port)[f"{kind}.{points}"][:int(n)]
        cost = step_cost(state, port, soldiers(units))
        send_by_port(state, frame.role, port, units, picked["to"], cost)
