"""Imperial actions: movement, limits, attacks, Reward, Preparation, Support, Plea, Build Cannon."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalChoice
from engine.core.game import Choice
from engine.games.freedom import GAME, flow
from engine.games.freedom.data import SPACES
from engine.games.freedom.movement import step_destinations
from engine.games.freedom.state import FreedomState
from tests.games.freedom.freedom_helpers import (
    ap_left,
    asked,
    card_with,
    choose,
    current,
    empty_board,
    ids,
    load_dice,
    new_game,
    play_ap,
    put,
)


def board(**_: object) -> FreedomState:
    state = new_game()
    empty_board(state)
    put(state, "W5", ins=1)  # keep the Insurgents alive
    return state


def test_normal_movement_two_units_one_space() -> None:
    state = board()
    put(state, "M76", exp=2)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:move", "from:M76", "to:M66")
    choose(state, "empire", "from:M76", "to:M65")
    assert state.spaces["M66"].exp == 1 and state.spaces["M65"].exp == 1
    assert ap_left(state) == 1


def test_normal_movement_one_unit_two_spaces() -> None:
    state = board()
    put(state, "M76", exp=1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:move", "from:M76", "to:M66", "on:M56")
    assert state.spaces["M56"].exp == 1 and ap_left(state) == 1


def test_never_backwards_sideways_allowed() -> None:
    state = board()
    put(state, "M66", exp=1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:move", "from:M66")
    targets = set(ids(state, "empire"))
    assert {"to:M65", "to:M67", "to:M55", "to:M56", "to:M57"} <= targets
    assert not targets & {"to:M75", "to:M76", "to:M77"}


def test_limit_three_and_passing_through_a_full_space() -> None:
    state = board()
    put(state, "M66", exp=3)
    put(state, "M76", exp=1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:move", "from:M76")
    assert "to:M66" in ids(state, "empire")  # only passing through
    choose(state, "empire", "to:M66")
    choices = ids(state, "empire")
    assert "done" not in choices and all(c.startswith("on:") for c in choices)
    choose(state, "empire", "on:M56")
    assert state.spaces["M66"].exp == 3 and state.spaces["M56"].exp == 1


def test_camp_has_no_limit_and_units_leave_it_sideways() -> None:
    state = board()
    put(state, "CAMP", exp=12)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:move", "from:CAMP")
    assert {"to:M87", "to:M88", "to:M89", "to:M79"} <= set(ids(state, "empire"))


def test_slow_spaces_need_slow_movement() -> None:
    state = board()
    put(state, "M41", exp=1)
    put(state, "W2", damage=2)
    play_ap(state, "empire", ap=3)
    choose(state, "empire", "act:move", "from:M41")
    assert "to:MR1" not in ids(state, "empire") and "to:W2" not in ids(state, "empire")
    choose(state, "empire", "back", "back")
    choose(state, "empire", "act:slow", "from:M41")
    assert set(ids(state, "empire")) == {"to:MR1", "to:W2", "back"}  # W1 intact, W5 held


@pytest.mark.parametrize("revision", [1, 2])
def test_a_card_ends_by_itself_once_nothing_is_affordable(revision: int) -> None:
    """Issue 13: "End the card (0 AP unused)" was asked with nothing left to spend; from
    rules revision 2 the card ends by itself (revision-1 games keep asking)."""
    state = new_game(revision=revision)
    empty_board(state)
    put(state, "W5", ins=1)
    put(state, "M76", exp=2)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:move", "from:M76", "to:M66", "from:M76", "to:M65")
    choose(state, "empire", "act:move", "from:M66", "to:M56", "from:M65", "to:M55")
    frames = [f.name for f in state.stack]
    if revision == 1:
        assert ap_left(state) == 0
        assert ids(state, "empire") == ["done"]  # asked, though nothing is affordable
        assert "spend" in frames
    else:
        assert "spend" not in frames  # ended: the Insurgents play their card now
        assert list(GAME.prompts(state)) == ["insurgents"]


def test_back_after_picking_a_unit_says_it_picks_another_unit() -> None:
    """Issue 13: "Back to the action menu" went one step back once a unit was picked."""
    state = board()
    put(state, "M76", exp=2)
    play_ap(state, "empire", ap=3)
    choose(state, "empire", "act:move")
    labels = {c.id: c.label for c in current_choices(state)}
    assert labels["back"] == "Back to the action menu"
    choose(state, "empire", "from:M76")
    labels = {c.id: c.label for c in current_choices(state)}
    assert labels["back"] == "Back: pick another unit"
    choose(state, "empire", "back")
    assert "from:M76" in ids(state, "empire")  # the unit to pick again, not the menu


def test_wall_entry_needs_a_destroyed_empty_space_then_walk_the_wall() -> None:
    state = board()
    put(state, "M43", exp=2)
    put(state, "W3", damage=1)
    put(state, "W4", damage=2, ins=1)
    play_ap(state, "empire", ap=4)
    # W3 is only damaged, W4 is destroyed but held: no wall space can be climbed
    assert "act:slow" not in ids(state, "empire")
    state.spaces["W3"].damage = 2
    choose(state, "empire", "act:slow", "from:M43", "to:W3")
    assert state.spaces["W3"].exp == 1
    choose(state, "empire", "act:slow", "from:W3")
    assert "to:W2" in ids(state, "empire")  # along the wall, even onto an intact space
    assert "to:W4" not in ids(state, "empire")


def test_wall_limit_is_two() -> None:
    state = board()
    put(state, "W3", exp=2, damage=2)
    put(state, "M43", exp=1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:slow")
    assert "from:M43" not in ids(state, "empire")  # the destroyed W3 is full


def test_islands_and_thick_borders() -> None:
    state = board()
    put(state, "MR2", exp=1)
    put(state, "MAR", ins=1)
    play_ap(state, "empire", ap=4)
    assert "act:slow" not in ids(state, "empire")  # Marmarou is held, W1 intact
    state.spaces["MAR"].ins = 0
    state.pool["ins"] += 1
    choose(state, "empire", "act:slow", "from:MR2", "to:MAR")
    assert state.spaces["MAR"].exp == 1
    choose(state, "empire", "act:slow")
    assert "from:MAR" in ids(state, "empire")  # MR3 is open now that Marmarou is held
    choose(state, "empire", "from:MAR")
    assert "to:MR3" in ids(state, "empire")


def test_thick_border_closed_without_the_island() -> None:
    state = board()
    put(state, "S4", exp=1)
    put(state, "KLI", ins=1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:slow", "from:S4")
    assert "to:KS" not in ids(state, "empire")  # the thick border: Klisova is not held
    choose(state, "empire", "back", "back")
    state.spaces["KLI"].ins = 0
    state.pool["ins"] += 1
    put(state, "KLI", exp=1)
    choose(state, "empire", "act:slow", "from:S4")
    assert "to:KS" in ids(state, "empire")


def test_expeditionary_and_allied_never_share_but_pass_through() -> None:
    state = board()
    state.round = 4
    put(state, "M66", ally=1)
    put(state, "M76", exp=1)
    play_ap(state, "empire", ap=2, card=card_with(2, period="B"))
    choose(state, "empire", "act:move", "from:M76", "to:M66")
    assert "done" not in ids(state, "empire")  # must go on: Allied units there
    choose(state, "empire", "on:M56")
    assert state.spaces["M66"].exp == 0 and state.spaces["M56"].exp == 1


def test_imperial_attack_once_per_unit_per_card() -> None:
    state = board()
    put(state, "M45", exp=1)
    load_dice(state, 8, 1)
    play_ap(state, "empire", ap=3)
    choose(state, "empire", "act:attack", "from:M45", "at:W5")
    assert state.spaces["W5"].ins == 0
    assert asked(state) == ("empire", "morale_choice")  # the space was emptied
    choose(state, "empire", "morale:down")
    assert state.morale["insurgents"] == 9
    put(state, "W4", ins=1)
    assert "act:attack" not in ids(state, "empire")  # the only unit has attacked


def test_both_dice_hitting_remove_one_unit() -> None:
    state = board()
    put(state, "M45", exp=1)
    put(state, "W5", ins=1)
    load_dice(state, 8, 8)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:attack", "from:M45", "at:W5")
    assert state.spaces["W5"].ins == 1


@pytest.mark.parametrize(
    ("target", "damage", "roll", "hit"),
    [
        ("W5", 0, 7, False),
        ("W5", 1, 7, True),   # damaged: +1
        ("W5", 2, 6, True),   # destroyed: +2
        ("W5", 2, 5, False),
        ("W4", 0, 8, False),  # a fort: -1, an intact fort cannot be taken
        ("W4", 1, 8, True),
        ("W4", 2, 7, True),
    ],
)
def test_attack_modifiers_against_the_wall(target: str, damage: int, roll: int,
                                           hit: bool) -> None:
    state = board()
    put(state, target, ins=1 if target != "W5" else 0, damage=damage)
    put(state, "M45", exp=1)
    load_dice(state, roll, 1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:attack", "from:M45", f"at:{target}")
    assert (state.spaces[target].ins == 1) != hit


@pytest.mark.parametrize(("src", "target"), [("KI", "W9"), ("MR2", "W1")])
def test_attacks_from_the_lagoon_get_no_wall_modifiers(src: str, target: str) -> None:
    """v2.2 5.3.2: the damage bonus is for attacks "from the main land area" only."""
    state = board()
    put(state, target, ins=1, damage=2)
    put(state, src, exp=1)
    load_dice(state, 7, 1)  # 7 + 2 would hit from the mainland
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:attack", f"from:{src}", f"at:{target}")
    assert state.spaces[target].ins == 1


@pytest.mark.parametrize(("wall", "water"), [("W1", "MR2"), ("W9", "KI"), ("B1", "MR3"),
                                           ("B1", "S1"), ("B4", "S4")])
def test_no_step_from_the_city_into_the_lagoon(wall: str, water: str) -> None:
    """The lagoon is entered only from its mainland entry spaces (v2.2 5.3.2, Polish 4.3):
    a unit on the wall or a beach never steps into the water beside it."""
    state = board()
    put(state, wall, exp=1, damage=2 if wall.startswith("W") else None)
    put(state, "MAR", exp=1)  # Marmarou held: the thick border itself would be open
    assert water not in step_destinations(state, wall, "exp", "slow")
    assert water in SPACES[wall].neighbours  # still adjacent, for attacks


@pytest.mark.parametrize(("wall", "water"), [("W1", "MR2"), ("W9", "KI")])
def test_from_the_lagoon_onto_a_destroyed_wall(wall: str, water: str) -> None:
    state = board()
    put(state, water, exp=1)
    put(state, wall, damage=2)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:slow", f"from:{water}", f"to:{wall}")
    assert state.spaces[wall].exp == 1


def test_on_the_wall_attacks_hit_on_five_and_reward_adds_two() -> None:
    state = board()
    put(state, "W6", exp=1, damage=2)
    put(state, "M36" if False else "M45", exp=1)
    load_dice(state, 5, 1)
    play_ap(state, "empire", ap=4)
    choose(state, "empire", "act:attack", "from:W6", "at:W5")
    assert state.spaces["W5"].ins == 0
    choose(state, "empire", "morale:up")
    assert state.morale["empire"] == 16
    put(state, "W4", ins=2, damage=0)
    money = state.money
    choose(state, "empire", "act:reward")
    assert state.money == money - 1 and "act:reward" not in ids(state, "empire")
    load_dice(state, 7, 1)  # a fort, intact: 7 + 2 - 1 = 8
    choose(state, "empire", "act:attack", "from:M45", "at:W4")
    assert state.spaces["W4"].ins == 1


def test_preparation_only_for_an_action_the_card_cannot_pay() -> None:
    state = board()
    state.prep["empire"] = 3
    put(state, "M55", exp=1)
    put(state, "CAMP", exp=1)
    state.camp_cannons = 1
    state.pool["cannons"] -= 1
    play_ap(state, "empire", ap=2)
    # Support costs 2 <= the card's 2 AP: after 1 AP is spent, no Preparation may help
    choose(state, "empire", "act:prep")
    assert state.prep["empire"] == 4
    assert "act:support" not in ids(state, "empire")
    # Build Cannon in row 5 costs 5 > 2: Preparation pays the difference
    assert "act:cannon" in ids(state, "empire")
    choose(state, "empire", "act:cannon", "at:M55")
    assert state.prep["empire"] == 0 and state.spaces["M55"].cannon == "empire"
    assert state.camp_cannons == 0


def test_build_cannon_costs_by_row_and_needs_a_camp_cannon() -> None:
    state = board()
    put(state, "M45", exp=1)
    put(state, "M55", exp=1)
    put(state, "M65", exp=1)
    play_ap(state, "empire", ap=4)
    assert "act:cannon" not in ids(state, "empire")  # no cannon waiting in the Camp
    state.camp_cannons, state.pool["cannons"] = 1, state.pool["cannons"] - 1
    choose(state, "empire", "act:cannon")
    assert set(ids(state, "empire")) == {"at:M65", "back"}  # 3 AP; rows 5/4 need 5/7
    choose(state, "empire", "at:M65")
    assert ap_left(state) == 1


def test_plea_for_funds_rising_penalty() -> None:
    state = board()
    load_dice(state, 5, 5)
    play_ap(state, "empire", ap=3)
    choose(state, "empire", "act:plea")
    assert state.money == 13 and state.plea["empire"] == 2
    state = board()
    state.plea["empire"] = 2
    load_dice(state, 5, 5)  # 10 + 2 = 12: refused, the track stays
    play_ap(state, "empire", ap=3)
    choose(state, "empire", "act:plea")
    assert state.money == 10 and state.plea["empire"] == 2


def test_support_area_add_remove_flip_and_limit() -> None:
    state = board()
    play_ap(state, "empire", ap=4)
    choose(state, "empire", "act:support", "area:zygos")
    assert state.areas["zygos"].support == 2
    choose(state, "empire", "act:support", "area:anatolikon")
    assert state.areas["anatolikon"].support == 0 and state.areas["anatolikon"].side == "insurgents"
    state = board()
    state.areas["patra"].support = 5
    play_ap(state, "empire", ap=4)
    choose(state, "empire", "act:support")
    assert "area:patra" not in ids(state, "empire")


def test_an_unlisted_choice_changes_nothing() -> None:
    state = board()
    play_ap(state, "empire", ap=2)
    before = state.model_dump_json()
    with pytest.raises(IllegalChoice):
        choose(state, "empire", "act:teleport")
    assert state.model_dump_json() == before


def test_no_passing_through_insurgent_units() -> None:
    state = board()
    put(state, "W4", damage=2)
    put(state, "M44", exp=1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:move", "from:M44")
    assert "to:W5" not in ids(state, "empire") and "to:W4" not in ids(state, "empire")


def test_attack_targets_show_the_roll_each_die_needs() -> None:
    """5.3.2 / 4.3: 8+ on either d8, +1 damaged / +2 destroyed, -1 against a fort: a player
    should see before paying the AP that an intact fort cannot be taken without a bonus."""
    state = board()
    put(state, "M44", exp=1)
    put(state, "W4", ins=1)             # a fort, intact: 8 - 1 is out of reach
    put(state, "W3", ins=1, damage=2)   # destroyed: 6+
    play_ap(state, "empire", ap=3)
    choose(state, "empire", "act:attack", "from:M44")
    labels = {c.id: c.label for c in GAME.prompts(state)["empire"].choices}
    assert "cannot succeed" in labels["at:W4"]
    assert labels["at:W3"] == "Makris Battery — 6+ on either die (8 +2)"
    assert labels["at:W5"] == "Middle Bastion — 8+ on either die"
    choose(state, "empire", "back", "back", "act:reward", "act:attack", "from:M44")
    labels = {c.id: c.label for c in GAME.prompts(state)["empire"].choices}
    assert "7+ on either die" in labels["at:W4"]  # 8 + 2 - 1


def test_morale_choice_says_what_happened_and_never_offers_morale_past_the_top() -> None:
    state = board()
    state.morale["empire"] = 20
    put(state, "M45", exp=1)
    load_dice(state, 8, 1)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:attack", "from:M45", "at:W5")
    prompt = GAME.prompts(state)["empire"]
    assert prompt.text.startswith("Middle Bastion is emptied")
    labels = {c.id: c.label for c in prompt.choices}
    assert "21" not in labels["morale:up"] and "no change" in labels["morale:up"]
    assert labels["morale:down"] == "Lower the Insurgents' Morale to 9"


def test_event_ap_prompt_says_preparation_cannot_be_added() -> None:
    """Preparation AP only top up a card's own AP (5.3.2 / 4.3), never an event's."""
    state = board()
    state.prep["empire"] = 3
    play_ap(state, "empire", ap=2)
    assert "may pay only for an action costing more than this card's 2 AP" in \
        GAME.prompts(state)["empire"].text
    flow.push_ap(state, "empire", 3, actions=["attack"], source="General Assault")
    assert "Preparation cannot be added" in GAME.prompts(state)["empire"].text


def current_choices(state: FreedomState) -> list[Choice]:
    asked_now = current(state)
    assert asked_now is not None
    return asked_now[2]
