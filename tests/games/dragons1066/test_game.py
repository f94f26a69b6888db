"""The whole game: seats, turn order and phases, the end, views, random playouts."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.runner import act, replay, state_digest
from engine.core.simulate import play_random
from engine.games.dragons1066 import GAME
from engine.games.dragons1066.data import FORTRESSES
from engine.games.dragons1066.phases import next_turn
from engine.games.dragons1066.state import DragonsState
from engine.games.dragons1066.victory import end_of_years
from engine.games.dragons1066.view import DragonsPlayerView, DragonsView
from tests.games.dragons1066.helpers import attack, attackers, choose, empty, fight, put
from tests.support.views import assert_private_only_in_player_model, split_views


def test_seats_of_each_table() -> None:
    assert [r.id for r in GAME.roles(4, GAME.Options())] == ["red", "gold", "blue", "silver"]
    three = GAME.setup("s", 3, GAME.Options())
    assert three.control == {"red": "red", "gold": "silver-gold", "blue": "blue",
                             "silver": "silver-gold"}
    two = GAME.setup("s", 2, GAME.Options())
    assert set(two.control.values()) == {"red-blue", "silver-gold"}
    teams = {r.id: r.team for r in GAME.roles(2, GAME.Options())}
    assert teams == {"red-blue": "red-blue", "silver-gold": "silver-gold"}


def test_turn_order_red_gold_blue_silver_each_attack_battle_reinforce() -> None:
    state = GAME.setup("order", 4, GAME.Options())
    seen = []
    while state.year == 1:
        seen.append((state.kingdom, state.stack[-1].name))
        choose(state, "done")
    assert seen == [(k, phase) for k in ("red", "gold", "blue", "silver")
                    for phase in ("attack", "reinforce")]
    assert state.kingdom == "red" and state.year == 2


def test_in_a_two_player_game_one_seat_plays_both_kingdoms_of_its_alliance() -> None:
    state = GAME.setup("two", 2, GAME.Options())
    assert list(GAME.prompts(state)) == ["red-blue"]
    choose(state, "done", "done")  # Red's turn
    assert state.kingdom == "gold" and list(GAME.prompts(state)) == ["silver-gold"]


def test_an_alliance_holding_all_four_fortresses_wins_at_once(dice: list[int]) -> None:
    state = empty()
    for fortress in FORTRESSES:
        state.owners[fortress] = "blue" if fortress != "rome" else "silver"
    attackers(state, "legion", "rome")
    fight(state, "rome")  # ungarrisoned: it falls
    assert state.result is not None and state.result.winners == ["red", "blue"]
    assert "all four Fortresses" in state.result.reason


def test_the_year_limit_fortresses_then_lands_then_a_draw() -> None:
    state = empty()
    state.owners["rome"] = "red"
    end_of_years(state)
    assert state.result is not None and state.result.winners == ["red", "blue"]
    level = empty()
    level.owners["aragon"] = "red"
    end_of_years(level)
    assert level.result is not None and level.result.winners == ["red", "blue"]
    assert "lands" in level.result.reason
    draw = empty()
    end_of_years(draw)
    assert draw.result is not None and draw.result.winners == []


def test_the_game_ends_after_the_last_year() -> None:
    state = GAME.setup("years", 4, GAME.Options(years=1))
    for _ in range(8):
        choose(state, "done")
    assert state.result is not None and state.phase == "over"


def test_a_kingdom_with_nothing_left_is_passed_over() -> None:
    state = empty()
    for land, owner in state.owners.items():
        if owner == "gold":
            state.owners[land] = "silver"
    put(state, "legion", "silver", "rome")
    state.phase = "reinforce"
    state.stack = []
    next_turn(state)
    assert state.kingdom == "blue"


def test_views_hold_no_secret_and_show_the_board() -> None:
    assert_private_only_in_player_model(DragonsView, DragonsPlayerView)
    state = GAME.setup("views", 4, GAME.Options())
    split_views(GAME, state)
    view = GAME.view(state, None)
    assert isinstance(view, DragonsView)
    england = next(z for z in view.zones if z.id == "england")
    assert england.owner == "red" and england.fortress and england.great_city == "London"
    assert {(u.kind, u.count) for u in england.units} >= {("legion", 2), ("dragon", 1)}
    assert view.kingdom == "red" and view.phase == "attack" and view.asking == ["red"]


def test_a_pending_battle_shows_its_odds_in_the_view() -> None:
    state = empty()
    attackers(state, "warbeast", "galicia")
    put(state, "legion", "silver", "galicia")
    state.battles = ["galicia"]
    battle = GAME.view(state, None).battles[0]
    assert battle.zone == "galicia" and 0.7 < battle.win < 0.8  # 15/19


def test_choice_ids_and_labels_fit_discord() -> None:
    """Labels at most 80 characters (never cut), descriptions at most 100, over a game."""
    state = GAME.setup("fit", 4, GAME.Options(years=4))
    chooser = Rng(seed="fit")
    while state.result is None:
        prompts = GAME.prompts(state)
        for prompt in prompts.values():
            for choice in prompt.choices:
                assert len(choice.label) <= 80 and not choice.label.endswith("…"), choice
                assert len(choice.detail) <= 100, choice
        role = sorted(prompts)[0]
        act(GAME, state, role, chooser.choice(prompts[role].choices).id, prompts=prompts)
    assert isinstance(state, DragonsState)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_short_random_games_end_without_error(players: int) -> None:
    for index in range(3):
        state, playout = play_random(GAME, f"short-{players}-{index}", players,
                                     options={"years": 3})
        assert playout.error is None, playout.error
        assert state.result is not None
        again = replay(GAME, f"short-{players}-{index}", players, {"years": 3},
                       playout.history)
        assert state_digest(again) == state_digest(state)


PLAYOUT_GAMES = 1000
PLAYOUT_BATCHES = 10  # tests of their own: spread over the workers, each well within the timeout


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(PLAYOUT_BATCHES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_random_games(players: int, batch: int) -> None:
    """Four years each (a twelve-year game is the same turns, three times over), the
    invariants after every fifth action and at the end; a tenth of the games per batch."""
    errors = []
    for index in range(batch, PLAYOUT_GAMES, PLAYOUT_BATCHES):
        state, playout = play_random(GAME, f"prop-{players}-{index}", players,
                                     options={"years": 4}, check_every=5)
        if playout.error:
            errors.append(playout.error)
            if len(errors) >= 5:
                break
            continue
        assert state.result is not None
        if index % 100 == 0:
            split_views(GAME, state)
    assert not errors, "\n".join(errors)


def test_the_turn_timer_moves_nothing() -> None:
    state = empty()
    put(state, "legion", "red", "aquitaine")
    attack(state)
    choose(state, "move", "zone:aquitaine")
    assert GAME.timeout_choice(state, "red") == "back"
    choose(state, "back")
    assert GAME.timeout_choice(state, "red") == "back"  # out of the move altogether
    choose(state, "back")
    assert GAME.timeout_choice(state, "red") == "done"
