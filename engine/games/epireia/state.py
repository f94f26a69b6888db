"""The Epireia game state: every field the rules, the abilities and the view read.

Vocabulary (ids are stable strings, used in choice ids and data files):

- leagues: ``"delian"``, ``"peloponnesian"``.
- cities: ``athens sparta corinth delphi elis larissa`` (map.toml ``[[city]]``).
- resources: ``wheat wood copper``.
- token kinds: ``hoplites-1 hoplites-2 triremes-1 triremes-2 cavalry-1 cavalry-2``
  (``<unit>-<level>``; content's tokens.toml gives powers, costs and supplies).
- fronts: ``flank centre maritime``; columns 0, 1, 2; rows 0, 1.
- map spaces: empire ids (``persia`` ...), territory ids (``epirus`` ...), city ids;
  a figure at home stands on ``"home"``.

Fields (all plain data, JSON-ready):

``options``            EpireiaOptions (timeout policy, solo scenario and city).
``round``              game round, 1-based (a round = development, diplomacy, resolution).
``phase``              ``"setup"``, ``"development"``, ``"diplomacy"``, ``"resolution"``,
                       ``"battle"``, ``"over"``.
``step``               sub-step inside a phase (battle: ``place``/``figures``/``resolve``).
``queue``              roles still to act in the current phase, in order.
``stack``              the prompt stack (list of ``engine.core.flow.Frame``); the top frame
                       names the prompt state that asks now. Several frames of simultaneous
                       prompt states at the top are asked together (secret choices).
``seats``              role -> :class:`Seat` (the player's city board).
``leagues``            league -> :class:`League` (treasury, battlefield reserve, battle).
``figures``            figure id -> :class:`FigureState` for every figure in play
                       (owner role, location). Figures not in play are absent.
``territories``        territory id -> owner role, ``"brigands"``, or ``""`` (free).
``greek_cities``       neutral city id -> league it is integrated into, or ``""``.
                       Played cities are absent.
``greek_city_tokens``  neutral city id -> military token kind that city brings its league.
``supply``             token kind -> tokens left in the general supply.
``scenario``           :class:`ScenarioState` (act, card, completion, winners).
``augur``              solo: :class:`AugurState` (deck left, revealed pile, active card).
``solo``               solo: :class:`SoloState` (scenario id, round limit, enemy figures).
``effects``            name -> int: one-turn or lasting modifiers set by abilities, augur
                       cards and constraints (``abilities.modifiers`` owns the names; the rules
                       clear those whose name starts with ``"turn:"`` at each round's end).
``end_after_round``    True once Act III is completed: the battle follows this round.
``battle``             :class:`BattleState` once the Great Battle begins.

Each :class:`Seat`:
``city`` (``""`` until drafted), ``league``, ``resources`` {wheat, wood, copper},
``prestige``, ``trade_posts`` (City tokens left in reserve, 3 at start), ``administrator``
(``""`` until drafted), ``admin_uses`` (administrator ability uses spent, max 3),
``buildings`` (ids built, each once), ``figure_cards`` (figure ids in play, at most 3
slots), ``figure_choice`` (SECRET: the starting figure chosen, before the reveal),
``actions_left`` (development actions left this turn), ``bonuses_taken`` (prestige-track
thresholds already granted), ``counters`` (name -> int, for abilities' own bookkeeping).

Each :class:`League`:
``treasury`` {wheat, wood, copper}, ``reserve`` (token kinds produced or won, not yet on the
battlefield), ``allied`` (neutral city ids integrated, their tokens counted at the battle).

The prompt stack frames (``Frame.name``) are the named prompt states of ``setup_prompts.py``,
``turn_prompts.py`` and ``battle_prompts.py``:
``draft_city``, ``draft_admin``, ``choose_figure`` (simultaneous, secret),
``solo_scenario``, ``solo_city``, ``solo_league``, ``develop``, ``move``, ``move_to``,
``battle_place`` and ``battle_slot`` (simultaneous, secret), ``battle_figure``
(simultaneous, secret), ``battle_commit``, ``ability`` (a choice an ability
asks for: ``data["source"]`` names it, ``data["options"]`` lists ``[id, label]`` pairs and
``abilities.resolve_choice(state, role, frame, choice)`` is called with the picked id).

Calls into the ``abilities`` package (its face names them). The rules call exactly these:

- ``figure_attack(state, figure_id) -> int``: attack power now (card value + effects; in the
  Great Battle also its front bonus).
- ``figure_has_sea(state, figure_id) -> bool``.
- ``empire_bonus(state, role, figure_id, empire_id) -> int``: added to the d12 roll.
- ``integration_bonus(state, role, figure_id, city_id) -> int``: added to the d12 roll.
- ``conflict_bonus(state, league, space_id) -> int``: added to a league's conflict total.
- ``brigand_bonus(state, league, space_id) -> int``: added to the combined attack vs Brigands.
- ``move_blocked(state, role, figure_id, destination) -> str``: "" or a reason (constraints).
- ``building_cost(state, role, building_id) -> dict[str, int]``,
  ``token_cost(state, role, kind) -> dict[str, int]`` and
  ``can_produce(state, role, kind) -> str`` ("" when allowed, else the reason).
- ``on_construct(state, role, building_id) -> None``: immediate effect; may push frames.
- ``on_donate(state, role, resource, amount) -> None``.
- ``on_prestige(state, role, old, new) -> None``: prestige-track bonuses (forfeit if unpaid).
- ``play_figure(state, role, figure_id) -> None``: a figure card comes into play.
- ``development_actions(state, role) -> int``: actions at the start of a development turn.
- ``income(state, role) -> dict[str, int]``: extra income (civil buildings), beyond 1/1/1.
- ``administrator_options(state, role) -> list[tuple[str, str]]`` (id, label) and
  ``use_administrator(state, role, option_id) -> None`` (the rules count ``admin_uses``).
- ``start_scenario(state, card_id) -> None``: on reveal (constraints such as brigands).
- ``objective_met(state, role) -> bool`` and ``grant_reward(state, role) -> None``.
- ``augur_reveal(state, card_id) -> None``: set ``"turn:"`` effects for one round.
- ``token_power(state, league, kind, front, column) -> int``.
- ``solo_objectives_met(state) -> bool``.
- ``resolve_choice(state, role, frame, choice_id) -> None`` for ``ability`` frames.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from engine.core.flow import FlowState
from engine.core.flow import Frame as Frame  # the rules modules import it from here
from engine.core.game import GameOptions
from engine.core.order import in_order
from engine.games.epireia.board import CITY_IDS, TERRITORIES

RESOURCES: tuple[str, ...] = ("wheat", "wood", "copper")
LEAGUES: tuple[str, ...] = ("delian", "peloponnesian")
FRONTS: tuple[str, ...] = ("flank", "centre", "maritime")
TOKEN_KINDS: tuple[str, ...] = (
    "hoplites-1", "hoplites-2", "triremes-1", "triremes-2", "cavalry-1", "cavalry-2",
)
HOME = "home"
V = TypeVar("V")
BRIGANDS = "brigands"
ENEMY = "enemy"  # the owner of the solo enemy figures


def other_league(league: str) -> str:
    return "peloponnesian" if league == "delian" else "delian"


class EpireiaOptions(GameOptions):
    """Game options.

    ``timeout_policy``: what the platform does when a player's timer runs out.
    ``round_limit``: multiplayer only; if Act III is still not completed after this many
    rounds, the Great Battle follows that round (the rules are silent; see the docs).
    ``solo_scenario``: solo only; a solo scenario id from solo.toml, or ``""`` to let the
    player choose it at the table.
    ``solo_city``: solo only; a city id, or ``""`` to choose at the table (a scenario that
    predetermines the city overrides it).
    ``solo_difficulty``: solo only, rules revision 2: ``standard`` or ``hard`` (a round less).
    """

    timeout_policy: Literal["pass", "resign"] = "pass"
    round_limit: int = Field(default=12, ge=4, le=30)
    solo_scenario: str = ""
    solo_city: str = ""
    solo_difficulty: Literal["standard", "hard"] = "standard"

    @model_serializer(mode="wrap")
    def _first_revision_left_out(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> dict[str, Any]:
        """Revision 1 (left out, as ``GameOptions`` does) had no solo difficulty: a revision-1
        state's JSON stays as it was."""
        data: dict[str, Any] = handler(self)
        if self.revision == 1:  # its own ``revision`` is left out already (``GameOptions``)
            data.pop("solo_difficulty", None)
        return data


