"""Cannons phase, Replenishment, the period change and victory."""

from __future__ import annotations

from typing import Any

from engine.games.freedom import GAME, cards
from engine.games.freedom.state import FreedomState
from tests.games.freedom.freedom_helpers import (
    asked,
    choose,
    empty_board,
    ids,
    load_dice,
    new_game,
    play_ap,
    put,
    to_actions,
)


def at_step(state: FreedomState, step: str) -> None:
    state.stack = []
    state.step = step
    GAME.settle(state)


def board(**options: Any) -> FreedomState:
    state = new_game(**options)
    empty_board(state)
    return state


def test_imperial_cannon_needs_its_unit_and_hits_by_distance() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M55", cannon="empire")
    put(state, "M65", exp=1, cannon="empire")
    at_step(state, "cannons_empire")
    choices = ids(state, "empire")
    assert "fire:M65" in choices and "fire:M55" not in choices  # no unit beside M55
    choose(state, "empire", "fire:M65")
    assert "at:W5" in ids(state, "empire")
    assert any("6+" in c.label for c in GAME.prompts(state)["empire"].choices)
    load_dice(state, 6, 5)
    choose(state, "empire", "at:W5")
    assert state.spaces["W5"].damage == 1


def test_two_hits_destroy_a_wall_then_units_then_the_cannon() -> None:
    state = board()
    put(state, "W5", ins=1, cannon="insurgents")
    put(state, "M45", exp=1, cannon="empire")
    put(state, "M44", exp=1, cannon="empire")
    put(state, "W1", ins=1)
    at_step(state, "cannons_empire")
    load_dice(state, 4, 4)
    choose(state, "empire", "fire:M45", "at:W5")
    assert state.spaces["W5"].damage == 2
    assert asked(state) == ("empire", "morale_choice")  # the wall is destroyed
    choose(state, "empire", "morale:down")
    assert state.morale["insurgents"] == 9
    load_dice(state, 4, 4)
    choose(state, "empire", "fire:M44", "at:W5")
    # the first hit removes the last unit (a morale choice), the second the cannon
    assert state.spaces["W5"].ins == 0 and state.spaces["W5"].cannon is None
    choose(state, "empire", "morale:up")
    assert state.morale["empire"] == 16


def test_allied_gunners_add_one() -> None:
    state = board()
    state.round = 4
    put(state, "W5", ins=1)
    put(state, "M65", ally=1, cannon="empire")
    at_step(state, "cannons_empire")
    load_dice(state, 5, 1)  # 5 + 1 = 6 at distance 3
    choose(state, "empire", "fire:M65", "at:W5")
    assert state.spaces["W5"].damage == 1


def test_bombard_reaches_row_seven_with_plus_one() -> None:
    state = board()
    put(state, "W6", ins=1)  # the Bombard stands on the third fort
    put(state, "W5", ins=1)  # a regular cannon beside it has a shorter reach
    put(state, "W5", cannon="insurgents")
    put(state, "M78", exp=2)
    put(state, "M75", exp=1)
    at_step(state, "cannons_insurgents")
    assert "fire:W5" not in ids(state, "insurgents")  # row 7 is out of its reach
    choose(state, "insurgents", "fire:W6")
    assert "at:M78" in ids(state, "insurgents")
    load_dice(state, 6, 5)  # need 7: 6+1 hits, 5+1 misses
    choose(state, "insurgents", "at:M78")
    assert state.spaces["M78"].exp == 1


def test_insurgent_cannon_removes_units_then_the_cannon() -> None:
    state = board()
    put(state, "W5", ins=1, cannon="insurgents")
    put(state, "M45", exp=1, cannon="empire")
    at_step(state, "cannons_insurgents")
    load_dice(state, 4, 4)
    choose(state, "insurgents", "fire:W5", "at:M45")
    assert state.spaces["M45"].exp == 0 and state.spaces["M45"].cannon is None
    assert asked(state) == ("insurgents", "morale_choice")


def test_marmarou_exchange_on_six_only() -> None:
    state = board()
    put(state, "MAR", ins=1, cannon="insurgents")
    put(state, "M51", exp=1)
    at_step(state, "cannons_insurgents")
    choose(state, "insurgents", "fire:MAR")
    assert "at:M51" in ids(state, "insurgents")
    load_dice(state, 5, 5)
    choose(state, "insurgents", "at:M51")
    assert state.spaces["M51"].exp == 1
    state = board()
    put(state, "MAR", ins=1)
    put(state, "M52", exp=1, cannon="empire")
    put(state, "W5", ins=1)
    at_step(state, "cannons_empire")
    choose(state, "empire", "fire:M52")
    assert "at:MAR" in ids(state, "empire")
    load_dice(state, 6, 5)
    choose(state, "empire", "at:MAR")
    assert state.spaces["MAR"].ins == 0


