"""Battle rules, with the dice set by each test (attackers' dice first, then defenders')."""

from __future__ import annotations

from engine.games.dragons1066 import GAME
from engine.games.dragons1066.battle import finish_battle
from engine.games.dragons1066.state import Battle
from tests.games.dragons1066.helpers import (
    asked,
    attack,
    attackers,
    choose,
    empty,
    fight,
    ids,
    put,
    units,
)


def labels(state: object) -> list[str]:
    return [c.label for p in GAME.prompts(state).values()  # type: ignore[arg-type]
            for c in p.choices]


def test_sea_battles_come_before_land_battles_and_the_attacker_chooses(
        dice: list[int]) -> None:
    state = empty()
    put(state, "legion", "red", "aquitaine")
    put(state, "legion", "red", "burgundy")
    put(state, "galleon", "red", "biscay")
    put(state, "galleon", "silver", "ocean")
    put(state, "legion", "silver", "aragon")
    put(state, "legion", "silver", "lombardy")
    attack(state)
    choose(state, "move", "zone:aquitaine", "units:legion.1.1", "to:aragon")
    choose(state, "move", "zone:burgundy", "units:legion.1.1", "to:lombardy")
    dice += [6, 1]  # the Galleons: Red hits, Silver misses
    choose(state, "move", "zone:biscay", "units:galleon.2.1", "to:ocean", "done")
    # the only sea battle is fought first, without a question
    assert [p.owner for p in state.pieces if p.zone == "ocean"] == ["red"]
    assert sorted(ids(state)) == ["battle:aragon", "battle:lombardy"]
    assert all("%" in label for label in labels(state))  # each with its odds


def test_rounds_go_on_until_one_side_is_gone_and_killed_defenders_still_roll(
        dice: list[int]) -> None:
    state = empty()
    attackers(state, "legion", "galicia", 2)
    put(state, "legion", "silver", "galicia")
    # round 1: nobody hits; round 2: Red kills the Legion, which still hits back
    dice += [1, 1, 1, 6, 1, 6]
    fight(state, "galicia")
    assert units(state, "galicia") == ["legion"] and state.owners["galicia"] == "red"
    rounds = [e for e in state.log if ", round " in e.text]
    assert len(rounds) == 2 and rounds[1].dice == [6, 1, 6]
    assert "d6:6 d6:1" in rounds[1].text


def test_castles_do_not_roll_and_are_lost_first(dice: list[int]) -> None:
    state = empty()
    attackers(state, "warbeast", "aragon")  # Aragon has a Castle
    put(state, "legion", "silver", "aragon")
    dice += [20, 1, 6, 1]  # round 1: the Castle falls first; round 2: the Legion
    fight(state, "aragon")
    rounds = [e for e in state.log if ", round " in e.text]
    assert [len(r.dice) for r in rounds] == [2, 2]  # the Castle never rolls
    assert "1 Castle" in state.log[state.log.index(rounds[0]) + 1].text
    assert state.owners["aragon"] == "red"


def test_defenders_lose_d6_then_d12_then_d20_units(dice: list[int]) -> None:
    state = empty()
    attackers(state, "warbeast", "galicia", 2)
    put(state, "warbeast", "silver", "galicia")
    put(state, "knight", "silver", "galicia")
    put(state, "legion", "silver", "galicia")
    dice += [6, 1, 1, 1, 1]  # one hit on the defenders
    dice += [1, 1, 1, 1]  # a quiet round
    dice += [6, 6, 1, 1]  # two more
    fight(state, "galicia")
    assert units(state, "galicia", "silver") == []
    lost = [e.text for e in state.log if "the defenders lose" in e.text]
    assert "Legion" in lost[0] and "Knight" in lost[1] and "Warbeast" in lost[1]


def test_a_fortress_counts_as_five_castles(dice: list[int]) -> None:
    state = empty()
    attackers(state, "warbeast", "rome", 3)
    put(state, "legion", "silver", "rome")
    dice += [6, 6, 6, 1]  # three hits: three of the five Castles
    dice += [6, 6, 6, 1]  # three more: the last two Castles and the Legion
    fight(state, "rome")
    assert state.owners["rome"] == "red"
    assert sum(1 for e in state.log if ", round " in e.text) == 2


def test_an_ungarrisoned_fortress_falls_to_any_attacker_without_a_roll(
        dice: list[int]) -> None:
    state = empty()
    attackers(state, "legion", "rome")
    fight(state, "rome")
    assert state.owners["rome"] == "red" and not any(", round " in e.text for e in state.log)


