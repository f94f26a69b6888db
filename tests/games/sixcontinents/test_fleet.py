"""The fleet (Sea battles): warships and transporters built in a port at capital level 2,
their upkeep, sailing zone to zone, sea battles (the corvette of Casper), transporters sunk
unescorted, carrying troops ashore, blockades of ports, and construction ships."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.economy import income_lines, upkeep_lines
from engine.games.sixcontinents.fishing import boat_sites, catch
from engine.games.sixcontinents.fleet import (
    construction_yards,
    fleet_moves,
    fleet_sites,
    launch,
)
from engine.games.sixcontinents.fleet_ai import sea_attack_plan
from engine.games.sixcontinents.navy import blockaded, fleet_of
from engine.games.sixcontinents.overseas import overseas_ports
from engine.games.sixcontinents.phases import turn_from
from engine.games.sixcontinents.realm import connected_provinces
from engine.games.sixcontinents.sea_battle import SeaAttack, sea_modifiers
from engine.games.sixcontinents.state import Ship, SixState
from engine.games.sixcontinents.view import SixView
from engine.games.sixcontinents.voyages import shipyards, transfer_ports
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


def navy() -> SixState:
    """Red has a port in Iberia (East Atlantic, Western Mediterranean) and Blue one in
    Germany (North Sea, Baltic Sea); both capitals are at level 2."""
    state = started()
    own(state, "red", "iberia")
    own(state, "blue", "germany")
    state.provinces["iberia"].port = state.provinces["germany"].port = True
    for realm in state.realms.values():
        realm.level = 2
    return state


def afloat(state: SixState, role: str, kind: str, zone: str, count: int = 1) -> list[Ship]:
    """Ships ready to sail (not built this turn)."""
    ships = [launch(state, role, kind, zone) for _ in range(count)]
    for ship in ships:
        ship.fresh = False
    return ships


def fleet(state: SixState, role: str, zone: str | None = None) -> list[str]:
    return sorted(s.kind for s in fleet_of(state, role, zone))


def test_warships_are_built_in_a_port_at_level_two_and_pay_upkeep() -> None:
    state = navy()
    state.realms["red"].level = 1
    turn(state, "red", currency=40)
    assert "warship" not in ids(state)  # ships need capital level 2
    state.realms["red"].level = 2
    give(state, "red", 4)
    assert "warship" not in ids(state) and "construction" not in ids(state)  # too dear
    give(state, "red", 20)
    labels = {c.id: c.label for p in GAME.prompts(state).values() for c in p.choices}
    assert labels["warship"] == "Build a warship or transporter (from 5)"
    assert labels["construction"] == "Build a construction ship (13)"
    choose(state, "warship")
    assert ids(state) == ["kind:frigate", "kind:corvette", "kind:transporter", "back"]
    choose(state, "kind:corvette")
    assert ids(state) == ["zone:east_atlantic", "zone:western_med", "back"]
    choose(state, "zone:east_atlantic")
    assert state.realms["red"].currency == 5 and fleet(state, "red") == ["corvette"]
    assert "fleet_move" not in ids(state)  # built this turn
    assert ("1 corvette", 1) in upkeep_lines(state, "red")
    assert state.realms["red"].fleet_raised == 3
    sea = next(s for s in GAME.view(state, None).seas if s.id == "east_atlantic")
    assert [(c.owner, c.kind, c.count) for c in sea.fleet] == [("red", "corvette", 1)]


def test_a_frigate_sails_two_zones_a_corvette_one() -> None:
    state = navy()
    afloat(state, "red", "frigate", "east_atlantic")
    afloat(state, "red", "corvette", "east_atlantic")
    turn(state, "red")
    assert sorted(fleet_moves(state, "red")["east_atlantic"]) == ["all", "corvette", "frigate"]
    choose(state, "fleet_move", "from:east_atlantic", "ships:all", "to:north_sea")
    assert fleet(state, "red", "north_sea") == ["corvette", "frigate"]
    assert list(fleet_moves(state, "red")["north_sea"]) == ["frigate"]
    choose(state, "fleet_move", "from:north_sea", "ships:frigate", "to:baltic_sea")
    assert fleet_moves(state, "red") == {} and "fleet_move" not in ids(state)


def test_a_warship_next_to_a_port_blockades_it() -> None:
    state = navy()
    own(state, "blue", "british_isles")
    state.provinces["british_isles"].port = True
    state.ships.append(Ship(id=900, kind="fishing_boat", owner="blue", zone="baltic_sea"))
    give(state, "blue", 50)
    assert not blockaded(state, "germany") and "germany" in shipyards(state, "blue")
    assert "british_isles" in connected_provinces(state, "blue")
    afloat(state, "red", "frigate", "north_sea")
    assert blockaded(state, "germany") and blockaded(state, "british_isles")
    # no ship of any kind built, no transfer, no connection through the port
    assert shipyards(state, "blue") == [] and construction_yards(state, "blue") == []
    assert boat_sites(state, "blue") == [] and fleet_sites(state, "blue") == []
    assert transfer_ports(state, "blue") == []
    assert "british_isles" not in connected_provinces(state, "blue")
    # no fishing income while every port is blockaded ...
    assert catch(state, "blue") == 0 and "1 fishing boat" not in dict(income_lines(state,
                                                                                  "blue"))
    # ... unless another port lands the catch
    own(state, "blue", "finland")
    state.provinces["finland"].port = True
    assert catch(state, "blue") == 1 and not blockaded(state, "finland")
    assert not blockaded(state, "iberia")  # one's own warships blockade nothing
    view = GAME.view(state, None)
    assert {p.id for p in view.provinces if p.blockaded} == {"germany", "british_isles"}


def test_a_transporter_met_unescorted_sinks_with_its_troops() -> None:
    state = navy()
    [carrier] = afloat(state, "blue", "transporter", "north_sea")
    troops = put(state, "blue", "infantry", "germany", 2)
    for unit in troops:
        state.units.remove(unit)
        carrier.cargo.append(unit)
    afloat(state, "red", "frigate", "east_atlantic")
    turn(state, "red")
    assert "sea_attack" not in ids(state)  # no battle against a transporter alone
    choose(state, "fleet_move", "from:east_atlantic", "ships:frigate", "to:north_sea")
    assert fleet(state, "blue") == [] and state.realms["blue"].lost == 2
    assert any("unescorted and sinks with 2 soldiers" in e.text for e in state.log)


def test_an_escorted_transporter_makes_it_a_battle() -> None:
    state = navy()
    afloat(state, "blue", "transporter", "north_sea")
    afloat(state, "blue", "frigate", "north_sea")
    afloat(state, "red", "frigate", "east_atlantic")
    turn(state, "red")
    assert "north_sea" not in fleet_moves(state, "red")["east_atlantic"]["frigate"]
    choose(state, "sea_attack", "from:east_atlantic", "ships:frigate")
    assert ids(state) == ["to:north_sea", "back"]


def test_casper_s_corvette_loses_a_roll_to_ada_s_frigates(dice: list[int]) -> None:
    """Sea battles' example: Casper (1 corvette) against Ada (2 frigates) rolls 50 to 67
    and loses a soldier: his corvette becomes 3 frigates, one of which goes."""
    state = navy()
    state.provinces["germany"].port = False  # no coastal batteries for Ada
    afloat(state, "red", "corvette", "east_atlantic")  # Casper
    afloat(state, "blue", "frigate", "north_sea", 2)  # Ada
    turn(state, "red")
    dice.extend([50, 67])
    choose(state, "sea_attack", "from:east_atlantic", "ships:corvette", "to:north_sea")
    assert ids(state) == ["withdraw:0", "withdraw:1", "withdraw:2", "back"]
    choose(state, "withdraw:2")
    assert fleet(state, "red", "east_atlantic") == ["frigate", "frigate"]
    assert fleet(state, "blue", "north_sea") == ["frigate", "frigate"]
    battle = GAME.view(state, None).sea_battle
    assert battle is not None and battle.outcome == "withdrawn"
    assert battle.rolls == ["50 +2 more soldiers = 52 against 67 = 67: Red loses a soldier"]
    assert state.realms["red"].fleet_lost == 1 and fleet_moves(state, "red") == {}


def test_the_winner_takes_the_zone_and_the_loser_s_transporters_sink(
        dice: list[int]) -> None:
    state = navy()
    state.provinces["germany"].port = False
    afloat(state, "red", "cruiser", "east_atlantic")
    [mine] = afloat(state, "red", "transporter", "east_atlantic")
    afloat(state, "blue", "frigate", "north_sea")
    [theirs] = afloat(state, "blue", "transporter", "north_sea")
    for ship, province, role in ((mine, "iberia", "red"), (theirs, "germany", "blue")):
        for unit in put(state, role, "infantry", province):
            state.units.remove(unit)
            ship.cargo.append(unit)
    turn(state, "red")
    dice.extend([90, 10])
    choose(state, "sea_attack", "from:east_atlantic", "ships:all", "to:north_sea",
           "withdraw:0")
    assert fleet(state, "red", "north_sea") == ["cruiser", "transporter"]
    assert fleet(state, "blue") == [] and state.realms["blue"].lost == 1
    assert state.sea_battle is not None and state.sea_battle.outcome == "won"
    assert "+10 more soldiers" in state.sea_battle.rolls[0]


def test_a_beaten_fleet_loses_its_transporters(dice: list[int]) -> None:
    state = navy()
    state.provinces["germany"].port = False
    afloat(state, "red", "frigate", "east_atlantic")
    [carrier] = afloat(state, "red", "transporter", "east_atlantic")
    for unit in put(state, "red", "infantry", "iberia", 3):
        state.units.remove(unit)
        carrier.cargo.append(unit)
    afloat(state, "blue", "corvette", "north_sea")
    turn(state, "red")
    dice.extend([10, 90])
    choose(state, "sea_attack", "from:east_atlantic", "ships:all", "to:north_sea",
           "withdraw:0")
    assert fleet(state, "red") == [] and state.realms["red"].lost == 3
    assert fleet(state, "blue") == ["corvette"]


def test_coastal_batteries_help_the_side_whose_port_borders_the_zone() -> None:
    state = navy()
    [red] = afloat(state, "red", "frigate", "east_atlantic")
    [blue] = afloat(state, "blue", "frigate", "north_sea")
    attack = SeaAttack(attacker="red", origin="east_atlantic", zone="north_sea", ships=[red],
                       defenders=[blue], withdraw_at=0)
    assert sea_modifiers(state, attack, "defender") == [("coastal batteries", 6)]
    assert sea_modifiers(state, attack, "attacker") == []
    state.weather.id = "unexpected_winter"
    assert sea_modifiers(state, attack, "attacker") == [("unexpected winter", -4)]


def test_troops_board_a_transporter_and_land_on_any_coast_of_its_zone() -> None:
    state = navy()
    afloat(state, "red", "transporter", "western_med")
    put(state, "red", "infantry", "iberia", 3)
    turn(state, "red")
    choose(state, "load")
    [ship] = [c for c in ids(state) if c.startswith("ship:")]
    choose(state, ship, "province:iberia")
    assert ids(state) == [f"units:infantry.2.{n}" for n in range(1, 4)] + ["back"]
    choose(state, "units:infantry.2.3")
    assert kinds(state, "iberia") == [] and GAME.invariants(state) == []
    sea = next(s for s in GAME.view(state, None).seas if s.id == "western_med")
    assert [(c.kind, c.cargo) for c in sea.fleet] == [("transporter", 3)]
    choose(state, "unload", ship)
    assert "to:italy" in ids(state) and "to:iberia" in ids(state)
    choose(state, "to:italy")
    assert state.provinces["italy"].owner == "red" and kinds(state, "italy") == ["infantry"] * 3
    assert "move" not in ids(state)  # the landed troops have spent their movement


def test_a_transporter_s_troops_land_against_an_enemy_at_minus_twelve(
        dice: list[int]) -> None:
    state = navy()
    [carrier] = afloat(state, "red", "transporter", "western_med")
    for unit in put(state, "red", "infantry", "iberia", 4):
        state.units.remove(unit)
        carrier.cargo.append(unit)
    own(state, "blue", "maghreb")
    put(state, "blue", "infantry", "maghreb")
    turn(state, "red", currency=10)
    dice.extend([99, 1])
    choose(state, "unload", f"ship:{carrier.id}")
    label = next(c.label for p in GAME.prompts(state).values() for c in p.choices
                 if c.id == "to:maghreb")
    assert label == "Maghreb: attack Blue at -12 (march 4)"
    choose(state, "to:maghreb")
    assert state.battle is not None and "-12 landing" in state.battle.rolls[0]
    assert asked(state) == "plunder" and state.provinces["maghreb"].occupier == "red"


def test_a_construction_ship_builds_a_port_on_another_coast() -> None:
    state = navy()
    own(state, "red", "italy")
    turn(state, "red", currency=20)
    assert "found_port" not in ids(state)
    choose(state, "construction", "port:iberia")
    assert state.realms["red"].currency == 7 and "construction" not in ids(state)
    assert GAME.view(state, None).construction_ships["red"] == ["iberia"]
    choose(state, "found_port", "port:iberia")
    assert ids(state) == ["to:italy", "back"]  # his own coast with no port, not the capital
    choose(state, "to:italy")
    assert state.provinces["italy"].port and not any(s.kind == "construction_ship"
                                                      for s in state.ships)


def test_a_blockaded_port_sends_no_construction_ship() -> None:
    state = navy()
    own(state, "red", "italy")
    state.ships.append(Ship(id=900, kind="construction_ship", owner="red", port="iberia"))
    turn(state, "red", currency=20)
    assert "found_port" in ids(state)
    afloat(state, "blue", "frigate", "western_med")
    assert "found_port" not in ids(state) and "construction" not in ids(state)


def test_fleets_are_public_and_the_views_split_cleanly() -> None:
    state = navy()
    afloat(state, "red", "cruiser", "north_sea")
    turn(state, "red")
    split_views(GAME, state)
    view = GAME.view(state, None)
    assert isinstance(view, SixView)
    assert next(r for r in view.realms if r.role == "red").fleet == 6
    assert next(p for p in view.provinces if p.id == "germany").blockaded


def test_the_invariants_account_for_the_fleets() -> None:
    state = navy()
    [ship] = afloat(state, "red", "corvette", "north_sea")
    assert GAME.invariants(state) == []
    ship.kind = "cruiser"
    assert any("warships hold 6 soldiers" in p for p in GAME.invariants(state))
    ship.kind = "corvette"
    afloat(state, "blue", "frigate", "north_sea")
    assert any("share the north_sea" in p for p in GAME.invariants(state))


def ai_picks(state: SixState, role: str = "red") -> str:
    prompt = GAME.prompts(state)[role]
    return greedy(GAME, state, role, prompt.choices, Rng(seed="ai"))


def test_the_automatic_player_builds_a_warship_and_sails_to_blockade() -> None:
    state = navy()
    turn(state, "red", currency=20)
    state.realms["red"].food, state.realms["red"].food_needed = 1, 0  # no boat wanted
    assert ai_picks(state) == "warship"
    choose(state, "warship")
    assert ai_picks(state) == "kind:frigate"
    choose(state, "kind:frigate")
    assert ai_picks(state) == "zone:east_atlantic"  # next to the North Sea, off Germany
    choose(state, "zone:east_atlantic")
    assert ai_picks(state) != "warship"  # its fleet is the stronger now
    state.ships[-1].fresh = False
    choose(state, "fleet_move")
    assert ai_picks(state) == "from:east_atlantic"
    choose(state, "from:east_atlantic", "ships:frigate")
    assert ai_picks(state) == "to:north_sea"
    choose(state, "to:north_sea")
    assert blockaded(state, "germany")


def test_the_automatic_player_attacks_a_weaker_fleet_only() -> None:
    state = navy()
    afloat(state, "red", "frigate", "east_atlantic", 2)
    [blue] = afloat(state, "blue", "frigate", "north_sea")
    turn(state, "red", currency=0)
    assert sea_attack_plan(state, "red") == {"from": "east_atlantic", "ships": "frigate",
                                             "to": "north_sea", "withdraw": "0"}
    blue.kind = "corvette"
    state.realms["blue"].fleet_raised += 2
    assert sea_attack_plan(state, "red") is None


def test_a_realm_out_of_the_game_loses_its_ships() -> None:
    state = navy()
    afloat(state, "blue", "frigate", "north_sea")
    state.provinces["poland"].owner = state.provinces["germany"].owner = ""
    state.realms["blue"].seat = ""
    state.current = "red"
    state.stack = []
    put(state, "red", "infantry", "france")
    turn_from(state, 1)
    assert state.realms["blue"].out and fleet(state, "blue") == []
    assert GAME.invariants(state) == []


def seas_at_war(seed: str, players: int) -> SixState:
    """Every realm at capital level 2 with ports, money, warships, transporters with troops
    and infantry in its ports, the fleets a zone or two apart."""
    state = started(players)
    ports = {"red": ["iberia", "british_isles"], "blue": ["germany", "scandinavia"],
             "green": ["italy", "maghreb"]}
    fleets = {"red": ["east_atlantic", "north_atlantic"], "blue": ["north_sea", "baltic_sea"],
              "green": ["western_med", "eastern_med"]}
    for role in state.roles:
        state.realms[role].level = 2
        give(state, role, 200)
        for province in ports[role]:
            own(state, role, province)
            state.provinces[province].port = True
            put(state, role, "infantry", province, 4)
        for zone in fleets[role]:
            afloat(state, role, "frigate", zone, 2)
            afloat(state, role, "corvette", zone)
            [carrier] = afloat(state, role, "transporter", zone)
            for unit in put(state, role, "infantry", ports[role][0], 2):
                state.units.remove(unit)
                carrier.cargo.append(unit)
    state.rng = Rng(seed=seed)
    turn(state, "red")
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_random_play_on_seas_at_war_keeps_the_invariants(players: int) -> None:
    """Random choices from a position full of ships: sea battles, sinkings, landings and
    blockades happen, and after every action the invariants hold."""
    battles = sunk = landed = 0
    for index in range(4):
        state = seas_at_war(f"war-{players}-{index}", players)
        chooser = Rng(seed=f"chooser-{index}")
        for _ in range(400):
            prompts = GAME.prompts(state)
            if state.result is not None or not prompts:
                break
            role = sorted(prompts)[0]
            act(GAME, state, role, chooser.choice(prompts[role].choices).id, prompts=prompts)
            assert GAME.invariants(state) == [], state.log[-1].text
        battles += sum("wins the battle of the" in e.text for e in state.log)
        sunk += sum("unescorted and sinks" in e.text or "goes down with the battle" in e.text
                    for e in state.log)
        landed += sum("transporter on the" in e.text and " lands " in e.text
                      for e in state.log)
    assert battles and sunk and landed


def test_the_automatic_player_hunts_unescorted_transporters() -> None:
    state = navy()
    afloat(state, "red", "frigate", "north_sea")  # blockading Germany already
    afloat(state, "blue", "transporter", "baltic_sea")
    turn(state, "red", currency=0)
    assert ai_picks(state) == "fleet_move"
    choose(state, "fleet_move", "from:north_sea", "ships:frigate", "to:baltic_sea")
    assert fleet(state, "blue") == []


def test_the_new_weapon_helps_at_sea_too() -> None:
    """Overseas 81-85: "+3 to every battle roll", the sea battle's rolls included."""
    state = navy()
    [red] = afloat(state, "red", "frigate", "east_atlantic")
    [blue] = afloat(state, "blue", "frigate", "north_sea")
    state.realms["red"].lasting.battle_bonus = 3
    attack = SeaAttack(attacker="red", origin="east_atlantic", zone="north_sea", ships=[red],
                       defenders=[blue], withdraw_at=0)
    assert sea_modifiers(state, attack, "attacker") == [("new weapon", 3)]
    assert sea_modifiers(state, attack, "defender") == [("coastal batteries", 6)]


def test_a_blockaded_port_sends_no_overseas_expedition() -> None:
    """Overseas expeditions cannot be sent from a blocked port."""
    state = navy()
    assert overseas_ports(state, "red") == ["iberia"]
    afloat(state, "blue", "frigate", "east_atlantic")
    assert blockaded(state, "iberia") and overseas_ports(state, "red") == []
