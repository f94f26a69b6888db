"""What each role (or a spectator) sees: a JSON-ready dict. The renderer draws exactly this.

Keys (stable; spectator view ``role=None`` has everything public, hands only as counts):
- ``game`` "freedom"; ``round`` 1-6; ``period`` "A"/"B"; ``phase`` ("administration",
  "opening", "actions", "cannons", "replenishment", "over"); ``turn`` (the state's turn number).
- ``to_act``: the role asked now (or None); ``prompt``: that question's text; ``active``: whose card
  play it is in the Actions phase; ``first``: who played first this Actions phase.
- ``spaces``: {space id: {"name", "row", "col", "kind", "limit", "exp", "ally", "ins", "civ",
  "cannon" (None/"empire"/"insurgents"), "bombard" (bool), "damage" (0 intact, 1 damaged,
  2 destroyed)}} for every board space, the Camp ("CAMP") and the City Centre ("CITY") included.
- ``camp``: {"exp", "ally", "cannons"} (the Camp's units and its cannons waiting to be built).
- ``areas``: {area id: {"name", "side", "support"}} for the 8 Surrounding Area tiles.
- ``tracks``: {"morale": {empire, insurgents}, "money" (Empire), "supplies": {empire,
  insurgents}, "population", "population_band", "feed" (supplies it costs), "plea": {empire,
  insurgents (None once answered)}, "preparation": {empire, insurgents}}.
- ``cards``: {"hand_counts": {role: n}, "deck_counts": {"A": n, "B": n}, "discard_count",
  "played": {role: n this phase}, "last_card": None or {"id", "name", "side", "ap", "text",
  "role", "mode" ("event"/"ap"/"discard")}, "pending_event": None or {"id", "name", "for"}}.
- ``pool``: pieces beside the board {"exp", "ally", "ins", "civ", "cannons"}; ``bombard_lost``.
- ``role``: whose view this is ("empire"/"insurgents"; None for spectators).
- ``hand``: the viewer's own cards [{"id", "name", "side", "ap", "text"}] (None for spectators).
- ``log``: the last 20 visible log lines (text); ``result``: None or {"winners", "reason", ...}.
"""

from __future__ import annotations

from typing import Any

from engine.games.freedom import cards
from engine.games.freedom.data import AREAS, CAMP, SPACES, TRACKS
from engine.games.freedom.flow import FLOW, top
from engine.games.freedom.phases import PHASE_OF_STEP
from engine.games.freedom.state import FreedomState

STATIC = {
    sid: {"name": d.name, "row": d.row, "col": d.col, "kind": d.kind, "limit": d.limit}
    for sid, d in SPACES.items()
}


def card_info(card_id: str) -> dict[str, Any]:
    card = cards.card(card_id)
    return {"id": card.id, "name": card.name, "side": card.side, "ap": card.ap, "text": card.text}


def phase_of(state: FreedomState) -> str:
    if state.result is not None:
        return "over"
    return PHASE_OF_STEP.get(state.step, "administration")


def cards_view(state: FreedomState) -> dict[str, Any]:
    """The public card information: counts, the last played card, a pending event."""
    last = None
    if state.last_card is not None and state.last_card.card:
        last = {**card_info(state.last_card.card), "role": state.last_card.role,
                "mode": state.last_card.mode}
    pending = None
    if state.pending_event:
        pending = {"id": state.pending_event, "name": cards.card(state.pending_event).name,
                   "for": state.pending_for}
    return {
        "hand_counts": {r: len(h) for r, h in state.hands.items()},
        "deck_counts": {p: len(d) for p, d in state.decks.items()},
        "discard_count": len(state.discard),
        "played": dict(state.played),
        "last_card": last,
        "pending_event": pending,
    }


def build_view(state: FreedomState, role: str | None) -> dict[str, Any]:
    frame = top(state)
    spaces = {}
    for sid, static in STATIC.items():
        sp = state.spaces[sid]
        spaces[sid] = {
            **static, "exp": sp.exp, "ally": sp.ally, "ins": sp.ins, "civ": sp.civ,
            "cannon": sp.cannon, "bombard": sp.bombard, "damage": sp.damage,
        }
    prompt_text = None
    if frame is not None and state.result is None:
        prompt_text = FLOW.states[frame.name].text(state, frame)
    return {
        "game": "freedom",
        "round": state.round,
        "period": state.period,
        "phase": phase_of(state),
        "turn": state.turn,
        "to_act": frame.role if frame is not None and state.result is None else None,
        "prompt": prompt_text,
        "active": state.active,
        "spaces": spaces,
        "camp": {"exp": state.spaces[CAMP].exp, "ally": state.spaces[CAMP].ally,
                 "cannons": state.camp_cannons},
        "areas": {aid: {"name": a.name, "side": state.areas[aid].side,
                        "support": state.areas[aid].support} for aid, a in AREAS.items()},
        "tracks": {
            "morale": dict(state.morale),
            "money": state.money,
            "supplies": dict(state.supplies),
            "population": state.population,
            "population_band": TRACKS.band(state.population),
            "feed": TRACKS.population_cost(state.population),
            "plea": dict(state.plea),
            "preparation": dict(state.prep),
        },
        "cards": cards_view(state),
        "pool": dict(state.pool),
        "bombard_lost": state.bombard_lost,
        "role": role,
        "hand": [card_info(c) for c in state.hands[role]] if role in state.hands else None,
        "log": recent_log(state, role),
        "result": state.result.model_dump() if state.result else None,
    }


def recent_log(state: FreedomState, role: str | None, count: int = 20) -> list[str]:
    lines: list[str] = []
    for entry in reversed(state.log):
        if entry.visible(role):
            lines.append(entry.text)
            if len(lines) == count:
                break
    return lines[::-1]
