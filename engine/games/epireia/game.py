"""Epireia as a :class:`engine.core.game.Game`: seats, set-up, prompts, apply, views."""

from __future__ import annotations

from typing import ClassVar

from engine.core.errors import BadOptions
from engine.core.flow import FlowGame
from engine.core.game import RoleInfo
from engine.core.rng import Rng
from engine.games.epireia import (  # noqa: F401 (prompt states)
    battle_prompts,
    catalog,
    revisions,
    setup_prompts,
    turn_prompts,
)
from engine.games.epireia.battle import victory_road
from engine.games.epireia.board import CITIES, CITY_IDS, TERRITORIES
from engine.games.epireia.flow import FLOW
from engine.games.epireia.invariants import check_invariants
from engine.games.epireia.phases import advance
from engine.games.epireia.scenarios import check_objectives
from engine.games.epireia.solo import place_enemy, prepare_solo_scenario
from engine.games.epireia.state import (
    LEAGUES,
    EpireiaOptions,
    EpireiaState,
    League,
    Seat,
)
from engine.games.epireia.view import EpireiaView
from engine.games.epireia.view_build import build_view

# Seats by table size: (id, name, team); the two leagues alternate in the drafts.
ROLE_SETS: dict[int, list[tuple[str, str, str]]] = {
    1: [("solo", "Solo", "solo")],
    2: [("delian-1", "Delian League", "delian"),
        ("peloponnesian-1", "Peloponnesian League", "peloponnesian")],
    3: [("delian-1", "Delian League 1", "delian"),
        ("peloponnesian-1", "Peloponnesian League", "peloponnesian"),
        ("delian-2", "Delian League 2", "delian")],
    4: [("delian-1", "Delian League 1", "delian"),
        ("peloponnesian-1", "Peloponnesian League 1", "peloponnesian"),
        ("delian-2", "Delian League 2", "delian"),
        ("peloponnesian-2", "Peloponnesian League 2", "peloponnesian")],
}


class Epireia(FlowGame[EpireiaState, EpireiaOptions]):
    id = "epireia"
    name = "Epireia"
    min_players = 1
    max_players = 4
    summary = ("Greek city-states before the Peloponnesian War: develop your City, send your "
               "Influential Figures across Greece, and win the great Battle with your League.")
    docs = "docs/games/epireia.md"
    Options = EpireiaOptions
    State = EpireiaState
    flow = FLOW
    tables: ClassVar[dict[int, tuple[RoleInfo, ...]]] = {
        players: tuple(RoleInfo(id=i, name=n, team=t) for i, n, t in seats)
        for players, seats in ROLE_SETS.items()}
    # 2: frames lost their ``simultaneous`` flag (now a property of the prompt state), so
    # states, and their digests in records made before, differ from version 1's.
    state_version = 2
    # Rules revision 3 (docs "Rules revisions", ``revisions.py``); games started before keep theirs.
    revision = revisions.NEWEST

    def setup(self, seed: str, players: int, options: EpireiaOptions) -> EpireiaState:
        roles = self.roles(players, options)
        if players == 1:
            if options.solo_scenario and options.solo_scenario not in catalog.solo_scenario_ids():
                raise_bad(f"There is no solo scenario {options.solo_scenario!r}.")
            if options.solo_city and options.solo_city not in CITY_IDS:
                raise_bad(f"There is no City {options.solo_city!r}.")
        state = EpireiaState(
            game=self.id, rng=Rng(seed=seed), players=players, roles=[r.id for r in roles],
            options=options,
            seats={r.id: Seat(league="" if r.team == "solo" else r.team,
                              prestige=0 if players == 1 else 1) for r in roles},
            leagues={league: League() for league in LEAGUES},
            territories={t: "" for t in TERRITORIES},
            supply={k: catalog.token_count(k) for k in catalog.token_kinds()},
        )
        if players == 1:
            state.say("Epireia, solo mode.")
            if options.solo_scenario:
                prepare_solo_scenario(state, options.solo_scenario)
                place_enemy(state)
            seat = state.seats["solo"]
            if options.solo_city and not seat.city:
                if options.solo_city in state.solo.enemy_cities:
                    raise_bad("That City is the enemy in this scenario.")
                seat.city = options.solo_city
                seat.league = catalog.city_league(options.solo_city)
        else:
            # Every City not played stays a neutral Greek City with its military token set
            # aside from the supply (cities are removed as they are drafted).
            for city in CITY_IDS:
                state.greek_cities[city] = ""
            state.say(f"Epireia for {players} players: Delian League against Peloponnesian "
                      "League.")
        check_objectives(state)
        self.settle(state)
        return state

    def advance(self, state: EpireiaState) -> None:
        advance(state)

    def after_choice(self, state: EpireiaState, role: str) -> None:
        # This player's action may have met the objective (checking again without the actor,
        # as the phase machine does, would find the same: the objective is met or not).
        check_objectives(state, actor=role)

    def view(self, state: EpireiaState, role: str | None) -> EpireiaView:
        return build_view(self, state, role)

    def role_name(self, state: EpireiaState, role: str) -> str:
        seat = state.seats.get(role)
        base = dict((i, n) for i, n, _ in ROLE_SETS[state.players]).get(role, role)
        if seat is not None and seat.city:
            return f"{CITIES[seat.city].name} ({base})" if state.players > 1 else \
                CITIES[seat.city].name
        return base

    def timeout_choice(self, state: EpireiaState, role: str) -> str | None:
        prompt = self.prompts(state).get(role)
        if prompt is None or not prompt.choices:
            return None
        ids = [c.id for c in prompt.choices]
        for preferred in ("done", "pass", "none", "auto", "back"):
            if preferred in ids:
                return "auto" if preferred == "done" and "auto" in ids else preferred
        return ids[0]

    def ending(self, state: EpireiaState) -> str:
        """How the game ended: ``act3`` (the great Battle after Act III) or ``round_limit`` (the
        Battle after the round limit, Act III not completed), each with how the Battle was
        decided (``act3:fronts``, ``act3:maritime``, ``round_limit:prestige``, ...: see
        ``battle.victory_road``); in solo ``battle`` or ``objectives`` (lost on the scenario's
        objectives); ``resigned``."""
        if state.result is None:
            return ""
        if state.battle is None or state.battle.step != "done":
            return "objectives" if state.phase == "over" and state.is_solo and \
                state.result.reason.startswith("the scenario") else "resigned"
        if state.is_solo:
            return "battle"
        trigger = "act3" if state.end_after_round else "round_limit"
        return f"{trigger}:{victory_road(state)}"

    def invariants(self, state: EpireiaState) -> list[str]:
        return check_invariants(self, state)


def raise_bad(message: str) -> None:
    raise BadOptions(message)
