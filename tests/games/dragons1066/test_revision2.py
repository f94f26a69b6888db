"""Rules revision 2 (docs/games/dragons1066.md, "Rules revisions"): fewer clicks. Each new
choice, and the revision-1 prompt it leaves alone for games started before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import IllegalChoice
from engine.core.rng import Rng
from engine.core.runner import act, parse_options, start
from engine.games.dragons1066 import GAME
from engine.games.dragons1066.ai import greedy
from engine.games.dragons1066.state import DragonsState
from engine.games.dragons1066.suggest import suggested_march, suggested_purchases
from tests.games.dragons1066.helpers import (
    asked,
    attack,
    choose,
    empty,
    fight,
    ids,
    put,
    reinforce,
    units,
)


def label(state: DragonsState, choice_id: str) -> str:
    return next(c.label for p in GAME.prompts(state).values() for c in p.choices
                if c.id == choice_id)


def test_new_games_start_under_revision_2_and_stored_ones_keep_1() -> None:
    assert GAME.revision == 2
    assert parse_options(GAME, {}).revision == 2
    assert parse_options(GAME, {"revision": 1}).revision == 1


def test_a_move_from_to_takes_every_unit_that_may_end_there() -> None:
    state = empty(revision=2)
    put(state, "legion", "red", "aquitaine", 2)
    put(state, "knight", "red", "aquitaine")
    attack(state)
    assert label(state, "go:aquitaine.aragon").startswith(
        "Aquitaine → Aragon: 2 Legions, 1 Knight, ")
    # only the Knight gets past the empty Aragon to Castile: the Legions stay
    assert label(state, "go:aquitaine.castile").startswith("Aquitaine → Castile: 1 Knight, ")
    choose(state, "go:aquitaine.castile")
    assert units(state, "castile") == ["knight"]
    assert units(state, "aquitaine") == ["legion", "legion"]
    choose(state, "go:aquitaine.aragon")
    assert units(state, "aragon") == ["legion", "legion"]
    assert state.battles == ["castile", "aragon"]


def test_revision_1_asks_the_zone_the_units_and_the_destination() -> None:
    state = empty()
    put(state, "legion", "red", "aquitaine", 2)
    attack(state)
    assert not any(i.startswith(("go:", "all:")) for i in ids(state))
    with pytest.raises(IllegalChoice):
        choose(state, "go:aquitaine.aragon")
    choose(state, "move", "zone:aquitaine", "units:legion.1.2", "to:aragon")
    assert units(state, "aragon") == ["legion", "legion"]


def test_a_fortress_may_keep_its_garrison() -> None:
    state = empty(revision=2)
    put(state, "legion", "red", "england", 2)
    put(state, "warbeast", "red", "england")
    state.owners["wales"] = "silver"
    attack(state)
    assert "go:england.wales" in ids(state)
    assert label(state, "go:england.wales.keep").startswith(
        "England → Wales: 1 Legion, 1 Warbeast (1 Legion stays), ")
    choose(state, "go:england.wales.keep")
    assert units(state, "england") == ["legion"]
    assert units(state, "wales") == ["legion", "warbeast"]


def test_all_that_can_reach_a_battle_in_one_choice() -> None:
    state = empty(revision=2)
    put(state, "legion", "red", "burgundy")
    put(state, "knight", "red", "france")
    put(state, "legion", "silver", "lombardy")
    put(state, "legion", "red", "aquitaine")  # it could still attack: the menu stays
    attack(state)
    assert label(state, "all:lombardy").startswith(
        "All that can reach Lombardy: 2 units from 2 zones, ")
    choose(state, "all:lombardy")
    assert units(state, "lombardy", "red") == ["knight", "legion"]
    assert state.battles == ["lombardy"] and asked(state) == "attack"
    assert "attacks Lombardy from France and Burgundy with 1 Knight, 1 Legion" in state.log[-1].text


def test_the_attack_menu_ends_by_itself_when_nothing_can_attack() -> None:
    state = empty(revision=2)
    put(state, "legion", "red", "ireland")  # no land border, no Galleon
    attack(state)
    assert state.phase == "reinforce" and asked(state) == "reinforce"
    old = empty()
    put(old, "legion", "red", "ireland")
    attack(old)
    assert asked(old) == "attack" and ids(old) == ["done"]


def test_battles_best_odds_first_without_asking_the_order() -> None:
    state = empty(revision=2)
    put(state, "warbeast", "red", "aquitaine", 3)
    put(state, "legion", "red", "burgundy")
    put(state, "legion", "silver", "aragon")
    put(state, "warbeast", "silver", "lombardy", 3)
    attack(state)
    put(state, "legion", "red", "flanders")  # it could still attack: the menu stays
    choose(state, "go:aquitaine.aragon", "go:burgundy.lombardy")
    assert label(state, "best") == "Fight them all, best odds first"
    choose(state, "best")
    assert asked(state) != "choose_battle"
    said = [e.text for e in state.log if e.text.startswith("Battle of")]
    assert said[0].startswith("Battle of Aragon")  # 3 Warbeasts on a Legion: the best odds
    while asked(state) != "reinforce":
        assert asked(state) != "choose_battle"
        choose(state, "cheapest" if "cheapest" in ids(state) else ids(state)[0])
    choose(state, "done")
    assert not state.best_first  # a turn's choice only
    assert "best_first" not in state.model_dump(mode="json")


def test_revision_1_asks_which_battle_next() -> None:
    state = empty()
    put(state, "legion", "silver", "aragon")
    put(state, "legion", "silver", "lombardy")
    put(state, "warbeast", "red", "aragon")
    fight(state, "aragon", "lombardy")
    assert asked(state) == "choose_battle"


def test_buy_as_suggested_spends_the_gold_in_one_click() -> None:
    state = empty(revision=2)
    put(state, "galleon", "red", "channel")
    reinforce(state)
    plan = suggested_purchases(state)
    assert state.gold["red"] == 11 and plan
    assert label(state, "suggested").startswith("Buy ")
    choose(state, "suggested")
    assert state.gold["red"] == 0
    assert sorted(p.kind for p in state.pieces if p.new) == sorted(k for k, _ in plan)
    assert "suggested" not in ids(state) and "buy" not in ids(state)


def test_several_new_units_in_one_pick_where_there_is_room() -> None:
    state = empty(revision=2)
    reinforce(state)
    choose(state, "buy", "unit:warbeast")
    assert label(state, "at:england.5") == "5 Warbeasts in England (10 Gold)"
    assert not any(i.startswith("at:normandy.") for i in ids(state))  # room for one
    choose(state, "at:england.5")
    assert units(state, "england") == ["warbeast"] * 5 and state.gold["red"] == 1
    old = empty()
    reinforce(old)
    choose(old, "buy", "unit:warbeast")
    assert "at:england.5" not in ids(old)


def test_march_to_the_front_as_suggested() -> None:
    state = empty(revision=2)
    put(state, "legion", "red", "france", 2)  # Aquitaine and Burgundy border the enemy
    put(state, "knight", "red", "flanders")
    reinforce(state)
    march = [(zone, to, [p.kind for p in pieces]) for zone, to, pieces in suggested_march(state)]
    assert march == [("flanders", "aquitaine", ["knight"]),
                     ("france", "aquitaine", ["legion", "legion"])]
    assert label(state, "march") == "March to the front as suggested (2 moves)"
    choose(state, "march")
    assert units(state, "aquitaine") == ["knight", "legion", "legion"]
    assert "march" not in ids(state)


def test_buy_march_and_end_the_turn_in_one_click() -> None:
    state = empty(revision=2)
    put(state, "legion", "red", "france")
    reinforce(state)
    assert label(state, "finish") == "Buy, march and end the turn as suggested"
    choose(state, "finish")
    assert state.kingdom == "gold" and units(state, "france", "red") == ["warbeast"]  # new
    assert state.bought["red"] == 6  # 5 Warbeasts and a Legion for 11 Gold
    assert "legion" in units(state, "aquitaine")  # the old Legion marched
    old = empty()
    put(old, "legion", "red", "france")
    reinforce(old)
    assert not {"finish", "march", "suggested"} & set(ids(old))


def test_the_greedy_player_uses_the_new_choices() -> None:
    state = empty(revision=2)
    put(state, "warbeast", "red", "aquitaine", 3)
    put(state, "legion", "silver", "aragon")
    attack(state)
    choices = GAME.prompts(state)["red"].choices
    assert greedy(GAME, state, "red", choices, Rng(seed="t")) == "go:aquitaine.aragon"
    reinforce(state)
    choices = GAME.prompts(state)["red"].choices
    assert greedy(GAME, state, "red", choices, Rng(seed="t")) == "finish"


def test_a_revision_1_log_replays_unchanged() -> None:
    """A greedy 2-player game recorded before revision 2 existed (the previous commit's
    code, which had only revision 1) replays to the same result under revision 1."""
    stored = json.loads((Path(__file__).parent / "log_revision_1.json").read_text())
    state = start(GAME, stored["seed"], stored["players"], {"revision": 1, **stored["options"]})
    for role, choice in stored["actions"]:
        act(GAME, state, role, choice)
    assert state.result is not None and state.result.model_dump() == stored["result"]


def test_a_galleon_transport_in_one_pick() -> None:
    state = empty(revision=2)
    put(state, "galleon", "red", "channel")
    put(state, "legion", "red", "normandy")
    state.owners["wales"] = "silver"
    attack(state)
    choose(state, "carry")
    assert label(state, "trip:normandy.legion.channel.wales") == \
        "Legion: Normandy → Wales by the English Channel, 100%"
    assert not any(i.startswith("sea:") for i in ids(state))
    choose(state, "trip:normandy.legion.channel.wales")
    assert units(state, "wales") == ["legion"] and state.owners["wales"] == "red"  # taken
    old = empty()
    put(old, "galleon", "red", "channel")
    put(old, "legion", "red", "normandy")
    old.owners["wales"] = "silver"
    attack(old)
    choose(old, "carry")
    assert ids(old) == ["sea:channel", "back"]