def test_a_land_changes_hands_only_if_an_attacking_land_unit_survives(
        dice: list[int]) -> None:
    state = empty()
    attackers(state, "dragon", "galicia")
    put(state, "legion", "silver", "galicia")
    fight(state, "galicia")
    dice += [12, 1]
    choose(state, "fight")
    assert state.owners["galicia"] == "silver"  # air units cannot conquer
    assert any("air units cannot conquer" in e.text for e in state.log)


def test_both_sides_gone_leaves_the_land_to_the_defender(dice: list[int]) -> None:
    state = empty()
    attackers(state, "legion", "galicia")
    put(state, "legion", "silver", "galicia")
    dice += [6, 6]
    fight(state, "galicia")
    assert state.owners["galicia"] == "silver" and units(state, "galicia") == []


def test_the_attacker_chooses_casualties_only_when_it_is_a_real_choice(
        dice: list[int]) -> None:
    state = empty()
    attackers(state, "legion", "galicia", 2)
    attackers(state, "knight", "galicia")
    put(state, "warbeast", "silver", "galicia", 2)
    dice += [1, 1, 1, 6, 1]  # one hit on the attacker: Legion or Knight?
    fight(state, "galicia")
    assert asked(state) == "casualty" and ids(state)[0] == "cheapest"
    dice += [1, 1, 1, 1]  # a quiet round
    dice += [1, 1, 6, 6]  # both Legions die: no choice to make
    choose(state, "lose:knight")
    assert units(state, "galicia", "red") == [] and state.owners["galicia"] == "silver"
    assert sum(1 for e in state.log if "Red Kingdom loses" in e.text) == 3


def test_cheapest_first_takes_every_hit_in_one_click(dice: list[int]) -> None:
    state = empty()
    attackers(state, "legion", "galicia", 2)
    attackers(state, "warbeast", "galicia")
    put(state, "warbeast", "silver", "galicia", 2)
    dice += [1, 1, 1, 6, 6]
    fight(state, "galicia")
    dice += [20, 1, 1, 20, 1]
    choose(state, "cheapest")
    assert units(state, "galicia", "red") == ["warbeast"]


def test_air_attackers_may_retreat_before_each_roll(dice: list[int]) -> None:
    state = empty()
    attackers(state, "legion", "galicia")
    dragon, = attackers(state, "dragon", "galicia")
    put(state, "warbeast", "silver", "galicia")
    fight(state, "galicia")
    assert asked(state) == "air_retreat"
    dice += [1, 1, 1]
    choose(state, "fight")
    assert asked(state) == "air_retreat"  # asked again before the next roll
    dice += [6, 20]  # the Legion alone rolls; the Warbeast kills it
    choose(state, "retreat")
    assert dragon in state.pieces and dragon.zone == "galicia" and not dragon.attacking
    assert state.owners["galicia"] == "silver"


def test_no_retreat_question_against_castles_alone(dice: list[int]) -> None:
    state = empty()
    attackers(state, "dragon", "aragon")
    attackers(state, "legion", "aragon")
    dice += [12, 1]
    fight(state, "aragon")
    assert state.owners["aragon"] == "red"


def test_enemy_seas_a_passenger_is_lost_if_its_galleon_sinks() -> None:
    state = empty()
    galleon, = attackers(state, "galleon", "biscay")
    passenger, = attackers(state, "legion", "galicia")
    passenger.via = galleon.id
    put(state, "galleon", "silver", "biscay")
    state.battle = Battle(zone="biscay")
    state.pieces.remove(galleon)  # sunk in the sea battle
    state.lost["red"] += 1
    finish_battle(state)
    assert passenger not in state.pieces and state.lost["red"] == 2


def test_enemy_seas_a_passenger_is_safe_if_its_galleon_wins() -> None:
    state = empty()
    galleon, = attackers(state, "galleon", "biscay")
    passenger, = attackers(state, "legion", "galicia")
    passenger.via = galleon.id
    state.battle = Battle(zone="biscay")
    finish_battle(state)
    assert passenger in state.pieces and passenger.via == 0


def test_every_round_s_dice_are_in_the_log(dice: list[int]) -> None:
    state = empty()
    attackers(state, "knight", "galicia")
    put(state, "legion", "silver", "galicia")
    dice += [3, 2, 7, 4]
    fight(state, "galicia")
    assert [e.dice for e in state.log if e.dice] == [[3, 2], [7, 4]]
