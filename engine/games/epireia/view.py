"""The view: a JSON-ready, redacted picture of the game for one role or for spectators.

``build_view(game, state, role)``; ``role=None`` is the spectator view, the only source of
channel messages and board images. Keys (stable; the renderer draws from exactly these):

- ``game`` "epireia", ``round``, ``phase`` (setup / development / diplomacy / resolution /
  battle / over), ``step``, ``turn``, ``players``, ``role`` (the viewer or None).
- ``to_act``: roles being asked now; ``prompt_text``: role -> question being asked (a secret
  prompt of another role, or of another league in the Great Battle, is a neutral line:
  ``flow.prompt_shown``).
- ``seats``: role -> {``name`` (display name), ``city``, ``city_name``, ``league``,
  ``resources`` {wheat, wood, copper}, ``prestige``, ``trade_posts``, ``administrator``,
  ``administrator_name``, ``admin_uses``, ``buildings`` [{id, name, family}],
  ``figure_cards`` [figure ids], ``actions_left``, ``has_chosen`` (set-up: starting figure
  chosen, never which)}.
- ``figures``: figure id -> {``name``, ``city``, ``owner`` (role or "enemy"), ``location``
  ("home" or a map space id), ``attack``, ``sea``, ``ability``} for every figure in play.
- ``territories``: territory id -> owner role, "enemy", "brigands" or "".
- ``greek_cities``: neutral city id -> league integrated into, or "".
- ``greek_city_tokens``: neutral city id -> its military token kind (still with the city).
- ``leagues``: league -> {``treasury`` {wheat, wood, copper}, ``reserve`` [token kinds],
  ``allied`` [city ids]}.
- ``supply``: token kind -> tokens left.
- ``scenario``: {``act``, ``card``, ``name``, ``story``, ``objective``, ``reward`` (token
  kind), ``constraint``, ``completed``, ``winner`` (the role whose action met it, or "" when
  the league met it together), ``winner_league``, ``history`` [card ids],
  ``reveal_next``, ``revealed_turn`` (the ``turn`` it was revealed in: that turn's post reads
  the story aloud)} (solo: the solo scenario's card, ``act`` 0).
- ``solo``: None, or {``scenario``, ``name``, ``rounds``, ``enemy_cities``,
  ``enemy_figures``, ``enemy_army`` front -> [column][row] token kind or "" (public: laid out
  face up at set-up, then on the enemy battlefield), ``objectives`` [text]}.
- ``augur``: {``active``, ``active_name``, ``active_text``, ``revealed`` [ids],
  ``deck_size``}.
- ``effects``: name -> int (active modifiers); ``active_effects``: [{``who`` (role or
  "*"), ``text``}] this round's effects in words; ``end_after_round``: bool.
- ``battle``: None, or {``step`` (place / figures / resolve / done), ``front`` (index),
  ``column``, ``revealed`` front -> columns revealed, ``column_winners`` front -> [league or
  ""], ``front_winners`` front -> league or "", ``sides``: league -> {``slots`` front ->
  [column][row] cell, ``pool`` [kinds] (own league only, else []), ``pool_size``,
  ``placed``, ``figures_placed``, ``figures`` front -> figure id (after the reveal, or to the
  own league), ``figure_fronts`` [fronts holding a face-down figure] and ``figures_count``
  (to others only once the league has placed all its figures), ``committed`` front ->
  column}}. A cell is "" (empty),
  "hidden" (a face-down token) or {``kind``, ``power``} once its column is revealed (the own
  league sees its own kinds as {``kind``, ``power``: None} before that; the solo enemy army is
  face up for everyone: {``kind``, ``power``: None, ``face_up``: True}).
- ``me``: None for spectators; for a player {``role``, ``league``, ``figure_choice`` (own
  secret starting figure), ``figure_hand`` [{figure card}] (the City's five cards)}.
- ``result``: None or {winners, scores, reason}; ``battle_result``: the reason once over.
- ``log``: the last 15 visible log lines (text).
"""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.games.epireia import abilities, catalog
from engine.games.epireia.board import CITIES
from engine.games.epireia.content import CONTENT
from engine.games.epireia.flow import active_frames, prompt_shown
from engine.games.epireia.state import FRONTS, EpireiaState, other_league

