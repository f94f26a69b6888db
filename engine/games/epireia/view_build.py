"""Epireia's typed views (``view.py``) built from a state: the public facts for everyone, and
for a seat its secrets (``EpireiaSecrets``) too."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.games.epireia import abilities, catalog
from engine.games.epireia.board import CITIES
from engine.games.epireia.content import CONTENT
from engine.games.epireia.flow import active_frames, prompt_shown
from engine.games.epireia.state import FRONTS, EpireiaState, other_league
from engine.games.epireia.view import (
    LOG_LINES,
    AugurView,
    BattleSideView,
    BattleView,
    BuildingView,
    Cell,
    EffectLine,
    EpireiaPlayerView,
    EpireiaSecrets,
    EpireiaView,
    FigureCard,
    FigureView,
    LeagueArmy,
    LeagueView,
    ObjectiveProgress,
    ScenarioView,
    SeatView,
    SoloView,
    Token,
)


def build_view(game: Game[Any, Any], state: EpireiaState,
               role: str | None) -> EpireiaView | EpireiaPlayerView:
    """The spectator view (``role=None``), or ``role``'s: the same plus its secrets."""
    prompts = game.prompts(state)
    frames = {f.role: f for f in active_frames(state)}

    def questions(viewer: str | None) -> dict[str, str]:
        return {r: prompt_shown(state, frames[r], p.text, viewer) if r in frames else p.text
                for r, p in prompts.items()}

    public = EpireiaView(
        round=state.round,
        phase=state.phase,
        step=state.step or (state.battle.step if state.battle else ""),
        turn=state.turn,
        players=state.players,
        to_act=sorted(prompts),
        prompt_text=questions(None),
        seats={r: seat_view(game, state, r) for r in state.roles},
        figures={f: figure_view(state, f) for f in state.figures},
        territories=dict(state.territories),
        greek_cities=dict(state.greek_cities),
        greek_city_tokens=dict(state.greek_city_tokens),
        leagues={lg: LeagueView(treasury=dict(league.treasury), reserve=list(league.reserve),
                                allied=list(league.allied))
                 for lg, league in state.leagues.items()},
        supply=dict(state.supply),
        scenario=scenario_view(state),
        solo=solo_view(state),
        augur=AugurView(
            active=state.augur.active,
            active_name=catalog.augur_name(state.augur.active) if state.augur.active else "",
            active_text=catalog.augur_text(state.augur.active) if state.augur.active else "",
            revealed=list(state.augur.revealed),
            deck_size=len(state.augur.deck),
        ),
        effects=dict(state.effects),
        active_effects=[EffectLine(**line) for line in abilities.active_effects(state)],
        end_after_round=state.end_after_round,
        battle=battle_view(state),
        result=state.result,
        battle_result=state.result.reason if state.result and state.battle else "",
        log=recent_log(state, None),
    )
    if role is None or role not in state.seats:
        return public
    seat = state.seats[role]
    secrets = EpireiaSecrets(
        role=role,
        league=seat.league,
        figure_choice=seat.figure_choice,
        figure_hand=[figure_card(state, f) for f in catalog.figures_of(seat.city)]
        if seat.city else [],
        prompt_text=questions(role),
        figure_attacks={f: abilities.figure_attack(state, f) for f, figure in state.figures.items()
                        if figure.owner in state.seats
                        and state.seats[figure.owner].league == seat.league},
        army=league_army(state, seat.league),
        log=recent_log(state, role),
    )
    return EpireiaPlayerView(**dict(public), private=secrets)


def recent_log(state: EpireiaState, role: str | None) -> list[str]:
    return [e.text for e in state.log if e.visible(role)][-LOG_LINES:]


def figure_card(state: EpireiaState, figure: str) -> FigureCard:
    card = abilities.figure_card(state, figure)
    return FigureCard(id=card.id, name=card.name, city=card.city, attack=card.attack,
                      sea=card.sea, ability=card.ability)


def seat_view(game: Game[Any, Any], state: EpireiaState, role: str) -> SeatView:
    seat = state.seats[role]
    return SeatView(
        name=game.role_name(state, role),
        city=seat.city,
        city_name=CITIES[seat.city].name if seat.city else "",
        league=seat.league,
        resources=dict(seat.resources),
        prestige=seat.prestige,
        trade_posts=seat.trade_posts,
        administrator=seat.administrator,
        administrator_name=catalog.administrator_name(seat.administrator),
        admin_uses=seat.admin_uses,
        buildings=[BuildingView(id=b, name=catalog.building_name(b),
                                family=catalog.building_family(b)) for b in seat.buildings],
        figure_cards=list(seat.figure_cards),
        actions_left=seat.actions_left,
        has_chosen=bool(seat.figure_choice) or bool(seat.figure_cards),
    )


def figure_view(state: EpireiaState, figure: str) -> FigureView:
    card = abilities.figure_card(state, figure)
    owner = state.figures[figure].owner
    battle = state.battle
    if battle is not None and battle.step in ("place", "figures") and owner in state.seats:
        # A front bonus would tell on which front the face-down card lies: the card's value.
        attack = card.attack
    else:
        attack = abilities.figure_attack(state, figure)
    return FigureView(name=card.name, city=card.city, owner=owner,
                      location=state.figures[figure].location, attack=attack, sea=card.sea,
                      ability=card.ability)


