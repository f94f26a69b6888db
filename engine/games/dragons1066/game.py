"""Dragons of 1066 as a :class:`engine.core.game.Game`: seats, set-up, prompts, views."""

from __future__ import annotations

from typing import ClassVar

from engine.core.flow import FlowGame
from engine.core.game import Prompt, RoleInfo
from engine.games.dragons1066 import (  # noqa: F401 (prompt states)
    battle_prompts,
    carry_prompts,
    move_prompts,
    turn_prompts,
)
from engine.games.dragons1066.data import TABLES, alliance_of
from engine.games.dragons1066.flow import FLOW
from engine.games.dragons1066.invariants import check_invariants
from engine.games.dragons1066.phases import advance, begin_attack
from engine.games.dragons1066.revisions import NEWEST
from engine.games.dragons1066.setup_board import new_state
from engine.games.dragons1066.situation import Reading
from engine.games.dragons1066.state import DragonsOptions, DragonsState
from engine.games.dragons1066.view import DragonsView, build_view


class Dragons1066(FlowGame[DragonsState, DragonsOptions]):
    id = "dragons1066"
    name = "Dragons of 1066"
    min_players = 2
    max_players = 4
    summary = ("Four kingdoms of a mythic Europe in two alliances, Silver and Gold against "
               "Red and Blue: Legions, Knights, Warbeasts, Galleons and Dragons fight for "
               "the four Fortresses.")
    docs = "docs/games/dragons1066.md"
    Options = DragonsOptions
    State = DragonsState
    flow = FLOW
    revision = NEWEST
    tables: ClassVar[dict[int, tuple[RoleInfo, ...]]] = {
        players: tuple(RoleInfo(id=seat.id, name=seat.name,
                                team=alliance_of(seat.kingdoms[0]))
                       for seat in table.seats)
        for players, table in TABLES.items()}

    def setup(self, seed: str, players: int, options: DragonsOptions) -> DragonsState:
        self.roles(players, options)  # refuses a table size it does not have
        state = new_state(self.id, seed, players, options)
        state.say(f"Dragons of 1066 for {players} players: Silver and Gold against Red and "
                  f"Blue, {options.years} years at most.")
        begin_attack(state)
        self.settle(state)
        return state

    def advance(self, state: DragonsState) -> None:
        advance(state)

    def prompts(self, state: DragonsState) -> dict[str, Prompt]:
        """The flow's prompts, written while the map is checked once (asking only reads)."""
        with Reading(state):
            return super().prompts(state)

    def view(self, state: DragonsState, role: str | None) -> DragonsView:
        prompts = self.prompts(state)
        asking = sorted(prompts)
        question = next(iter(prompts.values())).text if prompts else ""
        own = prompts[role].text if role in prompts else ""
        return build_view(state, asking, question, role, own)

    def role_name(self, state: DragonsState, role: str) -> str:
        return next(info.name for info in self.tables[state.players] if info.id == role)

    def timeout_choice(self, state: DragonsState, role: str) -> str | None:
        """A late player moves nothing: out of a half-made move ("back"), then the phase
        ends; in a battle it fights on and takes losses cheapest first."""
        prompt = self.prompts(state).get(role)
        if prompt is None or not prompt.choices:
            return None
        ids = [c.id for c in prompt.choices]
        for preferred in ("done", "back", "cheapest", "fight", "pass"):
            if preferred in ids:
                return preferred
        return ids[0]

    def invariants(self, state: DragonsState) -> list[str]:
        return check_invariants(state)
