"""The Six Continents game state: every field the rules and the views read.

Vocabulary: roles are the colours ``red``, ``blue``, ``green`` (seats; Game Start 1), province
ids are ``board.PROVINCES``' ids, unit kinds and building ids are ``content``'s.

Fields (plain data, JSON-ready):

``options``     SixOptions.
``phase``       ``setup`` (capitals being chosen), ``turn`` (a player's turn), ``over``.
``round``       1-based; each player takes one turn a round, in ``order``.
``order``       the roles in turn order, from the first player (the highest d100).
``current``     the role whose turn it is ("" during the set-up).
``realms``      role -> :class:`Realm` (currency, food, capital, counters).
``provinces``   province id -> :class:`Land` (owner, occupier, buildings, red tokens, markers).
``units``       every land unit on the map (:class:`Unit`).
``ships``       every ship (:class:`Ship`): fishing boats, warships and transporters on sea
                zones, voyage and construction ships in ports.
``voyages``     ships at sea with their troops and their secret destination (:class:`Voyage`).
``weather``     the weather row's id and the rounds it still lasts (this one included).
``battle``      the last land battle fought (:class:`BattleRecord`), for the views.
``sea_battle``  the last sea battle fought (:class:`SeaBattleRecord`).
``stack``       the prompt stack (``engine.core.flow``).
``slaves``      every slave (:class:`Slave`), working where it stands.
``auction``     the turncoat captain's sealed bids while they are made (:class:`Auction`).
``cards``       the agents' cards dealt face down and not yet revealed (:class:`AgentCard`):
                who dealt what to whom is secret until the reveal (Agents).
``rebel_auction`` sealed bids for rebels several players want (:class:`RebelAuction`).

New rules add fields with defaults to ``Realm`` and ``Land``, so that stored states keep
loading.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr

from engine.core.flow import FlowState
from engine.core.game import GameOptions

Phase = Literal["setup", "turn", "over"]
COLOURS = ("red", "blue", "green")
# The owners of neutral units (the savages of an internal expedition, rebels): no realm, no
# turn, they never move.
NEUTRAL = "savages"
REBELS = "rebels"
NEUTRALS = (NEUTRAL, REBELS)


class SixOptions(GameOptions):
    """Game options. ``rounds``: the points decide after this many rounds (0: no limit;
    realm.toml's ``round_limit_choices``)."""

    timeout_policy: Literal["pass", "resign"] = "pass"
    rounds: Literal[0, 20, 30, 40] = 30


class Income(BaseModel):
    """A change of the currency income for a number of the player's turns (overseas 2-6,
    41-45): ``amount`` (negative: a cost) for ``turns`` more incomes."""

    what: str
    amount: int
    turns: int = Field(ge=1)


class Lasting(BaseModel):
    """An overseas expedition's lasting effects on one player (General rule 9's sheet).

    ``incomes``: income changes with the turns left. ``battle_bonus``: added to each of his
    battle rolls (81-85). ``bunker_damage``: taken off bunkers per cannon more (19-20).
    ``next_cost``: added to the price of his next overseas expedition (21-25, 76-80).
    ``free_roads``: roads to build for nothing (30-35). ``farm_discounts``: farms still to
    build at a discount (51-54). ``green_turns``: his turns left with 3 closing robbery
    tokens (55-60). ``fruits``: fruits picked at the start of this turn; ``old_fruits``:
    those of the last turn, which rot at the end of this one (16-18). ``plague``: his turns
    still to start with the plague's losses (99-100)."""

    incomes: list[Income] = Field(default_factory=list)
    battle_bonus: int = 0
    bunker_damage: int = 0
    next_cost: int = 0
    free_roads: int = Field(default=0, ge=0)
    farm_discounts: int = Field(default=0, ge=0)
    green_turns: int = Field(default=0, ge=0)
    fruits: int = Field(default=0, ge=0)
    old_fruits: int = Field(default=0, ge=0)
    plague: int = Field(default=0, ge=0)


class Slave(BaseModel):
    """A slave (Slavery): captured from ``origin``'s soldiers, working for ``owner`` in
    ``province``; ``used``: movement points spent this turn."""

    id: int
    owner: str
    origin: str
    province: str
    used: int = 0


class Auction(BaseModel):
    """The turncoat captain's sealed bids (overseas 86-90): whose expedition it was and
    each bid made so far (secret until all are in)."""

    owner: str
    bids: dict[str, int] = Field(default_factory=dict)


class AgentCard(BaseModel):
    """A secret action card (Agents) ``dealer`` dealt face down to ``target`` in round
    ``round``; ``card`` is an id of ``agents.toml``."""

    dealer: str
    target: str
    card: str
    round: int


class Spied(BaseModel):
    """What the spies' successful cards left for a player's next turn (Action types):
    ``sabotage`` currency off the next income, ``burnt`` food off the next food count,
    ``incited`` mutinies (d3 soldiers each) and ``freed`` slaves (his choice) at the start
    of his next turn."""

    sabotage: int = Field(default=0, ge=0)
    burnt: int = Field(default=0, ge=0)
    incited: int = Field(default=0, ge=0)
    freed: int = Field(default=0, ge=0)
class RebelAuction(BaseModel):
    """Sealed bids for the rebels of ``province`` (Revolts: "if more than one player wants
    to do it, there is an auction"): who opened it on his turn, the bribe's price (3 a
    rebel), each bid made so far (secret until all are in; 0: no bid)."""

    province: str
    opener: str
    price: int
    bids: dict[str, int] = Field(default_factory=dict)


class Realm(BaseModel):
    """One player's realm.

    ``capital``: the province chosen at the start (the capital marker; "" before the choice).
    ``seat``: where the player recruits now: the capital while he holds it, else a temporary
    capital he chose, else "" (Capital).
    ``level``: the capital's level, 1 to 3.
    ``food`` / ``food_needed``: this turn's food count (Economy 2.0, 3).
    ``recruited``: soldiers recruited this turn (Army 9).
    ``received`` / ``paid``: every currency gained and spent: ``currency`` is always the
    start's 40 plus ``received`` minus ``paid`` (checked by the invariants).
    ``raised`` / ``lost``: soldiers recruited and soldiers gone (battle, hunger, disbanding,
    encirclement); ``harnessed``: the soldiers of the horses pulling caravans, which do not
    fight: the soldiers on the map are always ``raised - lost - harnessed``.
    ``out``: holds nothing and has no unit left: his turns are passed over.
    ``fleet_raised`` / ``fleet_lost``: the soldiers (combat value) of the warships built and
    sunk: the warships afloat always hold ``fleet_raised - fleet_lost``.
    ``offered``: the players he has offered peace this turn (once each a turn), and
    ``sale:<role>`` for those he has offered a sale.
    """

    currency: int
    food: int = 0
    food_needed: int = 0
    capital: str = ""
    seat: str = ""
    level: int = Field(default=1, ge=1, le=3)
    recruited: int = 0
    received: int = 0
    paid: int = 0
    raised: int = 0
    lost: int = 0
    harnessed: int = 0
    out: bool = False
    fleet_raised: int = 0  # soldiers of warships built (Sea battles)
    fleet_lost: int = 0  # soldiers of warships sunk: afloat = raised - lost
    offered: list[str] = Field(default_factory=list)  # offered peace this turn
    # Overseas expeditions and their lasting effects (Economy 2.0; the player's sheet,
    # General rule 9): see :class:`Lasting`.
    overseas: list[int] = Field(default_factory=list)  # turns to go, one per expedition
    lasting: Lasting = Field(default_factory=Lasting)
    # Agents: spies held (always ``spies_hired - spies_lost``) and what enemy cards left.
    spies: int = Field(default=0, ge=0)
    spies_hired: int = 0
    spies_lost: int = 0
    spied: Spied = Field(default_factory=Spied)
    # food bought from another player (General rule 5 deals; Economy 2.0 3 "food can be
    # sold abroad"), added to his next food count
    food_bought: int = Field(default=0, ge=0)


class Holdings:
    """The provinces each role holds, worked out once while no province changes hands
    (``realm.held`` asks on every prompt). Derived, never part of the JSON: a state made or
    read back files its lands here (``SixState.attach``), and a land tells it of every new
    owner or occupier (``Land.__setattr__``), which empties it. ``invariants`` compares it
    with a fresh count. Equal to any other: it only remembers what the lands say."""

    __slots__ = ("held",)

    def __init__(self) -> None:
        self.held: dict[str, tuple[str, ...]] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Holdings)

    __hash__ = None  # type: ignore[assignment]


