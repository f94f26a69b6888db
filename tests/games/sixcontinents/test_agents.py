"""Agents (Agents, Action types; agents.toml): buying spies, dealing the secret cards, the
reveal at the end of the next round, counterintelligence, the spy killed on 1-10, each
card's effect, the rule book's example (the spy of Maciek), and what the views show."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.agents import deal, reveal
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.economy import food_lines, income_lines
from engine.games.sixcontinents.phases import turn_from
from engine.games.sixcontinents.slavery import enslave
from engine.games.sixcontinents.state import REBELS, SixState
from engine.games.sixcontinents.view import SixPlayerView, SixSecrets
from tests.games.sixcontinents.helpers import (
    asked,
    choose,
    give,
    ids,
    own,
    put,
    started,
    turn,
)
from tests.support.views import split_views


def spies(state: SixState, role: str, count: int) -> None:
    """``role`` holds ``count`` spies, bought earlier."""
    realm = state.realms[role]
    realm.spies += count
    realm.spies_hired += count


def label(state: SixState, choice_id: str) -> str:
    return next(c.label for p in GAME.prompts(state).values() for c in p.choices
                if c.id == choice_id)


def test_a_spy_costs_8_and_the_menu_shows_what_one_can_afford() -> None:
    state = started()
    turn(state, "red", currency=20)
    assert label(state, "spy") == "Buy spies (8 each, you can afford 2)"
    choose(state, "spy")
    assert ids(state) == ["count:1", "count:2", "back"]
    choose(state, "count:2")
    red = state.realms["red"]
    assert red.spies == 2 and red.currency == 4 and asked(state) == "menu"
    assert "spy" not in ids(state)  # two spies are all two players can use
    assert label(state, "deal") == "Deal the agents' cards (2 spies, 2 actions)"


def test_without_a_capital_or_the_money_no_spy_is_offered() -> None:
    state = started(players=3)
    turn(state, "red", currency=7)
    assert "spy" not in ids(state)
    give(state, "red", 40)
    assert label(state, "spy") == "Buy spies (8 each, up to 3)"  # one for each player
    state.realms["red"].seat = ""
    assert "spy" not in ids(state)


def test_one_spy_deals_one_action_card_and_nothing_to_the_rest() -> None:
    state = started(players=3)
    spies(state, "red", 1)
    turn(state, "red")
    choose(state, "deal")
    # his own card: counterintelligence or nothing; never an action card
    assert ids(state) == ["red:counterintelligence", "red:nothing", "back"]
    choose(state, "red:nothing")
    assert ids(state) == ["blue:sabotage", "blue:incitement", "blue:free_slaves",
                          "blue:burn_food", "blue:nothing", "back"]
    choose(state, "blue:sabotage")  # the only spy is used: nothing else for Green
    assert ids(state) == ["green:nothing", "back"]
    choose(state, "green:nothing")
    assert asked(state) == "menu" and "deal" not in ids(state)
    assert [(c.dealer, c.target, c.card, c.round) for c in state.cards] == [
        ("red", "red", "nothing", 1), ("red", "blue", "sabotage", 1),
        ("red", "green", "nothing", 1)]


def test_each_action_card_once_and_counterintelligence_to_oneself_only() -> None:
    state = started(players=3)
    spies(state, "red", 3)
    turn(state, "red")
    choose(state, "deal", "red:counterintelligence", "blue:sabotage")
    assert "green:sabotage" not in ids(state) and "green:counterintelligence" not in ids(state)
    choose(state, "green:incitement")
    assert sorted(c.card for c in state.cards) == ["counterintelligence", "incitement",
                                                   "sabotage"]
    with pytest.raises(ValueError):
        deal(state, "red", {"red": "nothing", "blue": "nothing", "green": "nothing"})
    with pytest.raises(ValueError):  # two action cards for one spy
        deal(state, "blue", {"red": "sabotage", "blue": "nothing", "green": "burn_food"})
    spies(state, "blue", 1)
    with pytest.raises(ValueError):  # an action card to himself
        deal(state, "blue", {"red": "nothing", "blue": "sabotage", "green": "nothing"})


def dealt(state: SixState, dealer: str, target: str, card: str) -> None:
    """``dealer`` (with enough spies) has dealt ``card`` to ``target`` in round 1, nothing
    to the others; the cards are due at the end of round 2."""
    spies(state, dealer, 1)
    hand = {r: "nothing" for r in state.roles}
    hand[target] = card
    deal(state, dealer, hand)
    state.round = 2


def test_the_cards_are_revealed_at_the_end_of_the_next_round(dice: list[int]) -> None:
    state = started()
    dealt(state, "red", "blue", "sabotage")
    state.round = 1
    reveal(state)
    assert len(state.cards) == 2  # dealt this round: they wait
    state.round = 2
    state.stack = []
    state.current = "blue"
    state.weather.left = 5
    dice.extend([70])
    turn_from(state, 2)  # the end of round 2: revealed before round 3 begins
    assert state.cards == [] and state.round == 3
    assert state.realms["blue"].spied.sabotage == 6
    text = [e.text for e in state.log]
    assert "The agents' cards are revealed." in text
    assert "Red's spy against Blue: Sabotage, d100 70 (more than 60 needed): success: " \
        "Blue's next income is 6 lower." in text


def test_counterintelligence_raises_every_threshold_by_15(dice: list[int]) -> None:
    state = started()
    dealt(state, "red", "blue", "sabotage")
    spies(state, "blue", 1)
    state.round = 1
    deal(state, "blue", {"red": "nothing", "blue": "counterintelligence"})
    state.round = 2
    dice.extend([70])
    reveal(state)
    assert state.realms["blue"].spied.sabotage == 0  # 70 is not more than 75
    assert "Counterintelligence protects Blue: every spy action against him needs 15 " \
        "more." in [e.text for e in state.log]
    again = started()
    dealt(again, "red", "blue", "sabotage")
    dice.extend([76])
    reveal(again)
    assert again.realms["blue"].spied.sabotage == 6


@pytest.mark.parametrize(("roll", "killed"), [(10, True), (1, True), (11, False)])
def test_a_roll_of_1_to_10_kills_the_spy(dice: list[int], roll: int, killed: bool) -> None:
    state = started()
    dealt(state, "red", "blue", "burn_food")
    dice.append(roll)
    reveal(state)
    red = state.realms["red"]
    assert (red.spies, red.spies_lost) == ((0, 1) if killed else (1, 0))
    assert state.realms["blue"].spied.burnt == 0  # failed either way
    assert GAME.invariants(state) == []


def test_sabotage_cuts_the_next_income_by_6_never_below_0(dice: list[int]) -> None:
    state = started()
    own(state, "blue", "ukraine", "germany")
    dealt(state, "red", "blue", "sabotage")
    dice.append(61)
    reveal(state)
    assert income_lines(state, "blue")[-1] == ("sabotage", -5)  # 4 + 3 // 3 = 5
    before = state.realms["blue"].currency
    turn(state, "blue")
    assert state.realms["blue"].currency == before  # nothing earned, no upkeep
    assert state.realms["blue"].spied.sabotage == 0
    assert ("sabotage", -5) not in income_lines(state, "blue")


def test_burning_food_cuts_the_next_food_count_by_1(dice: list[int]) -> None:
    state = started()
    dealt(state, "red", "blue", "burn_food")
    dice.append(90)
    reveal(state)
    assert food_lines(state, "blue") == [("capital", 2), ("burnt food", -1)]
    turn(state, "blue")
    assert state.realms["blue"].food == 1
    assert food_lines(state, "blue") == [("capital", 2)]


def test_free_slaves_the_victim_chooses_which_slave_goes(dice: list[int]) -> None:
    state = started()
    own(state, "blue", "ukraine")
    enslave(state, "blue", "red", 2, "ukraine")
    enslave(state, "blue", "red", 1, "poland")
    dealt(state, "red", "blue", "free_slaves")
    dice.append(61)
    reveal(state)
    turn(state, "blue")
    assert asked(state) == "free_slave"
    first = min(s.id for s in state.slaves if s.province == "ukraine")
    poland = next(s.id for s in state.slaves if s.province == "poland")
    assert ids(state) == [f"slave:{poland}", f"slave:{first}"]  # by province, then origin
    choose(state, f"slave:{first}")
    assert sorted(s.province for s in state.slaves) == ["poland", "ukraine"]
    assert asked(state) == "menu" and state.realms["blue"].spied.freed == 0


def test_incitement_needs_more_than_80_or_60_with_a_slave(dice: list[int]) -> None:
    state = started()
    dealt(state, "red", "blue", "incitement")
    dice.append(75)
    reveal(state)
    assert state.realms["blue"].spied.incited == 0
    slave = started()
    enslave(slave, "blue", "red", 1, "poland")
    dealt(slave, "red", "blue", "incitement")
    dice.append(75)
    reveal(slave)
    assert slave.realms["blue"].spied.incited == 1


def test_incitement_makes_d3_soldiers_mutiny_at_the_start_of_the_turn(
        dice: list[int]) -> None:
    state = started()
    own(state, "blue", "ukraine")
    put(state, "blue", "infantry", "ukraine", 2)
    put(state, "blue", "infantry", "poland", 3)
    dealt(state, "red", "blue", "incitement")
    dice.append(81)
    reveal(state)
    dice.append(2)  # d3: 2 soldiers mutiny
    turn(state, "blue")
    assert asked(state) == "revolt"  # before his income: he chooses where, as in Revolts
    assert "Incited by a spy, 2 soldiers of Blue mutiny (d3)." in [e.text for e in state.log]
    choose(state, "province:ukraine")
    assert state.provinces["ukraine"].occupier == REBELS
    assert asked(state) == "menu" and state.realms["blue"].spied.incited == 0


def test_the_spy_of_maciek(dice: list[int]) -> None:
    """Maciek (Red) buys an agent and deals everyone a card: with one agent, one action
    (sabotage for Bogdan, Blue), "nothing" for himself and Mike (Green). Mike is the last
    player; after another round all reveal, and Bogdan rolls d100 for the sabotage."""
    state = started(players=3)
    turn(state, "red", currency=40)
    choose(state, "spy", "count:1", "deal", "red:nothing", "blue:sabotage", "green:nothing")
    hands = {c.target: c.card for c in state.cards}
    assert hands == {"red": "nothing", "blue": "sabotage", "green": "nothing"}
    public = GAME.view(state, None)
    assert all(r.holding == ["red"] for r in public.realms)  # one card each, face down
    assert "sabotage" not in public.model_dump_json().lower()
    state.round = 2  # Mike (Green) ends the next round
    state.stack = []
    state.current = "green"
    state.weather.left = 5
    dice.append(64)
    turn_from(state, 3)
    assert state.cards == [] and state.realms["blue"].spied.sabotage == 6
    log = [e.text for e in state.log if e.visible(None)]
    assert "Red's spy against Blue: Sabotage, d100 64 (more than 60 needed): success: " \
        "Blue's next income is 6 lower." in log
    assert "2 cards do nothing." in log


def test_who_dealt_what_stays_in_private_views_until_the_reveal(dice: list[int]) -> None:
    state = started(players=3)
    spies(state, "red", 2)
    turn(state, "red")
    choose(state, "deal", "red:counterintelligence", "blue:incitement", "green:nothing")
    secrets = split_views(GAME, state)  # each public part is the spectator's
    red, blue, green = (secrets[r] for r in ("red", "blue", "green"))
    assert isinstance(red, SixSecrets) and isinstance(blue, SixSecrets)
    assert isinstance(green, SixSecrets)
    assert {(c.target, c.card) for c in red.dealt} == {
        ("red", "counterintelligence"), ("blue", "incitement"), ("green", "nothing")}
    assert [(c.dealer, c.card) for c in blue.held] == [("red", "incitement")]
    assert blue.dealt == [] and [c.card for c in green.held] == ["nothing"]
    public = GAME.view(state, None).model_dump_json().lower()
    assert "incitement" not in public and "counterintelligence" not in public
    for role in ("blue", "green"):
        seen = GAME.view(state, role)
        assert isinstance(seen, SixPlayerView)
        assert "counterintelligence" not in seen.model_dump_json().lower()
    spectator = GAME.view(state, None)
    assert [r.spies for r in spectator.realms] == [2, 0, 0]


def test_the_invariants_catch_spies_and_cards_out_of_order() -> None:
    state = started()
    spies(state, "red", 1)
    deal(state, "red", {"red": "nothing", "blue": "sabotage"})
    assert GAME.invariants(state) == []
    state.realms["red"].spies = 0
    state.cards[0].card = "burn_food"
    broken = " ".join(GAME.invariants(state))
    assert "spies" in broken and "cards are out of order" in broken


def test_others_see_the_same_deal_whatever_is_dealt() -> None:
    """Every step is asked, with the same text, so the spectator and the other players see
    the same views click by click whether Red deals two actions or none."""
    seen: list[list[str]] = []
    for hand in (["red:nothing", "blue:nothing", "green:nothing"],
                 ["red:counterintelligence", "blue:sabotage", "green:nothing"]):
        state = started(players=3)
        spies(state, "red", 2)
        turn(state, "red")
        views = []
        for pick in ["deal", *hand]:
            choose(state, pick)
            views += [GAME.view(state, role).model_dump_json(exclude={"private"})
                      for role in (None, "blue", "green")]
        seen.append(views)
    assert seen[0] == seen[1]


def test_a_two_player_deal_has_no_third_card() -> None:
    state = started()
    spies(state, "blue", 1)
    turn(state, "blue")
    choose(state, "deal", "red:burn_food", "blue:nothing")  # Green is not in the game
    assert asked(state) == "menu" and len(state.cards) == 2


def test_the_automatic_player_buys_a_spy_and_deals_against_the_leader() -> None:
    state = started(players=3)
    own(state, "green", "tibet", "india", "mongolia")  # Green leads on points
    put(state, "blue", "infantry", "poland", 6)  # Blue's big army invites incitement
    state.round = 10
    turn(state, "red", currency=20)
    rng = Rng(seed="agents")

    def play() -> str:
        prompt = GAME.prompts(state)["red"]
        pick = greedy(GAME, state, "red", prompt.choices, rng)
        act(GAME, state, "red", pick, prompts={"red": prompt})
        return pick

    assert play() == "spy" and play() == "count:1"
    spies(state, "red", 1)  # two spies: one action for each rival
    assert play() == "deal"
    assert [play(), play(), play()] == ["red:nothing", "blue:incitement", "green:sabotage"]
    assert asked(state) == "menu"


def test_an_incited_realm_without_soldiers_has_nobody_to_rise(dice: list[int]) -> None:
    state = started()
    dealt(state, "red", "blue", "incitement")
    dice.extend([90, 3])
    reveal(state)
    turn(state, "blue")
    assert asked(state) == "menu" and "Blue has no soldier to rise." in [
        e.text for e in state.log]
