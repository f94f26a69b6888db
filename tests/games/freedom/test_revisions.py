"""Rules revision 2 (docs/games/freedom.md, "Rules revisions"): each change, and the
revision-1 rule it replaces, which games started before it keep."""

from __future__ import annotations

from typing import Any

from engine.core.runner import parse_options, start
from engine.games.freedom import GAME
from engine.games.freedom.state import FreedomOptions, FreedomState
from engine.games.freedom.view import FreedomView
from tests.games.freedom.freedom_helpers import (
    asked,
    choose,
    empty_board,
    ids,
    load_dice,
    new_game,
    put,
)


def board(**options: Any) -> FreedomState:
    state = new_game(**options)
    empty_board(state)
    return state


def at_step(state: FreedomState, step: str) -> None:
    state.stack = []
    state.step = step
    GAME.settle(state)


def test_new_games_start_under_revision_2_and_stored_ones_keep_1() -> None:
    assert GAME.revision == 2
    assert parse_options(GAME, {}).revision == 2
    assert start(GAME, "s", 2, {}).options.revision == 2  # type: ignore[attr-defined]
    assert parse_options(GAME, {"revision": 1}).revision == 1


def fill_rows_7_and_8(state: FreedomState) -> None:
    """Expeditionary units on every space of rows 7-8: no room for an Allied unit there."""
    for row in (7, 8):
        for col in range(1, 10):
            if state.spaces[f"M{row}{col}"].exp == 0:
                put(state, f"M{row}{col}", exp=1)


def period_change_with_rows_7_8_full(revision: int) -> FreedomState:
    state = board(revision=revision)
    put(state, "W5", ins=1)
    fill_rows_7_and_8(state)
    state.round, state.step = 4, "administration"
    state.stack = []
    GAME.settle(state)
    return state


def test_allied_units_with_no_room_go_to_the_camp() -> None:
    """6 / Polish 5: "places as many Allied Units as he can and puts the remainder in the
    Camp". With rows 7-8 full, all 10 go to the Camp (5 + 10 there)."""
    state = period_change_with_rows_7_8_full(2)
    assert asked(state) == ("empire", "place_units")
    prompt = GAME.prompts(state)["empire"]
    assert [c.id for c in prompt.choices] == ["pass"]
    assert "go to Kutahi's Camp" in prompt.choices[0].label
    choose(state, "empire", "pass")
    assert state.spaces["CAMP"].ally == 15
    assert sum(s.ally for s in state.spaces.values()) == 15


def test_revision_1_drops_the_allied_units_with_no_room() -> None:
    state = period_change_with_rows_7_8_full(1)
    choose(state, "empire", "pass")
    assert state.spaces["CAMP"].ally == 5  # the old rule: the 10 were lost


def test_allied_units_placed_until_rows_7_8_fill_then_the_rest_to_the_camp() -> None:
    state = board(revision=2)
    put(state, "W5", ins=1)
    fill_rows_7_and_8(state)
    state.spaces["M81"].exp = 0
    state.pool["exp"] += 1
    state.round, state.step = 4, "administration"
    state.stack = []
    GAME.settle(state)
    assert ids(state, "empire") == ["space:M81", "all:M81"]
    choose(state, "empire", "space:M81", "space:M81", "space:M81")
    assert state.spaces["M81"].ally == 3 and state.spaces["CAMP"].ally == 5 + 7


def test_v22_sea_is_four_support_actions_from_revision_2() -> None:
    """v2.2 6 "4 Support at Sea": four Support (Area) actions, as the 2nd edition's "4
    natychmiastowe darmowe akcje wsparcia na morzu"; a Sea with 5 Insurgent markers stays
    Insurgent with 1."""
    options = FreedomOptions(edition="v2.2", revision=2)
    assert options.period_b_sea == "actions"
    state = new_game(edition="v2.2", revision=2)
    state.areas["sea"].support = 5
    state.round, state.step = 4, "administration"
    state.stack = []
    GAME.settle(state)
    assert state.areas["sea"].side == "insurgents" and state.areas["sea"].support == 1


def test_v22_sea_markers_stay_for_revision_1() -> None:
    assert FreedomOptions(edition="v2.2").period_b_sea == "markers"
    state = new_game(edition="v2.2")
    state.areas["sea"].support = 5
    state.round, state.step = 4, "administration"
    state.stack = []
    GAME.settle(state)
    assert state.areas["sea"].side == "empire" and state.areas["sea"].support == 4


