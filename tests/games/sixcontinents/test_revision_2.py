"""Rules revision 2 (issue 13: fewer clicks; ``revisions.py``): an attack in one choice with
every unit that can reach the target, fought to the end, its chance of taking it on the
choice (``odds.py``), and the same at sea; a warship's kind and zone in one choice; a fleet
sailing in one "from → to" choice. Revision 1 asks as before."""

from __future__ import annotations

import pytest

from engine.core.game import Prompt
from engine.core.rng import Rng
from engine.core.runner import start
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.fleet import launch
from engine.games.sixcontinents.navy import fleet_of
from engine.games.sixcontinents.odds import (
    attack_odds,
    chance_to_take,
    percent,
    roll_won,
    sea_attack_odds,
)
from engine.games.sixcontinents.state import SixState
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


def two_fronts(revision: int = 2) -> SixState:
    """Red: 2 infantry in Germany and 2 in Italy, both next to Blue's Danube Lands (2
    infantry, dug in)."""
    state = started()
    state.options.revision = revision
    own(state, "red", "germany", "italy")
    own(state, "blue", "danube")
    put(state, "red", "infantry", "germany", 2)
    put(state, "red", "infantry", "italy", 2)
    put(state, "blue", "infantry", "danube", 2)
    turn(state, "red", currency=10)
    return state


def prompt(state: SixState) -> Prompt:
    return GAME.prompts(state)["red"]


def test_one_roll_ties_to_the_defender_and_a_battle_to_the_end() -> None:
    assert roll_won(0) == pytest.approx(4950 / 10000)  # a tie is the defender's
    assert roll_won(2) == pytest.approx(5149 / 10000)
    assert chance_to_take(1, 1, 0) == pytest.approx(roll_won(0))
    # two against one: "more soldiers" +2 on the first roll, none after a loss
    assert chance_to_take(2, 1, 0) == pytest.approx(roll_won(2) + (1 - roll_won(2))
                                                    * roll_won(0))
    assert chance_to_take(3, 0, -50) == 1.0 and chance_to_take(0, 3, 50) == 0.0
    assert [percent(x) for x in (0.0, 0.001, 0.5, 0.999, 1.0)] == \
        ["0%", "1%", "50%", "99%", "100%"]


def test_an_attack_in_one_choice_takes_all_that_can_reach_to_the_end(
        dice: list[int]) -> None:
    state = two_fronts()
    choose(state, "attack")
    strike = next(c for c in prompt(state).choices if c.id == "strike:danube")
    chance = percent(attack_odds(state, "red", "danube"))
    assert strike.label == f"Danube Lands: all 4 soldiers against 2, {chance}"
    assert "target:danube" in ids(state)  # the forces and the withdraw point still chosen
    dice.extend([1, 99, 1, 99, 99, 1, 99, 1, 99, 1])  # two lost, then four won
    choose(state, "strike:danube")
    battle = state.battle
    assert battle is not None and battle.outcome == "taken" and len(battle.rolls) == 4
    assert "+1 several provinces" in battle.rolls[0]  # both provinces' units fought
    assert kinds(state, "danube", "red") == ["infantry", "infantry"]
    assert asked(state) == "plunder"


def test_revision_1_asks_the_target_the_forces_and_the_withdraw_point() -> None:
    state = two_fronts(revision=1)
    choose(state, "attack")
    assert not any(i.startswith("strike:") for i in ids(state))
    assert prompt(state).text == "Attack which province?"


def test_the_chance_shown_is_the_share_of_such_attacks_that_take_the_province() -> None:
    """400 attacks of 6 infantry on 4 dug in, each with dice of its own: the share won is
    the figure on the choice (three standard deviations: 7.5 points)."""
    taken = 0
    chance = 0.0
    for index in range(400):
        state = started()
        state.options.revision = 2
        own(state, "red", "germany")
        own(state, "blue", "danube")
        put(state, "red", "infantry", "germany", 6)
        put(state, "blue", "infantry", "danube", 4)
        turn(state, "red", currency=10)
        state.rng = Rng(seed=f"odds-{index}")
        chance = attack_odds(state, "red", "danube")
        choose(state, "attack", "strike:danube")
        assert state.battle is not None
        taken += state.battle.outcome == "taken"
    assert 0.2 < chance < 0.8
    assert abs(taken / 400 - chance) < 0.075


def test_the_greedy_player_attacks_in_one_choice_when_all_but_sure() -> None:
    state = two_fronts()
    put(state, "red", "infantry", "italy", 8)  # Germany's also reach Blue's capital
    choose(state, "attack")
    choices = prompt(state).choices
    assert greedy(GAME, state, "red", choices, Rng(seed="x")) == "strike:danube"


def navy(revision: int = 2) -> SixState:
    state = started()
    state.options.revision = revision
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    state.realms["red"].level = 2
    for kind in ("frigate", "corvette"):
        launch(state, "red", kind, "east_atlantic").fresh = False
    turn(state, "red")
    return state


