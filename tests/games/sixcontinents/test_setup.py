"""Game Start: colours are seats, capitals chosen in turn at least 2 spaces apart, 40
currency, d100 for the first player with ties rolled again; the game is not offered yet."""

from __future__ import annotations

from engine.core.registry import GAME_MODULES, all_games, policies
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.board import ADJACENT, CONTINENTS
from tests.games.sixcontinents.helpers import asked, choose, ids
from tests.support.views import split_views


def test_colours_are_the_seats() -> None:
    assert [r.id for r in GAME.roles(2, GAME.Options())] == ["red", "blue"]
    assert [r.id for r in GAME.roles(3, GAME.Options())] == ["red", "blue", "green"]
    assert {r.team for r in GAME.roles(3, GAME.Options())} == {"red", "blue", "green"}


def test_each_colour_chooses_a_capital_in_seat_order_two_spaces_apart() -> None:
    state = GAME.setup("capitals", 2, GAME.Options())
    assert list(GAME.prompts(state)) == ["red"] and asked(state) == "capital"
    assert "continent:europe" in ids(state) and "back" not in ids(state)
    choose(state, "continent:europe")
    assert len(ids(state)) == len(CONTINENTS["europe"].provinces) + 1  # and "back"
    choose(state, "province:france")
    assert list(GAME.prompts(state)) == ["blue"]
    choose(state, "continent:europe")
    offered = {c.partition(":")[2] for c in ids(state) if c.startswith("province:")}
    assert "france" not in offered and not offered & ADJACENT["france"]
    assert "poland" in offered
    choose(state, "province:poland")
    assert state.realms["red"].capital == "france" and state.realms["blue"].seat == "poland"
    assert state.provinces["france"].owner == "red"
    first, second = state.order
    assert state.phase == "turn" and state.round == 1 and state.current == first
    # 40 each; the first player's turn has begun with its income: 4 from the capital
    assert state.realms[second].currency == 40 and state.realms[first].currency == 44


def test_the_highest_d100_plays_first_and_ties_roll_again(dice: list[int]) -> None:
    state = GAME.setup("first", 3, GAME.Options())
    choose(state, "continent:europe", "province:france", "continent:europe",
           "province:poland")
    # first player: red 80, blue 80, green 10; red and blue again: 20, 55; then the weather
    dice.extend([80, 80, 10, 20, 55, 1, 2])
    choose(state, "continent:asia", "province:china")
    assert state.order == ["blue", "green", "red"] and state.current == "blue"
    assert any("Blue 55" in e.text for e in state.log)


def test_the_game_is_offered() -> None:
    """The bot lists it (``/game list`` and ``/game new`` read the registry), with its
    automatic player."""
    assert GAME_MODULES["sixcontinents"] == "engine.games.sixcontinents"
    assert "sixcontinents" in [g.id for g in all_games()]
    assert "greedy" in policies("sixcontinents")


def test_the_views_work_before_any_capital_is_chosen() -> None:
    state = GAME.setup("views", 3, GAME.Options())
    split_views(GAME, state)
    view = GAME.view(state, None)
    assert view.phase == "setup" and view.asking == ["red"] and view.round == 0
    assert all(r.capital == "" and r.points == 0 for r in view.realms)