def test_marmarou_exchange_ignores_the_allied_bonus() -> None:
    """v2.2 5.4 / Polish 4.4: "only rolls of 6": an Allied crew's +1 does not make a 5 hit."""
    state = board()
    state.round = 4
    put(state, "MAR", ins=1)
    put(state, "M52", ally=1, cannon="empire")
    put(state, "W5", ins=1)
    at_step(state, "cannons_empire")
    choose(state, "empire", "fire:M52")
    load_dice(state, 5, 5)
    choose(state, "empire", "at:MAR")
    assert state.spaces["MAR"].ins == 1
    # the same crew against the wall still gets its +1
    state = board()
    state.round = 4
    put(state, "W2", ins=1)
    put(state, "M52", ally=1, cannon="empire")
    at_step(state, "cannons_empire")
    choose(state, "empire", "fire:M52")
    load_dice(state, 4, 1)  # distance 2 needs 5: 4 + 1 hits
    choose(state, "empire", "at:W2")
    assert state.spaces["W2"].damage == 1


def test_vasiladi_cannon_fires_only_at_its_waters() -> None:
    state = board()
    put(state, "VAS", ins=1, cannon="insurgents")
    put(state, "S1", exp=2)
    put(state, "VR", exp=1)
    at_step(state, "cannons_insurgents")
    choose(state, "insurgents", "fire:VAS")
    assert [i for i in ids(state, "insurgents") if i.startswith("at:")] == ["at:VR"]


def test_empire_fires_first_then_the_insurgents() -> None:
    state = board()
    put(state, "W5", ins=1, cannon="insurgents")
    put(state, "M45", exp=1, cannon="empire")
    state.played = {"empire": 7, "insurgents": 7}
    at_step(state, "actions")
    assert asked(state) == ("empire", "cannons")
    choose(state, "empire", "done")
    assert asked(state) == ("insurgents", "cannons")


def test_replenishment_empire_pay_supplies_and_desertion() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M75", exp=3)
    put(state, "M76", exp=3)
    state.money = 2
    state.supplies["empire"] = 0
    state.morale["empire"] = 12
    state.morale["insurgents"] = 15  # survive the feeding
    at_step(state, "replenish_empire")
    # rewards: Zygos 1, Gouria 2, Kryoneri 1, Petrochori 1, Patra 2 supplies = 7; Patra morale 1
    # pay 4 with 2 money: 2 units leave and -2 morale; food 8 with 7: -1 morale
    assert state.money == 0 and state.supplies["empire"] == 0
    assert state.morale["empire"] == 12 + 1 - 2 - 1
    assert state.spaces["CAMP"].exp == 2  # Zygos and Petrochori send a unit each
    assert state.camp_cannons == 1  # Kryoneri
    assert asked(state) == ("empire", "remove_units")
    assert state.stack[-1].data["count"] == 2 + 0  # morale 10: no desertion yet
    choose(state, "empire", "space:M75", "space:M76")
    assert state.spaces["M75"].exp == 2 and state.spaces["M76"].exp == 2


def test_desertion_by_the_morale_track() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M75", exp=3)
    state.money, state.supplies["empire"], state.morale["empire"] = 10, 20, 6
    state.morale["insurgents"] = 15
    at_step(state, "replenish_empire")
    assert state.morale["empire"] == 7  # Patra
    assert state.stack[-1].name == "remove_units" and state.stack[-1].data["count"] == 1


def test_replenishment_insurgents_population_feeding_and_plea() -> None:
    state = board()
    put(state, "M88", exp=1)
    for w in ("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8"):
        put(state, w, ins=1)
    state.spaces["CITY"].civ = 16
    state.pool["civ"] = 23 - 16
    state.areas["sea"].side = "empire"
    state.supplies["insurgents"] = 4
    state.plea["insurgents"] = 0
    load_dice(state, 2, 2)
    at_step(state, "replenish_insurgents")
    # the Polish example: 16 civilians + 8 units = 24 -> 5 Supplies; areas give 2 without the Sea
    assert state.population == 24
    assert state.supplies["insurgents"] == 4 + 2 - 5
    assert state.morale["insurgents"] == 10 + 1  # Petalas
    assert state.plea["insurgents"] == 1  # 4 is far too little: the track moves on


