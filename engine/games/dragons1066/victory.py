"""How the game ends.

- "Allies win or lose together. An Alliance that controls all four Fortresses on the map
  wins the game." (checked after every battle and at the end of every turn)
- The year limit (an option; the rules are silent): after the last year the alliance with
  more Fortresses wins, then the one with more lands; else a draw (nobody wins).
"""

from __future__ import annotations

from engine.core.game import Result
from engine.games.dragons1066.data import ALLIANCES, FORTRESSES, alliance_of
from engine.games.dragons1066.state import DragonsState


def winners(state: DragonsState, alliance: str) -> list[str]:
    """The roles of ``alliance`` (a role holding both alliances' kingdoms never exists)."""
    return [role for role in state.roles
            if any(alliance_of(k) == alliance for k, r in state.control.items() if r == role)]


def held(state: DragonsState, alliance: str, lands: tuple[str, ...] | None = None) -> int:
    zones = lands if lands is not None else tuple(state.owners)
    return sum(1 for zone in zones if alliance_of(state.owners[zone]) == alliance)


def check_fortresses(state: DragonsState) -> None:
    if state.result is not None:
        return
    for alliance, info in ALLIANCES.items():
        if held(state, alliance, FORTRESSES) == len(FORTRESSES):
            state.say(f"{info.name} hold all four Fortresses and win the game!")
            finish(state, alliance, f"{info.name} hold all four Fortresses")
            return


def end_of_years(state: DragonsState) -> None:
    """The year limit is reached: Fortresses, then lands, decide; else a draw."""
    scores = {a: (held(state, a, FORTRESSES), held(state, a)) for a in ALLIANCES}
    ranked = sorted(scores, key=lambda a: scores[a], reverse=True)
    first, second = ranked
    state.say("The last year is over. " + "; ".join(
        f"{ALLIANCES[a].name}: {f} Fortresses, {n} lands" for a, (f, n) in scores.items())
        + ".")
    if scores[first] == scores[second]:
        state.result = Result(winners=[], reason="a draw when the years ran out",
                              scores=role_scores(state, scores))
        state.phase = "over"
        state.turn += 1
        return
    how = "Fortresses" if scores[first][0] != scores[second][0] else "lands"
    finish(state, first, f"{ALLIANCES[first].name} hold more {how} when the years run out",
           scores)


def role_scores(state: DragonsState,
                scores: dict[str, tuple[int, int]]) -> dict[str, float]:
    return {role: float(scores[alliance_of(k)][0] * 100 + scores[alliance_of(k)][1])
            for k, role in state.control.items()}


def finish(state: DragonsState, alliance: str, reason: str,
           scores: dict[str, tuple[int, int]] | None = None) -> None:
    totals = scores or {a: (held(state, a, FORTRESSES), held(state, a)) for a in ALLIANCES}
    state.result = Result(winners=winners(state, alliance), reason=reason,
                          scores=role_scores(state, totals))
    state.phase = "over"
    state.turn += 1


def alive(state: DragonsState, kingdom: str) -> bool:
    """A kingdom with no land and no unit has nothing left to play."""
    return kingdom in state.owners.values() or any(p.owner == kingdom for p in state.pieces)

