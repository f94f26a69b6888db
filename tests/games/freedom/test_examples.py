"""The worked examples of both rule books, with the Polish examples' card names."""

from __future__ import annotations

from engine.games.freedom import GAME, cards
from engine.games.freedom.state import FreedomState
from tests.games.freedom.freedom_helpers import (
    ap_left,
    asked,
    card_named,
    choose,
    empty_board,
    ids,
    load_dice,
    new_game,
    play_ap,
    put,
)


def sea_side(state: FreedomState) -> str:
    """Who holds the Sea now (read afresh: an action changes it between two asserts)."""
    return state.areas["sea"].side


def board(round_: int = 1) -> FreedomState:
    state = new_game()
    empty_board(state)
    state.round = round_
    return state


def test_capture_of_petrochori_two_normal_movements() -> None:
    """Zdobycie Petrohori for 2 AP: 2 units 1 space each, then 1 unit 2 spaces."""
    state = board()
    put(state, "W5", ins=1)
    put(state, "M76", exp=2)
    put(state, "M73", exp=1)
    play_ap(state, "empire", card_named("Zdobycie Petrohori"))
    choose(state, "empire", "act:move", "from:M76", "to:M66", "from:M76", "to:M67")
    choose(state, "empire", "act:move", "from:M73", "to:M63", "on:M53")
    assert (state.spaces["M66"].exp, state.spaces["M67"].exp, state.spaces["M53"].exp) == (1, 1, 1)
    assert ap_left(state) == 0


def test_slow_movement_onto_a_destroyed_wall() -> None:
    """Two wall spaces destroyed, one of them empty: 2 AP put two units on it."""
    state = board()
    put(state, "W3", damage=2)
    put(state, "W5", damage=2, ins=1)
    put(state, "M43", exp=2)
    play_ap(state, "empire", ap=2)
    choose(state, "empire", "act:slow", "from:M43", "to:W3")
    choose(state, "empire", "act:slow", "from:M43", "to:W3")
    assert state.spaces["W3"].exp == 2 and ap_left(state) == 0


def test_unequal_share_of_the_pay_three_attacks_on_a_damaged_fort() -> None:
    """Nierówny podział waluty for AP: three attacks on a damaged fort, one success."""
    state = board()
    put(state, "W4", ins=2, damage=1)  # a fort: -1, damaged: +1
    put(state, "M44", exp=3)
    load_dice(state, 3, 5, 8, 2, 4, 6)
    play_ap(state, "empire", card_named("Nierówny podział waluty"))
    for _ in range(3):
        choose(state, "empire", "act:attack", "from:M44", "at:W4")
    assert state.spaces["W4"].ins == 1  # one Insurgent unit stays at its post


def test_reward_attack_example() -> None:
    """1 AP Reward (+1 Money), 2 attacks at +2: both defenders fall, Insurgent morale -1."""
    state = board()
    put(state, "W4", ins=2, damage=1)
    put(state, "M44", exp=3)
    put(state, "W8", ins=1)
    load_dice(state, 6, 1, 2, 6)
    play_ap(state, "empire", card_named("Nierówny podział waluty"))
    choose(state, "empire", "act:reward")
    choose(state, "empire", "act:attack", "from:M44", "at:W4")
    choose(state, "empire", "act:attack", "from:M44", "at:W4")
    assert state.spaces["W4"].ins == 0 and state.money == 9
    choose(state, "empire", "morale:down")
    assert state.morale["insurgents"] == 9


def test_stone_cannonballs_for_preparation() -> None:
    """Kamienne kule armatnie for its 2 AP, both stored."""
    state = board()
    put(state, "W5", ins=1)
    play_ap(state, "empire", card_named("Kamienne kule armatnie"))
    choose(state, "empire", "act:prep", "act:prep")
    assert state.prep["empire"] == 2


def test_georgios_karaiskakis_support_at_sea() -> None:
    """The Empire plays Georgios Karaiskakis for 4 AP: Support at Sea twice flips the tile."""
    state = board(round_=4)
    put(state, "W5", ins=1)
    state.areas["sea"].support = 1
    play_ap(state, "empire", card_named("Georgios Karaiskakis"))
    choose(state, "empire", "act:support", "area:sea")
    assert sea_side(state) == "insurgents" and state.areas["sea"].support == 0
    choose(state, "empire", "act:support", "area:sea")
    assert sea_side(state) == "empire"


def test_reinforcements_plea_for_funds() -> None:
    """Posiłki for 3 AP: 2d6 = 8 < 12, +3 Money, the Plea track to 2."""
    state = board()
    put(state, "W5", ins=1)
    load_dice(state, 3, 5)
    play_ap(state, "empire", card_named("Posiłki"))
    choose(state, "empire", "act:plea")
    assert state.money == 13 and state.plea["empire"] == 2


