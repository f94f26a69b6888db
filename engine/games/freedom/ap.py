"""Action Points being spent: the ``spend`` frame of the card (or event) being played, what
its AP and Preparation can pay for, paying them, the zone an event limits its actions to,
and the choices every action's prompt ends with."""

from __future__ import annotations

from engine.games.freedom.data import (
    TRACKS,
    side_does,
)
from engine.games.freedom.flow import choice
from engine.games.freedom.state import Frame, FreedomState

C = TRACKS.costs


def spend_frame(state: FreedomState) -> Frame:
    for frame in reversed(state.stack):
        if frame.name == "spend":
            return frame
    raise RuntimeError("no AP are being spent")


def affordable(state: FreedomState, spend: Frame, cost: int) -> bool:
    ap = int(spend.data["ap"])
    if cost <= ap:
        return True
    if spend.data.get("event") or cost <= int(spend.data["card_ap"]):
        return False  # Preparation AP only for an action the card alone cannot pay for
    return ap + state.prep[spend.role] >= cost


def pay(state: FreedomState, cost: int) -> None:
    spend = spend_frame(state)
    ap = int(spend.data["ap"])
    if cost <= ap:
        spend.data["ap"] = ap - cost
        return
    used = cost - ap
    state.prep[spend.role] -= used
    spend.data["ap"] = 0
    state.say(f"{side_does(spend.role, 'use')} {used} Preparation AP.", role=spend.role)


def zone(state: FreedomState) -> list[str] | None:
    spaces: list[str] | None = spend_frame(state).data.get("spaces")
    return spaces


BACK = choice(id="back", label="Back to the action menu", style="secondary")
# The same choice once a unit is picked: it undoes only that pick.
BACK_STEP = choice(id="back", label="Back: pick another unit", style="secondary")
DONE = choice(id="done", label="Done", style="secondary")
