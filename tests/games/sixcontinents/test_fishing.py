"""Fishing boats (Fishing boats, Sea voyages): 7 with a port and capital level 2, one per
sea zone, 2 zones a turn, 1 food and 1 currency a turn while a port lands the catch."""

from __future__ import annotations

from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.board import PROVINCES, SEA_ADJACENT
from engine.games.sixcontinents.economy import food_lines, income_lines
from engine.games.sixcontinents.fishing import boat_moves, boat_sites
from engine.games.sixcontinents.state import Ship
from tests.games.sixcontinents.helpers import choose, give, ids, own, started, turn


def test_a_boat_needs_a_port_and_capital_level_two() -> None:
    state = started()
    own(state, "red", "iberia")
    give(state, "red", 20)
    assert boat_sites(state, "red") == []  # no port
    state.provinces["iberia"].port = True
    assert boat_sites(state, "red") == []  # level 1
    state.realms["red"].level = 2
    assert boat_sites(state, "red") == sorted(PROVINCES["iberia"].seas)


def test_one_boat_a_zone_bringing_food_and_currency() -> None:
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    turn(state, "red", currency=20)
    state.realms["red"].level = 2
    zone = sorted(PROVINCES["iberia"].seas)[0]
    choose(state, "boat", f"zone:{zone}")
    assert state.realms["red"].currency == 13 and zone not in boat_sites(state, "red")
    assert "sail" not in ids(state)  # built this turn
    assert dict(income_lines(state, "red"))["1 fishing boat"] == 1
    assert dict(food_lines(state, "red"))["1 fishing boat"] == 1
    view = GAME.view(state, None)
    assert next(s for s in view.seas if s.id == zone).fishing_boat == "red"
    state.provinces["iberia"].port = False  # no port left to land the catch
    assert "1 fishing boat" not in dict(income_lines(state, "red"))


def test_a_boat_sails_two_zones_a_turn_never_onto_another_boat() -> None:
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    zone = sorted(PROVINCES["iberia"].seas)[0]
    near = sorted(SEA_ADJACENT[zone])
    state.ships.append(Ship(id=900, kind="fishing_boat", owner="red", zone=zone))
    state.ships.append(Ship(id=901, kind="fishing_boat", owner="blue", zone=near[0]))
    turn(state, "red")
    assert boat_moves(state, "red")[zone] == near[1:]
    choose(state, "sail", f"from:{zone}", f"to:{near[1]}")
    onward = boat_moves(state, "red")[near[1]]
    choose(state, "sail", f"from:{near[1]}", f"to:{onward[0]}")
    assert boat_moves(state, "red") == {} and "sail" not in ids(state)
