"""Handing over what the overseas expeditions gave (16-18: "a player who has a tree can sell
its fruits to others"; 30-35: the free roads "he can sell some of them to another player"):
on his turn a player gives another player a fruit or a free road. A sale is a gift and a
payment (*Pay another player*), kept or broken as the players please (General rule 5).

Choice ids: ``player:<role>``, ``what:fruit``, ``what:road``.
"""

from __future__ import annotations

from engine.core.flow import Frame
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.flow import FLOW, colour
from engine.games.sixcontinents.realm import alive
from engine.games.sixcontinents.state import SixState


def giftables(state: SixState, role: str) -> list[str]:
    """What ``role`` can give now: "fruit", "road"."""
    lasting = state.realms[role].lasting
    return [what for what, have in (("fruit", lasting.fruits + lasting.old_fruits),
                                    ("road", lasting.free_roads)) if have]


def receivers(state: SixState, role: str) -> list[str]:
    if not giftables(state, role):
        return []
    return [r for r in state.order if r != role and alive(state, r)
            and not state.realms[r].out]


def give(state: SixState, role: str, other: str, what: str) -> None:
    if other not in receivers(state, role) or what not in giftables(state, role):
        raise ValueError(f"{role} cannot give a {what} to {other}")
    hand_over(state, role, other, what)
    state.say(f"{colour(role)} gives {colour(other)} a "
              f"{'free road' if what == 'road' else 'fruit'}.")


def hand_over(state: SixState, role: str, other: str, what: str) -> None:
    """One fruit or free road passes from ``role`` to ``other`` (a gift, or a sale's
    goods)."""
    mine, theirs = state.realms[role].lasting, state.realms[other].lasting
    if what == "road":
        mine.free_roads -= 1
        theirs.free_roads += 1
    elif mine.old_fruits:  # the older fruit goes first, and keeps its age
        mine.old_fruits -= 1
        theirs.old_fruits += 1
    else:
        mine.fruits -= 1
        theirs.fruits += 1


@FLOW.state
class Gift(StepAction[SixState]):
    """Give another player a fruit or a free road."""

    name = "gift"
    steps = ("player", "what")
    cancel = "Back to the menu"

    def ask_player(self, state: SixState, frame: Frame,
                   picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Give to whom?", [choice(f"player:{r}", colour(r), group="Players")
                                 for r in receivers(state, frame.role)]

    def ask_what(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        lasting = state.realms[frame.role].lasting
        have = {"fruit": lasting.fruits + lasting.old_fruits, "road": lasting.free_roads}
        names = {"fruit": "A fruit (one more overseas expedition)",
                 "road": "A free road"}
        return f"Give {colour(picked['player'])} what?", [
            choice(f"what:{w}", names[w], group="Gifts", detail=f"{have[w]} left")
            for w in giftables(state, frame.role)]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        give(state, frame.role, picked["player"], picked["what"])
