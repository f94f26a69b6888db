"""What a spectator, or one seat, sees of a game of Dragons of 1066: typed views.

Dragons of 1066 hides nothing: ``DragonsView`` (``role=None``) is the whole board, the only
source of channel text and board images; ``DragonsPlayerView`` follows the platform's pattern
and adds ``private`` (``DragonsSecrets``): the seat's own question in full, which the public
part names only by who is asked.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel

from engine.core.game import Result
from engine.core.view import Private, View
from engine.games.dragons1066.board import (
    attackers_in,
    battle_castles,
    defenders_in,
    enemies,
    is_sea,
    odds_of,
)
from engine.games.dragons1066.data import ALLIANCES, FORTRESSES, KINGDOMS, LANDS, UNITS, ZONES
from engine.games.dragons1066.state import DragonsState, Phase, Piece

LOG_LINES = 20


class UnitCount(BaseModel):
    """A stack: ``count`` units of one kind of one kingdom."""

    kingdom: str
    kind: str
    count: int


class ZoneView(BaseModel):
    id: str
    name: str
    sea: bool
    owner: str  # the owning kingdom; "" for a sea
    castles: int
    fortress: bool
    great_city: str  # the city's name, "" if none
    units: list[UnitCount]
    battle: bool  # a battle is pending (or being fought) here


class KingdomView(BaseModel):
    id: str
    name: str
    alliance: str
    seat: str  # the role playing it
    gold: int
    lands: int
    fortresses: int
    great_cities: int
    units: int


class AllianceView(BaseModel):
    id: str
    name: str
    kingdoms: list[str]
    fortresses: int
    lands: int


class UnitKind(BaseModel):
    """A line of the unit table."""

    id: str
    name: str
    domain: Literal["land", "sea", "air"]
    die: int
    cost: int
    move: int


class BattleView(BaseModel):
    """A battle of this turn: its sides now, and the exact odds of fighting it out."""

    zone: str
    name: str
    sea: bool
    attacker: str
    fighting: bool  # being fought now
    round: int
    attackers: list[UnitCount]
    defenders: list[UnitCount]
    castles: int
    win: float  # the attacker eliminates the defenders (and, on land, a land unit stands)
    attacker_losses: float
    defender_losses: float


class DragonsView(View):
    game: Literal["dragons1066"] = "dragons1066"
    players: int
    year: int
    years: int  # the year limit
    kingdom: str  # the kingdom to act
    phase: Phase
    asking: list[str]  # the roles asked now
    question: str  # what is asked now (public: the game hides nothing)
    kingdoms: list[KingdomView]  # in turn order
    alliances: list[AllianceView]
    zones: list[ZoneView]
    battles: list[BattleView]
    unit_table: list[UnitKind]
    log: list[str]
    result: Result | None


class DragonsSecrets(Private):
    question: str  # this seat's question in full, "" when it is not asked


class DragonsPlayerView(DragonsView):
    private: DragonsSecrets


def stacks(pieces: list[Piece]) -> list[UnitCount]:
    counts = Counter((p.owner, p.kind) for p in pieces)
    order = {k: i for i, k in enumerate(KINGDOMS)}
    kinds = {k: i for i, k in enumerate(UNITS)}
    return [UnitCount(kingdom=k, kind=u, count=n)
            for (k, u), n in sorted(counts.items(), key=lambda x: (order[x[0][0]],
                                                                    kinds[x[0][1]]))]


def battle_view(state: DragonsState, zone: str) -> BattleView:
    fighting = state.battle is not None and state.battle.zone == zone
    odds = odds_of(state, zone, state.kingdom)
    land = not is_sea(zone)
    defenders = defenders_in(state, zone)
    castles = battle_castles(state, zone) if land and enemies(
        state.kingdom, state.owners[zone]) else 0
    return BattleView(
        zone=zone, name=ZONES[zone].name, sea=not land, attacker=state.kingdom,
        fighting=fighting, round=state.battle.round if fighting and state.battle else 0,
        attackers=stacks(attackers_in(state, zone)), defenders=stacks(defenders),
        castles=castles if defenders or zone not in FORTRESSES else 0,
        win=odds.conquer if land else odds.win,
        attacker_losses=odds.attacker_losses, defender_losses=odds.defender_losses)


def build_view(state: DragonsState, asking: list[str], question: str,
               role: str | None, own_question: str = "") -> DragonsView:
    """The spectator view (``role`` None) or ``role``'s player view. ``asking`` and
    ``question`` come from the game's prompts (the flow owns them)."""
    by_zone: dict[str, list[Piece]] = {zone: [] for zone in ZONES}
    for piece in state.pieces:
        by_zone[piece.zone].append(piece)
    zones = [ZoneView(id=zone, name=info.name, sea=zone not in LANDS,
                      owner=state.owners.get(zone, ""),
                      castles=LANDS[zone].castles if zone in LANDS else 0,
                      fortress=zone in LANDS and LANDS[zone].fortress,
                      great_city=LANDS[zone].great_city if zone in LANDS else "",
                      units=stacks(by_zone[zone]),
                      battle=zone in state.battles or (
                          state.battle is not None and state.battle.zone == zone))
             for zone, info in ZONES.items()]
    kingdoms = []
    for k, info in KINGDOMS.items():
        lands = [z for z, owner in state.owners.items() if owner == k]
        kingdoms.append(KingdomView(
            id=k, name=info.name, alliance=info.alliance, seat=state.control[k],
            gold=state.gold[k], lands=len(lands),
            fortresses=sum(1 for z in lands if z in FORTRESSES),
            great_cities=sum(1 for z in lands if LANDS[z].great_city),
            units=sum(1 for p in state.pieces if p.owner == k)))
    alliances = [AllianceView(
        id=a, name=info.name, kingdoms=[k.id for k in kingdoms if k.alliance == a],
        fortresses=sum(k.fortresses for k in kingdoms if k.alliance == a),
        lands=sum(k.lands for k in kingdoms if k.alliance == a))
        for a, info in ALLIANCES.items()]
    fought = [state.battle.zone] if state.battle is not None else []
    battles = [battle_view(state, zone) for zone in [*fought, *state.battles]]
    public = DragonsView(
        players=state.players, year=state.year, years=state.options.years,
        kingdom=state.kingdom, phase=state.phase, asking=asking, question=question,
        kingdoms=kingdoms, alliances=alliances, zones=zones, battles=battles,
        unit_table=[UnitKind(id=u.id, name=u.name, domain=u.domain, die=u.die, cost=u.cost,
                             move=u.move) for u in UNITS.values()],
        log=[e.text for e in state.log if e.visible(None)][-LOG_LINES:],
        result=state.result)
    if role is None:
        return public
    return DragonsPlayerView(**dict(public),
                             private=DragonsSecrets(role=role, question=own_question))
