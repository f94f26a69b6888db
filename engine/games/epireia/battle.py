"""The Great Battle: gathering, secret placement, figures face down, column-by-column fights."""

from __future__ import annotations

from fractions import Fraction

from engine.core.game import Result
from engine.games.epireia import abilities, catalog, revisions
from engine.games.epireia.board import token_label
from engine.games.epireia.flow import push
from engine.games.epireia.state import (
    FRONTS,
    LEAGUES,
    BattleSide,
    BattleState,
    EpireiaState,
    other_league,
)

COLUMNS = 3
ROWS = 2


def leader(state: EpireiaState, league: str) -> str:
    """The league's first seat places its tokens and figures for the whole league."""
    return next(r for r in state.roles if state.seats[r].league == league)


def player_leagues(state: EpireiaState) -> list[str]:
    return [lg for lg in LEAGUES if any(state.seats[r].league == lg for r in state.roles)]


def empty_slots() -> dict[str, list[list[str]]]:
    return {front: [["" for _ in range(ROWS)] for _ in range(COLUMNS)] for front in FRONTS}


def start_battle(state: EpireiaState) -> None:
    """1. Gathering: every league takes its reserve and its allied Greek Cities' tokens."""
    state.phase = "battle"
    # Nothing is pending here: a round ends only once its choices are answered (phases.py).
    state.stack.clear()
    battle = BattleState()
    for league in LEAGUES:
        side = BattleSide(slots=empty_slots())
        if league in player_leagues(state):
            pool = list(state.leagues[league].reserve)
            state.leagues[league].reserve.clear()
            for city in state.leagues[league].allied:
                pool.append(state.greek_city_tokens.pop(city))
            side.pool = sorted(pool)
        elif state.is_solo:
            side.slots = {f: [list(c) for c in cols] for f, cols in state.solo.enemy_army.items()}
            state.solo.enemy_army = {}
            side.placed = side.figures_placed = True
        battle.sides[league] = side
    state.battle = battle
    battle.step = "place"
    state.say("The great Battle: each league places its military tokens face down.")


def placeable(state: EpireiaState, league: str, kind: str) -> list[tuple[str, int, int]]:
    """Free slots of ``league``'s battlefield that accept a ``kind`` token."""
    assert state.battle is not None
    unit = kind.split("-")[0]
    side = state.battle.sides[league]
    return [
        (front, column, row)
        for front in FRONTS
        for column in range(COLUMNS)
        for row in range(ROWS)
        if not side.slots[front][column][row] and unit in catalog.slot_units(front, row)
    ]


def placeable_kinds(state: EpireiaState, league: str) -> list[str]:
    assert state.battle is not None
    return [k for k in sorted(set(state.battle.sides[league].pool)) if placeable(state, league, k)]


def place_token(state: EpireiaState, league: str, kind: str, front: str, column: int,
                row: int) -> None:
    assert state.battle is not None
    side = state.battle.sides[league]
    side.pool.remove(kind)
    side.slots[front][column][row] = kind


def auto_place(state: EpireiaState, league: str) -> None:
    """Fill the free slots with the strongest tokens first (most specific slots first)."""
    order = sorted(set(state.battle.sides[league].pool) if state.battle else [],
                   key=lambda k: (-int(k.split("-")[1]), k))
    for kind in order:
        while kind in state.battle.sides[league].pool:  # type: ignore[union-attr]
            slots = placeable(state, league, kind)
            if not slots:
                break
            specific = [s for s in slots if len(catalog.slot_units(s[0], s[2])) == 1]
            front, column, row = (specific or slots)[0]
            place_token(state, league, kind, front, column, row)


def league_figures(state: EpireiaState, league: str) -> list[str]:
    return [f for r in state.roles if state.seats[r].league == league
            for f in state.seats[r].figure_cards]