class Seat(BaseModel):
    city: str = ""
    league: str
    resources: dict[str, int] = Field(
        default_factory=lambda: {"wheat": 2, "wood": 2, "copper": 2}
    )
    prestige: int = 1
    trade_posts: int = 3
    administrator: str = ""
    admin_uses: int = 0
    buildings: list[str] = Field(default_factory=list)
    figure_cards: list[str] = Field(default_factory=list)
    figure_choice: str = ""
    actions_left: int = 0
    bonuses_taken: list[int] = Field(default_factory=list)
    counters: dict[str, int] = Field(default_factory=dict)

    @field_validator("resources")
    @classmethod
    def _resources_in_order(cls, resources: dict[str, int]) -> dict[str, int]:
        return in_order(resources, RESOURCES)


class League(BaseModel):
    treasury: dict[str, int] = Field(
        default_factory=lambda: {"wheat": 0, "wood": 0, "copper": 0}
    )
    reserve: list[str] = Field(default_factory=list)
    allied: list[str] = Field(default_factory=list)

    @field_validator("treasury")
    @classmethod
    def _treasury_in_order(cls, treasury: dict[str, int]) -> dict[str, int]:
        return in_order(treasury, RESOURCES)


class FigureState(BaseModel):
    owner: str  # role; ``"enemy"`` for solo enemy figures
    location: str = HOME