HOLDER_FIELDS = frozenset({"owner", "occupier"})


class Land(BaseModel):
    """A land province. ``owner``: whose land it is ("" nobody's); ``occupier``: another
    player holding it by conquest until a peace cedes it (General rules 5-6), "" if none.
    ``building``: the one building ("" none); ``port`` and ``road``: the additional ones.
    ``robbery``: turns of robbery-economy income still to come (the "R" card; 0: none).
    ``fading``: the robbery economy has ended here: one red token goes each turn of the
    holder until none is left, and until then only a road may be built (Economy 2.0, 2).
    ``explorer``: who sent an internal expedition here ("" nobody yet; once per province in
    the whole game); ``expedition``: its turns still to go (0: none under way).
    ``mineral``: currency a turn from a mineral found here (the K or K+ marker).
    ``markers``: "K", "K+" (minerals), "black" (poisoned water: no farm or granary ever);
    later sessions' L, rebels."""

    owner: str = ""
    occupier: str = ""
    building: str = ""
    port: bool = False
    road: bool = False
    red_tokens: int = Field(default=0, ge=0)
    robbery: int = Field(default=0, ge=0)
    fading: bool = False
    explorer: str = ""
    expedition: int = Field(default=0, ge=0)
    mineral: int = Field(default=0, ge=0)
    markers: list[str] = Field(default_factory=list)

    @property
    def holder(self) -> str:
        """Who holds it now: the occupier, else the owner."""
        return self.occupier or self.owner

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if name in HOLDER_FIELDS:  # the province may change hands: forget who holds what
            private = self.__pydantic_private__
            if private:
                private["_holdings"].held.clear()

    def buildings(self) -> list[str]:
        """Every building here, by id."""
        return [b for b in (self.building, "port" if self.port else "",
                            "road" if self.road else "") if b]


