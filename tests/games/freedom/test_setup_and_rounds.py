"""Setup, options, Administration, Opening, the Actions card play and the round structure."""

from __future__ import annotations

import pytest

from engine.core.errors import BadOptions, IllegalChoice
from engine.core.runner import start
from engine.games.freedom import GAME, cards
from engine.games.freedom.state import FreedomOptions
from engine.games.freedom.view import FreedomPlayerView
from tests.games.freedom.freedom_helpers import (
    asked,
    card_with,
    choose,
    empty_board,
    ids,
    new_game,
    put,
    to_actions,
)


def test_setup_tracks_and_hands() -> None:
    state = new_game()
    assert state.morale == {"empire": 15, "insurgents": 10}
    assert state.money == 10 and state.supplies == {"empire": 12, "insurgents": 8}
    assert state.plea == {"empire": 0, "insurgents": 0}
    assert state.prep == {"empire": 0, "insurgents": 0}
    assert state.population == 20
    assert all(len(h) == 8 for h in state.hands.values())
    assert all(cards.card(c).period == "A" for h in state.hands.values() for c in h)
    assert len(state.decks["A"]) == 34 and len(state.decks["B"]) == 50
    assert state.spaces["CITY"].civ == 8
    # round 1 skips Administration: the Empire is asked for its Opening advance
    assert asked(state) == ("empire", "opening")
    assert GAME.invariants(state) == []


def test_edition_options() -> None:
    second = FreedomOptions()
    assert (second.insurgent_supplies, second.administration_draw, second.opening,
            second.position_check, second.period_b_sea) == (
        8, "up_to_8", "up_to_5", "end_of_actions", "actions")
    v22 = FreedomOptions(edition="v2.2")
    assert (v22.insurgent_supplies, v22.administration_draw, v22.opening,
            v22.position_check, v22.period_b_sea, v22.period_b_replenishment_morale) == (
        10, "draw_7", "exactly_5", "end_of_round", "markers", True)
    mixed = FreedomOptions(edition="v2.2", insurgent_supplies=8)
    assert mixed.insurgent_supplies == 8 and mixed.opening == "exactly_5"
    assert new_game(edition="v2.2").supplies["insurgents"] == 10
    assert new_game(insurgent_supplies=0).supplies["insurgents"] == 0  # not the default 8
    assert new_game(edition="v2.2", insurgent_supplies=0).supplies["insurgents"] == 0
    with pytest.raises(BadOptions):
        start(GAME, "x", 2, {"edition": "3rd"})


def test_spectator_view_hides_hands_and_deck() -> None:
    state = new_game()
    view = GAME.view(state, None)
    assert not isinstance(view, FreedomPlayerView)
    assert view.cards.hand_counts == {"empire": 8, "insurgents": 8}
    text = view.model_dump_json()
    for card in state.hands["empire"] + state.hands["insurgents"] + state.decks["A"]:
        assert f'"{card}"' not in text
    own = GAME.view(state, "empire")
    assert isinstance(own, FreedomPlayerView)
    assert [c.id for c in own.private.hand] == state.hands["empire"]


def test_opening_moves_up_to_five_units_forward_only() -> None:
    state = new_game()
    choices = ids(state, "empire")
    assert "done" in choices  # 2nd edition: up to 5
    choose(state, "empire", "from:M74")
    targets = ids(state, "empire")
    assert set(targets) == {"to:M63", "to:M64", "to:M65", "back"}  # never sideways or back
    choose(state, "empire", "back")
    for _ in range(5):
        choice = next(c for c in ids(state, "empire") if c.startswith("from:M7"))
        choose(state, "empire", choice)
        choose(state, "empire", next(c for c in ids(state, "empire") if c.startswith("to:")))
    assert asked(state) == ("insurgents", "ins_regroup")  # exactly five, then the Regroup


def test_opening_leaves_the_camp_sideways_and_v22_forces_five() -> None:
    state = new_game(edition="v2.2")
    assert "done" not in ids(state, "empire")
    choose(state, "empire", "from:CAMP")
    assert {"to:M87", "to:M88", "to:M89", "to:M79"} <= set(ids(state, "empire"))


