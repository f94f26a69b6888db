"""Counting clicks: a choice priced as the bot lays its prompt out, stints and actions."""

from __future__ import annotations

from bot.click_count import choice_clicks, halfway, measure, report
from bot.views.layout import page_of
from engine.core.flow import FlowState, Frame
from engine.core.game import Choice
from engine.core.rng import Rng


def _choices(groups: int, each: int) -> list[Choice]:
    return [Choice(id=f"g{g}:{n}", label=f"{g}/{n}", group=f"group {g}")
            for g in range(groups) for n in range(each)]


def test_a_button_is_one_click_a_menu_two_and_each_page_one_more() -> None:
    assert choice_clicks(_choices(1, 3), "g0:2") == 1
    assert choice_clicks(_choices(1, 26), "g0:7") == 2  # a select menu: open, pick
    assert choice_clicks(_choices(1, 8), "g0:7") == 1  # 8 fit as two rows of buttons
    seven_menus = _choices(7, 6)  # 7 rows: 4 per page and a row to turn pages
    assert choice_clicks(seven_menus, "g3:0") == 2
    assert choice_clicks(seven_menus, "g4:0") == 3
    assert choice_clicks(_choices(1, 30), "g0:29") == 2  # the second menu of the group


def test_a_menu_shown_again_opens_on_the_page_of_the_last_choice() -> None:
    seven_menus = _choices(7, 6)
    assert page_of(seven_menus, "g5:1") == 1 and page_of(seven_menus, "g0:0") == 0
    assert page_of(seven_menus, "elsewhere") is None
    assert choice_clicks(seven_menus, "g5:1", last_choice="g4:0") == 2  # no page to turn
    assert choice_clicks(seven_menus, "g0:1", last_choice="g4:0") == 3  # back to page 1
    assert choice_clicks(seven_menus, "g5:1", last_choice="gone") == 3  # first page shown


def test_later_steps_of_an_action_are_halfway() -> None:
    state = FlowState(game="t", rng=Rng(seed="s"), players=1, roles=["a"],
                      stack=[Frame(name="menu", role="a"),
                             Frame(name="move", role="a", data={"picked": {"zone": "W3"}})])
    assert halfway(state)
    state.stack[-1].data["picked"] = {}
    assert not halfway(state)


def test_a_duel_stint_is_take_turn_and_its_cards() -> None:
    tally = measure("duel", 2, 4)
    assert tally.games == 4
    assert set(tally.actions) == {"card"}
    assert set(tally.actions["card"]) == {1}  # at most three cards: buttons
    # A round is a turn: each stint is one card, after Take turn when the other side played
    # last (a side playing the next round first has its prompt open already).
    assert len(tally.stints) == len(tally.actions["card"])
    assert set(tally.stints) == {1, 2} and tally.stints[0] == 2
    table = report(tally, "duel", 2)
    assert "| a stint (with Take turn" in table and "| `card` (e.g. " in table
