"""The robbery economy (Economy 2.0, 2): +2 currency a turn for 3 turns from a province with
nothing else in it, marked "R" with a red token and one more each turn; then (or when the
player stops it, or loses the province) the R goes, 2 more tokens are placed, and one token
goes each turn. Until every token is gone only a road may be built there, and each token
lowers the province's unit cap (Costs 1)."""

from __future__ import annotations

from engine.games.sixcontinents.content import REALM
from engine.games.sixcontinents.flow import colour, place
from engine.games.sixcontinents.lasting import closing_tokens
from engine.games.sixcontinents.realm import held, is_capital
from engine.games.sixcontinents.state import SixState


def add_tokens(state: SixState, province: str, count: int) -> int:
    """Red tokens placed, at most 5 on a province; returns how many fit."""
    land = state.provinces[province]
    placed = max(0, min(count, REALM.provinces.max_red_tokens - land.red_tokens))
    land.red_tokens += placed
    return placed


def robbery_sites(state: SixState, role: str) -> list[str]:
    """Provinces ``role`` owns (not occupies) with no building, token or effect."""
    return [p for p in held(state, role)
            if (land := state.provinces[p]).owner == role and not land.occupier
            and not land.buildings() and not land.red_tokens and not land.robbery
            and not land.fading and not land.markers and not land.expedition
            and not is_capital(state, p)]


def robbing(state: SixState, role: str) -> list[str]:
    return [p for p in held(state, role) if state.provinces[p].robbery]


def start_robbery(state: SixState, role: str, province: str) -> None:
    if province not in robbery_sites(state, role):
        raise ValueError(f"{role} may not run a robbery economy in {province}")
    state.provinces[province].robbery = REALM.robbery.turns
    add_tokens(state, province, 1)
    state.say(f"{colour(role)} runs a robbery economy in {place(province)}: "
              f"+{REALM.robbery.income} a turn for {REALM.robbery.turns} turns.", role=role)


def end_robbery(state: SixState, province: str) -> None:
    land = state.provinces[province]
    land.robbery = 0
    land.fading = True
    placed = add_tokens(state, province, closing_tokens(state, land.owner))
    state.say(f"The robbery economy of {place(province)} ends: {placed} more red token"
              f"{'s' if placed != 1 else ''}, one to go each turn.")


def robbery_income(state: SixState, role: str) -> int:
    """What the robbery economy brings ``role`` this turn (before :func:`robbery_turn`)."""
    return REALM.robbery.income * len(robbing(state, role))


def robbery_turn(state: SixState, role: str) -> None:
    """At the start of ``role``'s turn, after the income: one more token on each robbed
    province (the R goes after its last income), one token less where it has ended."""
    for province in held(state, role):
        land = state.provinces[province]
        if land.robbery:
            land.robbery -= 1
            if land.robbery:
                add_tokens(state, province, 1)
            else:
                end_robbery(state, province)
        elif land.fading:
            land.red_tokens = max(0, land.red_tokens - 1)
            land.fading = land.red_tokens > 0
