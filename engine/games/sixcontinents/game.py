"""Six Continents as a :class:`engine.core.game.Game`: seats, set-up, prompts, views.

Registered in ``engine.core.registry.GAME_MODULES``; the rules as implemented and every
decision where the rule book is silent are in docs/games/sixcontinents.md.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core.flow import FlowGame
from engine.core.game import RoleInfo
from engine.core.rng import Rng
from engine.games.sixcontinents import (  # noqa: F401 (prompt states)
    agent_prompts,
    army_prompts,
    attack_prompts,
    build_prompts,
    diplomacy,
    expedition_prompts,
    fleet_prompts,
    gifts,
    overseas_prompts,
    peace_prompts,
    rebel_auction,
    sales,
    setup_prompts,
    slavery_prompts,
    turn_prompts,
    warship_prompts,
)
from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.content import REALM
from engine.games.sixcontinents.flow import FLOW, colour
from engine.games.sixcontinents.invariants import check_invariants
from engine.games.sixcontinents.phases import advance
from engine.games.sixcontinents.revisions import NEWEST
from engine.games.sixcontinents.state import COLOURS, Land, Realm, SixOptions, SixState
from engine.games.sixcontinents.view import SixView, build_view


class SixContinents(FlowGame[SixState, SixOptions]):
    id = "sixcontinents"
    name = "Six Continents"
    min_players = 2
    max_players = 3
    summary = ("Grand strategy on six continents: build an economy, raise armies and take "
               "every enemy capital, or lead on points when the rounds run out.")
    docs = "docs/games/sixcontinents.md"
    Options = SixOptions
    State = SixState
    flow = FLOW
    revision = NEWEST  # rules revision 2: attacks and sailing in one choice (revisions.py)
    tables: ClassVar[dict[int, tuple[RoleInfo, ...]]] = {
        n: tuple(RoleInfo(id=c, name=colour(c), team=c) for c in COLOURS[:n]) for n in (2, 3)}

    def setup(self, seed: str, players: int, options: SixOptions) -> SixState:
        roles = [r.id for r in self.roles(players, options)]
        state = SixState(
            game=self.id, rng=Rng(seed=seed), players=players, roles=roles, options=options,
            realms={r: Realm(currency=REALM.start.currency) for r in roles},
            provinces={p: Land() for p in PROVINCES})
        limit = f"{options.rounds} rounds" if options.rounds else "no round limit"
        state.say(f"Six Continents for {players} players, {limit}. Each colour chooses a "
                  f"capital and takes {REALM.start.currency} currency.")
        self.settle(state)
        return state

    def advance(self, state: SixState) -> None:
        advance(state)

    def view(self, state: SixState, role: str | None) -> SixView:
        prompts = self.prompts(state)
        asking = sorted(prompts)
        question = next(iter(prompts.values())).text if prompts else ""
        own = prompts[role].text if role in prompts else ""
        return build_view(state, asking, question, role, own)

    def role_name(self, state: SixState, role: str) -> str:
        return colour(role)

    def timeout_choice(self, state: SixState, role: str) -> str | None:
        """A late player does nothing: back out of a half-made action, then end the turn;
        asked to choose (a capital, hunger, plunder), the first choice."""
        prompt = self.prompts(state).get(role)
        if prompt is None or not prompt.choices:
            return None
        ids = [c.id for c in prompt.choices]
        for preferred in ("end", "back", "pay", "refuse", "pass"):
            if preferred in ids:
                return preferred
        return ids[0]

    def ending(self, state: SixState) -> str:
        """"capitals", "last_standing", "points", or "resigned"."""
        if state.result is None:
            return ""
        return state.ending or "resigned"

    def invariants(self, state: SixState) -> list[str]:
        return check_invariants(state)


GAME = SixContinents()