def test_a_fleet_sails_from_to_in_one_choice() -> None:
    state = navy()
    choose(state, "fleet_move")
    go = next(c for c in prompt(state).choices if c.id == "go:east_atlantic.north_sea")
    assert go.label == "East Atlantic → North Sea: 1 Frigate, 1 Corvette"
    assert "from:east_atlantic" in ids(state)  # the ships may still be chosen
    choose(state, "go:east_atlantic.north_sea")
    assert sorted(s.kind for s in fleet_of(state, "red", "north_sea")) == ["corvette",
                                                                           "frigate"]
    choose(state, "fleet_move")  # only the frigate has a movement point left
    assert [i for i in ids(state) if i.startswith("go:north_sea.")] and \
        all(not i.startswith("go:east") for i in ids(state))
    choose(state, "go:north_sea.baltic_sea")
    assert [s.kind for s in fleet_of(state, "red", "baltic_sea")] == ["frigate"]


def test_revision_1_asks_the_zone_the_ships_and_where_to() -> None:
    state = navy(revision=1)
    choose(state, "fleet_move")
    assert not any(i.startswith("go:") for i in ids(state))


def test_a_new_game_gets_revision_2_and_a_stored_one_keeps_its_own() -> None:
    new = start(GAME, "new", 2, {"rounds": 20})
    old = start(GAME, "old", 2, {"rounds": 20, "revision": 1})
    assert isinstance(new, SixState) and isinstance(old, SixState)
    assert (new.options.revision, old.options.revision) == (2, 1)


def test_a_warship_is_one_choice_of_its_kind_and_zone() -> None:
    state = navy()
    give(state, "red", 30)
    choose(state, "warship")
    launch_ids = [i for i in ids(state) if i.startswith("launch:")]
    assert "launch:frigate.western_med" in launch_ids and "kind:frigate" not in ids(state)
    label = next(c.label for c in prompt(state).choices if c.id == "launch:frigate.western_med")
    assert label.startswith("Frigate on the Western Mediterranean (")
    choose(state, "launch:frigate.western_med")
    assert [s.kind for s in fleet_of(state, "red", "western_med")] == ["frigate"]
    assert asked(state) == "menu"


def test_revision_1_asks_the_warship_s_kind_then_its_zone() -> None:
    state = navy(revision=1)
    give(state, "red", 30)
    choose(state, "warship")
    assert "kind:frigate" in ids(state) and not any(i.startswith("launch:") for i in ids(state))


def sea_fight(revision: int = 2, seed: str = "") -> SixState:
    """Red's corvette (3 soldiers) on the East Atlantic, Blue's 2 frigates next to it on the
    North Sea, no coastal batteries."""
    state = started()
    state.options.revision = revision
    own(state, "red", "iberia")
    own(state, "blue", "germany")
    state.provinces["iberia"].port = True
    state.realms["red"].level = 2
    launch(state, "red", "corvette", "east_atlantic").fresh = False
    for _ in range(2):
        launch(state, "blue", "frigate", "north_sea").fresh = False
    turn(state, "red")
    if seed:
        state.rng = Rng(seed=seed)
    return state


def test_a_fleet_attacks_in_one_choice_with_its_chance(dice: list[int]) -> None:
    state = sea_fight()
    choose(state, "sea_attack")
    strike = next(c for c in prompt(state).choices if c.id == "strike:east_atlantic.north_sea")
    chance = chance_to_take(3, 2, 0, "more_soldiers_at_sea")  # no modifier but the numbers
    assert strike.label == f"East Atlantic → North Sea: all 3 against Blue's 2, {percent(chance)}"
    assert "from:east_atlantic" in ids(state)
    dice.extend([90, 10, 90, 10])
    choose(state, "strike:east_atlantic.north_sea")
    assert state.sea_battle is not None and state.sea_battle.outcome == "won"
    assert [s.kind for s in fleet_of(state, "red", "north_sea")] == ["corvette"]


def test_revision_1_asks_the_fleet_s_zone_ships_target_and_withdraw_point() -> None:
    state = sea_fight(revision=1)
    choose(state, "sea_attack")
    assert ids(state) == ["from:east_atlantic", "back"]


def test_the_chance_at_sea_is_the_share_of_such_battles_won() -> None:
    """300 attacks of the corvette on the two frigates, each with dice of its own."""
    won = 0
    chance = 0.0
    for index in range(300):
        state = sea_fight(seed=f"sea-odds-{index}")
        chance = sea_attack_odds(state, "red", "east_atlantic",
                                 fleet_of(state, "red", "east_atlantic"), "north_sea")
        choose(state, "sea_attack", "strike:east_atlantic.north_sea")
        assert state.sea_battle is not None
        won += state.sea_battle.outcome == "won"
    assert 0.2 < chance < 0.8
    assert abs(won / 300 - chance) < 0.087  # three standard deviations