class ScenarioState(BaseModel):
    act: int = 0
    card: str = ""
    completed: bool = False
    winner: str = ""  # role whose action met the objective first ("" when the league's)
    winner_league: str = ""  # league that met it (its reserve took the reward)
    history: list[str] = Field(default_factory=list)  # cards of past acts
    reveal_next: bool = False  # the next act's card is drawn at the start of next round
    revealed_turn: int = -1  # ``turn`` when the card (solo: the scenario) was revealed


class AugurState(BaseModel):
    deck: list[str] = Field(default_factory=list)  # hidden order
    revealed: list[str] = Field(default_factory=list)  # most recent last
    active: str = ""


class SoloState(BaseModel):
    scenario: str = ""
    rounds: int = 0
    enemy_cities: list[str] = Field(default_factory=list)
    enemy_figures: list[str] = Field(default_factory=list)
    enemy_army: dict[str, list[list[str]]] = Field(default_factory=dict)
    # Rules revision 2: the objectives (indices in the scenario's list) completed so far; left
    # out of the JSON while empty, so revision-1 states (which never fill it) are unchanged.
    completed: list[int] = Field(default_factory=list, exclude_if=lambda done: not done)

    @field_validator("enemy_army")
    @classmethod
    def _fronts_in_order(cls, army: dict[str, list[list[str]]]) -> dict[str, list[list[str]]]:
        return in_order(army, FRONTS)


class BattleSide(BaseModel):
    """One league's battlefield: ``slots[front][column][row]`` token kind or ``""``."""

    slots: dict[str, list[list[str]]] = Field(default_factory=dict)
    pool: list[str] = Field(default_factory=list)  # gathered tokens not yet placed (secret)
    figures: dict[str, str] = Field(default_factory=dict)  # front -> figure id (secret)
    placed: bool = False  # tokens placement finished
    figures_placed: bool = False
    committed: dict[str, int] = Field(default_factory=dict)  # front -> column committed

    # ``figures`` keeps the order the figures were placed in (the next front to fill is
    # counted from it); it is placed front by front, so the front order is that order.
    @field_validator("slots", "figures", "committed")
    @classmethod
    def _fronts_in_order(cls, by_front: dict[str, V]) -> dict[str, V]:
        return in_order(by_front, FRONTS)