def test_v22_period_b_morale_loss_is_administrations_only_from_revision_2() -> None:
    """v2.2 5.1 (rounds 5-6, after the Round marker) and 6 ("at the beginning of every
    Replenishment phase") tell one rule twice: 2 Morale in all, as the 2nd edition."""
    assert FreedomOptions(edition="v2.2", revision=2).period_b_replenishment_morale is False
    assert FreedomOptions(edition="v2.2").period_b_replenishment_morale is True
    state = board(edition="v2.2", revision=2)
    state.round = 4
    put(state, "W5", ins=1)
    put(state, "M75", exp=1)
    state.money, state.supplies["empire"] = 20, 30
    state.morale["insurgents"] = 15
    at_step(state, "replenish_empire")
    lines = [e.text for e in state.log]
    assert not any(line.startswith("The siege goes on") for line in lines)
    assert "Round 5 begins (Period B)." in lines  # Administration's loss comes next


def cannon_alone_hit(edition: str, revision: int) -> FreedomState:
    state = board(edition=edition, revision=revision)
    put(state, "W5", ins=1, cannon="insurgents")
    put(state, "M45", exp=1, cannon="empire")
    at_step(state, "cannons_insurgents")
    load_dice(state, 4, 4)  # two hits: the unit, then the cannon
    choose(state, "insurgents", "fire:W5", "at:M45")
    return state


def test_v22_insurgents_may_leave_the_imperial_cannon() -> None:
    """v2.2 5.4.2: "he may remove a Cannon"; asked before the morale choice of the first hit."""
    state = cannon_alone_hit("v2.2", 2)
    assert state.spaces["M45"].exp == 0 and state.spaces["M45"].cannon == "empire"
    assert asked(state) == ("insurgents", "cannon_removal")
    choose(state, "insurgents", "cannon:keep")
    assert state.spaces["M45"].cannon == "empire"
    assert asked(state) == ("insurgents", "morale_choice")
    state = cannon_alone_hit("v2.2", 2)
    choose(state, "insurgents", "cannon:remove")
    assert state.spaces["M45"].cannon is None and state.pool["cannons"] > 0


def test_second_edition_and_revision_1_remove_the_cannon() -> None:
    """Polish 4.4.2: "należy usunąć to działo" (it must be removed)."""
    for edition, revision in (("2nd", 2), ("v2.2", 1)):
        state = cannon_alone_hit(edition, revision)
        assert state.spaces["M45"].cannon is None
        assert asked(state) == ("insurgents", "morale_choice")


def test_ending_names_the_victory_road() -> None:
    state = board(revision=2)
    put(state, "W5", ins=1)
    put(state, "W4", exp=1, damage=2)
    state.played = {"empire": 7, "insurgents": 7}
    at_step(state, "actions")
    assert GAME.ending(state) == "fort"
    state = board(revision=2)
    put(state, "W5", ins=1)
    put(state, "B1", exp=1)
    state.played = {"empire": 7, "insurgents": 7}
    at_step(state, "actions")
    assert GAME.ending(state) == "southern_beach"
    state = board(revision=2)
    put(state, "W5", ins=1)
    put(state, "M75", exp=1)
    state.morale["insurgents"] = 1
    state.supplies["insurgents"] = 0
    for area in state.areas.values():
        area.side = "empire"
    at_step(state, "replenish_insurgents")
    assert GAME.ending(state) == "insurgents_morale"


def test_the_tiles_send_the_city_no_men_nor_guns_from_revision_2() -> None:
    """Designed rewards (issue 14 balance): Anatolikon and Zygos feed the city (1 Supply each)
    and Patra raises its Morale, but none sends men or a gun; games started under revision 1
    keep the units of Anatolikon and Zygos and Patra's cannon."""
    for revision, units, cannons, supplies in ((2, 0, 0, 2), (1, 2, 1, 1)):
        state = board(revision=revision)
        put(state, "W5", ins=1)
        put(state, "M75", exp=1)
        for aid, area in state.areas.items():
            area.side = "insurgents" if aid in ("anatolikon", "zygos", "patra") else "empire"
        state.supplies["insurgents"] = 20
        at_step(state, "replenish_insurgents")
        placing = [f for f in state.stack if f.name == "place_units"]
        assert sum(int(f.data["count"]) for f in placing) == units, revision
        assert sum(1 for f in state.stack if f.name == "place_cannon") == cannons, revision
        assert f"Insurgents gain {supplies} Supplies, 1 Morale" in " ".join(
            e.text for e in state.log), revision


def test_the_board_shows_the_tile_rewards_of_the_games_own_revision() -> None:
    """A game started under revision 1 keeps its tiles' rewards, and its board says so (the
    view carries each tile's reward; the board drew the newest for every game)."""
    old = GAME.setup("tiles", 2, FreedomOptions(revision=1))
    new = GAME.setup("tiles", 2, FreedomOptions(revision=2))
    assert old.areas["anatolikon"].side == "insurgents"
    old_view, new_view = GAME.view(old, None), GAME.view(new, None)
    assert isinstance(old_view, FreedomView) and isinstance(new_view, FreedomView)
    old_tile, new_tile = old_view.areas["anatolikon"].reward, new_view.areas["anatolikon"].reward
    assert (old_tile.supplies, old_tile.units) == (1, 1)
    assert (new_tile.supplies, new_tile.units) == (1, 0)
