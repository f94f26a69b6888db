"""Prompt states (Rally-the-Troops style) and how card events plug into them.

Freedom! asks one question at a time through the shared turn flow (``engine.core.flow``):
``state.stack`` is a stack of ``Frame``s; the top one is the question asked now. Each frame
names a *prompt state*: a class registered with ``@prompt_state`` (on Freedom's ``FLOW``) that
writes the question (``text``), lists the legal answers (``choices``) and handles an answer with
one method per verb: choice ``"space:W3"`` calls ``on_space(state, frame, "W3")``; choice
``"done"`` calls ``on_done(state, frame, "")``. A handler changes the state and usually pops its
own frame (``pop(state, frame)``) or pushes a nested question (``push``). A state with
``auto = True`` asks nothing: when it reaches the top it is popped and its ``run(state, frame)``
is called (a continuation: "when the questions above me are answered, do this"). When the stack
is empty the phase machine (``phases.advance``) decides what comes next. A prompt is never
empty: every state offers ``pass``/``done``/``back`` when nothing else is legal.

For card events (``events.py``, written by freedom-cards)
---------------------------------------------------------
The rules call ``events.play_event(state, card_id, role) -> None`` when ``role`` plays card
``card_id`` as an Event, or discards a card to trigger ``card_id``'s event (the opponent's card
played for AP). ``role`` is the side the event is resolved *for* ("empire" or "insurgents").
Before the call the rules push an ``auto`` frame that ends the card play, so an event may:

* change the state directly, through the helpers in ``pieces.py`` (they keep piece counts, limits
  and the morale/victory checks right): ``add_units``, ``remove_units``, ``move_units``,
  ``change_morale``, ``gain_supplies``, ``gain_money``, ``support_area``, ``damage_wall``,
  ``repair_wall``, ``place_cannon``, ``remove_cannon``, ``draw_cards``, ``discard_cards``;
  ``state.flags`` (a JSON dict) remembers anything until the event's own code clears it;
* ask questions by pushing prompt states: define a class with ``@prompt_state`` (name it
  ``"ev_<something>"``), then ``push(state, "ev_<something>", role, key=value, ...)``. Frames run
  last-pushed-first: to ask A then B, push B first, then A, or push B from A's handler. Handlers
  must ``pop(state, frame)`` when done (and may push further frames);
* reuse the rules' prompt states: ``push_ap(state, role, ap, ...)`` gives ``role`` AP to spend with
  the normal action menu (optionally only some actions, only in the lagoon or a list of spaces,
  more attacks per unit; never Preparation AP);
  ``push_remove_units(state, chooser, side, count, spaces=None)`` lets ``chooser`` pick which
  ``side`` units to remove; ``push_place_units(state, role, kind, count, spaces)`` lets
  ``role`` place units; ``push_morale_choice(state, side)`` asks "raise own / lower enemy".

Read the board through ``data.SPACES`` / ``data.AREAS`` / ``data.TRACKS`` and the pieces through
``state.spaces[space_id]`` (``exp``, ``ally``, ``ins``, ``civ``, ``cannon``, ``bombard``,
``damage``). Randomness only via ``state.rng``; log with ``state.say(text, role=..., dice=[...])``.
Cards come from ``cards.py``: the rules use ``cards.card(card_id)`` (``.id``, ``.name``,
``.period`` "A"/"B", ``.side`` "empire"/"insurgents"/"neutral", ``.ap`` 2–4, ``.text``,
``.beneficial_to(role)``) and ``cards.period_ids(period)``.
"""

from __future__ import annotations

from engine.core import flow as core
from engine.core.flow import Flow, Frame, pop, top
from engine.core.game import choice
from engine.games.freedom.data import SPACES
from engine.games.freedom.state import FreedomState

__all__ = ["FLOW", "Frame", "PromptState", "choice", "pop", "prompt_state", "push", "top"]

FLOW: Flow[FreedomState] = Flow()
prompt_state = FLOW.state
push = FLOW.push


class PromptState(core.PromptState[FreedomState]):
    """One of Freedom's questions. Set ``name``, implement ``text``/``choices``/``on_<verb>``."""


class FromThenTo(PromptState):
    """A question in two picks, a space to act from (``src``), then where: "back" drops the
    space picked, or leaves the action when none is."""

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data.get("src"):
            frame.data["src"] = None
        else:
            pop(state, frame)


def push_ap(
    state: FreedomState,
    role: str,
    ap: int,
    *,
    actions: list[str] | None = None,
    lagoon_only: bool = False,
    attacks_per_unit: int = 1,
    spaces: list[str] | None = None,
    source: str = "",
) -> Frame:
    """Give ``role`` ``ap`` AP to spend through the action menu (``action_menu``).

    ``actions`` limits the menu to those action ids (e.g. ["move", "slow", "attack"]);
    ``lagoon_only`` keeps movement and attacks inside the lagoon (lagoon, island and coast
    spaces, and the mainland spaces it is entered from); ``spaces`` keeps them inside any list
    of space ids; ``attacks_per_unit`` lets each Imperial unit attack more than once;
    ``source`` names the card for the log. Preparation AP may not be used by event AP.
    """
    if lagoon_only:
        # the lagoon's waters, islands and coast, and the mainland spaces it is entered from
        water = {s for s, d in SPACES.items() if d.kind in ("lagoon", "island", "coast")}
        entries = {s for s, d in SPACES.items() if d.kind == "mainland"
                   and any(n in water and n not in d.attack_only for n in d.neighbours)}
        spaces = sorted(water | entries)
    state.attacked = {}
    state.reward = False
    state.attacks_per_unit = attacks_per_unit
    return push(
        state, "spend", role, ap=ap, card_ap=ap, actions=actions, spaces=spaces,
        source=source, event=True,
    )


def push_remove_units(
    state: FreedomState, chooser: str, side: str, count: int, spaces: list[str] | None = None,
    reason: str = "",
) -> Frame:
    """``chooser`` removes ``count`` units of ``side`` (from ``spaces`` only, when given)."""
    return push(state, "remove_units", chooser, side=side, count=count, spaces=spaces,
                reason=reason)


def push_place_units(
    state: FreedomState, role: str, kind: str, count: int, spaces: list[str] | None = None,
    reason: str = "",
) -> Frame:
    """``role`` places ``count`` new units of ``kind`` ("exp", "ally", "ins") from the pool,
    on ``spaces`` (default: every space where such a unit may stand)."""
    return push(state, "place_units", role, kind=kind, count=count, spaces=spaces, reason=reason)


def push_morale_choice(state: FreedomState, side: str, reason: str = "") -> Frame:
    """``side`` emptied a space or destroyed a wall (``reason`` says which, for the prompt):
    raise its own morale or lower the enemy's."""
    return push(state, "morale_choice", side, reason=reason)
