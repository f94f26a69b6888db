"""Small positions for rule tests: capitals in France (red), Poland (blue) and China (green),
no unit on the map until a test puts some there."""

from __future__ import annotations

from engine.core.runner import act
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.phases import begin_turn
from engine.games.sixcontinents.realm import add_units, horse
from engine.games.sixcontinents.setup_prompts import place_capital
from engine.games.sixcontinents.state import SixState, Unit

CAPITALS = {"red": "france", "blue": "poland", "green": "china"}


def started(players: int = 2, rounds: int = 30) -> SixState:
    """Capitals placed, Red first, round 1 with a sunny period lasting, nobody asked yet."""
    state = GAME.setup("test", players, GAME.Options(rounds=rounds))
    state.stack = []
    for role in state.roles:
        place_capital(state, role, CAPITALS[role])
    state.order = list(state.roles)
    state.phase = "turn"
    state.round = 1
    state.weather.id, state.weather.left, state.weather.roller = "sunny", 3, 0
    return state


def turn(state: SixState, role: str = "red", currency: int | None = None) -> None:
    """Begin ``role``'s turn (income, food) up to its first question; then set the
    currency if given."""
    state.stack = []
    begin_turn(state, role)
    GAME.settle(state)
    if currency is not None:
        give(state, role, currency)


def give(state: SixState, role: str, currency: int) -> None:
    """Set ``role``'s currency, keeping the account straight."""
    realm = state.realms[role]
    change = currency - realm.currency
    if change >= 0:
        realm.received += change
    else:
        realm.paid -= change
    realm.currency = currency


def own(state: SixState, role: str, *provinces: str) -> None:
    for province in provinces:
        state.provinces[province].owner = role


def put(state: SixState, role: str, kind: str, province: str, count: int = 1) -> list[Unit]:
    """Units ready to move (not fresh); a caravan comes with its horse."""
    own_it = state.provinces[province]
    if not own_it.holder:
        own_it.owner = role
    realm = state.realms[role]
    realm.raised += horse(kind) * count
    realm.harnessed += horse(kind) * count
    return add_units(state, role, kind, province, count, fresh=False)


def choose(state: SixState, *choices: str) -> None:
    """Answer the questions asked, in order, each by the role asked; the invariants hold
    after each."""
    for choice_id in choices:
        prompts = GAME.prompts(state)
        assert len(prompts) == 1, prompts
        role = next(iter(prompts))
        act(GAME, state, role, choice_id, prompts=prompts)
        assert GAME.invariants(state) == [], choice_id


def ids(state: SixState) -> list[str]:
    return [c.id for prompt in GAME.prompts(state).values() for c in prompt.choices]


def asked(state: SixState) -> str:
    return state.stack[-1].name if state.stack else ""


def kinds(state: SixState, province: str, role: str | None = None) -> list[str]:
    return sorted(u.kind for u in state.units if u.province == province
                  and (role is None or u.owner == role))
