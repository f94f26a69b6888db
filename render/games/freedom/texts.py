"""Freedom!'s messages: the public status (the tracks, what is threatened, the last card)
and a player's private text (the only reader of a hand)."""

from __future__ import annotations

from engine.games.freedom.data import SPACES
from engine.games.freedom.view import (
    CardView,
    FreedomPlayerView,
    FreedomView,
    PlayedCard,
)
from render import common as c
from render.games.freedom.reading import PHASES, SIDE_NAMES, to_act

LAST_ROUND = 6


def status_text(view: FreedomView) -> str:
    tracks = view.tracks
    lines = [f"**Freedom!** — round {view.round}/6 (Period {view.period}) · {PHASES[view.phase]}"]
    lines.append(
        f"Morale: Empire **{tracks.morale['empire']}**, Insurgents "
        f"**{tracks.morale['insurgents']}** · Supplies: Empire "
        f"{tracks.supplies['empire']}, Insurgents "
        f"{tracks.supplies['insurgents']} · Money {tracks.money}")
    hands = view.cards.hand_counts
    if hands:
        lines[-1] += (f" · Cards in hand: Empire {hands.get('empire', 0)}, "
                      f"Insurgents {hands.get('insurgents', 0)}")
    destroyed = [SPACES[s].name for s, d in view.spaces.items()
                 if s in SPACES and SPACES[s].on_wall and d.damage >= 2]
    if destroyed:
        lines.append("Wall destroyed at: " + ", ".join(destroyed))
    last = view.cards.last_card
    if last is not None:
        lines.append(last_card_text(last))
    if view.result is None:
        lines += victory_lines(view)
    acting = to_act(view)
    if acting:
        lines.append("Waiting for: " + ", ".join(SIDE_NAMES.get(r, r) for r in acting))
    if view.result is not None and view.result.reason:
        lines.append(f"**Game over:** {c.md_escape(view.result.reason)}")
    return "\n".join(lines)



def last_card_text(last: PlayedCard, markdown: bool = True) -> str:
    """The last card played. For a card discarded to trigger an event the view keeps the
    event triggered (the card discarded is named in the log): the words say which is which,
    instead of calling the event "discarded"."""
    name = f"*{c.md_escape(last.name)}*" if markdown else last.name
    side = SIDE_NAMES[last.role]
    if last.mode == "discard":
        return f"Last card: {side} discarded a card to trigger {name}"
    if last.mode == "event":
        return f"Last card: {name} ({side}, as its event)"
    return f"Last card: {name} ({side}, for {last.ap} AP)"



def threatened(view: FreedomView) -> list[str]:
    """Forts and beaches held by no Imperial unit yet with one next to them: where the Empire
    may win at the end of the Actions phase (rules 3.2)."""
    def imperial(space_id: str) -> int:
        here = view.spaces.get(space_id)
        return 0 if here is None else here.exp + here.ally

    return [space.name for sid, space in SPACES.items()
            if space.kind in ("fort", "beach") and not imperial(sid)
            and any(imperial(n) for n in space.neighbours)]



def victory_lines(view: FreedomView) -> list[str]:
    """The roads to victory, how near each is, and a warning in the last round."""
    near = threatened(view)
    held = "none" if not near else ", ".join(near)
    lines = [f"Imperial units next to a fort or beach: {held}"]
    if view.round == LAST_ROUND:
        lines.append("**Last round:** unless the Empire holds a fort or beach after Actions "
                     "or a side's Morale falls to 0, the Insurgents win at its end.")
    return lines



def card_line(card: CardView) -> str:
    marker = {"empire": "🟥", "insurgents": "🟦"}.get(card.side, "⬜")
    return (f"{marker} **{c.md_escape(card.name)}** · {card.ap} AP · {SIDE_NAMES[card.side]}"
            + (f"\n  {c.md_escape(card.text)}" if card.text else ""))



def private_text(view: FreedomView) -> str:
    """The viewer's hand: each card with its AP, side and event text."""
    if not isinstance(view, FreedomPlayerView):
        return "You are watching this game."
    hand, role, tracks = view.private.hand, view.private.role, view.tracks
    count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    lines = [f"**Your hand ({SIDE_NAMES[role]})** — {count}"]
    lines.extend(card_line(card) for card in hand)
    if hand:
        lines.append("*🟥 Empire events · 🟦 Insurgent events · ⬜ neutral events (either side)*")
    lines.append(f"Preparation: {tracks.preparation[role]} · Supplies: {tracks.supplies[role]}"
                 + (f" · Money: {tracks.money}" if role == "empire" else ""))
    return "\n".join(lines)
