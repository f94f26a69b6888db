"""Issue 13: a trigger whose event would do nothing now is offered with a warning, and the
checks that warn are the ones the event runs (the same sentence reaches the log)."""

from __future__ import annotations

from engine.core.game import Choice
from engine.games.freedom import GAME
from engine.games.freedom.events import why_event_does_nothing
from engine.games.freedom.state import FreedomState

from .freedom_helpers import card_with, choose, empty_board, new_game, put, to_actions


def _insurgents_may_trigger(event: str, camp: int = 0) -> tuple[FreedomState, list[Choice]]:
    """The Empire plays the Insurgent card ``event`` for AP (``camp`` Expeditionary units in
    the Camp, none elsewhere); the Insurgents are asked."""
    state = new_game()
    empty_board(state)
    put(state, "W1", ins=1)
    put(state, "CAMP", exp=camp)
    to_actions(state, "empire", [event, card_with(2, "empire")],
               other_hand=[card_with(2, "insurgents", exclude=(event,)),
                           card_with(3, "insurgents", exclude=(event,))])
    choose(state, "empire", f"card:{event}:ap", "done")
    assert state.pending_event == event and state.pending_for == "insurgents"
    prompt = GAME.prompts(state)["insurgents"]
    return state, [c for c in prompt.choices if c.id.endswith(":discard")]


def test_a_trigger_with_nothing_to_act_on_says_so_before_the_card_is_spent() -> None:
    # A38: "Remove 2 Expeditionary units from the Camp": none are there
    state, triggers = _insurgents_may_trigger("A38")
    reason = why_event_does_nothing(state, "A38", "insurgents")
    assert reason == "The Empire has no such unit to remove."
    assert triggers and all(c.label.endswith("(no effect now)") for c in triggers)
    assert all(c.detail == f"It would do nothing now: {reason}" for c in triggers)
    text = GAME.prompts(state)["insurgents"].text
    assert f"Careful: its event would do nothing now: {reason}" in text
    # triggered anyway, the log says the same sentence
    choose(state, "insurgents", triggers[0].id)
    assert reason in [entry.text for entry in state.log[-3:]]


def test_a_trigger_that_can_act_carries_no_warning() -> None:
    state, triggers = _insurgents_may_trigger("A38", camp=3)
    assert why_event_does_nothing(state, "A38", "insurgents") is None
    assert triggers and not any("no effect" in c.label for c in triggers)
    assert all(c.detail.startswith("Remove 2 Expeditionary") for c in triggers)
    assert "Careful" not in GAME.prompts(state)["insurgents"].text


def test_a_track_at_its_end_is_a_trigger_with_no_effect() -> None:
    state, _ = _insurgents_may_trigger("A24")  # "Gain 2 Morale"
    assert why_event_does_nothing(state, "A24", "insurgents") is None
    state.morale["insurgents"] = 20
    assert why_event_does_nothing(state, "A24", "insurgents") == (
        "The Insurgents: Morale cannot move up any further (no effect).")
