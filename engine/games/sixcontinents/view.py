"""What a spectator, or one colour, sees of a game of Six Continents: typed views.

``SixView`` (``role=None``) is the whole board as everyone sees it (fleets, transporters
with their cargo's size, blockaded ports, construction ships in their ports, voyages without
their destinations, who has bid for the turncoat captain or for rebels but not how much);
``SixPlayerView`` adds ``private`` (``SixSecrets``): the colour's own question in full, its
voyages' secret destinations and its own sealed bids, and the agents' cards it dealt and
holds. Everyone sees each realm's spies (bought with public currency) and whose face-down
cards each player holds (every dealer deals one to everyone), never what they are.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, Field

from engine.core.game import Result
from engine.core.view import Private, View
from engine.games.sixcontinents.board import CONTINENT_OF, PROVINCES, SEAS
from engine.games.sixcontinents.content import UNITS
from engine.games.sixcontinents.economy import food_lines, income_lines, upkeep_lines, weather
from engine.games.sixcontinents.lasting import trees
from engine.games.sixcontinents.navy import (
    CONSTRUCTION,
    blockaded,
    cargo_soldiers,
    fleet_of,
    strength,
)
from engine.games.sixcontinents.realm import capital_of, held, soldiers, units_of
from engine.games.sixcontinents.state import Phase, SixState
from engine.games.sixcontinents.victory import points

LOG_LINES = 20


class UnitCount(BaseModel):
    owner: str
    kind: str
    count: int


class ProvinceView(BaseModel):
    id: str
    name: str
    continent: str
    owner: str  # "" nobody's
    occupier: str  # "" not occupied
    capital_of: str  # the colour whose capital marker is here, ""
    building: str
    port: bool
    road: bool
    red_tokens: int
    robbery: int  # turns of robbery-economy income left (the "R" card), 0 none
    fading: bool  # the robbery economy has ended: a red token goes each turn
    explorer: str  # who sent an internal expedition here ("" nobody yet)
    expedition: int  # its turns still to go (0: none under way)
    mineral: int  # currency a turn from a mineral bought here
    markers: list[str]  # K, K+ (minerals), black (poisoned water)
    units: list[UnitCount]
    soldiers: int
    blockaded: bool = False  # its port is blockaded by an enemy warship (Sea battles)
    slaves: list[UnitCount] = []  # slaves working here, by owner (kind "slave")


class ShipCount(BaseModel):
    """Ships of one colour and kind on a sea zone; ``cargo``: soldiers on board (a
    transporter's troops are in plain sight)."""

    owner: str
    kind: str
    count: int
    cargo: int = 0


class SeaView(BaseModel):
    id: str
    name: str
    fishing_boat: str  # the colour whose fishing boat is on it, ""
    fleet: list[ShipCount] = Field(default_factory=list)  # warships and transporters


class VoyageView(BaseModel):
    """A ship at sea, as everyone sees it: where from, how many, how long (not where to)."""

    owner: str
    port: str
    to: str  # a transfer's destination port; "" for a ship's secret destination
    soldiers: int
    turns: int


class SecretVoyage(BaseModel):
    port: str
    destination: str
    soldiers: int
    turns: int


class Line(BaseModel):
    what: str
    amount: int


class EffectsView(BaseModel):
    """The lasting effects of overseas expeditions on a realm (the player's sheet); the
    income changes are in the realm's income and upkeep lines."""

    battle_bonus: int = 0  # new weapon: + to every battle roll
    bunker_damage: int = 0  # cannonball material: more off bunkers per cannon
    next_cost: int = 0  # ghost ship / cannibals: added to the next overseas expedition
    free_roads: int = 0
    farm_discounts: int = 0  # farms still to build at the farm builders' discount
    green_turns: int = 0  # turns left with 3 closing robbery tokens (environmentalists)
    trees: int = 0  # coconut trees held
    fruits: int = 0  # fruits to spend (each: one more overseas expedition)
    plague: int = 0  # turns still to start with the plague's losses


class AuctionView(BaseModel):
    """The turncoat captain's sealed bids under way: whose expedition, who has bid."""

    owner: str
    bid: list[str]


class RebelAuctionView(BaseModel):
    """Sealed bids for rebels under way: where, who opened it, the price, who has
    answered (never how much)."""

    province: str
    opener: str
    price: int
    bid: list[str]


class RealmView(BaseModel):
    role: str
    name: str
    currency: int
    food: int
    food_needed: int
    capital: str
    seat: str  # where it recruits: the capital, a temporary capital, or ""
    level: int
    provinces: int
    soldiers: int
    units: int
    income: list[Line]  # next turn's, as it stands
    upkeep: list[Line]
    food_sources: list[Line]
    points: int  # as the round limit would count them now
    out: bool
    fleet: int = 0  # soldiers of its warships afloat
    overseas: list[int] = []  # overseas expeditions under way: turns to go
    effects: EffectsView = EffectsView()
    slaves: int = 0
    spies: int = 0
    holding: list[str] = []  # the colours whose agents' card he holds face down


class WeatherView(BaseModel):
    id: str
    name: str
    text: str
    left: int


class BattleView(BaseModel):
    province: str
    attacker: str
    defender: str
    rolls: list[str]
    outcome: str


class SeaBattleView(BaseModel):
    zone: str
    attacker: str
    defender: str
    rolls: list[str]
    outcome: str  # "won" (by the attacker), "lost", "withdrawn"


class SixView(View):
    game: Literal["sixcontinents"] = "sixcontinents"
    players: int
    round: int
    rounds: int  # the round limit (0: none)
    phase: Phase
    current: str
    order: list[str]
    asking: list[str]
    question: str
    weather: WeatherView
    realms: list[RealmView]
    provinces: list[ProvinceView]
    seas: list[SeaView]
    ships: dict[str, list[str]]  # colour -> the ports where a ship of his is docked
    voyages: list[VoyageView]
    battle: BattleView | None
    log: list[str]
    result: Result | None
    sea_battle: SeaBattleView | None = None  # the last sea battle
    # colour -> the ports where a construction ship of his waits (also in ``ships``)
    construction_ships: dict[str, list[str]] = Field(default_factory=dict)
    auction: AuctionView | None = None
    rebel_auction: RebelAuctionView | None = None


class CardView(BaseModel):
    """An agents' card face down: who dealt it, to whom, which card (agents.toml's id)."""

    dealer: str
    target: str
    card: str


class SixSecrets(Private):
    question: str  # this colour's question in full, "" when it is not asked
    voyages: list[SecretVoyage]  # this colour's ships at sea, with their destinations
    bid: int | None = None  # this colour's sealed bid for the captain, once made
    # the agents' cards this colour dealt, and those dealt to it, not yet revealed
    dealt: list[CardView] = Field(default_factory=list)
    held: list[CardView] = Field(default_factory=list)
    rebel_bid: int | None = None  # this colour's sealed bid for rebels, once made


class SixPlayerView(SixView):
    private: SixSecrets


def lines(found: list[tuple[str, int]]) -> list[Line]:
    return [Line(what=w, amount=a) for w, a in found]


def realm_view(state: SixState, role: str) -> RealmView:
    realm = state.realms[role]
    mine = units_of(state, role)
    return RealmView(
        role=role, name=role.title(), currency=realm.currency, food=realm.food,
        food_needed=realm.food_needed, capital=realm.capital, seat=realm.seat,
        level=realm.level, provinces=len(held(state, role)), soldiers=soldiers(mine),
        units=len(mine),
        income=lines(income_lines(state, role)) if realm.capital else [],
        upkeep=lines(upkeep_lines(state, role)),
        food_sources=lines(food_lines(state, role)),
        points=points(state, role) if realm.capital else 0, out=realm.out,
        fleet=strength(fleet_of(state, role)),
        overseas=list(realm.overseas), effects=effects_view(state, role),
        slaves=sum(1 for s in state.slaves if s.owner == role), spies=realm.spies,
        holding=[c.dealer for c in state.cards if c.target == role])


def effects_view(state: SixState, role: str) -> EffectsView:
    lasting = state.realms[role].lasting
    return EffectsView(
        battle_bonus=lasting.battle_bonus, bunker_damage=lasting.bunker_damage,
        next_cost=lasting.next_cost, free_roads=lasting.free_roads,
        farm_discounts=lasting.farm_discounts, green_turns=lasting.green_turns,
        trees=trees(state, role), fruits=lasting.fruits + lasting.old_fruits,
        plague=lasting.plague)


def fleet_counts(state: SixState) -> dict[str, list[ShipCount]]:
    """Sea zone -> its warships and transporters by colour and kind."""
    counted: dict[str, dict[tuple[str, str], list[int]]] = {}
    for ship in fleet_of(state):
        entry = counted.setdefault(ship.zone, {}).setdefault((ship.owner, ship.kind), [0, 0])
        entry[0] += 1
        entry[1] += cargo_soldiers(ship)
    return {z: [ShipCount(owner=o, kind=k, count=n, cargo=c)
                for (o, k), (n, c) in sorted(kinds.items())] for z, kinds in counted.items()}


def build_view(state: SixState, asking: list[str], question: str,
               role: str | None, own_question: str = "") -> SixView:
    by_province: dict[str, Counter[tuple[str, str]]] = {}
    for unit in state.units:
        by_province.setdefault(unit.province, Counter())[(unit.owner, unit.kind)] += 1
    slaves: dict[str, Counter[str]] = {}
    for slave in state.slaves:
        slaves.setdefault(slave.province, Counter())[slave.owner] += 1
    provinces = []
    for pid, info in PROVINCES.items():
        land = state.provinces[pid]
        here = by_province.get(pid, Counter())
        provinces.append(ProvinceView(
            id=pid, name=info.name, continent=CONTINENT_OF[pid], owner=land.owner,
            occupier=land.occupier, capital_of=capital_of(state, pid),
            building=land.building, port=land.port, road=land.road,
            red_tokens=land.red_tokens, robbery=land.robbery, fading=land.fading,
            explorer=land.explorer, expedition=land.expedition, mineral=land.mineral,
            markers=list(land.markers),
            units=[UnitCount(owner=o, kind=k, count=n) for (o, k), n in sorted(here.items())],
            soldiers=sum(UNITS[k].soldiers * n for (_, k), n in here.items()),
            blockaded=blockaded(state, pid),
            slaves=[UnitCount(owner=o, kind="slave", count=n)
                    for o, n in sorted(slaves.get(pid, Counter()).items())]))
    now = weather(state)
    battle = state.battle
    boats = {s.zone: s.owner for s in state.ships if s.kind == "fishing_boat"}
    fleets = fleet_counts(state)
    public = SixView(
        players=state.players, round=state.round, rounds=state.options.rounds,
        phase=state.phase, current=state.current, order=list(state.order), asking=asking,
        question=question,
        weather=WeatherView(id=now.id, name=now.name, text=now.text, left=state.weather.left),
        realms=[realm_view(state, r) for r in state.roles], provinces=provinces,
        seas=[SeaView(id=z, name=sea.name, fishing_boat=boats.get(z, ""),
                      fleet=fleets.get(z, [])) for z, sea in SEAS.items()],
        ships={r: sorted(s.port for s in state.ships if s.owner == r and s.port)
               for r in state.roles},
        voyages=[VoyageView(owner=v.owner, port=v.port,
                            to=v.destination if v.transfer else "",
                            soldiers=soldiers(v.units), turns=v.turns)
                 for v in state.voyages],
        battle=None if battle is None else BattleView(
            province=battle.province, attacker=battle.attacker, defender=battle.defender,
            rolls=list(battle.rolls), outcome=battle.outcome),
        log=[e.text for e in state.log if e.visible(None)][-LOG_LINES:],
        result=state.result,
        sea_battle=None if state.sea_battle is None else SeaBattleView(
            **state.sea_battle.model_dump()),
        construction_ships={r: sorted(s.port for s in state.ships if s.owner == r
                                      and s.kind == CONSTRUCTION) for r in state.roles},
        auction=None if state.auction is None else AuctionView(
            owner=state.auction.owner, bid=sorted(state.auction.bids)),
        rebel_auction=rebel_auction_view(state))
    if role is None:
        return public
    secret = [SecretVoyage(port=v.port, destination=v.destination,
                           soldiers=soldiers(v.units), turns=v.turns)
              for v in state.voyages if v.owner == role and not v.transfer]
    bid = state.auction.bids.get(role) if state.auction else None
    cards = [CardView(dealer=c.dealer, target=c.target, card=c.card) for c in state.cards]
    rebel_bid = state.rebel_auction.bids.get(role) if state.rebel_auction else None
    return SixPlayerView(**dict(public), private=SixSecrets(
        role=role, question=own_question, voyages=secret, bid=bid, rebel_bid=rebel_bid,
        dealt=[c for c in cards if c.dealer == role],
        held=[c for c in cards if c.target == role]))


def rebel_auction_view(state: SixState) -> RebelAuctionView | None:
    auction = state.rebel_auction
    if auction is None:
        return None
    return RebelAuctionView(province=auction.province, opener=auction.opener,
                            price=auction.price, bid=sorted(auction.bids))
