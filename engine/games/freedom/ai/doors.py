"""When a door is open or thin and when the Empire has the last word: the timing questions
the greedy player's card play and menus both ask (2nd edition: the position is checked at the
end of the Actions phase)."""

from __future__ import annotations

from engine.games.freedom.ai.context import WIN_KINDS, units_at
from engine.games.freedom.cardplay import CARDS_PER_ROUND
from engine.games.freedom.data import CAMP, SPACES
from engine.games.freedom.movement import imperial_step
from engine.games.freedom.state import FreedomState


def urgent(state: FreedomState, role: str) -> bool:
    """The Insurgents must act now: Imperial units in a fort or on a beach, an open breach
    (a destroyed, empty wall space) beside Imperial units, an empty fort or beach the Empire
    could step into, or their last card before the Empire's last word while a fort or beach
    beside Imperial units has a single defender."""
    if role != "insurgents":
        return False
    for sid, sdef in SPACES.items():
        space = state.spaces[sid]
        if sdef.kind in WIN_KINDS and space.imperial > 0:
            return True
        if sdef.on_wall and space.damage == 2 and space.ins == 0 and any(
            units_at(state, n, "empire") for n in sdef.neighbours if n != CAMP
        ):
            return True
        if sdef.kind in WIN_KINDS and space.ins == 0 and open_door(state, sid):
            return True
    return before_the_last_word(state) and bool(thin_doors(state))


def before_the_last_word(state: FreedomState) -> bool:
    """The Insurgents are about to play their last card of the Actions phase and the Empire
    still has one after it (2nd edition: nothing can answer that card before the check)."""
    if state.step != "actions" or state.options.position_check != "end_of_actions":
        return False
    mine = min(max(0, CARDS_PER_ROUND - state.played["insurgents"]),
               len(state.hands["insurgents"]))
    theirs = min(max(0, CARDS_PER_ROUND - state.played["empire"]), len(state.hands["empire"]))
    return mine == 1 and theirs >= 1


def thin_doors(state: FreedomState) -> list[str]:
    """Forts and beaches held by a single unit beside Imperial units that could enter them
    once they are emptied."""
    found = []
    for sid, sdef in SPACES.items():
        if sdef.kind not in WIN_KINDS or state.spaces[sid].ins != 1:
            continue
        if sdef.on_wall and state.spaces[sid].damage < 2:
            near = any(SPACES[n].on_wall and state.spaces[n].imperial
                       for n in sdef.neighbours)
        else:
            near = any(state.spaces[n].imperial for n in sdef.neighbours if n != CAMP)
        if near:
            found.append(sid)
    return found


def open_door(state: FreedomState, sid: str) -> bool:
    """An Imperial unit beside the empty fort or beach ``sid`` could step in now (and win at
    the position check): the city must fill it before the Empire's next card."""
    for n in SPACES[sid].neighbours:
        here = state.spaces[n]
        if n == CAMP or here.imperial == 0:
            continue
        kind = "exp" if here.exp else "ally"
        if imperial_step(state, n, sid, kind, "slow") or imperial_step(state, n, sid, kind,
                                                                        "normal"):
            return True
    return False


def empire_plays_last(state: FreedomState) -> bool:
    """(Asked when the Empire picks a card.) The Insurgents played first this Actions phase:
    the Empire's last card comes after theirs, when nothing can throw a unit out of a fort or
    beach before the position check."""
    return (state.step == "actions" and state.played["insurgents"] > state.played["empire"]
            and state.options.position_check == "end_of_actions")


def empire_plays_left(state: FreedomState) -> int:
    return min(max(0, CARDS_PER_ROUND - state.played["empire"]), len(state.hands["empire"]))
