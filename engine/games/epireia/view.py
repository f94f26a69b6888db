"""What a spectator, or one seat, sees of a game of Epireia: typed views.

``EpireiaView`` (``role=None``) is everything public, the only source of channel messages
and board images. ``EpireiaPlayerView`` is the same plus ``private`` (``EpireiaSecrets``):
the seat's secret starting figure, its questions in full, and its league's face-down army
in the Great Battle (league partners share one battlefield). Public fields never depend on
who looks, so a secret has nowhere else to go.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.core.game import Result
from engine.core.view import Private, View

LOG_LINES = 15

Phase = Literal["setup", "development", "diplomacy", "resolution", "battle", "over"]
Front = Literal["flank", "centre", "maritime"]
LeagueId = Literal["delian", "peloponnesian", ""]  # "": solo, before the City is chosen


class BuildingView(BaseModel):
    id: str
    name: str
    family: str


class SeatView(BaseModel):
    name: str  # display name (the City once drafted)
    city: str  # "" before the draft
    city_name: str
    league: LeagueId
    resources: dict[str, int]
    prestige: int
    trade_posts: int
    administrator: str
    administrator_name: str
    admin_uses: int
    buildings: list[BuildingView]
    figure_cards: list[str]  # figures in play
    actions_left: int
    has_chosen: bool  # set-up: the starting figure is chosen (never which)


class FigureCard(BaseModel):
    """A figure card as printed."""

    id: str
    name: str
    city: str
    attack: int
    sea: bool
    ability: str


class FigureView(BaseModel):
    """A figure in play. ``attack`` is the card's value while a league places its army face
    down (a front bonus would tell where it lies), else its attack now."""

    name: str
    city: str
    owner: str  # a role, or "enemy" (solo)
    location: str  # "home" or a map space id
    attack: int
    sea: bool
    ability: str


class LeagueView(BaseModel):
    treasury: dict[str, int]
    reserve: list[str]  # token kinds
    allied: list[str]  # city ids


class ObjectiveProgress(BaseModel):
    """How near an objective is: ``count`` of ``amount`` for ``who`` (a league, a seat for a
    City's own Prestige, "" in solo); ``done`` once met (a solo objective stays done)."""

    who: str
    text: str
    count: int
    amount: int
    done: bool


class ScenarioView(BaseModel):
    """The act's scenario card (solo: the solo scenario, ``act`` 0)."""

    act: int
    card: str
    name: str
    story: str
    objective: str
    reward: str  # a token kind
    constraint: str
    completed: bool
    winner: str  # the role whose action met it, "" when the league did together
    winner_league: str
    history: list[str]  # card ids of past acts
    reveal_next: bool
    revealed_turn: int  # the turn it was revealed in: that turn's post reads the story
    progress: list[ObjectiveProgress] = []


class SoloView(BaseModel):
    scenario: str
    name: str
    rounds: int
    enemy_cities: list[str]
    enemy_figures: list[str]
    enemy_army: dict[str, list[list[str]]]  # [column][row] token kind or "": face up
    objectives: list[str]


class AugurView(BaseModel):
    active: str
    active_name: str
    active_text: str
    revealed: list[str]
    deck_size: int


class EffectLine(BaseModel):
    who: str  # a role, or "*" for everyone
    text: str


class Token(BaseModel):
    """A battle token seen face up: ``power`` once its column is revealed, else None (the
    solo enemy army lies face up from the start: ``face_up``)."""

    kind: str
    power: int | None
    face_up: bool = False


Cell = Literal["", "hidden"] | Token  # empty, a face-down token, or a token seen


class BattleSideView(BaseModel):
    """One league's battlefield as everyone sees it."""

    slots: dict[str, list[list[Cell]]]  # [column][row]
    pool_size: int
    placed: bool
    figures_placed: bool
    figures: dict[str, str]  # figure ids, once revealed
    figure_fronts: list[Front]  # fronts holding a face-down figure, once the league is done
    figures_count: int
    committed: dict[str, int]  # front -> column


class BattleView(BaseModel):
    step: Literal["place", "figures", "resolve", "done"]
    front: int  # index into the fronts
    column: int
    revealed: dict[str, int]  # columns revealed
    column_winners: dict[str, list[str]]  # league or "" per column
    front_winners: dict[str, str]
    sides: dict[str, BattleSideView]


class EpireiaView(View):
    """The spectator view."""

    game: Literal["epireia"] = "epireia"
    round: int
    phase: Phase
    step: str
    turn: int
    players: int
    to_act: list[str]  # roles asked now
    prompt_text: dict[str, str]  # role -> question (a secret one as a neutral line)
    seats: dict[str, SeatView]
    figures: dict[str, FigureView]
    territories: dict[str, str]  # owner role, "enemy", "brigands" or ""
    greek_cities: dict[str, str]  # league integrated into, or ""
    greek_city_tokens: dict[str, str]  # the military token still with the city
    leagues: dict[str, LeagueView]
    supply: dict[str, int]  # token kind -> tokens left
    scenario: ScenarioView
    solo: SoloView | None
    augur: AugurView
    effects: dict[str, int]
    active_effects: list[EffectLine]  # this round's effects in words
    end_after_round: bool
    battle: BattleView | None
    result: Result | None
    battle_result: str  # the reason, once the battle ended the game
    log: list[str]  # the last public log lines


class LeagueArmy(BaseModel):
    """The viewer's league's battlefield as the league knows it: every token's kind."""

    slots: dict[str, list[list[str]]]  # [column][row] token kind or ""
    pool: list[str]  # tokens not yet placed
    figures: dict[str, str]  # face-down figures placed


class EpireiaSecrets(Private):
    league: LeagueId
    figure_choice: str  # the secret starting figure, before the reveal
    figure_hand: list[FigureCard]  # the City's five figure cards
    prompt_text: dict[str, str]  # the questions as this seat reads them (its league's in full)
    figure_attacks: dict[str, int]  # the league's own figures, front bonuses included
    army: LeagueArmy | None  # in the Great Battle
    log: list[str]  # the last log lines this seat may read


class EpireiaPlayerView(EpireiaView):
    private: EpireiaSecrets
