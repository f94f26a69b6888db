"""The end of the game (Victory, Rules for 3 players 5): every enemy capital held wins at
once; else, after the round limit, the points: 1 per province, 6 per capital held (10 with
three players) and next round's income; ties go to more capitals, then more provinces, then
a shared victory."""

from __future__ import annotations

from engine.core.game import Result, and_list
from engine.games.sixcontinents.content import REALM
from engine.games.sixcontinents.economy import net_income
from engine.games.sixcontinents.flow import colour
from engine.games.sixcontinents.realm import alive, held, is_capital, three
from engine.games.sixcontinents.state import SixState


def capitals_held(state: SixState, role: str) -> int:
    return sum(1 for p in held(state, role) if is_capital(state, p))


def points(state: SixState, role: str) -> int:
    mine = held(state, role)
    per_capital = REALM.three_players.per_capital if three(state) else \
        REALM.victory.per_capital
    score = REALM.victory.per_province * len(mine) + per_capital * capitals_held(state, role)
    if REALM.victory.income_counts:
        score += max(0, net_income(state, role))
    return score


def finish(state: SixState, winners: list[str], reason: str, ending: str,
           scores: dict[str, float] | None = None) -> None:
    state.result = Result(winners=winners, reason=reason, scores=scores or {})
    state.ending = ending
    state.phase = "over"
    state.stack = []
    state.say(f"{and_list([colour(w) for w in winners]) or 'Nobody'} "
              f"win{'s' if len(winners) == 1 else ''}: {reason}.")
    state.turn += 1


def check_capitals(state: SixState) -> bool:
    """A player holding every enemy capital wins at once; so does the last one standing."""
    if state.phase != "turn":
        return False
    for role in state.order:
        others = [realm.capital for r, realm in state.realms.items() if r != role]
        if all(state.provinces[c].holder == role for c in others):
            finish(state, [role], "every enemy capital taken", "capitals")
            return True
    standing = [r for r in state.order if alive(state, r)]
    if state.order and len(standing) == 1:
        finish(state, standing, "the last realm standing", "last_standing")
        return True
    return False


def count_points(state: SixState) -> None:
    """The round limit is reached: the points decide."""
    roles = [r for r in state.order if not state.realms[r].out]
    scores = {r: points(state, r) for r in roles}

    def rank(role: str) -> tuple[int, int, int]:
        return scores[role], capitals_held(state, role), len(held(state, role))

    best = max(rank(r) for r in roles)
    winners = [r for r in roles if rank(r) == best]
    text = ", ".join(f"{colour(r)} {scores[r]}" for r in roles)
    finish(state, winners, f"the most points after {state.round} rounds ({text})", "points",
           {r: float(s) for r, s in scores.items()})
