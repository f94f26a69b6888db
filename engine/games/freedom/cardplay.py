"""The Actions phase card play: Event or AP, the opponent's discard to trigger a beneficial
event played for AP, the 7-card limit and the last-card rule."""

from __future__ import annotations

from functools import cache

from engine.core.game import Choice, trusted
from engine.games.freedom import cards, events
from engine.games.freedom.data import SIDE_NAME, other, side_does, side_title
from engine.games.freedom.flow import PromptState, choice, pop, prompt_state, push
from engine.games.freedom.state import Frame, FreedomState, LastCard

CARDS_PER_ROUND = 7


def can_play(state: FreedomState, role: str) -> bool:
    """May ``role`` take a turn now: a card still to play, or a pending event to trigger."""
    if not state.hands[role]:
        return False
    return state.played[role] < CARDS_PER_ROUND or state.pending_for == role


def card_label(card_id: str) -> str:
    card = cards.card(card_id)
    return f"{card.name} ({card.ap} AP, {card.side})"


def last_card(card_id: str, role: str, mode: str) -> LastCard:
    """The card just played, without pydantic's validation (``trusted``: once per card
    play), from values of its fields' types."""
    return trusted(LastCard, {"card": card_id, "role": role, "mode": mode})


def idle_pending(state: FreedomState, role: str) -> str | None:
    """Why the event ``role`` may trigger now (the opponent's card just played for AP) would
    do nothing, or None (none pending, or it does something)."""
    pending = state.pending_event if state.pending_for == role else None
    return events.why_event_does_nothing(state, pending, role) if pending else None


@cache
def play_choices(card_id: str, role: str) -> tuple[Choice, ...]:
    """How ``role`` may play the card from its hand: as its Event (when it helps ``role``),
    then for its AP. The same for every hand holding it: worked out once per card and side."""
    card = cards.card(card_id)
    found = []
    if card.beneficial_to(role):
        found.append(choice(id=f"card:{card_id}:event", label=f"Event: {card.name}",
                            group="Play as Event", style="primary", detail=card.text))
    detail = card.text
    if card.side == other(role):
        # What the card does first: a menu shows only the first 100 characters.
        detail = (f"{card.text} (Its event helps {SIDE_NAME[card.side]}: they may "
                  "discard a card on their next turn to trigger it.)")
    found.append(choice(id=f"card:{card_id}:ap", label=f"{card.ap} AP: {card.name}",
                        group="Play for AP", detail=detail))
    return tuple(found)


@prompt_state
class PlayCard(PromptState):
    """Choose a card: play it as its Event (own or neutral) or for its AP, or discard it to
    trigger the opponent's card that benefits you."""

    name = "play"

    def prompt(self, state: FreedomState, frame: Frame) -> tuple[str, list[Choice]]:
        # why a pending event would do nothing now: worked out once for the text and choices
        idle = idle_pending(state, frame.role)
        return self.question(state, frame, idle), self.listing(state, frame, idle)

    def text(self, state: FreedomState, frame: Frame) -> str:
        return self.question(state, frame, idle_pending(state, frame.role))

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return self.listing(state, frame, idle_pending(state, frame.role))

    def question(self, state: FreedomState, frame: Frame, idle: str | None) -> str:
        role = frame.role
        pending = state.pending_event if state.pending_for == role else None
        warning = f" Careful: its event would do nothing now: {idle}" if idle else ""
        if pending and state.played[role] >= CARDS_PER_ROUND:  # the last-card rule
            return (f"Round {state.round}, Actions: you have played your {CARDS_PER_ROUND} "
                    f"cards, but {SIDE_NAME[other(role)]} just played "
                    f"“{cards.card(pending).name}” for AP: you may discard your last card to "
                    f"trigger its event (the last-card rule), or keep your card.{warning}")
        text = (f"Round {state.round}, Actions: play a card "
                f"({state.played[role]}/{CARDS_PER_ROUND} played).")
        if pending:
            text += (f" {side_title(other(role))} played “{cards.card(pending).name}” for AP: "
                     f"instead of playing a card you may discard one to trigger its event."
                     f"{warning}")
        return text

    def listing(self, state: FreedomState, frame: Frame, idle: str | None) -> list[Choice]:
        role = frame.role
        choices: list[Choice] = []
        if state.played[role] < CARDS_PER_ROUND:
            for cid in state.hands[role]:
                choices += play_choices(cid, role)
        if state.pending_for == role and state.pending_event:
            name = cards.card(state.pending_event).name
            for cid in state.hands[role]:
                label = f"Discard {cards.card(cid).name} → {name}"
                choices.append(choice(
                    id=f"card:{cid}:discard", group="Discard to trigger",
                    label=f"{label} (no effect now)" if idle else label,
                    detail=f"It would do nothing now: {idle}" if idle
                    else cards.card(state.pending_event).text,
                    style="secondary" if idle else "success"))
            if state.played[role] >= CARDS_PER_ROUND:
                choices.append(choice(id="pass", label="Keep your last card"))
        return choices

    def on_pass(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        push(state, "card_end", frame.role, card="", mode="pass")

    def on_card(self, state: FreedomState, frame: Frame, arg: str) -> None:
        cid, _, mode = arg.partition(":")
        role = frame.role
        card = cards.card(cid)
        pop(state, frame)
        state.hands[role].remove(cid)
        state.discard.append(cid)
        state.played[role] += 1
        state.attacked, state.reward, state.attacks_per_unit = {}, False, 1
        if mode == "discard":
            event = state.pending_event or ""
            if state.played[role] > CARDS_PER_ROUND:  # the last-card rule
                state.extra_draw[role] += 1
            state.pending_event = state.pending_for = None
            state.last_card = last_card(event, role, "discard")
            state.say(f"{side_does(role, 'discard')} “{card.name}” to trigger "
                      f"“{cards.card(event).name}”.", role=role)
            push(state, "card_end", role, card=cid, mode="discard")
            events.play_event(state, event, role)
        elif mode == "event":
            state.last_card = last_card(cid, role, "event")
            state.say(f"{side_does(role, 'play')} “{card.name}” as an Event: {card.text}",
                      role=role)
            push(state, "card_end", role, card=cid, mode="event")
            events.play_event(state, cid, role)
        else:
            state.last_card = last_card(cid, role, "ap")
            state.say(f"{side_does(role, 'play')} “{card.name}” for {card.ap} AP.", role=role)
            push(state, "card_end", role, card=cid, mode="ap")
            push(state, "spend", role, ap=card.ap, card_ap=card.ap, actions=None, spaces=None,
                 source=card.name, event=False)


@prompt_state
class CardEnd(PromptState):
    """Continuation: a card play is over; the turn passes."""

    name = "card_end"
    auto = True

    def run(self, state: FreedomState, frame: Frame) -> None:
        role = frame.role
        state.attacked, state.reward, state.attacks_per_unit = {}, False, 1
        state.flags.pop("attack_bonus", None)
        if state.pending_for == role:
            state.pending_event = state.pending_for = None  # the chance has passed
        cid, mode = frame.data.get("card", ""), frame.data.get("mode")
        if mode == "ap" and cid and cards.card(cid).side == other(role):
            state.pending_event, state.pending_for = cid, other(role)
        state.active = other(role)
        state.turn += 1
