"""A player's turn: the menu (Economy, Build, Fleet, Diplomacy, Army, End turn: every
action one pick away, listed only when something of it is legal and affordable), building
and demolishing, the capital's upgrade, and the hunger of a shortage.

Choice ids: menu ``build``, ``upgrade``, ``demolish``, ``recruit``, ``move``, ``attack``,
``exchange``, ``disband``, the Fleet's ``boat``, ``sail``, ``ship``, ``voyage``,
``warship``, ``fleet_move``, ``sea_attack``, ``load``, ``unload``, ``construction``,
``found_port``, the Diplomacy's ``pay_player``, ``bribe``, ``gift``, ``sell``,
``peace:<role>``, ``end``; steps ``province:<id>``; shortage ``pay``, ``lose`` (building
and demolishing: ``build_prompts``).
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction, start_action
from engine.games.sixcontinents.agent_prompts import agent_menu
from engine.games.sixcontinents.army import caravan_moves, exchanges, recruitable
from engine.games.sixcontinents.army_prompts import move_sources
from engine.games.sixcontinents.attack_prompts import attack_targets
from engine.games.sixcontinents.board import CONTINENT_OF, CONTINENTS
from engine.games.sixcontinents.content import REALM, price
from engine.games.sixcontinents.diplomacy import payees, peace_partners
from engine.games.sixcontinents.economy import (
    buildable,
    building_cost,
    demolishable,
    upgrade_capital,
    upgrade_cost,
    weather,
)
from engine.games.sixcontinents.expeditions import INTERNAL, expedition_sites
from engine.games.sixcontinents.fishing import BOAT, boat_moves, boat_sites
from engine.games.sixcontinents.fleet import (
    buildable_ships,
    construction_ports,
    construction_yards,
    fleet_moves,
)
from engine.games.sixcontinents.fleet_prompts import transfer_sources, voyage_ports
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.gifts import receivers
from engine.games.sixcontinents.navy import CONSTRUCTION
from engine.games.sixcontinents.overseas import (
    OVERSEAS,
    may_send,
    needs_fruit,
    overseas_cost,
    road_sites,
    send_overseas,
)
from engine.games.sixcontinents.peace_prompts import open_draft
from engine.games.sixcontinents.phases import end_turn
from engine.games.sixcontinents.realm import (
    held,
    lose_soldiers,
    pay,
    recruit_limit,
    soldiers,
    units_of,
)
from engine.games.sixcontinents.revolts import bribable
from engine.games.sixcontinents.robbery import (
    end_robbery,
    robbery_sites,
    robbing,
    start_robbery,
)
from engine.games.sixcontinents.sales import buyers
from engine.games.sixcontinents.slavery import movable, slaves_of
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.transport import loadable, unloadable
from engine.games.sixcontinents.voyages import SHIP, shipyards
from engine.games.sixcontinents.warship_prompts import sea_attacks


def status(state: SixState, role: str) -> str:
    realm = state.realms[role]
    seat = place(realm.seat) if realm.seat else "none"
    if realm.seat and realm.seat != realm.capital:
        seat += " (temporary)"
    limit = state.options.rounds
    return (f"Round {state.round}{f' of {limit}' if limit else ''}, {weather(state).name}. "
            f"{colour(role)}: {realm.currency} currency, food {realm.food}/"
            f"{realm.food_needed}, capital {seat} level {realm.level}, "
            f"{len(held(state, role))} provinces, {soldiers(units_of(state, role))} soldiers "
            f"(may recruit {recruit_limit(state, role)} more this turn).")


# The menu's groups are rows of buttons or a select menu each, and End turn one more: Discord
# shows five rows, so four groups at most keep every action within two clicks (a fifth row
# would turn a page). Building and the economy share one.
ECONOMY = "Build and economy"


@FLOW.state
class Menu(PromptState[SixState]):
    """The turn: one pick opens any action; End turn closes it."""

    name = "menu"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        role = frame.role
        choices: list[Choice] = []
        places = buildable(state, role)
        if places:
            cheapest = min(building_cost(state, b, role) for kinds in places.values()
                           for b in kinds)
            choices.append(choice("build", f"Build (from {cheapest})", group=ECONOMY,
                                  style="primary"))
        cost = upgrade_cost(state, role)
        if cost is not None and cost <= state.realms[role].currency:
            level = state.realms[role].level + 1
            choices.append(choice("upgrade", f"Raise the capital to level {level} ({cost})",
                                  group=ECONOMY))
        roads = state.realms[role].lasting.free_roads
        if roads and road_sites(state, role):
            choices.append(choice("free_road", f"Build a free road ({roads} left)",
                                  group=ECONOMY))
        if demolishable(state, role):
            choices.append(choice("demolish", "Demolish a building (half back)",
                                  group=ECONOMY))
        if robbery_sites(state, role):
            choices.append(choice("robbery", f"Robbery economy (+{REALM.robbery.income} a "
                                  f"turn for {REALM.robbery.turns} turns)", group=ECONOMY))
        if expedition_sites(state, role):
            choices.append(choice("expedition", f"Internal expedition ({INTERNAL.cost})",
                                  group=ECONOMY))
        if may_send(state, role):
            fruit = ", a fruit" if needs_fruit(state, role) else ""
            choices.append(choice("overseas", f"Overseas expedition ({overseas_cost(state, role)}"
                                  f"{fruit}, back in {OVERSEAS.turns} turns)", group=ECONOMY))
        if robbing(state, role):
            choices.append(choice("stop_robbery", "Stop a robbery economy", group=ECONOMY))
        if boat_sites(state, role):
            choices.append(choice("boat", f"Build a fishing boat ({price(BOAT)})",
                                  group="Fleet"))
        if boat_moves(state, role):
            choices.append(choice("sail", "Sail a fishing boat", group="Fleet"))
        if shipyards(state, role):
            choices.append(choice("ship", f"Build a ship ({price(SHIP)})", group="Fleet"))
        if voyage_ports(state, role):
            choices.append(choice("voyage", "Send a ship with troops", group="Fleet"))
        fleet_menu(state, role, choices)
        if payees(state, role):
            choices.append(choice("pay_player", "Pay another player", group="Diplomacy"))
        if bribable(state, role):
            choices.append(choice("bribe", "Bribe rebels (3 a rebel)", group="Diplomacy"))
        if receivers(state, role):
            choices.append(choice("gift", "Give a fruit or a free road", group="Diplomacy"))
        if buyers(state, role):
            choices.append(choice("sell", "Offer a sale (food, fruits, free roads)",
                                  group="Diplomacy"))
        for other in peace_partners(state, role):
            choices.append(choice(f"peace:{other}", f"Offer {colour(other)} peace",
                                  group="Diplomacy"))
        agent_menu(state, role, choices)
        kinds = recruitable(state, role)
        if kinds:
            choices.append(choice("recruit", "Recruit in the capital", group="Army",
                                  style="primary"))
        if move_sources(state, role):
            choices.append(choice("move", "Move units", group="Army"))
        if transfer_sources(state, role):
            choices.append(choice("transfer", "Send troops by port (next turn)", group="Army"))
        if attack_targets(state, role):
            choices.append(choice("attack", "Attack a province", group="Army",
                                  style="danger"))
        if exchanges(state, role):
            choices.append(choice("exchange", "Exchange units in the capital", group="Army"))
        if caravan_moves(state, role):
            choices.append(choice("caravan", "Form or unhitch a caravan", group="Army"))
        if units_of(state, role):
            choices.append(choice("disband", "Disband units (no refund)", group="Army"))
        if movable(state, role):
            choices.append(choice("move_slaves", "Move slaves (2 provinces, no march)",
                                  group="Army"))
        if slaves_of(state, role):
            choices.append(choice("kill_slave", "Kill a slave", group="Army"))
        choices.append(choice("end", "End turn", style="success"))
        return status(state, role), choices

    def on_build(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "build", frame.role)

    def on_upgrade(self, state: SixState, frame: Frame, _: str) -> None:
        upgrade_capital(state, frame.role)

    def on_demolish(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "demolish", frame.role)

    def on_expedition(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "expedition", frame.role)

    def on_overseas(self, state: SixState, frame: Frame, _: str) -> None:
        send_overseas(state, frame.role)

    def on_gift(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "gift", frame.role)

    def on_sell(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "sale", frame.role)

    def on_free_road(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "free_road", frame.role)

    def on_move_slaves(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "move_slaves", frame.role)

    def on_kill_slave(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "kill_slave", frame.role)

    def on_ship(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "ship", frame.role)

    def on_voyage(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "voyage", frame.role)

    def on_transfer(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "transfer", frame.role)

    def on_boat(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "boat", frame.role)

    def on_sail(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "sail", frame.role)

    def on_warship(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "warship", frame.role)

    def on_fleet_move(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "fleet_move", frame.role)

    def on_sea_attack(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "sea_attack", frame.role)

    def on_load(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "load", frame.role)

    def on_unload(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "unload", frame.role)

    def on_construction(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "construction", frame.role)

    def on_found_port(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "found_port", frame.role)

    def on_pay_player(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "pay_player", frame.role)

    def on_bribe(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "bribe", frame.role)

    def on_spy(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "spy", frame.role)

    def on_deal(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "deal", frame.role)

    def on_peace(self, state: SixState, frame: Frame, other: str) -> None:
        open_draft(state, frame.role, other)

    def on_robbery(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "robbery", frame.role)

    def on_stop_robbery(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "stop_robbery", frame.role)

    def on_recruit(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "recruit", frame.role)

    def on_move(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "move", frame.role)

    def on_attack(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "attack", frame.role)

    def on_exchange(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "exchange", frame.role)

    def on_caravan(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "caravan", frame.role)

    def on_disband(self, state: SixState, frame: Frame, _: str) -> None:
        start_action(FLOW, state, "disband", frame.role)

    def on_end(self, state: SixState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)
        end_turn(state, frame.role)


def fleet_menu(state: SixState, role: str, choices: list[Choice]) -> None:
    """The Fleet group's entries for warships, transporters and construction ships."""
    kinds = buildable_ships(state, role)
    if kinds:
        choices.append(choice("warship", "Build a warship or transporter (from "
                              f"{min(price(k) for k in kinds)})", group="Fleet"))
    if fleet_moves(state, role):
        choices.append(choice("fleet_move", "Sail ships", group="Fleet"))
    if sea_attacks(state, role):
        choices.append(choice("sea_attack", "Attack an enemy fleet", group="Fleet",
                              style="danger"))
    if loadable(state, role):
        choices.append(choice("load", "Load troops onto a transporter", group="Fleet"))
    if unloadable(state, role):
        choices.append(choice("unload", "Land a transporter's troops", group="Fleet"))
    if construction_yards(state, role):
        choices.append(choice("construction",
                              f"Build a construction ship ({price(CONSTRUCTION)})",
                              group="Fleet"))
    if construction_ports(state, role):
        choices.append(choice("found_port", "Send a construction ship to build a port",
                              group="Fleet"))


