"""What a spectator, or one side, sees of a game of Freedom!: typed views.

``FreedomView`` (``role=None``) is everything public, hands only as counts; the renderer
draws the board from exactly this. ``FreedomPlayerView`` is the same plus ``private``: the
side's own hand (``FreedomSecrets``), the only place a card in a hand can appear.
"""

from __future__ import annotations

from typing import Literal, cast

from pydantic import BaseModel

from engine.core.game import Result
from engine.core.view import Private, View
from engine.games.freedom import card_effects, cards
from engine.games.freedom.data import AREAS, CAMP, SPACES, TRACKS, Kind, Reward
from engine.games.freedom.data import Side as Role
from engine.games.freedom.flow import FLOW, top
from engine.games.freedom.phases import PHASE_OF_STEP
from engine.games.freedom.state import FreedomState, Phase

LOG_LINES = 20


class CardView(BaseModel):
    id: str
    name: str
    side: card_effects.Side
    ap: int
    text: str


class PlayedCard(CardView):
    """The last card played: by whom, and how (as its event, for AP, discarded for an event)."""

    role: Role
    mode: Literal["event", "ap", "discard"]


class PendingEvent(BaseModel):
    id: str
    name: str
    for_: Role | None


class CardsView(BaseModel):
    """The public card information: counts, the last played card, a pending event."""

    hand_counts: dict[Role, int]
    deck_counts: dict[Literal["A", "B"], int]
    discard_count: int
    played: dict[Role, int]  # cards played this Actions phase
    last_card: PlayedCard | None
    pending_event: PendingEvent | None


class SpaceView(BaseModel):
    """A board space (the Camp and the City Centre included): its static facts and pieces."""

    name: str
    row: int
    col: int
    kind: Kind
    limit: int
    exp: int
    ally: int
    ins: int
    civ: int
    cannon: Role | None
    bombard: bool
    damage: Literal[0, 1, 2]  # wall only: 0 intact, 1 damaged, 2 destroyed


class CampView(BaseModel):
    exp: int
    ally: int
    cannons: int  # waiting to be built


class AreaView(BaseModel):
    name: str
    side: Role
    support: int
    reward: Reward  # what taking the tile gives its side, under this game's rules revision


class TracksView(BaseModel):
    morale: dict[Role, int]
    money: int  # the Empire's
    supplies: dict[Role, int]
    population: int
    population_band: str
    feed: int  # supplies the population costs
    plea: dict[Role, int | None]  # insurgents: None once answered
    preparation: dict[Role, int]


class PoolView(BaseModel):
    """Pieces beside the board."""

    exp: int
    ally: int
    ins: int
    civ: int
    cannons: int


class FreedomView(View):
    """The spectator view: the only source of channel text and board images."""

    game: Literal["freedom"] = "freedom"
    round: int  # 1-6
    period: Literal["A", "B"]
    phase: Phase
    turn: int
    to_act: Role | None  # the side asked now
    prompt: str | None  # that question's text
    active: Role  # whose card play it is in the Actions phase
    spaces: dict[str, SpaceView]
    camp: CampView
    areas: dict[str, AreaView]
    tracks: TracksView
    cards: CardsView
    pool: PoolView
    bombard_lost: bool
    log: list[str]  # the last public log lines
    result: Result | None


class FreedomSecrets(Private):
    role: Role
    hand: list[CardView]
    log: list[str]  # the last log lines this side may read


class FreedomPlayerView(FreedomView):
    """One side's view: the spectator view plus its own hand."""

    private: FreedomSecrets


def card_info(card_id: str) -> CardView:
    card = cards.card(card_id)
    return CardView(id=card.id, name=card.name, side=card.side, ap=card.ap, text=card.text)


def phase_of(state: FreedomState) -> Phase:
    if state.result is not None:
        return "over"
    return cast(Phase, PHASE_OF_STEP.get(state.step, "administration"))


def cards_view(state: FreedomState) -> CardsView:
    last = None
    if state.last_card is not None and state.last_card.card:
        last = PlayedCard(**card_info(state.last_card.card).model_dump(),
                          role=state.last_card.role, mode=state.last_card.mode)
    pending = None
    if state.pending_event:
        pending = PendingEvent(id=state.pending_event, name=cards.card(state.pending_event).name,
                               for_=state.pending_for)
    return CardsView(
        hand_counts={r: len(h) for r, h in state.hands.items()},
        deck_counts={p: len(d) for p, d in state.decks.items()},
        discard_count=len(state.discard),
        played=dict(state.played),
        last_card=last,
        pending_event=pending,
    )


def build_view(state: FreedomState, role: str | None) -> FreedomView | FreedomPlayerView:
    """The spectator view (``role=None``), or ``role``'s view: the same plus its hand."""
    frame = top(state)
    asking = frame is not None and state.result is None
    spaces = {}
    for sid, d in SPACES.items():
        sp = state.spaces[sid]
        spaces[sid] = SpaceView(
            name=d.name, row=d.row, col=d.col, kind=d.kind, limit=d.limit, exp=sp.exp,
            ally=sp.ally, ins=sp.ins, civ=sp.civ, cannon=sp.cannon, bombard=sp.bombard,
            damage=sp.damage,
        )
    public = FreedomView(
        round=state.round,
        period=state.period,
        phase=phase_of(state),
        turn=state.turn,
        to_act=frame.role if asking and frame is not None else None,
        prompt=FLOW.states[frame.name].text(state, frame) if asking and frame is not None
        else None,
        active=state.active,
        spaces=spaces,
        camp=CampView(exp=state.spaces[CAMP].exp, ally=state.spaces[CAMP].ally,
                      cannons=state.camp_cannons),
        areas={aid: AreaView(name=a.name, side=state.areas[aid].side,
                             support=state.areas[aid].support,
                             reward=a.reward(state.areas[aid].side, state.options.revision))
               for aid, a in AREAS.items()},
        tracks=TracksView(
            morale=dict(state.morale),
            money=state.money,
            supplies=dict(state.supplies),
            population=state.population,
            population_band=TRACKS.band(state.population),
            feed=TRACKS.population_cost(state.population),
            plea=dict(state.plea),
            preparation=dict(state.prep),
        ),
        cards=cards_view(state),
        pool=PoolView(**state.pool),
        bombard_lost=state.bombard_lost,
        log=recent_log(state, None),
        result=state.result,
    )
    if role not in state.hands:
        return public
    secrets = FreedomSecrets(role=role,
                             hand=[card_info(c) for c in state.hands[role]],
                             log=recent_log(state, role))
    return FreedomPlayerView(**dict(public), private=secrets)


def recent_log(state: FreedomState, role: str | None, count: int = LOG_LINES) -> list[str]:
    lines: list[str] = []
    for entry in reversed(state.log):
        if entry.visible(role):
            lines.append(entry.text)
            if len(lines) == count:
                break
    return lines[::-1]
