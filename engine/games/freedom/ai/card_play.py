"""Which card the greedy player plays and how (event or AP): urgent doors, the Empire's last
word and its finisher, then the AP spent."""

from __future__ import annotations

from engine.games.freedom import card_effects, cards
from engine.games.freedom.action_menu import Spend
from engine.games.freedom.ai.context import Context
from engine.games.freedom.ai.doors import empire_plays_last, empire_plays_left, urgent
from engine.games.freedom.ai.menus import empire_menu_worth, insurgent_menu_worth
from engine.games.freedom.event_common import zone_spaces
from engine.games.freedom.state import Frame, FreedomState

EVENT_VALUE = 3.3  # an own event, in AP


def card_value(state: FreedomState, role: str, cid: str, mode: str) -> float:
    card = cards.card(cid)
    if mode == "ap":
        value = float(card.ap) * (3.0 if urgent(state, role) else 1.0)
        if role == "empire" and state.camp_cannons > 0 and card.ap + state.prep["empire"] >= 5:
            value += 1.0
        return value
    if card.side == role:
        return EVENT_VALUE + (0.4 if card.ap <= 2 else 0.0)
    return 1.2  # a neutral event helps both sides about as much


def finisher(state: FreedomState, cid: str, mode: str) -> float:
    """What card ``cid`` played as ``mode`` gives the Empire's last play of a round: AP for
    moving in and attacking, an event's free attacks and moves (the Reward's +2 counted as
    about two AP more), those limited to a zone only with Imperial units there."""
    card = cards.card(cid)
    if mode == "ap":
        return float(card.ap)
    if not card.beneficial_to("empire"):
        return 0.0

    def present(zone: str | None) -> bool:
        return zone is None or any(state.spaces[s].imperial for s in zone_spaces(zone))

    value = 0.0
    for effect in cards.walk(card.effects):
        if isinstance(effect, card_effects.FreeActions) and "attack" in effect.actions \
                and present(effect.zone):
            value += effect.ap * effect.attacks_per_unit + (2.0 if effect.reward else 0.0)
        elif isinstance(effect, card_effects.Strike) and effect.who == "self" \
                and present(effect.from_zone):
            value += effect.count * (9 - effect.hit) / 4
    return value


def best_finisher(state: FreedomState) -> tuple[str, float]:
    """The Empire's card that would make the strongest last play, and its worth."""
    best, worth = "", -1.0
    for cid in state.hands["empire"]:
        value = max(finisher(state, cid, "ap"), finisher(state, cid, "event"))
        if value > worth:
            best, worth = cid, value
    return best, worth


def score_play(ctx: Context, frame: Frame, cid: str) -> float:
    state, role = ctx.state, frame.role
    if cid == "pass":
        return 0.0
    _, card_id, mode = cid.split(":")
    if mode == "discard":
        # The pending event takes the place of the least useful card of the round.
        keep = max(card_value(state, role, card_id, m) for m in ("ap", "event")
                   if m == "ap" or cards.card(card_id).beneficial_to(role))
        return 10.0 + EVENT_VALUE - keep if keep < EVENT_VALUE else -1.0
    value = card_value(state, role, card_id, mode)
    if role == "empire" and empire_plays_last(state):
        left = empire_plays_left(state)
        if left == 1:
            # the last word before the position check: the play with the most punch
            return finisher(state, card_id, mode) + 0.1 * value
        if left > 1 and card_id == best_finisher(state)[0]:
            value -= 10.0  # kept for the last play
    return value


def score_spend(ctx: Context, frame: Frame, cid: str) -> float:
    if cid == "done":
        return 0.05
    aid = cid.split(":", 1)[1]
    menu = {a: cost for a, _, cost in Spend().menu(ctx.state, frame)}
    if aid not in menu:
        return -1.0
    scorer = empire_menu_worth if frame.role == "empire" else insurgent_menu_worth
    return scorer(ctx, frame, aid, max(1, menu[aid]))