def test_opening_regroup_is_optional_and_free() -> None:
    state = new_game()
    choose(state, "empire", "done")
    assert "pass" in ids(state, "insurgents")
    assert GAME.prompts(state)["insurgents"].text.startswith(
        "Opening: you may Regroup one unit for free")
    choose(state, "insurgents", "from:W1", "to:B2")
    assert state.spaces["B2"].ins == 1 and state.spaces["W1"].ins == 0
    assert asked(state)[1] == "play"


def test_higher_morale_plays_first_and_the_empire_wins_ties() -> None:
    state = new_game()
    choose(state, "empire", "done")
    choose(state, "insurgents", "pass")
    assert asked(state) == ("empire", "play")
    state = new_game()
    state.morale = {"empire": 9, "insurgents": 12}
    choose(state, "empire", "done")
    choose(state, "insurgents", "pass")
    assert asked(state) == ("insurgents", "play")
    state = new_game()
    state.morale = {"empire": 11, "insurgents": 11}
    choose(state, "empire", "done")
    choose(state, "insurgents", "pass")
    assert asked(state) == ("empire", "play")


def test_events_only_own_or_neutral() -> None:
    state = new_game()
    own = card_with(3, "empire")
    enemy = card_with(3, "insurgents")
    to_actions(state, "empire", [own, enemy])
    choices = ids(state, "empire")
    assert f"card:{own}:event" in choices and f"card:{own}:ap" in choices
    assert f"card:{enemy}:ap" in choices and f"card:{enemy}:event" not in choices
    with pytest.raises(IllegalChoice):
        choose(state, "empire", f"card:{enemy}:event")


def test_opponent_may_discard_to_trigger_a_beneficial_event_once() -> None:
    state = new_game()
    marsh = next(c.id for c in cards.deck().card if c.name == "Marsh Diseases")
    grenades = next(c.id for c in cards.deck().card if c.name == "Grenades")
    imperial = card_with(2, "empire", exclude=(marsh,))
    to_actions(state, "empire", [marsh, imperial], other_hand=[grenades, card_with(3, "empire")])
    choose(state, "empire", f"card:{marsh}:ap", "done")
    assert state.pending_event == marsh and state.pending_for == "insurgents"
    assert f"card:{grenades}:discard" in ids(state, "insurgents")
    choose(state, "insurgents", f"card:{grenades}:discard")
    while asked(state)[1] != "play":  # answer the event's own questions
        choose(state, asked(state)[0], ids(state)[0])
    # Grenades was discarded, not played for AP: the Empire cannot trigger it in turn
    assert asked(state) == ("empire", "play")
    assert not any(c.endswith(":discard") for c in ids(state, "empire"))
    assert state.played == {"empire": 1, "insurgents": 1}


def test_log_lines_name_the_sides_in_plain_english() -> None:
    """The log is what a player reads of the other side's turn: "The Empire plays …", not
    "Empire play …"; events said "The empire: Morale +1" (str.capitalize)."""
    state = new_game()
    marsh = next(c.id for c in cards.deck().card if c.name == "Marsh Diseases")
    grenades = next(c.id for c in cards.deck().card if c.name == "Grenades")
    to_actions(state, "empire", [marsh, card_with(2, "empire", exclude=(marsh, grenades))],
               other_hand=[grenades, card_with(3, "empire")])
    start_of_turn = len(state.log)
    choose(state, "empire", f"card:{marsh}:ap", "done")
    choose(state, "insurgents", f"card:{grenades}:discard")
    while asked(state)[1] != "play":  # the Empire picks its losses to Marsh Diseases
        choose(state, asked(state)[0], ids(state)[0])
    lines = [e.text for e in state.log[start_of_turn:]]
    assert "The Empire plays “Marsh Diseases” for 3 AP." in lines
    assert "The Insurgents discard “Grenades” to trigger “Marsh Diseases”." in lines
    assert "The Empire: Supplies -2." in lines
    assert not any(line.startswith(("The empire", "The insurgents", "Empire play", "A Empire"))
                   for line in lines)