def test_plea_for_help_answered() -> None:
    state = board()
    put(state, "M88", exp=1)
    put(state, "W5", ins=1)
    state.plea["insurgents"] = 3
    supplies, morale = state.supplies["insurgents"], state.morale["insurgents"]
    load_dice(state, 5, 4)
    at_step(state, "replenish_insurgents")
    assert state.plea["insurgents"] is None
    assert state.morale["insurgents"] == morale + 1 + 2
    assert state.supplies["insurgents"] == supplies + 5 + 6 - 2  # pop 9 -> 2 to feed
    assert asked(state) == ("insurgents", "place_units")
    choose(state, "insurgents", "space:W1", "space:W2")
    assert state.spaces["W1"].ins == 1 and state.spaces["W2"].ins == 1


def test_starvation_can_end_the_game() -> None:
    state = board()
    put(state, "M88", exp=1)
    put(state, "W5", ins=1)
    state.spaces["CITY"].civ = 23
    state.pool["civ"] = 0
    state.morale["insurgents"] = 1
    state.supplies["insurgents"] = 0
    for area in state.areas.values():
        area.side = "empire"
    at_step(state, "replenish_insurgents")
    assert state.result is not None and state.result.winners == ["empire"]


def test_period_change() -> None:
    state = new_game()
    state.round, state.step = 4, "administration"
    state.stack = []
    state.areas["sea"].support = 2
    GAME.settle(state)
    assert all(len(h) == 8 for h in state.hands.values())

    assert all(cards.card(c).period == "B" for h in state.hands.values() for c in h)
    assert state.spaces["CAMP"].ally == 5
    # four free Support actions at Sea: remove 2 blue markers, flip, add 1 red
    assert state.areas["sea"].side == "empire" and state.areas["sea"].support == 1
    assert state.money == 18 and state.supplies["empire"] == 18 and state.plea["empire"] == 4
    assert state.spaces["CITY"].civ == 18 and state.plea["insurgents"] == 1
    assert asked(state) == ("empire", "place_units")
    choices = ids(state, "empire")
    assert choices and all(c.partition(":")[2][:2] in ("M7", "M8") for c in choices)
    # M74 holds Expeditionary units (2): Allied units may not join them
    assert "space:M74" not in choices and "space:M81" in choices and "all:M81" in choices
    for _ in range(10):
        choose(state, "empire", ids(state, "empire")[0])
    assert sum(s.ally for s in state.spaces.values()) == 15
    assert state.stack[-1].name == "opening"


def test_period_change_v22_markers_at_sea() -> None:
    state = new_game(edition="v2.2")
    state.round, state.step = 4, "administration"
    state.stack = []
    GAME.settle(state)
    assert state.areas["sea"].side == "empire" and state.areas["sea"].support == 4


def test_position_victory_at_the_end_of_actions() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "W4", exp=1, damage=2)
    state.played = {"empire": 7, "insurgents": 7}
    at_step(state, "actions")
    assert state.result is not None and state.result.winners == ["empire"]


def test_v22_position_check_at_the_end_of_the_round() -> None:
    state = board(edition="v2.2")
    put(state, "W5", ins=1)
    put(state, "B2", exp=1)
    state.played = {"empire": 7, "insurgents": 7}
    at_step(state, "actions")
    assert state.result is None and asked(state)[1] == "cannons"
    at_step(state, "round_end")
    assert state.result is not None and state.result.winners == ["empire"]


def test_insurgents_win_after_round_six_and_morale_zero_ends_at_once() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M88", exp=1)
    state.round = 6
    at_step(state, "round_end")
    assert state.result is not None and state.result.winners == ["insurgents"]
    assert GAME.prompts(state) == {}
    state = board()
    put(state, "W5", ins=1)
    put(state, "M45", exp=1)
    state.morale["insurgents"] = 1
    load_dice(state, 8, 8)

    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:attack", "from:M45", "at:W5", "morale:down")
    assert state.result is not None and state.result.winners == ["empire"]


def test_an_imperial_cannon_on_the_wall_is_silent() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "W4", exp=1, damage=2, cannon="empire")
    put(state, "M45", exp=1, cannon="empire")
    at_step(state, "cannons_empire")
    assert "fire:W4" not in ids(state, "empire") and "fire:M45" in ids(state, "empire")