def test_captain_mahmud_with_one_prepared_ap_builds_in_row_five() -> None:
    """Kapitan Mahmud for 4 AP plus 1 Preparation AP: a cannon in row 5 (5 AP)."""
    state = board(round_=4)
    put(state, "W5", ins=1)
    put(state, "M55", exp=1)
    state.camp_cannons, state.pool["cannons"] = 1, state.pool["cannons"] - 1
    state.prep["empire"] = 1
    play_ap(state, "empire", card_named("Kapitan Mahmud"))
    choose(state, "empire", "act:cannon", "at:M55")
    assert state.spaces["M55"].cannon == "empire" and state.prep["empire"] == 0


def test_yusuf_pasha_regroup_then_two_attacks() -> None:
    """The Insurgents play Yusuf Pasza for AP: Regroup into a fort, then attacks: 3 (miss), 6."""
    state = board()
    put(state, "W1", ins=1)
    put(state, "W5", ins=1)
    put(state, "M45", exp=2)
    play_ap(state, "insurgents", card_named("Yusuf Pasza"))
    choose(state, "insurgents", "act:regroup", "from:W1", "to:W2")
    load_dice(state, 3, 6)
    choose(state, "insurgents", "act:attack", "at:M45")
    choose(state, "insurgents", "act:attack", "at:M45")
    assert state.spaces["W2"].ins == 1 and state.spaces["M45"].exp == 1


def test_under_cover_of_night_for_preparation() -> None:
    state = board()
    put(state, "W5", ins=1)
    put(state, "M88", exp=1)
    play_ap(state, "insurgents", card_named("Pod osłoną nocy"))
    choose(state, "insurgents", "act:prep", "act:prep")
    assert state.prep["insurgents"] == 2


def test_high_morale_support_at_sea() -> None:
    """Wysokie morale for 3 AP: 2 AP on the Imperial Sea with no marker flips it blue."""
    state = board()
    put(state, "W5", ins=1)
    put(state, "M88", exp=1)
    state.areas["sea"].side, state.areas["sea"].support = "empire", 0
    play_ap(state, "insurgents", card_named("Wysokie morale"))
    choose(state, "insurgents", "act:support", "area:sea")
    assert sea_side(state) == "insurgents" and ap_left(state) == 1


def test_destruction_of_the_aqueduct_raid() -> None:
    """Zniszczenie akweduktu for 3 AP: a Raid on a lone unit in row 6 (3 AP), roll 7."""
    state = board()
    put(state, "W5", ins=1)
    put(state, "M65", exp=1)
    put(state, "M88", exp=1)
    load_dice(state, 7)
    play_ap(state, "insurgents", card_named("Zniszczenie akweduktu"))
    choose(state, "insurgents", "act:raid", "at:W5:M65")
    assert state.spaces["M65"].exp == 0 and ap_left(state) == 0
    choose(state, "insurgents", "morale:down")
    assert state.morale["empire"] == 14


def test_flight_of_the_commanders_repair_with_preparation() -> None:
    """Ucieczka dowódców for 3 AP + 1 prepared: the destroyed fort becomes damaged."""
    state = board()
    put(state, "W4", ins=1, damage=2)
    put(state, "M88", exp=1)
    state.prep["insurgents"] = 1
    play_ap(state, "insurgents", card_named("Ucieczka dowódców"))
    choose(state, "insurgents", "act:repair", "at:W4")
    assert state.spaces["W4"].damage == 1 and state.prep["insurgents"] == 0


def test_abandoned_cause_train_civilians() -> None:
    """Porzucona sprawa for 4 AP: a civilian trained onto an empty damaged wall space."""
    state = board(round_=4)
    put(state, "W5", ins=1)
    put(state, "W3", damage=1)
    put(state, "M88", exp=1)
    play_ap(state, "insurgents", card_named("Porzucona sprawa"))
    choose(state, "insurgents", "act:train", "at:W3")
    assert state.spaces["W3"].ins == 1 and state.spaces["CITY"].civ == 7


def test_kutahi_build_cannon_in_the_middle_of_the_wall() -> None:
    """Kütahi Reşid Mehmed Pasza for AP: a cannon in the middle of the wall, 1 Supply."""
    state = board()
    put(state, "W5", ins=1)
    put(state, "M88", exp=1)
    play_ap(state, "insurgents", card_named("Kütahi Reşid Mehmed Pasza"))
    choose(state, "insurgents", "act:cannon", "at:W5")
    assert state.spaces["W5"].cannon == "insurgents" and state.supplies["insurgents"] == 7


