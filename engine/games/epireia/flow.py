"""Epireia's table of prompt states on the shared turn flow (``engine.core.flow``).

The states themselves are in ``setup_prompts.py`` (drafts, the solo set-up),
``turn_prompts.py`` (development, donations, abilities' choices, diplomacy) and
``battle_prompts.py`` (the Great Battle's secret placements and engagements); the order of
play that pushes them is ``phases.py``.
"""

from __future__ import annotations

from engine.core import flow as core
from engine.core.flow import Flow, Frame
from engine.games.epireia.board import CITIES
from engine.games.epireia.state import EpireiaState

FLOW: Flow[EpireiaState] = Flow()
prompt_state = FLOW.state
push = FLOW.push
end = FLOW.end


class PromptState(core.PromptState[EpireiaState]):
    """One of Epireia's questions: ``prompt`` writes it and lists the choices, one
    ``on_<verb>`` per kind of choice handles the answer."""


def city_name(state: EpireiaState, role: str) -> str:
    city = state.seats[role].city
    return CITIES[city].name if city else role


def active_frames(state: EpireiaState) -> list[Frame]:
    """The frames asking now (several at once for the simultaneous secret choices)."""
    return FLOW.active(state)


def prompt_shown(state: EpireiaState, frame: Frame, text: str, viewer: str | None) -> str:
    """The text of ``frame``'s prompt as ``viewer`` (a role, or None: spectators) may see it.

    Public prompts are shown as they are. A secret one is shown to the role asked and, for the
    Great Battle, to its league partners (they share the league's battlefield); everyone else
    reads the state's neutral ``secret`` line: the question itself would tell them what is
    being placed or chosen ("Where does the Triremes II token go?")."""
    secret = FLOW.states[frame.name].secret
    if not secret or viewer == frame.role:
        return text
    league = str(frame.data.get("league") or state.seats[frame.role].league)
    if frame.name != "choose_figure" and viewer in state.seats and \
            state.seats[viewer].league == league:
        return text
    return secret.format(league=league.title())
