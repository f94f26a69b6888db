"""The whole game: the round limit and the points, views, invariants, random playouts and
the automatic player."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.runner import act, replay, state_digest
from engine.core.simulate import play_random
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.agents import deal
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.phases import turn_from
from engine.games.sixcontinents.state import REBELS, SixState
from engine.games.sixcontinents.victory import count_points, points
from engine.games.sixcontinents.view import SixPlayerView, SixSecrets, SixView
from tests.games.sixcontinents.helpers import choose, own, put, started, turn
from tests.support.views import assert_private_only_in_player_model, split_views


def test_points_provinces_capitals_and_next_rounds_income() -> None:
    state = started()
    own(state, "red", "iberia", "italy")
    assert points(state, "red") == 3 + 6 + 4 + 1  # provinces, capital, income 4 + 3 // 3
    three = started(players=3)
    assert points(three, "green") == 1 + 10 + 5


def test_a_points_tie_goes_to_more_capitals_then_a_shared_victory() -> None:
    state = started()
    state.provinces["poland"].occupier = "red"
    state.realms["blue"].seat = ""
    own(state, "red", "iberia")
    free = [p for p in PROVINCES if not state.provinces[p].holder]
    own(state, "blue", *free[:17])
    red, blue = points(state, "red"), points(state, "blue")
    # Red: 3 provinces, 2 capitals, income 4 + 1 + 2 for the enemy capital; Blue: 17 + 5
    assert red == blue == 22
    count_points(state)
    assert state.result is not None and state.result.winners == ["red"]
    level = started()
    own(level, "red", "iberia")
    own(level, "blue", "ukraine")
    count_points(level)
    assert level.result is not None and level.result.winners == ["red", "blue"]


def test_the_points_decide_after_the_last_round() -> None:
    state = started(rounds=20)
    state.round = 20
    state.current = "blue"
    state.stack = []
    turn_from(state, 2)
    assert state.result is not None and state.phase == "over"
    assert "after 20 rounds" in state.result.reason and GAME.ending(state) == "points"


def test_a_realm_with_nothing_left_is_out_and_the_last_standing_wins() -> None:
    state = started(players=3)
    state.provinces["china"].owner = ""
    state.realms["green"].seat = ""
    state.current = "blue"
    state.stack = []
    put(state, "red", "infantry", "france")
    turn_from(state, 2)  # Green's turn: it has nothing
    assert state.realms["green"].out and state.current == "red" and state.round == 2


def test_views_hold_no_secret_and_show_the_board() -> None:
    assert_private_only_in_player_model(SixView, SixPlayerView)
    state = started()
    own(state, "red", "iberia")
    state.provinces["iberia"].port = True
    put(state, "red", "cavalry", "iberia", 2)
    turn(state, "red")
    split_views(GAME, state)
    view = GAME.view(state, None)
    assert isinstance(view, SixView) and view.asking == ["red"] and view.current == "red"
    iberia = next(p for p in view.provinces if p.id == "iberia")
    assert iberia.owner == "red" and iberia.port and iberia.soldiers == 6
    assert iberia.units[0].kind == "cavalry" and iberia.units[0].count == 2
    red = next(r for r in view.realms if r.role == "red")
    assert red.capital == "france" and red.level == 1 and red.provinces == 2
    assert {line.what for line in red.upkeep} == {"1 port"}
    assert view.weather.id == "sunny" and view.rounds == 30
    player = GAME.view(state, "red")
    assert isinstance(player, SixPlayerView) and player.private.question == view.question
    # agents' cards face down: who dealt what to whom is in private views only
    state.realms["blue"].spies = state.realms["blue"].spies_hired = 2
    deal(state, "blue", {"red": "free_slaves", "blue": "counterintelligence"})
    secrets = split_views(GAME, state)
    public = GAME.view(state, None)
    assert [r.holding for r in public.realms] == [["blue"], ["blue"]]
    assert [r.spies for r in public.realms] == [0, 2]
    for card in ("free_slaves", "counterintelligence", "Free slaves", "Counterintelligence"):
        assert card not in public.model_dump_json()
    dealer, holder = secrets["blue"], secrets["red"]
    assert isinstance(dealer, SixSecrets) and isinstance(holder, SixSecrets)
    assert [c.card for c in dealer.dealt] == ["free_slaves", "counterintelligence"]
    assert [c.card for c in holder.held] == ["free_slaves"] and holder.dealt == []
    # sealed bids for rebels under way: who has bid is public, how much is private
    own(state, "blue", "germany")
    state.provinces["germany"].occupier = REBELS
    for unit in put(state, "blue", "infantry", "germany", 2):
        unit.owner = REBELS
    state.realms["blue"].lost += 2
    choose(state, "bribe", "province:germany")
    act(GAME, state, "blue", "bid:18", prompts=GAME.prompts(state))
    secrets = split_views(GAME, state)
    assert [s.rebel_bid for s in secrets.values() if isinstance(s, SixSecrets)] == [None, 18]
    spectator = GAME.view(state, None)
    assert spectator.rebel_auction is not None and spectator.rebel_auction.bid == ["blue"]
    other = state.model_copy(deep=True)  # another amount: the spectator sees the same
    assert other.rebel_auction is not None
    other.rebel_auction.bids["blue"] = 25
    assert GAME.view(other, None) == spectator


def test_a_battle_shows_in_the_view(dice: list[int]) -> None:
    state = started()
    own(state, "red", "germany")
    own(state, "blue", "danube")
    put(state, "red", "cavalry", "germany", 2)
    put(state, "blue", "infantry", "danube")
    turn(state, "red", currency=10)
    dice.extend([90, 10])
    choose(state, "attack", "target:danube", "forces:germany", "withdraw:0", "pay")
    battle = GAME.view(state, None).battle
    assert battle is not None and battle.outcome == "taken" and len(battle.rolls) == 1


def test_the_invariants_catch_currency_and_soldiers_unaccounted_for() -> None:
    state = started()
    put(state, "red", "infantry", "france")
    assert GAME.invariants(state) == []
    state.realms["red"].currency += 1
    state.units[0].kind = "cavalry"
    state.provinces["iberia"].red_tokens = 6
    broken = " ".join(GAME.invariants(state))
    assert "currency" in broken and "soldiers" in broken and "red tokens" in broken


def test_choice_ids_and_labels_fit_discord() -> None:
    """Labels at most 80 characters (never cut), descriptions at most 100, over a game."""
    state = GAME.setup("fit", 3, GAME.Options(rounds=20))
    chooser = Rng(seed="fit")
    while state.result is None:
        prompts = GAME.prompts(state)
        for prompt in prompts.values():
            for choice in prompt.choices:
                assert len(choice.label) <= 80 and not choice.label.endswith("…"), choice
                assert len(choice.detail) <= 100, choice
        role = sorted(prompts)[0]
        act(GAME, state, role, chooser.choice(prompts[role].choices).id, prompts=prompts)
    assert isinstance(state, SixState)


@pytest.mark.parametrize("players", [2, 3])
def test_short_random_games_end_without_error_and_replay(players: int) -> None:
    for index in range(3):
        options = {"rounds": 20}
        state, playout = play_random(GAME, f"short-{players}-{index}", players,
                                     options=options)
        assert playout.error is None, playout.error
        assert state.result is not None
        again = replay(GAME, f"short-{players}-{index}", players, options, playout.history)
        assert state_digest(again) == state_digest(state)


def test_the_automatic_player_beats_random_play() -> None:
    wins = 0
    for index in range(4):
        _, playout = play_random(GAME, f"ai-{index}", 2, options={"rounds": 20},
                                     players_by_role={"red": greedy})
        assert playout.error is None, playout.error
        wins += "red" in playout.winners
    assert wins >= 3


def test_automatic_players_against_each_other_end_without_error() -> None:
    state, playout = play_random(GAME, "ai-three", 3, options={"rounds": 20},
                                 players_by_role={r: greedy for r in ("red", "blue", "green")})
    assert playout.error is None, playout.error
    assert state.result is not None


PLAYOUT_GAMES = 1000
PLAYOUT_BATCHES = 20  # tests of their own: spread over the workers, each well within the timeout


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(PLAYOUT_BATCHES))
@pytest.mark.parametrize("players", [2, 3])
def test_a_thousand_random_games(players: int, batch: int) -> None:
    """20 rounds each (the shortest game: thirty rounds are the same turns, half again),
    the invariants after every fifth action and at the end; a twentieth of the games per batch."""
    errors = []
    for index in range(batch, PLAYOUT_GAMES, PLAYOUT_BATCHES):
        state, playout = play_random(GAME, f"prop-{players}-{index}", players,
                                     options={"rounds": 20}, check_every=5)
        if playout.error:
            errors.append(playout.error)
            if len(errors) >= 5:
                break
            continue
        assert state.result is not None
    assert errors == []


def test_a_late_player_backs_out_then_ends_the_turn() -> None:
    state = started()
    turn(state, "red", currency=10)
    choose(state, "recruit")
    assert GAME.timeout_choice(state, "red") == "back"
    choose(state, "back")
    assert GAME.timeout_choice(state, "red") == "end"
    assert GAME.timeout_choice(state, "blue") is None
