"""Freedom! as a Strategos game: the contract methods wired to the rules modules."""

from __future__ import annotations

from typing import ClassVar

from engine.core.flow import FlowGame
from engine.core.game import RoleInfo
from engine.games.freedom import (  # noqa: F401 (prompt states)
    action_menu,
    cardplay,
    common,
    empire_actions,
    events,
    insurgent_actions,
    phase_prompts,
    phases,
)
from engine.games.freedom.data import SPACES
from engine.games.freedom.flow import FLOW
from engine.games.freedom.invariants import check
from engine.games.freedom.revisions import NEWEST
from engine.games.freedom.setup import setup_state
from engine.games.freedom.state import FreedomOptions, FreedomState
from engine.games.freedom.view import FreedomView, build_view, cards_view


class Freedom(FlowGame[FreedomState, FreedomOptions]):
    id = "freedom"
    name = "Freedom!"
    min_players = 2
    max_players = 2
    summary = ("The third siege of Messolonghi, 1825–26: the Empire storms the walls, the "
               "Insurgents hold out for six rounds.")
    docs = "docs/games/freedom.md"
    Options = FreedomOptions
    State = FreedomState
    flow = FLOW
    revision = NEWEST
    tables: ClassVar[dict[int, tuple[RoleInfo, ...]]] = {
        2: (RoleInfo(id="empire", name="Empire", team="empire"),
            RoleInfo(id="insurgents", name="Insurgents", team="insurgents"))}


    def role_name(self, state: FreedomState, role: str) -> str:
        return {"empire": "Empire", "insurgents": "Insurgents"}.get(role, role)

    def setup(self, seed: str, players: int, options: FreedomOptions) -> FreedomState:
        state = setup_state(seed, options)
        self.settle(state)
        return state

    def advance(self, state: FreedomState) -> None:
        phases.advance(state)

    def finished(self, state: FreedomState) -> None:
        state.stack.clear()
        state.phase = "over"

    def view(self, state: FreedomState, role: str | None) -> FreedomView:
        return build_view(state, role)

    def timeout_choice(self, state: FreedomState, role: str) -> str | None:
        """Out of time under the "pass" policy: pass, stop or step back; a card goes for AP."""
        prompt = self.prompts(state).get(role)
        if prompt is None or not prompt.choices:
            return None
        available = [c.id for c in prompt.choices]
        for wanted in ("pass", "done", "back"):
            if wanted in available:
                return wanted
        for cid in available:
            if cid.startswith("card:") and cid.endswith(":ap"):
                return cid
        return available[0]

    def ending(self, state: FreedomState) -> str:
        """How the game ended: "fort" or "southern_beach" (Imperial troops held one at the
        position check), "insurgents_morale" / "empire_morale" (a Morale fell to 0),
        "round_limit" (the city stood six rounds), "resigned" or "other"."""
        if state.result is None:
            return ""
        reason = state.result.reason
        held = reason.removeprefix("Imperial troops hold ")
        if held != reason:
            kinds = {d.kind for d in SPACES.values() if d.name == held}
            return "fort" if "fort" in kinds else "southern_beach"
        if reason == "the Insurgents' morale fell to zero":
            return "insurgents_morale"
        if reason == "the Empire's morale fell to zero":
            return "empire_morale"
        if reason == "Messolonghi still stands after six rounds":
            return "round_limit"
        return "resigned" if "resign" in reason else "other"

    def invariants(self, state: FreedomState) -> list[str]:
        # The spectator view's card part is the only part that can carry card ids (see
        # invariants.hidden_leaks); the hand is in a player view's private part only.
        return check(state, cards_view(state))


GAME = Freedom()
