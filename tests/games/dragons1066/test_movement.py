"""Movement rules: one test per line of the rule book's movement and Galleon sections."""

from __future__ import annotations

from engine.games.dragons1066.reach import destinations
from engine.games.dragons1066.situation import Situation
from tests.games.dragons1066.helpers import asked, attack, choose, empty, ids, put, reinforce


def reach(state: object, piece: object) -> set[str]:
    return set(destinations(Situation(state), piece))  # type: ignore[arg-type]


def test_attack_moves_must_end_in_battle() -> None:
    state = empty()
    legion = put(state, "legion", "red", "aquitaine")[0]
    attack(state)
    # France and Burgundy are Red's own: only the enemy land is a legal attack
    assert reach(state, legion) == {"aragon"}


def test_a_unit_moves_as_many_zones_as_its_move() -> None:
    state = empty()
    state.phase = "reinforce"
    legion, = put(state, "legion", "red", "normandy")
    knight, = put(state, "knight", "red", "normandy")
    assert reach(state, legion) == {"flanders", "france", "aquitaine"}
    assert {"burgundy", "saxony"} <= reach(state, knight)  # two zones, Saxony is allied


def test_knights_pass_through_lands_without_enemy_units_even_enemy_owned() -> None:
    state = empty()
    knight, = put(state, "knight", "red", "aquitaine")
    attack(state)
    assert "cordoba" in reach(state, knight)  # through empty, Silver-owned Aragon
    put(state, "legion", "silver", "aragon")
    assert "cordoba" not in reach(state, knight)  # stops on entering an enemy-occupied land
    assert "aragon" in reach(state, knight)


def test_other_land_units_stop_in_an_enemy_owned_land() -> None:
    state = empty()
    state.phase = "attack"
    state.kingdom = "gold"
    beast, = put(state, "warbeast", "gold", "hungary")
    assert reach(state, beast) == {"poland", "bohemia"}


def test_units_move_freely_through_allied_zones() -> None:
    state = empty()
    state.phase = "reinforce"
    knight, = put(state, "knight", "red", "flanders")
    assert "bohemia" in reach(state, knight)  # through Blue's Saxony
    put(state, "legion", "blue", "saxony")
    assert "bohemia" in reach(state, knight)  # allied forces do not stop it


def test_bridges_count_as_land_borders() -> None:
    state = empty(kingdom="gold")
    state.owners["syria"] = "red"
    legion, = put(state, "legion", "gold", "egypt")
    attack(state)
    assert reach(state, legion) == {"syria"}
    state.owners["bulgaria"] = state.owners["greece"] = "blue"
    other, = put(state, "legion", "gold", "constantinople")
    assert reach(state, other) == {"bulgaria", "greece"}


def test_reinforce_moves_may_not_enter_battle() -> None:
    state = empty()
    knight, = put(state, "knight", "red", "aquitaine")
    state.phase = "reinforce"
    assert reach(state, knight) & {"aragon", "castile", "cordoba"} == set()
    assert "normandy" in reach(state, knight)


def test_a_unit_that_attacked_cannot_move_in_reinforce() -> None:
    state = empty()
    put(state, "legion", "red", "aquitaine")
    attack(state)
    choose(state, "move", "zone:aquitaine", "units:legion.1.1", "to:aragon", "done")
    assert state.owners["aragon"] == "red"  # an empty land with a Castle: taken
    assert asked(state) == "reinforce" and "move" not in ids(state)


def test_galleon_pick_up_move_drop() -> None:
    state = empty()
    put(state, "galleon", "red", "channel")
    put(state, "legion", "red", "england")
    attack(state)
    choose(state, "carry", "sea:channel", "passenger:england.legion")
    drops = [i for i in ids(state) if i.startswith("drop:")]
    # from the Channel it may sail up to two seas and drop on an enemy coast
    assert "drop:biscay.galicia" in drops and "drop:biscay.castile" in drops
    choose(state, "drop:biscay.galicia")
    galleon = next(p for p in state.pieces if p.kind == "galleon")
    legion = next(p for p in state.pieces if p.kind == "legion")
    assert (galleon.zone, legion.zone) == ("biscay", "galicia")
    assert galleon.stopped and galleon.carried and legion.stopped
    assert state.battles == ["galicia"]


def test_galleon_move_then_pick_up_then_drop() -> None:
    state = empty()
    put(state, "galleon", "red", "north_atlantic")
    put(state, "legion", "red", "aquitaine")  # borders Biscay, not the North Atlantic
    attack(state)
    choose(state, "carry", "sea:north_atlantic", "passenger:aquitaine.legion")
    assert "drop:biscay.galicia" in ids(state)
    assert "drop:biscay.aquitaine" not in ids(state)  # dropped in another land


def test_galleon_pick_up_and_drop_without_moving() -> None:
    state = empty()
    state.owners["castile"] = "silver"
    put(state, "galleon", "red", "biscay")
    put(state, "legion", "red", "normandy")
    attack(state)
    choose(state, "carry", "sea:biscay", "passenger:normandy.legion", "drop:biscay.castile")
    galleon = next(p for p in state.pieces if p.kind == "galleon")
    assert galleon.zone == "biscay" and galleon.used == 0


def test_boarding_needs_a_move_and_a_galleon_carries_once_a_turn() -> None:
    state = empty()
    state.phase = "reinforce"
    put(state, "galleon", "red", "channel")
    legion, = put(state, "legion", "red", "england")
    legion.used = 1  # no move left to go aboard
    reinforce(state)
    assert "carry" not in ids(state)
    legion.used = 0
    put(state, "legion", "red", "england")
    choose(state, "carry", "sea:channel", "passenger:england.legion", "drop:channel.normandy")
    assert "carry" not in ids(state)  # the Galleon has carried this turn


def test_disembarking_ends_the_move_even_of_a_knight() -> None:
    state = empty()
    reinforce(state)
    put(state, "galleon", "red", "channel")
    knight, = put(state, "knight", "red", "england")
    choose(state, "carry", "sea:channel", "passenger:england.knight", "drop:channel.normandy")
    assert knight.zone == "normandy" and knight.stopped
    assert "move" not in ids(state)