LOG_LINES = 15


def build_view(game: Game[Any, Any], state: EpireiaState, role: str | None) -> dict[str, Any]:
    prompts = game.prompts(state)
    frames = {f.role: f for f in active_frames(state)}
    my_league = state.seats[role].league if role in state.seats else None
    return {
        "game": "epireia",
        "round": state.round,
        "phase": state.phase,
        "step": state.step or (state.battle.step if state.battle else ""),
        "turn": state.turn,
        "players": state.players,
        "role": role,
        "to_act": sorted(prompts),
        "prompt_text": {r: prompt_shown(state, frames[r], p.text, role) if r in frames else p.text
                        for r, p in prompts.items()},
        "seats": {r: seat_view(game, state, r) for r in state.roles},
        "figures": {f: figure_view(state, f, my_league) for f in state.figures},
        "territories": dict(state.territories),
        "greek_cities": dict(state.greek_cities),
        "greek_city_tokens": dict(state.greek_city_tokens),
        "leagues": {lg: {"treasury": dict(league.treasury), "reserve": list(league.reserve),
                         "allied": list(league.allied)}
                    for lg, league in state.leagues.items()},
        "supply": dict(state.supply),
        "scenario": scenario_view(state),
        "solo": solo_view(state),
        "augur": {
            "active": state.augur.active,
            "active_name": catalog.augur_name(state.augur.active) if state.augur.active else "",
            "active_text": catalog.augur_text(state.augur.active) if state.augur.active else "",
            "revealed": list(state.augur.revealed),
            "deck_size": len(state.augur.deck),
        },
        "effects": dict(state.effects),
        "active_effects": abilities.active_effects(state),
        "end_after_round": state.end_after_round,
        "battle": battle_view(state, my_league),
        "me": me_view(state, role),
        "result": state.result.model_dump() if state.result else None,
        "battle_result": state.result.reason if state.result and state.battle else "",
        "log": [e.text for e in state.log if e.visible(role)][-LOG_LINES:],
    }


def seat_view(game: Game[Any, Any], state: EpireiaState, role: str) -> dict[str, Any]:
    seat = state.seats[role]
    return {
        "name": game.role_name(state, role),
        "city": seat.city,
        "city_name": CITIES[seat.city].name if seat.city else "",
        "league": seat.league,
        "resources": dict(seat.resources),
        "prestige": seat.prestige,
        "trade_posts": seat.trade_posts,
        "administrator": seat.administrator,
        "administrator_name": catalog.administrator_name(seat.administrator),
        "admin_uses": seat.admin_uses,
        "buildings": [{"id": b, "name": catalog.building_name(b),
                       "family": catalog.building_family(b)} for b in seat.buildings],
        "figure_cards": list(seat.figure_cards),
        "actions_left": seat.actions_left,
        "has_chosen": bool(seat.figure_choice) or bool(seat.figure_cards),
    }


def figure_view(state: EpireiaState, figure: str, my_league: str | None) -> dict[str, Any]:
    card = catalog.figure_card(figure)
    attack = abilities.figure_attack(state, figure)
    owner = state.figures[figure].owner
    battle = state.battle
    if battle is not None and battle.step in ("place", "figures") and owner in state.seats \
            and state.seats[owner].league != my_league:
        # A front bonus would tell on which front the face-down card lies: the card's value.
        attack = CONTENT.figures[figure].attack
    return {
        "name": card["name"], "city": card["city"], "owner": owner,
        "location": state.figures[figure].location,
        "attack": attack, "sea": card["sea"],
        "ability": card["ability"],
    }


def scenario_view(state: EpireiaState) -> dict[str, Any]:
    scenario = state.scenario
    if state.is_solo and state.solo.scenario:
        solo = catalog.solo_scenario(state.solo.scenario)
        return {"act": 0, "card": solo.id, "name": solo.name, "story": solo.story,
                "objective": " ".join(o.text for o in solo.objectives), "reward": "",
                "constraint": "", "completed": False, "winner": "", "history": [],
                "reveal_next": False, "revealed_turn": scenario.revealed_turn}
    if not scenario.card:
        return {"act": 0, "card": "", "name": "", "story": "", "objective": "", "reward": "",
                "constraint": "", "completed": False, "winner": "", "history": [],
                "reveal_next": False, "revealed_turn": -1}
    card = catalog.scenario_card(scenario.card)
    return {"act": scenario.act, "card": scenario.card, "name": card["name"],
            "story": card["story"], "objective": card["objective"], "reward": card["reward"],
            "constraint": card["constraint"], "completed": scenario.completed,
            "winner": scenario.winner, "winner_league": scenario.winner_league,
            "history": list(scenario.history),
            "reveal_next": scenario.reveal_next, "revealed_turn": scenario.revealed_turn}