def test_timeout_passes_stops_or_plays_for_ap() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M45", exp=1, cannon="empire")
    at_step(state, "cannons_empire")
    assert GAME.timeout_choice(state, "empire") == "done"

    to_actions(state, "empire", state.hands["empire"])
    assert GAME.timeout_choice(state, "empire").endswith(":ap")  # type: ignore[union-attr]


def test_v22_period_b_replenishment_costs_one_morale() -> None:
    state = board(edition="v2.2")
    state.round = 4
    put(state, "W5", ins=1)
    put(state, "M75", exp=1)
    state.money, state.supplies["empire"] = 20, 30
    state.morale["insurgents"] = 15
    at_step(state, "replenish_empire")
    assert state.morale["empire"] == 15 - 1 + 1  # the siege drags on; Patra gives 1
    lines = [e.text for e in state.log]
    assert "The siege goes on (Period B, v2.2): Imperial Morale 14." in lines  # was silent


def test_period_b_pay_is_six_money_and_twelve_supplies() -> None:
    state = board()
    state.round = 5
    put(state, "W5", ins=1)
    put(state, "M75", exp=1)
    state.money, state.supplies["empire"] = 10, 20
    at_step(state, "replenish_empire")
    assert state.money == 4 and state.supplies["empire"] == 20 + 7 - 12
    # 5.5.1 / 4.5.1: what the Empire paid is in the log, not only what it could not pay
    lines = [e.text for e in state.log]
    assert "The Empire pays its troops 6 Money (Money 4)." in lines
    assert "The Empire feeds its army 12 Supplies (Supplies 15)." in lines


def test_a_destroyed_bombard_is_gone_for_good() -> None:
    """The Bombard is a unique piece: once destroyed it never returns, and no black cannon of
    the reserve takes its place or its bonus."""
    state = board()
    put(state, "M56", exp=1, cannon="empire")
    put(state, "W7", ins=1)
    state.spaces["W6"].damage = 2  # the Bombard's fort is destroyed and empty
    pool = state.pool["cannons"]
    at_step(state, "cannons_empire")
    load_dice(state, 6, 1)
    choose(state, "empire", "fire:M56", "at:W6")
    assert state.spaces["W6"].cannon is None and state.bombard_lost
    assert state.pool["cannons"] == pool  # the purple piece does not join the black ones
    assert not any(s.bombard for s in state.spaces.values())
    assert GAME.invariants(state) == []


def test_plea_for_help_units_may_go_to_an_empty_island() -> None:
    """The Government's 2 units arrive "in the city": as Train Civilians (Polish 4.3: row 3,
    row 2 or an empty island), an island counts."""
    state = board()
    put(state, "M88", exp=1)
    put(state, "W5", ins=1)
    state.plea["insurgents"] = 10
    state.supplies["insurgents"] = 20
    load_dice(state, 6, 6)
    at_step(state, "replenish_insurgents")
    assert state.plea["insurgents"] is None
    assert asked(state) == ("insurgents", "place_units")
    assert {"space:MAR", "space:KLI", "space:VAS", "space:W1", "space:B1"} <= set(
        ids(state, "insurgents"))


def test_cannon_targets_show_the_roll_each_die_needs() -> None:
    """5.4 / 4.4: the distance sets the need (4+/5+/6+); an Allied crew and the Bombard add 1
    to each die, never to the Marmarou exchange's natural 6. The labels said only the need
    before bonuses ("Middle Bastion (6+)" for a crew that hits on 5+)."""
    state = board()
    state.round = 4
    put(state, "W5", ins=1)
    put(state, "MAR", ins=1)
    put(state, "M65", ally=1, cannon="empire")
    put(state, "M52", ally=1, cannon="empire")
    at_step(state, "cannons_empire")
    choose(state, "empire", "fire:M65")
    labels = {c.id: c.label for c in GAME.prompts(state)["empire"].choices}
    assert labels["at:W5"] == "Middle Bastion — 5+ on each die (6 +1)"
    choose(state, "empire", "at:W5", "fire:M52")
    labels = {c.id: c.label for c in GAME.prompts(state)["empire"].choices}
    assert labels["at:MAR"] == "Marmarou — 6+ on each die (only a natural 6)"
    assert labels["at:W2"] == "Botsaris Fort — 4+ on each die (5 +1)"


def test_holding_fire_is_told_in_the_log() -> None:
    # A Cannons phase with no shot left the turn post with nothing to say.
    state = board()
    put(state, "W5", ins=1)
    put(state, "M65", exp=1, cannon="empire")
    at_step(state, "cannons_empire")
    choose(state, "empire", "done")
    assert state.log[-1].text.startswith("The Empire holds fire")
