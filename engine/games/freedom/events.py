"""Card events: executing a card's ``effects`` (see ``cards.py``) against the game state.

The rules call ``play_event(state, card_id, role)`` when ``role`` plays ``card_id`` as an
Event, or discards a card to trigger it (see ``flow.py``). ``role`` is the side the event is
resolved for: ``self`` in the card's effects.

How an event runs: ``play_event`` pushes one ``auto`` frame, ``ev_run``, holding the effects
still to do. When the prompt stack reaches it, it takes the first effect, pushes itself back
with the rest, and performs that effect. An effect either changes the state at once (through
the helpers of ``pieces.py``) or pushes a question (an ``ev_*`` prompt state below, or one of
the rules': ``place_units``, ``spend``) above the continuation, so the effects of a card
happen in the order printed, each question answered before the next effect starts.

Each effect's code lives with its kind: ``event_tracks`` (tracks, Civilians, Support),
``event_units`` (units and cannons placed or removed), ``event_wall``, ``event_combat``
(attacks, fire, sorties, advance and retreat) and ``event_orders`` (hands, guard, training,
free actions, rolls, special cards); ``event_common`` holds what they share.

Rules for every effect (recorded in docs/games/freedom.md, "Cards"):
- An effect does what it can: with no legal target or no piece left in the reserve it does
  nothing (and says so in the log); it never fails the card play.
- Units or cannons removed by an event never trigger the morale choice; a wall destroyed by an
  event does not either. The card text says everything that happens.
- Tracks stay within their limits (0..max); Morale at 0 ends the game at once.
"""

from __future__ import annotations

from typing import Any

from engine.games.freedom.card_effects import (
    Adjust,
    Advance,
    Civilians,
    DamageWall,
    Discard,
    Draw,
    Effect,
    Fire,
    FreeActions,
    GainCannon,
    Guard,
    Reinforce,
    RemoveCannon,
    RemoveUnits,
    RepairWall,
    Retreat,
    Roll,
    Sortie,
    Special,
    Strike,
    StripSupport,
    Support,
    Train,
)
from engine.games.freedom.cards import CARDS
from engine.games.freedom.event_combat import (
    advance,
    fire,
    idle_fire,
    idle_retreat,
    idle_sortie,
    idle_strike,
    retreat,
    sortie,
    strike,
)
from engine.games.freedom.event_common import push_run
from engine.games.freedom.event_dumps import EFFECT as EFFECT
from engine.games.freedom.event_dumps import dumped, effect_of
from engine.games.freedom.event_orders import (
    discard,
    draw,
    free_actions,
    guard,
    idle_discard,
    idle_draw,
    idle_special,
    idle_train,
    roll,
    special,
    train,
)
from engine.games.freedom.event_tracks import (
    adjust,
    civilians,
    idle_adjust,
    idle_civilians,
    idle_strip_support,
    strip_support,
    support,
)
from engine.games.freedom.event_units import (
    cannon,
    idle_cannon,
    idle_remove_cannon,
    idle_remove_units,
    reinforce,
    remove_cannon,
    remove_units,
)
from engine.games.freedom.event_wall import (
    damage_wall,
    idle_damage_wall,
    idle_repair_wall,
    repair_wall,
)
from engine.games.freedom.flow import (
    PromptState,
    prompt_state,
)
from engine.games.freedom.state import Frame, FreedomState

# ───────────────────────────── entry point ─────────────────────────────


def play_event(state: FreedomState, card_id: str, role: str) -> None:
    """Resolve ``card_id``'s event for ``role`` ("empire" or "insurgents")."""
    card = CARDS[card_id]
    push_run(state, role, card.id, dumped(card.effects))


@prompt_state
class RunEffects(PromptState):
    """Continuation: perform the next effect of the card, then the rest."""

    name = "ev_run"
    auto = True

    def run(self, state: FreedomState, frame: Frame) -> None:
        effects: list[dict[str, Any]] = list(frame.data["effects"])
        card_id: str = frame.data["card"]
        first, rest = effects[0], effects[1:]
        push_run(state, frame.role, card_id, rest)
        perform(state, effect_of(first), frame.role, card_id)


def perform(state: FreedomState, effect: Effect, role: str, card_id: str) -> None:
    """Perform one effect for ``role`` now (questions are pushed onto the prompt stack)."""
    handler = PERFORM[type(effect)]
    handler(state, effect, role, card_id)


PERFORM: dict[type, Any] = {
    Adjust: adjust,
    Civilians: civilians,
    Support: support,
    StripSupport: strip_support,
    Reinforce: reinforce,
    GainCannon: cannon,
    RemoveUnits: remove_units,
    RemoveCannon: remove_cannon,
    DamageWall: damage_wall,
    RepairWall: repair_wall,
    Strike: strike,
    Fire: fire,
    Sortie: sortie,
    Advance: advance,
    Retreat: retreat,
    Discard: discard,
    Guard: guard,
    Train: train,
    Draw: draw,
    FreeActions: free_actions,
    Roll: roll,
    Special: special,
}


# Before a player spends a card on an event (the discard that triggers the opponent's card),
IDLE: dict[type, Any] = {
    Adjust: idle_adjust,
    Civilians: idle_civilians,
    StripSupport: idle_strip_support,
    GainCannon: idle_cannon,
    RemoveUnits: idle_remove_units,
    RemoveCannon: idle_remove_cannon,
    DamageWall: idle_damage_wall,
    RepairWall: idle_repair_wall,
    Strike: idle_strike,
    Fire: idle_fire,
    Sortie: idle_sortie,
    Retreat: idle_retreat,
    Discard: idle_discard,
    Train: idle_train,
    Draw: idle_draw,
    Special: idle_special,
}


def why_event_does_nothing(state: FreedomState, card_id: str, role: str) -> str | None:
    """Why ``card_id``'s event would do nothing for ``role`` now (every effect of it has
    nothing to act on), or None when it may do something."""
    reasons: list[str] = []
    for effect in CARDS[card_id].effects:
        check = IDLE.get(type(effect))
        reason = check(state, effect, role) if check is not None else None
        if reason is None:
            return None
        reasons.append(reason)
    return " ".join(dict.fromkeys(reasons)) or None
