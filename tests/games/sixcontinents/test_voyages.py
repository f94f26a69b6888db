"""Sea voyages (Sea voyages, Modifiers 5): a ship built in a port carries 10 soldiers to a
secret coast in 2 turns; the landing takes, joins or attacks at -12; the march is paid even
after a defeat."""

from __future__ import annotations

from engine.core.view import public_part
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.state import Ship, SixState
from engine.games.sixcontinents.view import SixPlayerView
from tests.games.sixcontinents.helpers import (
    asked,
    choose,
    give,
    ids,
    kinds,
    own,
    put,
    started,
    turn,
)
from tests.support.views import split_views


def ready(currency: int = 20) -> SixState:
    """Red has a port in Iberia with a ship and 4 infantry ready to board."""
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    state.realms["red"].level = 2
    state.ships.append(Ship(id=900, kind="troopship", owner="red", port="iberia"))
    put(state, "red", "infantry", "iberia", 4)
    turn(state, "red", currency=currency)
    return state


def test_a_ship_is_built_in_a_port_at_capital_level_two() -> None:
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    turn(state, "red", currency=20)
    assert "ship" not in ids(state)
    state.realms["red"].level = 2
    choose(state, "ship", "port:iberia")
    assert state.realms["red"].currency == 11
    assert [s.port for s in state.ships] == ["iberia"] and "voyage" not in ids(state)
    put(state, "red", "infantry", "iberia", 2)
    assert "voyage" not in ids(state)  # it sails the turn after it is built
    choose(state, "end", "end")
    assert "voyage" in ids(state)


def test_a_ship_home_from_a_voyage_sails_again_the_turn_after() -> None:
    state = ready()
    choose(state, "voyage", "port:iberia", "units:infantry.2.2", "continent:africa",
           "to:egypt", "end", "end", "end", "end")
    assert state.ships[0].port == "iberia" and state.ships[0].fresh
    assert "voyage" not in ids(state)
    choose(state, "end", "end")
    assert "voyage" in ids(state)


def test_the_destination_is_secret_until_the_ship_arrives() -> None:
    sent = {}
    for destination in ("egypt", "libya"):
        state = ready()
        choose(state, "voyage", "port:iberia", "units:infantry.2.3", "continent:africa")
        assert "Africa" not in GAME.view(state, None).question
        choose(state, f"to:{destination}")
        sent[destination] = state
    egypt, libya = sent["egypt"], sent["libya"]
    assert kinds(egypt, "iberia") == ["infantry"] and GAME.invariants(egypt) == []
    public = GAME.view(egypt, None)
    assert [(v.owner, v.port, v.soldiers, v.turns) for v in public.voyages] == [
        ("red", "iberia", 3, 2)]
    # what anyone but Red sees does not depend on where the ship goes
    assert public_part(public) == public_part(GAME.view(libya, None))
    assert GAME.view(egypt, "blue") == GAME.view(libya, "blue")
    mine = GAME.view(egypt, "red")
    assert isinstance(mine, SixPlayerView)
    assert [v.destination for v in mine.private.voyages] == ["egypt"]
    split_views(GAME, egypt)
    secret = [e for e in egypt.log if "Egypt" in e.text]
    assert secret and all(e.visible_to == ["red"] for e in secret)


def test_landing_on_an_empty_coast_takes_it_and_the_ship_comes_home() -> None:
    state = ready()
    choose(state, "voyage", "port:iberia", "units:infantry.2.3", "continent:africa",
           "to:egypt", "end", "end")
    assert state.voyages[0].turns == 1
    before = state.reveals
    choose(state, "end", "end")
    assert state.voyages == [] and state.reveals == before + 1
    assert state.provinces["egypt"].owner == "red" and kinds(state, "egypt") == ["infantry"] * 3
    assert state.ships[0].port == "iberia" and state.ships[0].fresh
    assert any("arrives at Egypt" in e.text for e in state.log)