def scenario_view(state: EpireiaState) -> ScenarioView:
    scenario = state.scenario
    if state.is_solo and state.solo.scenario:
        solo = catalog.solo_scenario(state.solo.scenario)
        role = state.roles[0]
        progress = []
        if state.league_of(role):  # (no league before the City is chosen)
            for index, o in enumerate(solo.objectives):
                count = abilities.objective_count(state, role, o)
                progress.append(ObjectiveProgress(
                    who="", text=o.text, count=count, amount=o.amount,
                    done=index in state.solo.completed or count >= o.amount))
        return ScenarioView(act=0, card=solo.id, name=solo.name, story=solo.story,
                            objective=" ".join(o.text for o in solo.objectives), reward="",
                            constraint="", completed=False, winner="", winner_league="",
                            history=[], reveal_next=False, revealed_turn=scenario.revealed_turn,
                            progress=progress)
    if not scenario.card:
        return ScenarioView(act=0, card="", name="", story="", objective="", reward="",
                            constraint="", completed=False, winner="", winner_league="",
                            history=[], reveal_next=False, revealed_turn=-1)
    card = catalog.scenario_card(scenario.card, state.options.revision)
    return ScenarioView(act=scenario.act, card=scenario.card, name=card.name, story=card.story,
                        objective=card.objective.text, reward=card.reward,
                        constraint=card.constraint_text, completed=scenario.completed,
                        winner=scenario.winner, winner_league=scenario.winner_league,
                        history=list(scenario.history), reveal_next=scenario.reveal_next,
                        revealed_turn=scenario.revealed_turn,
                        progress=[] if scenario.completed
                        else act_progress(state, card.objective.text))


def act_progress(state: EpireiaState, text: str) -> list[ObjectiveProgress]:
    """The act's objective (``text``: as its card reads under the game's revision), how near
    each league is (each seat, for a City's own Prestige)."""
    objective = CONTENT.scenarios[state.scenario.card].objective
    askers = list(state.roles)
    if objective.check != "prestige":  # league-wide: read once per league, by its first seat
        first: dict[str, str] = {}
        for role in state.roles:
            first.setdefault(state.league_of(role), role)
        askers = list(first.values())
    progress = []
    for role in askers:
        count = abilities.objective_count(state, role, objective)
        progress.append(ObjectiveProgress(
            who=role if objective.check == "prestige" else state.league_of(role), text=text,
            count=count, amount=objective.amount, done=count >= objective.amount))
    return progress


def solo_view(state: EpireiaState) -> SoloView | None:
    if not state.is_solo:
        return None
    if not state.solo.scenario:
        return SoloView(scenario="", name="", rounds=0, enemy_cities=[], enemy_figures=[],
                        enemy_army={}, objectives=[])
    solo = catalog.solo_scenario(state.solo.scenario)
    # The enemy army is laid out face up at set-up (rules, solo VII); in the battle it stands
    # on the enemy's battlefield.
    army = state.solo.enemy_army
    if state.battle is not None:
        enemy = other_league(state.seats["solo"].league) if state.seats["solo"].league else ""
        army = state.battle.sides[enemy].slots if enemy in state.battle.sides else {}
    return SoloView(scenario=solo.id, name=solo.name, rounds=state.solo.rounds,
                    enemy_cities=list(state.solo.enemy_cities),
                    enemy_figures=list(state.solo.enemy_figures),
                    enemy_army={f: [list(column) for column in army.get(f, [])]
                                for f in FRONTS if f in army},
                    objectives=[o.text for o in solo.objectives])


def battle_view(state: EpireiaState) -> BattleView | None:
    """The Great Battle as everyone sees it: face-down tokens and figures stay hidden."""
    battle = state.battle
    if battle is None:
        return None
    revealed_figures = battle.step in ("resolve", "done")
    solo_enemy = other_league(state.seats["solo"].league) if state.is_solo else ""
    sides: dict[str, BattleSideView] = {}
    for league, side in battle.sides.items():
        face_up = league == solo_enemy  # the solo enemy army is placed face up
        slots: dict[str, list[list[Cell]]] = {}
        for front in FRONTS:
            shown = battle.revealed.get(front, 0)
            columns = []
            for column, kinds in enumerate(side.slots.get(front, [])):
                cells: list[Cell] = []
                for kind in kinds:
                    if not kind:
                        cells.append("")
                    elif column < shown:
                        cells.append(Token(kind=kind, power=abilities.token_power(
                            state, league, kind, front, column)))
                    elif face_up:
                        # its power waits for the column: a ram would tell where the
                        # player's face-down Triremes stand
                        cells.append(Token(kind=kind, power=None, face_up=True))
                    else:
                        cells.append("hidden")
                columns.append(cells)
            slots[front] = columns
        # Others learn which fronts hold a face-down figure only once the league has
        # finished (the cards lie there on the table); never one front at a time.
        fronts_known = revealed_figures or side.figures_placed
        sides[league] = BattleSideView(
            slots=slots,
            pool_size=len(side.pool),
            placed=side.placed,
            figures_placed=side.figures_placed,
            figures=dict(side.figures) if revealed_figures else {},
            figure_fronts=[f for f in FRONTS if f in side.figures]
            if fronts_known else [],
            figures_count=len(side.figures) if fronts_known else 0,
            committed=dict(side.committed),
        )
    return BattleView(step=battle.step, front=battle.front, column=battle.column,
                      revealed=dict(battle.revealed),
                      column_winners={f: list(w) for f, w in battle.column_winners.items()},
                      front_winners=dict(battle.front_winners),
                      sides=sides)


def league_army(state: EpireiaState, league: str) -> LeagueArmy | None:
    """The league's own battlefield, every token's kind known (its seats placed them)."""
    if state.battle is None or league not in state.battle.sides:
        return None
    side = state.battle.sides[league]
    return LeagueArmy(slots={f: [list(column) for column in side.slots.get(f, [])]
                             for f in FRONTS if f in side.slots},
                      pool=list(side.pool), figures=dict(side.figures))