def advance_battle(state: EpireiaState) -> None:
    battle = state.battle
    assert battle is not None
    if battle.step == "place":
        waiting = []
        for league in player_leagues(state):
            side = battle.sides[league]
            if not side.placed and not placeable_kinds(state, league):
                side.placed = True
            if not side.placed:
                waiting.append(league)
        if waiting:
            for league in reversed(waiting):
                push(state, "battle_place", leader(state, league), league=league)
            return
        battle.step = "figures"
        state.turn += 1
        state.say("Each league places one Influential Figure face down on each front.")
        return
    if battle.step == "figures":
        waiting = []
        for league in player_leagues(state):
            side = battle.sides[league]
            if not side.figures_placed and not league_figures(state, league):
                side.figures_placed = True
            if not side.figures_placed:
                waiting.append(league)
        if waiting:
            for league in reversed(waiting):
                push(state, "battle_figure", leader(state, league), league=league)
            return
        reveal_battle_figures(state)
        return
    if battle.step == "resolve":
        resolve_step(state)


def reveal_battle_figures(state: EpireiaState) -> None:
    assert state.battle is not None
    battle = state.battle
    battle.step = "resolve"
    state.reveals += 1
    for league in LEAGUES:
        side = battle.sides[league]
        if side.figures:
            placed = ", ".join(f"{front}: {catalog.figure_name(fig)}"
                               for front, fig in side.figures.items())
            state.say(f"The {league.title()} League's figures are revealed — {placed}.")
    state.turn += 1


def column_power(state: EpireiaState, league: str, front: str, column: int) -> int:
    assert state.battle is not None
    side = state.battle.sides[league]
    total = sum(abilities.token_power(state, league, kind, front, column)
                for kind in side.slots[front][column] if kind)
    if side.committed.get(front) == column and front in side.figures:
        total += abilities.figure_attack(state, side.figures[front])
    return total


def can_commit(state: EpireiaState, league: str, front: str) -> bool:
    assert state.battle is not None
    side = state.battle.sides[league]
    return front in side.figures and front not in side.committed


def resolve_step(state: EpireiaState) -> None:
    """Reveal the next column, give each league its chance to engage its figure, score it."""
    battle = state.battle
    assert battle is not None
    if battle.front >= len(FRONTS):
        finish_battle(state)
        return
    front = FRONTS[battle.front]
    column = battle.column
    if battle.revealed.get(front, 0) <= column:
        battle.revealed[front] = column + 1
        battle.passed = []
        state.reveals += 1
        parts = []
        for league in LEAGUES:
            kinds = [token_label(k) for k in battle.sides[league].slots[front][column] if k]
            parts.append(f"{league.title()}: {', '.join(kinds) or 'empty'} "
                         f"({column_power(state, league, front, column)})")
        state.say(f"{front.title()}, column {column + 1} revealed — " + "; ".join(parts) + ".")
    asking = next_to_decide(state, front, column)
    if asking:
        push(state, "battle_commit", leader(state, asking), league=asking, front=front,
             column=column)
        return
    score_column(state, front, column)


def next_to_decide(state: EpireiaState, front: str, column: int) -> str:
    """The league behind in the column decides first (Peloponnesians on a tie)."""
    assert state.battle is not None
    eligible = [lg for lg in player_leagues(state)
                if can_commit(state, lg, front) and lg not in state.battle.passed]
    if not eligible:
        return ""
    power = {lg: column_power(state, lg, front, column) for lg in LEAGUES}
    return min(eligible, key=lambda lg: (power[lg], lg != "peloponnesian"))


def score_column(state: EpireiaState, front: str, column: int) -> None:
    battle = state.battle
    assert battle is not None
    delian = column_power(state, "delian", front, column)
    peloponnesian = column_power(state, "peloponnesian", front, column)
    winner = ""
    if delian != peloponnesian:
        winner = "delian" if delian > peloponnesian else "peloponnesian"
    battle.column_winners.setdefault(front, []).append(winner)
    state.say(
        f"{front.title()}, column {column + 1}: Delian {delian}, Peloponnesian {peloponnesian} — "
        + (f"the {winner.title()} League wins it." if winner else "nobody wins it.")
    )
    battle.column += 1
    battle.passed = []
    if battle.column >= COLUMNS:
        won = battle.column_winners[front]
        counts = {lg: won.count(lg) for lg in LEAGUES}
        front_winner = ""
        if counts["delian"] != counts["peloponnesian"]:
            front_winner = max(LEAGUES, key=lambda lg: counts[lg])
        battle.front_winners[front] = front_winner
        state.say(f"The {front} front: " + (f"won by the {front_winner.title()} League."
                                              if front_winner else "won by nobody."))
        battle.front += 1
        battle.column = 0
    state.turn += 1