def test_a_landing_attacks_at_minus_twelve_and_pays_the_march_even_beaten(
        dice: list[int]) -> None:
    state = ready()
    own(state, "blue", "egypt")
    put(state, "blue", "cavalry", "egypt")
    choose(state, "voyage", "port:iberia", "units:infantry.2.4", "continent:africa",
           "to:egypt", "end", "end", "end")
    dice.extend([1, 99] * 4)
    give(state, "red", 10)
    choose(state, "end")
    assert state.battle is not None and state.battle.outcome == "repulsed"
    mine, _, theirs = state.battle.rolls[0].partition(" against ")
    assert "-12 landing" in mine and "cut off" not in mine  # not both
    assert "-10 cut off" in theirs  # Blue's Egypt has no chain to Poland
    assert kinds(state, "egypt") == ["cavalry"]
    assert any("pays 4 for the march of the landing" in e.text for e in state.log)


def test_a_landing_that_wins_plunders_or_pays(dice: list[int]) -> None:
    state = ready()
    own(state, "blue", "egypt")
    put(state, "blue", "infantry", "egypt")
    choose(state, "voyage", "port:iberia", "units:infantry.2.4", "continent:africa",
           "to:egypt", "end", "end", "end")
    dice.extend([99, 1])
    choose(state, "end")
    assert asked(state) == "plunder" and state.provinces["egypt"].occupier == "red"
    assert "pay" in ids(state)
    choose(state, "plunder")
    assert state.provinces["egypt"].red_tokens == 2


def test_a_port_taken_sinks_the_ship_docked_there() -> None:
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    state.ships.append(Ship(id=900, kind="troopship", owner="red", port="iberia"))
    own(state, "blue", "maghreb")
    put(state, "blue", "infantry", "maghreb")
    turn(state, "blue", currency=10)
    choose(state, "attack", "target:iberia", "forces:maghreb", "withdraw:0")
    assert state.ships == [] and any("ship in Iberia is lost" in e.text for e in state.log)


def test_a_ship_whose_port_is_gone_is_lost_when_it_comes_back() -> None:
    state = ready()
    choose(state, "voyage", "port:iberia", "units:infantry.2.3", "continent:africa",
           "to:egypt", "demolish", "province:iberia", "building:port", "end", "end", "end",
           "end")
    assert state.ships == [] and state.provinces["egypt"].owner == "red"
    assert any("port of Iberia lost" in e.text for e in state.log)


def two_ports() -> SixState:
    state = started()
    own(state, "red", "iberia", "italy")
    state.provinces["iberia"].port = state.provinces["italy"].port = True
    put(state, "red", "cavalry", "iberia", 2)
    turn(state, "red", currency=20)
    return state


def test_troops_go_from_port_to_port_for_the_march_arriving_next_turn() -> None:
    state = two_ports()
    choose(state, "transfer", "port:iberia")
    assert ids(state)[:2] == ["units:cavalry.3.1", "units:cavalry.3.2"]
    choose(state, "units:cavalry.3.2", "to:italy")
    assert state.realms["red"].currency == 20 - 6 and kinds(state, "iberia") == []
    view = GAME.view(state, None)
    assert [(v.port, v.to, v.soldiers) for v in view.voyages] == [("iberia", "italy", 6)]
    choose(state, "end", "end")
    assert kinds(state, "italy") == ["cavalry", "cavalry"] and state.voyages == []


def test_troops_whose_port_is_lost_go_back_or_are_lost() -> None:
    state = two_ports()
    choose(state, "transfer", "port:iberia", "units:cavalry.3.1", "to:italy", "end")
    state.provinces["italy"].occupier = "blue"
    choose(state, "end")
    assert kinds(state, "iberia") == ["cavalry", "cavalry"]
    again = two_ports()
    choose(again, "transfer", "port:iberia", "units:cavalry.3.2", "to:italy", "end")
    again.provinces["italy"].port = again.provinces["iberia"].port = False
    choose(again, "end")
    assert kinds(again, "iberia") == [] and again.realms["red"].lost == 6
