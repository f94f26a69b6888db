"""The automatic player at sea (``sea_ai``): troops blocked on land cross by transporter
(escorted near enemy warships) or by a voyage ship with a secret destination; a cut-off
colony gets a port, by construction ship when that costs no more."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import build_plan, greedy
from engine.games.sixcontinents.board import ADJACENT, PROVINCES
from engine.games.sixcontinents.fleet import launch
from engine.games.sixcontinents.realm import held
from engine.games.sixcontinents.sea_ai import (
    NEAR,
    construction_plan,
    found_port_plan,
    idle,
    ship_plan,
    targets,
    transport_sail_plan,
    transporter_plan,
    voyage_plan,
    zone_distance,
)
from engine.games.sixcontinents.state import Ship, SixState
from engine.games.sixcontinents.transport import transporters
from tests.games.sixcontinents.helpers import choose, own, put, started, turn


def blocked() -> SixState:
    """Red (capital France, level 2) has a port in Iberia with 4 infantry that can go
    nowhere by land: Maghreb, across the strait, is Blue's and strongly held."""
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    state.realms["red"].level = 2
    put(state, "red", "infantry", "iberia", 4)
    put(state, "blue", "infantry", "maghreb", 10)
    return state


def red_plays_its_turn(state: SixState) -> list[str]:
    """The automatic player's choices for Red until it ends its turn."""
    picked = []
    while state.current == "red" and state.result is None:
        prompts = GAME.prompts(state)
        if "red" not in prompts:
            break
        choice = greedy(GAME, state, "red", prompts["red"].choices, Rng(seed="ai"))
        picked.append(choice)
        act(GAME, state, "red", choice, prompts=prompts)
        assert GAME.invariants(state) == [], choice
        if choice == "end":
            break
    return picked


def test_troops_blocked_on_land_cross_by_transporter() -> None:
    state = blocked()
    turn(state, "red", currency=20)
    assert idle(state, "red") == {"iberia": 4} and targets(state, "red")
    before = set(held(state, "red"))
    picked = red_plays_its_turn(state)
    assert "kind:transporter" in picked and "load" in picked and "unload" in picked
    [landed] = set(held(state, "red")) - before - {
        p for p in held(state, "red") if any(q in before for q in ADJACENT[p])}
    assert PROVINCES[landed].coastal and any(" lands " in e.text for e in state.log)


def test_a_loaded_transporter_near_enemy_warships_waits_for_an_escort() -> None:
    state = blocked()
    turn(state, "red", currency=20)
    [carrier] = [launch(state, "red", "transporter", "east_atlantic")]
    carrier.fresh = False
    for unit in [u for u in state.units if u.province == "iberia"][:2]:
        state.units.remove(unit)
        unit.province = ""
        carrier.cargo.append(unit)
    for province in PROVINCES:  # no empty coast on its own zone: it must sail to land
        if "east_atlantic" in PROVINCES[province].seas and not state.provinces[province].holder:
            own(state, "blue", province)
    frigate = launch(state, "blue", "frigate", "north_atlantic")
    frigate.fresh = False
    assert transport_sail_plan(state, "red") is None  # alone it would be sunk
    assert transporter_plan(state, "red") == {"kind": "frigate", "zone": "east_atlantic"}
    choose(state, "warship", "kind:frigate", "zone:east_atlantic")
    for ship in state.ships:
        ship.fresh = False
    plan = transport_sail_plan(state, "red")
    assert plan is not None and plan["ships"] == "all"  # the frigate sails with it


def test_a_far_coast_is_reached_by_a_voyage_ship_with_a_secret_destination() -> None:
    state = blocked()
    for province, info in PROVINCES.items():  # every coast a transporter could reach
        if info.coastal and not state.provinces[province].holder and \
                zone_distance(state, "red", province) <= NEAR:
            own(state, "blue", province)
    turn(state, "red", currency=20)
    assert transporter_plan(state, "red") is None
    assert ship_plan(state, "red") == {"port": "iberia"}
    state.ships.append(Ship(id=900, kind="troopship", owner="red", port="iberia"))
    plan = voyage_plan(state, "red")
    assert plan is not None and plan["to"] == targets(state, "red")[0]
    choose(state, "voyage", *(f"{step}:{plan[step]}" for step in
                              ("port", "units", "continent", "to")))
    public = GAME.view(state, None)
    name = PROVINCES[plan["to"]].name
    assert plan["to"] not in str(public.voyages) and name not in public.question
    assert not any(name in e.text for e in state.log if e.visible_to is None)
    assert [v.destination for v in state.voyages] == [plan["to"]]


def test_a_cut_off_colony_gets_its_port_by_construction_ship_in_a_storm() -> None:
    state = blocked()
    own(state, "red", "brazil_northeast")  # a colony across the ocean
    turn(state, "red", currency=40)
    assert build_plan(state, "red") == {"site": "brazil_northeast.port"}
    assert construction_plan(state, "red") is None  # a port built there costs 3 less
    state.weather.id = "storm"  # every building +3: the construction ship costs the same
    assert construction_plan(state, "red") == {"port": "iberia"}
    choose(state, "construction", "port:iberia")
    assert found_port_plan(state, "red") == {"port": "iberia", "to": "brazil_northeast"}
    choose(state, "found_port", "port:iberia", "to:brazil_northeast")
    assert state.provinces["brazil_northeast"].port and not transporters(state, "red")