class Unit(BaseModel):
    """A land unit. ``used``: movement points spent this turn; ``fresh``: recruited or
    exchanged this turn, so it has no movement point (Army 4)."""

    id: int
    kind: str
    owner: str
    province: str
    used: int = 0
    fresh: bool = False


class Ship(BaseModel):
    """A ship: on a sea zone (``zone``: fishing boats, warships, transporters), or docked in
    a port (``port``: voyage ships, "" while at sea on a :class:`Voyage`; construction
    ships). ``used``: movement points spent this turn; ``fresh``: built (or back from a
    voyage) this turn, so it does not sail. ``cargo``: the land units a transporter
    carries (they are off the map, in no province, until they land)."""

    id: int
    kind: str
    owner: str
    zone: str = ""
    port: str = ""
    used: int = 0
    fresh: bool = False
    cargo: list[Unit] = Field(default_factory=list)


class Voyage(BaseModel):
    """A ship at sea with its troops (Sea voyages): ``destination`` is secret until it
    arrives, at the start of its owner's turn when ``turns`` reaches 0. A ``transfer``
    between two of one's ports (Buildings: "this action lasts 1 turn") needs no ship
    (``ship`` 0) and its destination is no secret."""

    owner: str
    ship: int
    transfer: bool = False
    port: str
    destination: str
    turns: int
    units: list[Unit]


class Weather(BaseModel):
    id: str = "sunny"
    left: int = 0  # rounds it still lasts, the current one included; 0: roll at round start
    roller: int = -1  # index in ``order`` of the last player the roll was made for


class BattleRecord(BaseModel):
    """A land battle's account: who, where, every roll, how it ended."""

    province: str
    attacker: str
    defender: str
    rolls: list[str] = Field(default_factory=list)
    outcome: str = ""


class SeaBattleRecord(BaseModel):
    """A sea battle's account (Sea battles): the zone, who, every roll, how it ended."""

    zone: str
    attacker: str
    defender: str
    rolls: list[str] = Field(default_factory=list)
    outcome: str = ""


class SixState(FlowState):
    options: SixOptions
    phase: Phase = "setup"
    round: int = 0
    order: list[str] = Field(default_factory=list)
    current: str = ""
    realms: dict[str, Realm]
    provinces: dict[str, Land]
    units: list[Unit] = Field(default_factory=list)
    ships: list[Ship] = Field(default_factory=list)
    voyages: list[Voyage] = Field(default_factory=list)
    next_unit: int = 1  # the next id of a unit or a ship
    weather: Weather = Field(default_factory=Weather)
    battle: BattleRecord | None = None
    sea_battle: SeaBattleRecord | None = None  # the last sea battle fought
    ending: str = ""  # how the game ended: "capitals", "last_standing", "points"
    slaves: list[Slave] = Field(default_factory=list)
    auction: Auction | None = None  # the turncoat captain's bids under way
    cards: list[AgentCard] = Field(default_factory=list)  # agents' cards face down
    rebel_auction: RebelAuction | None = None  # sealed bids for rebels under way

    _holdings: Holdings = PrivateAttr(default_factory=Holdings)

    def model_post_init(self, context: Any, /) -> None:
        """A new state, or one read back: its lands filed in a fresh ``Holdings``."""
        super().model_post_init(context)
        self.attach()

    def attach(self) -> None:
        """Make every land tell this state's ``Holdings`` when it changes hands."""
        holdings = Holdings()
        for land in self.provinces.values():
            object.__setattr__(land, "__pydantic_private__", {"_holdings": holdings})
        self._holdings = holdings

    @property
    def holdings(self) -> Holdings:
        # pydantic's private dict read directly: ``self._holdings`` goes through
        # ``BaseModel.__getattr__``, several times slower (every prompt asks)
        private = self.__pydantic_private__
        assert private is not None
        found: Holdings = private["_holdings"]
        return found