class BattleState(BaseModel):
    step: Literal["place", "figures", "resolve", "done"] = "place"
    sides: dict[str, BattleSide] = Field(default_factory=dict)
    front: int = 0  # index into FRONTS
    column: int = 0
    revealed: dict[str, int] = Field(default_factory=dict)  # front -> columns revealed
    column_winners: dict[str, list[str]] = Field(default_factory=dict)  # front -> per column
    front_winners: dict[str, str] = Field(default_factory=dict)  # front -> league or ""
    passed: list[str] = Field(default_factory=list)  # leagues that passed this column

    @field_validator("revealed", "column_winners", "front_winners")
    @classmethod
    def _fronts_in_order(cls, by_front: dict[str, V]) -> dict[str, V]:
        return in_order(by_front, FRONTS)

    @field_validator("sides")
    @classmethod
    def _leagues_in_order(cls, sides: dict[str, BattleSide]) -> dict[str, BattleSide]:
        return in_order(sides, LEAGUES)


class EpireiaState(FlowState):
    options: EpireiaOptions
    round: int = 1
    phase: str = "setup"
    step: str = ""
    queue: list[str] = Field(default_factory=list)
    seats: dict[str, Seat] = Field(default_factory=dict)
    leagues: dict[str, League] = Field(default_factory=dict)
    figures: dict[str, FigureState] = Field(default_factory=dict)
    territories: dict[str, str] = Field(default_factory=dict)
    greek_cities: dict[str, str] = Field(default_factory=dict)
    greek_city_tokens: dict[str, str] = Field(default_factory=dict)
    supply: dict[str, int] = Field(default_factory=dict)
    scenario: ScenarioState = Field(default_factory=ScenarioState)
    augur: AugurState = Field(default_factory=AugurState)
    solo: SoloState = Field(default_factory=SoloState)
    effects: dict[str, int] = Field(default_factory=dict)
    end_after_round: bool = False
    battle: BattleState | None = None

    # The board order of each dict the rules iterate, restored after a store that sorts
    # keys (``engine/core/order.py``). ``figures`` keeps the order figures were recruited in,
    # which no board order gives back: a store must keep its JSON as written (SQLite does).
    @field_validator("leagues")
    @classmethod
    def _leagues_in_order(cls, leagues: dict[str, League]) -> dict[str, League]:
        return in_order(leagues, LEAGUES)

    @field_validator("territories")
    @classmethod
    def _territories_in_order(cls, territories: dict[str, str]) -> dict[str, str]:
        return in_order(territories, TERRITORIES)

    @field_validator("greek_cities", "greek_city_tokens")
    @classmethod
    def _cities_in_order(cls, cities: dict[str, str]) -> dict[str, str]:
        return in_order(cities, CITY_IDS)

    @field_validator("supply")
    @classmethod
    def _supply_in_order(cls, supply: dict[str, int]) -> dict[str, int]:
        return in_order(supply, TOKEN_KINDS)

    @model_validator(mode="after")
    def _seats_in_seating_order(self) -> EpireiaState:
        self.seats = in_order(self.seats, self.roles)
        return self

    # Helpers every module uses -------------------------------------------------------

    def league_of(self, role: str) -> str:
        return self.seats[role].league

    def league_roles(self, league: str) -> list[str]:
        return [r for r in self.roles if self.seats[r].league == league]

    def city_of(self, role: str) -> str:
        return self.seats[role].city

    def role_of_city(self, city: str) -> str:
        for role in self.roles:
            if self.seats[role].city == city:
                return role
        return ""

    @property
    def is_solo(self) -> bool:
        return self.players == 1