def province_choices(provinces: list[str], detail: dict[str, str]) -> list[Choice]:
    return [choice(f"province:{p}", place(p), group=CONTINENTS[CONTINENT_OF[p]].name,
                   detail=detail.get(p, "")) for p in provinces]


@FLOW.state
class Robbery(StepAction[SixState]):
    """Economy 2.0 2: a province with nothing else in it gives 2 a turn for 3 turns, at the
    price of red tokens."""

    name = "robbery"
    steps = ("province",)
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return ("Run a robbery economy where? One red token now, one more each turn, and 2 "
                "more at the end; only a road may be built there until they are all gone.",
                province_choices(robbery_sites(state, frame.role), {}))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        start_robbery(state, frame.role, picked["province"])


@FLOW.state
class StopRobbery(StepAction[SixState]):
    """Economy 2.0 2: "You can stop this action at any time"."""

    name = "stop_robbery"
    steps = ("province",)
    cancel = "Back to the menu"

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        detail = {p: f"{state.provinces[p].robbery} turns of income left"
                  for p in robbing(state, frame.role)}
        return ("Stop the robbery economy where? The 2 closing red tokens are placed now.",
                province_choices(robbing(state, frame.role), detail))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        end_robbery(state, picked["province"])


@FLOW.state
class Shortage(PromptState[SixState]):
    """Economy 2.0 3: a shortage costs the soldiers rolled, or their price."""

    name = "shortage"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        count = int(frame.data["soldiers"])
        cost = count * REALM.food.soldier_price
        have = soldiers(units_of(state, frame.role))
        choices = []
        if cost <= state.realms[frame.role].currency:
            choices.append(choice("pay", f"Pay {cost} currency"))
        choices.append(choice("lose", f"Lose {min(count, have)} soldiers", style="danger"))
        return (f"{colour(frame.role)}: hunger. Lose {count} soldiers or pay {cost}.",
                choices)

    def on_pay(self, state: SixState, frame: Frame, _: str) -> None:
        cost = int(frame.data["soldiers"]) * REALM.food.soldier_price
        pay(state, frame.role, cost)
        state.say(f"{colour(frame.role)} pays {cost} for the hunger.", role=frame.role)
        FLOW.end(state, frame)

    def on_lose(self, state: SixState, frame: Frame, _: str) -> None:
        dead = lose_soldiers(state, frame.role, int(frame.data["soldiers"]))
        state.say(f"{colour(frame.role)} loses {dead} soldier{'s' if dead != 1 else ''} to "
                  "hunger.", role=frame.role)
        FLOW.end(state, frame)