def test_the_prompts_say_who_may_trigger_an_event_played_for_ap() -> None:
    """5.3.2 / 4.3.2: an enemy event played for AP may be triggered by the enemy's discard on
    its next turn; the player should know it before choosing, and the enemy when asked."""
    state = new_game()
    marsh = next(c.id for c in cards.deck().card if c.name == "Marsh Diseases")
    own = card_with(2, "empire", exclude=(marsh,))
    to_actions(state, "empire", [marsh, own], other_hand=[card_with(3, "insurgents")])
    details = {c.id: c.detail for c in GAME.prompts(state)["empire"].choices}
    # what the card does first (a menu shows 100 characters), then who may trigger it
    assert details[f"card:{marsh}:ap"].startswith(cards.card(marsh).text)
    assert "(Its event helps the Insurgents: they may discard" in details[f"card:{marsh}:ap"]
    assert details[f"card:{own}:ap"] == cards.card(own).text
    choose(state, "empire", f"card:{marsh}:ap", "done")
    assert "The Empire played “Marsh Diseases” for AP" in GAME.prompts(state)["insurgents"].text


def test_the_chance_to_trigger_passes_after_one_turn() -> None:
    state = new_game()
    marsh = next(c.id for c in cards.deck().card if c.name == "Marsh Diseases")
    to_actions(state, "empire", [marsh, card_with(2, "empire", exclude=(marsh,))],
               other_hand=[card_with(2, "insurgents"), card_with(3, "insurgents")])
    choose(state, "empire", f"card:{marsh}:ap", "done")
    choose(state, "insurgents", f"card:{state.hands['insurgents'][0]}:ap", "done")
    assert state.pending_event is None


def test_seven_cards_then_the_last_card_rule() -> None:
    state = new_game(edition="v2.2")
    empty_board(state)
    put(state, "W1", ins=1)
    put(state, "M88", exp=1)
    imperial = [c.id for c in cards.deck().card if c.period == "A" and c.side == "empire"][:8]
    insurgent = [c.id for c in cards.deck().card if c.period == "A" and c.side == "insurgents"]
    to_actions(state, "insurgents", [*insurgent[:7], insurgent[7]], other_hand=imperial)
    # the Insurgents go first here; each side plays 7 cards for AP and ends them at once
    for _ in range(6):
        for role in ("insurgents", "empire"):
            hand = state.hands[role]
            choose(state, role, f"card:{hand[0]}:ap", "done")
    choose(state, "insurgents", f"card:{state.hands['insurgents'][0]}:ap", "done")
    # the Empire's 7th card is an Insurgent event played for AP: the last-card rule
    state.hands["empire"][0] = insurgent[8]
    choose(state, "empire", f"card:{insurgent[8]}:ap", "done")
    assert state.played == {"empire": 7, "insurgents": 7}
    last = state.hands["insurgents"][0]
    assert asked(state) == ("insurgents", "play")
    assert set(ids(state, "insurgents")) == {f"card:{last}:discard", "pass"}
    text = GAME.prompts(state)["insurgents"].text
    assert "you have played your 7 cards" in text and "the last-card rule" in text
    assert "play a card" not in text  # only the discard (or keeping the card) is open
    choose(state, "insurgents", f"card:{last}:discard")
    while state.step == "actions" and state.stack and state.stack[-1].role == "insurgents" \
            and asked(state)[1] != "play":
        choose(state, "insurgents", ids(state)[0])
    assert state.extra_draw["insurgents"] == 1  # v2.2: draws 8 instead of 7 next round
    assert state.step != "actions"


def test_administration_draws_up_to_eight_and_costs_morale_late() -> None:
    state = new_game()
    state.stack = []
    state.round, state.step = 5, "administration"
    state.hands["empire"] = state.hands["empire"][:1]
    state.hands["insurgents"] = state.hands["insurgents"][:3]
    state.decks["B"] = list(state.decks["A"]) + state.decks["B"]  # plenty to draw
    GAME.settle(state)
    assert len(state.hands["empire"]) == 8 and len(state.hands["insurgents"]) == 8
    assert state.morale["empire"] == 14


def test_v22_administration_draws_seven() -> None:
    state = new_game(edition="v2.2")
    state.stack = []
    state.round, state.step = 2, "administration"
    state.hands["empire"] = state.hands["empire"][:1]
    state.extra_draw["insurgents"] = 1
    state.hands["insurgents"] = []
    GAME.settle(state)
    assert len(state.hands["empire"]) == 8 and len(state.hands["insurgents"]) == 8
    assert state.morale["empire"] == 15  # no loss before round 5


def test_drawing_is_an_undo_barrier() -> None:
    state = new_game()
    state.stack = []
    state.round, state.step = 2, "administration"
    state.hands["empire"] = state.hands["empire"][:1]
    before = state.reveals
    GAME.settle(state)
    assert state.reveals > before