def solo_view(state: EpireiaState) -> dict[str, Any] | None:
    if not state.is_solo:
        return None
    if not state.solo.scenario:
        return {"scenario": "", "name": "", "rounds": 0, "enemy_cities": [],
                "enemy_figures": [], "enemy_army": {}, "objectives": []}
    solo = catalog.solo_scenario(state.solo.scenario)
    # The enemy army is laid out face up at set-up (rules, solo VII); in the battle it stands
    # on the enemy's battlefield.
    army = state.solo.enemy_army
    if state.battle is not None:
        enemy = other_league(state.seats["solo"].league) if state.seats["solo"].league else ""
        army = state.battle.sides[enemy].slots if enemy in state.battle.sides else {}
    return {"scenario": solo.id, "name": solo.name, "rounds": state.solo.rounds,
            "enemy_cities": list(state.solo.enemy_cities),
            "enemy_figures": list(state.solo.enemy_figures),
            "enemy_army": {f: [list(column) for column in army.get(f, [])] for f in FRONTS
                           if f in army},
            "objectives": [o.text for o in solo.objectives]}


def battle_view(state: EpireiaState, my_league: str | None) -> dict[str, Any] | None:
    battle = state.battle
    if battle is None:
        return None
    revealed_figures = battle.step in ("resolve", "done")
    sides: dict[str, Any] = {}
    solo_enemy = other_league(state.seats["solo"].league) if state.is_solo else ""
    for league, side in battle.sides.items():
        own = league == my_league
        face_up = league == solo_enemy  # the solo enemy army is placed face up
        slots: dict[str, list[list[Any]]] = {}
        for front in FRONTS:
            shown = battle.revealed.get(front, 0)
            columns = []
            for column, cells in enumerate(side.slots.get(front, [])):
                row_cells: list[Any] = []
                for kind in cells:
                    if not kind:
                        row_cells.append("")
                    elif column < shown:
                        row_cells.append({"kind": kind, "power": abilities.token_power(
                            state, league, kind, front, column)})
                    elif face_up:
                        # its power waits for the column: a ram would tell where the
                        # player's face-down Triremes stand
                        row_cells.append({"kind": kind, "power": None, "face_up": True})
                    elif own:
                        row_cells.append({"kind": kind, "power": None})
                    else:
                        row_cells.append("hidden")
                columns.append(row_cells)
            slots[front] = columns
        sides[league] = {
            "slots": slots,
            "pool": list(side.pool) if own else [],
            "pool_size": len(side.pool),
            "placed": side.placed,
            "figures_placed": side.figures_placed,
            "figures": dict(side.figures) if (revealed_figures or own) else {},
            # Others learn which fronts hold a face-down figure only once the league has
            # finished (the cards lie there on the table); never one front at a time.
            "figure_fronts": [f for f in FRONTS if f in side.figures]
            if (revealed_figures or own or side.figures_placed) else [],
            "figures_count": len(side.figures)
            if (revealed_figures or own or side.figures_placed) else 0,
            "committed": dict(side.committed),
        }
    return {"step": battle.step, "front": battle.front, "column": battle.column,
            "revealed": dict(battle.revealed),
            "column_winners": {f: list(w) for f, w in battle.column_winners.items()},
            "front_winners": dict(battle.front_winners), "sides": sides}


def me_view(state: EpireiaState, role: str | None) -> dict[str, Any] | None:
    if role is None or role not in state.seats:
        return None
    seat = state.seats[role]
    return {
        "role": role,
        "league": seat.league,
        "figure_choice": seat.figure_choice,
        "figure_hand": [catalog.figure_card(f) for f in catalog.figures_of(seat.city)]
        if seat.city else [],
    }