def test_cannon_example_three_batteries_in_row_five() -> None:
    """3 cannons in row 5: two damaged wall spaces destroyed, the Insurgents lose 2 morale."""
    state = board()
    for w in ("W3", "W5"):
        put(state, w, ins=1, damage=1)
    put(state, "W7", ins=1)
    for m in ("M53", "M55", "M57"):
        put(state, m, exp=1, cannon="empire")
    state.stack, state.step = [], "cannons_empire"
    GAME.settle(state)
    load_dice(state, 5, 1, 5, 2, 1, 1)
    choose(state, "empire", "fire:M53", "at:W3", "morale:down")
    choose(state, "empire", "fire:M55", "at:W5", "morale:down")
    choose(state, "empire", "fire:M57", "at:W7")
    assert state.spaces["W3"].damage == 2 and state.spaces["W5"].damage == 2
    assert state.spaces["W7"].damage == 0
    assert state.morale["insurgents"] == 8


def test_replenishment_example_round_four() -> None:
    """End of round 4: the Vasiladi landing is blocked by an Allied unit; 4 Money for 6 pay;
    12 Supplies leave 2; the Insurgents count 24 and feed 5 with only 2 from the areas."""
    state = board(round_=4)
    for aid in ("sea", "zygos", "petrochori", "kryoneri", "petalas"):
        state.areas[aid].side, state.areas[aid].support = "empire", 1
    for aid in ("anatolikon", "gouria", "patra"):
        state.areas[aid].side, state.areas[aid].support = "insurgents", 1
    put(state, "VR", ally=1)
    put(state, "M75", exp=3)
    state.money, state.supplies["empire"] = 4, 9
    for w in ("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8"):
        put(state, w, ins=1)
    state.spaces["CITY"].civ, state.pool["civ"] = 16, 7
    state.supplies["insurgents"] = 5
    state.plea["insurgents"] = 3
    state.stack, state.step = [], "replenish_empire"
    GAME.settle(state)
    assert state.spaces["VR"].exp == 0  # the landing cannot share the Allied unit's space
    assert state.spaces["CAMP"].exp == 2 and state.camp_cannons == 1
    assert state.money == 0 and state.supplies["empire"] == 2 and state.morale["empire"] == 13
    assert asked(state) == ("empire", "remove_units") and state.stack[-1].data["count"] == 2
    load_dice(state, 1, 3)
    choose(state, "empire", "space:M75", "space:M75")
    assert state.population == 24
    assert state.supplies["insurgents"] == 5 + 2 - 5
    assert state.plea["insurgents"] == 4  # 4 + 3 < 12: no answer
    # Patra's reward cannon (and Anatolikon's unit) are placed by the Insurgents
    assert asked(state)[0] == "insurgents"


def test_opening_example_regroup_to_the_second_fort() -> None:
    state = new_game()
    for _ in range(5):
        choice = next(c for c in ids(state, "empire") if c.startswith("from:M6"))
        choose(state, "empire", choice)
        choose(state, "empire", next(c for c in ids(state, "empire") if c.startswith("to:")))
    state.spaces["W4"].ins, state.pool["ins"] = 0, state.pool["ins"] + 1
    choose(state, "insurgents", "from:W9", "to:W4")
    assert state.spaces["W4"].ins == 1 and asked(state)[1] == "play"
    assert cards.card(state.hands["empire"][0]).period == "A"


def test_insurgent_guns_example() -> None:
    """Polish 4.4.2: the Insurgent guns remove 5 Imperial units in all and empty 3 spaces; the
    Insurgents use every morale choice to press the Empire, which loses 3 Morale."""
    state = board()
    for wall in ("W4", "W5", "W6", "W8"):  # W6: the Bombard on the third fort
        put(state, wall, ins=1)
    for wall in ("W4", "W5", "W8"):
        put(state, wall, cannon="insurgents")
    put(state, "M44", exp=2)
    put(state, "M46", exp=1)
    put(state, "M48", exp=1)
    put(state, "M55", exp=2)
    state.stack, state.step = [], "cannons_insurgents"
    GAME.settle(state)
    def on_map() -> int:
        return sum(s.imperial for sid, s in state.spaces.items() if sid != "CAMP")

    before = on_map()
    load_dice(state, 5, 6,  # W4 at M44 (4+): two hits, the space is emptied
              4, 1,  # the Bombard at M46 (4+, +1): one hit, emptied
              6, 2,  # W8 at M48: one hit, emptied
              5, 3)  # W5 at M55, two rows away (5+): one hit, one unit stays
    choose(state, "insurgents", "fire:W4", "at:M44", "morale:down")
    choose(state, "insurgents", "fire:W6", "at:M46", "morale:down")
    choose(state, "insurgents", "fire:W8", "at:M48", "morale:down")
    assert state.morale["empire"] == 15 - 3 and state.morale["insurgents"] == 10
    choose(state, "insurgents", "fire:W5", "at:M55")  # the last gun: Replenishment follows
    assert before - on_map() == 5
    emptied = [m for m in ("M44", "M46", "M48", "M55") if state.spaces[m].imperial == 0]
    assert emptied == ["M44", "M46", "M48"] and state.spaces["M55"].exp == 1