def finish_battle(state: EpireiaState) -> None:
    battle = state.battle
    assert battle is not None
    battle.step = "done"
    state.phase = "over"
    fronts = {lg: list(battle.front_winners.values()).count(lg) for lg in LEAGUES}
    scores = {role: float(fronts[state.seats[role].league]) for role in state.roles}
    if state.is_solo:
        mine = state.seats["solo"].league
        won = fronts[mine] > fronts[other_league(mine)]
        state.result = Result(
            winners=["solo"] if won else [], scores=scores,
            reason=(f"won {fronts_text(fronts[mine])} to {fronts[other_league(mine)]}" if won else
                    f"did not win a majority of fronts ({fronts[mine]} to "
                    f"{fronts[other_league(mine)]})"),
        )
        state.say("Victory!" if won else "Defeat.")
        return
    winner, reason = battle_winner(state, fronts)
    winners = [r for r in state.roles if state.seats[r].league == winner] if winner else []
    state.result = Result(winners=winners, scores=scores, reason=reason)
    state.say(reason[0].upper() + reason[1:] + ".")


def fronts_text(count: int) -> str:
    return f"{count} front" if count == 1 else f"{count} fronts"


def battle_winner(state: EpireiaState, fronts: dict[str, int]) -> tuple[str, str]:
    """Majority of fronts; then the maritime front; then the player with the most Prestige;
    then the player with the most Copper."""
    assert state.battle is not None
    if fronts["delian"] != fronts["peloponnesian"]:
        league = max(LEAGUES, key=lambda lg: fronts[lg])
        return league, (f"the {league.title()} League wins {fronts_text(fronts[league])} to "
                        f"{fronts[other_league(league)]}")
    maritime = state.battle.front_winners.get("maritime", "")
    if maritime:
        return maritime, f"fronts tied; the {maritime.title()} League won the maritime front"
    if revisions.league_tie_break(state):
        return league_tie_break(state)
    for field in ("prestige", "copper"):
        best = {lg: max((state.seats[r].prestige if field == "prestige"
                         else state.seats[r].resources["copper"])
                        for r in state.roles if state.seats[r].league == lg)
                for lg in LEAGUES}
        if best["delian"] != best["peloponnesian"]:
            league = max(LEAGUES, key=lambda lg: best[lg])
            return league, (f"fronts tied and no maritime victory; the {league.title()} League "
                            f"has the player with the most {field.title()}")
    return "", "a perfect tie: fronts, maritime front, Prestige and Copper are all level"


def victory_road(state: EpireiaState) -> str:
    """How a finished multiplayer Battle was decided: ``fronts`` (a majority of fronts),
    ``maritime`` (fronts tied, the maritime front won), ``prestige`` or ``copper`` (the
    tie-break after that) or ``draw``."""
    assert state.battle is not None and state.result is not None
    winners = list(state.battle.front_winners.values())
    if winners.count("delian") != winners.count("peloponnesian"):
        return "fronts"
    if state.battle.front_winners.get("maritime", ""):
        return "maritime"
    if not state.result.winners:
        return "draw"
    return "prestige" if "Prestige" in state.result.reason else "copper"


def league_tie_break(state: EpireiaState) -> tuple[str, str]:
    """Revision 2: the league with more Prestige per City, then more Copper per City."""
    for field in ("prestige", "copper"):
        per_city = {lg: Fraction(sum(state.seats[r].prestige if field == "prestige"
                                     else state.seats[r].resources["copper"]
                                     for r in state.league_roles(lg)),
                                 len(state.league_roles(lg)))
                    for lg in LEAGUES}
        if per_city["delian"] != per_city["peloponnesian"]:
            league = max(LEAGUES, key=lambda lg: per_city[lg])
            return league, (f"fronts tied and no maritime victory; the {league.title()} League "
                            f"has the most {field.title()} per City")
    return "", "a perfect tie: fronts, maritime front, Prestige and Copper are all level"
