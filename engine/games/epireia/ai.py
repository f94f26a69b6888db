"""A greedy automatic player for Epireia, for balance runs and playouts (solo and leagues).

Imported only by what plays it (``engine.core.registry.policies``: simulate, benchmarks); the
rules never import it.

``autoplay(game, state, role, choices, rng)`` returns the id of one of ``choices`` (the prompt
``role`` answers now). It reads the state and never changes it, never draws from ``state.rng``
(the game's dice must depend only on the seed and the choices), and breaks ties with the ``rng``
it is given, so a game between automatic players is deterministic for a seed.

How it plays (rules of thumb plus a one-ply lookahead):

* **Set-up**: a City, Administrator and starting figure from fixed preferences (in the
  multiplayer draft the strongest City left as measured; the Polemarch's cheap tokens and the
  Archon's extra actions first; strong or sea-going figures).
* **Development**: every action (each donation amount, building, token, administrator option)
  is applied to a cheap copy of the state with the engine's own functions and the copy is
  scored; the best action is taken if it beats ending the turn. The score counts resources (worth
  little in the last round), income, the objectives (the solo scenario's, or the current Act's
  card for the player's league, kept at full value once the league has met it), Prestige, and
  the battle: in solo the cost of the tokens (and military buildings) still missing from the
  cheapest army that wins two fronts against the known enemy army; with several players the
  strength of the league's reserve and the City's own military buildings.
* **Diplomacy**: each figure goes where its expected gain is highest: an Empire (chance of the
  roll with every bonus, times the reward), a Territory (the chance to beat the Brigands and
  whoever may contest it, times the tax and the objective), a Greek City (its token), or it
  stays on a held Territory to protect it; where a league partner's figure already stands, only
  what it adds to that figure counts.
* **The Great Battle**: the tokens are placed after the cheapest plan that wins two fronts
  against the enemy army (solo) or against an estimate of the other league's placement (the
  maritime front is preferred: it breaks a tie in fronts); the figures go to the fronts of that
  plan; a figure is engaged in the column where it turns the front.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations, product
from typing import Any

from engine.core.game import Choice, Game, GameState
from engine.core.rng import Rng
from engine.core.runner import act
from engine.games.epireia import abilities, catalog, revisions, scenarios
from engine.games.epireia.battle import COLUMNS, league_figures
from engine.games.epireia.battle import column_power as live_power
from engine.games.epireia.board import CITIES, EMPIRES, SOLO_MOVES, TERRITORIES
from engine.games.epireia.content import CONTENT, Objective
from engine.games.epireia.diplomacy import destinations
from engine.games.epireia.flow import active_frames
from engine.games.epireia.state import (
    BRIGANDS,
    ENEMY,
    FRONTS,
    HOME,
    TOKEN_KINDS,
    EpireiaState,
    Frame,
    other_league,
)

Column = tuple[str, str]
Army = tuple[tuple[Column, ...], ...]  # per front (FRONTS order), three columns of two rows
Usage = tuple[int, ...]  # token counts in TOKEN_KINDS order
NO_USAGE: Usage = (0,) * len(TOKEN_KINDS)
KIND_INDEX = {k: i for i, k in enumerate(TOKEN_KINDS)}

CITY_PREFERENCE = ("athens", "sparta", "corinth", "larissa", "elis", "delphi")  # solo
# The multiplayer draft takes the strongest City left, as measured with this player in 2-player
# mirror games (`bench/epireia_balance.py cities 8 --seed cit8` and `--seed cty`, 160 games per
# City: Athens 64%, Larissa 55%, Delphi 54%, Corinth 48%, Sparta 44%, Elis 36% of their games).
# The solo order above drafted Sparta and Corinth second and third: with 4 players the draft
# (Delian, Peloponnesian, Peloponnesian, Delian) gave the Peloponnesians the weakest pair.
DRAFT_PREFERENCE = ("athens", "larissa", "delphi", "corinth", "sparta", "elis")
ADMIN_PREFERENCE = ("polemarch", "archon", "merchant", "architect", "priestess", "trapezites")
FIGURE_PREFERENCE = {
    "athens": ("pericles", "themistocles", "cimon", "aristides", "cleisthenes"),
    "sparta": ("gorgo", "leonidas", "pausanias", "archidamus", "brasidas"),
    "corinth": ("adeimantus", "timoleon", "periander", "aristeus", "xenophon"),
    "delphi": ("aristonice", "perialla", "timasitheus", "xenoclea", "aceratus"),
    "elis": ("hippias", "eupolemos", "thrasydaeus", "tisamenus", "libon"),
    "larissa": ("aleuas", "heliodorus", "echecratidas", "pheidon", "thorax"),
}

# Score weights (one resource is worth about 1 while there is a round left to spend it).
ACTION_VALUE = 0.4          # an action not yet spent this turn
BANKED_ACTION_VALUE = 1.6   # a bonus action kept for the next turn
BATTLE_COST_WEIGHT = 1.6    # solo: per resource still missing from the winning army
PRESTIGE_VALUE = 0.3
ADMIN_USE_VALUE = 1.8       # an administrator use still to come (with the Archeion)
OBJECTIVE_MET = 6.0
UNIT_VALUE = {"prestige": 3.2, "prestige_per_city": 3.2, "treasury": 1.4, "buildings": 5.5,
              "reserve": 3.6, "territories": 5.0}
MULTI_OBJECTIVE_SCALE = 0.7  # with several players an objective is a race for one token


def autoplay(
    game: Game[Any, Any], state: GameState, role: str, choices: Sequence[Choice], rng: Rng
) -> str:
    """The greedy player's choice for ``role`` now (one of ``choices``' ids)."""
    assert isinstance(state, EpireiaState)
    ids = [c.id for c in choices]
    frame = next((f for f in active_frames(state) if f.role == role), None)
    pick = ""
    if frame is not None:
        handler = HANDLERS.get(frame.name)
        if handler is not None:
            pick = handler(game, state, frame, ids, rng)
    if pick in ids:
        return pick
    for fallback in ("auto", "done", "pass", "none"):
        if fallback in ids:
            return fallback
    return ids[0]


# --- set-up -----------------------------------------------------------------------------------


def first_of(preference: Sequence[str], ids: list[str], prefix: str) -> str:
    for item in preference:
        if f"{prefix}{item}" in ids:
            return f"{prefix}{item}"
    return ids[0]


def pick_scenario(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    return rng.choice(ids)


def pick_city(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
              rng: Rng) -> str:
    preference = CITY_PREFERENCE if state.is_solo else DRAFT_PREFERENCE
    return first_of(preference, ids, "city:")


def pick_league(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                rng: Rng) -> str:
    return "lg:delian"


def pick_admin(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
               rng: Rng) -> str:
    return first_of(ADMIN_PREFERENCE, ids, "adm:")


def pick_figure(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                rng: Rng) -> str:
    city = state.seats[frame.role].city
    return first_of(FIGURE_PREFERENCE.get(city, ()), ids, "fig:")


def pick_ability(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                 rng: Rng) -> str:
    """A recruit: the strongest figure (sea-going on a tie)."""
    figures = [i for i in ids if i in CONTENT.figures]
    if not figures:
        return ids[0]
    cards = {f: abilities.figure_card(state, f) for f in figures}
    return max(figures, key=lambda f: (cards[f].attack, cards[f].sea, -ids.index(f)))


# --- scoring a state --------------------------------------------------------------------------


def rounds_left(state: EpireiaState) -> int:
    """Development phases still to come after the current round's."""
    if state.is_solo:
        return max(0, state.solo.rounds - state.round)
    if state.end_after_round:
        return 0
    return max(0, state.options.round_limit - state.round)


def objectives(state: EpireiaState) -> list[Objective]:
    if state.is_solo:
        scenario = CONTENT.solo.get(state.solo.scenario)
        return [o for i, o in enumerate(scenario.objectives)
                if i not in state.solo.completed] if scenario else []
    card = CONTENT.scenarios.get(state.scenario.card)
    if card is None or state.scenario.completed:
        return []
    return [card.objective]


def progress(state: EpireiaState, role: str, objective: Objective) -> float:
    """How far ``role`` (or its league) is toward ``objective``, in its own units: the league's
    measure, except that a City counts only its own Prestige (a partner's does not help it)."""
    if objective.check == "prestige":
        return state.seats[role].prestige
    if objective.check == "prestige_per_city" and revisions.prestige_per_city_on_average(state):
        roles = state.league_roles(state.league_of(role))
        return sum(state.seats[r].prestige for r in roles) / len(roles)
    return scenarios.progress(state, state.league_of(role), objective)


def objective_value(state: EpireiaState, role: str) -> float:
    scale = 1.0 if state.is_solo else MULTI_OBJECTIVE_SCALE
    total = 0.0
    for objective in objectives(state):
        done = min(progress(state, role, objective), objective.amount)
        total += scale * UNIT_VALUE[objective.check] * done
        if done >= objective.amount:
            total += scale * OBJECTIVE_MET
    if state.is_solo:
        # Completed for good (rules revision 2): worth all of it, as just before.
        solo = CONTENT.solo.get(state.solo.scenario)
        completed = [solo.objectives[i] for i in state.solo.completed] if solo else []
        for objective in completed:
            total += UNIT_VALUE[objective.check] * objective.amount + OBJECTIVE_MET
    scenario = state.scenario
    card = CONTENT.scenarios.get(scenario.card)
    if not state.is_solo and card is not None and scenario.completed and \
            scenario.winner_league == state.league_of(role):
        # Met by our league: worth all its progress and more, as it was just before (the card
        # leaves ``objectives`` once completed; without this the player never completed one).
        objective = card.objective
        total += scale * (UNIT_VALUE[objective.check] * objective.amount + OBJECTIVE_MET)
    return total


def territory_unit(state: EpireiaState, sea: bool) -> float:
    """What holding one more Territory is worth for the objectives now."""
    scale = 1.0 if state.is_solo else MULTI_OBJECTIVE_SCALE
    value = 0.0
    for objective in objectives(state):
        if objective.check == "territories" and (
            objective.terrain is None or (objective.terrain == "sea") == sea
        ):
            value += scale * UNIT_VALUE["territories"]
    return value


def value(state: EpireiaState, role: str) -> float:
    """The greedy score of ``state`` for ``role``."""
    seat = state.seats[role]
    left = rounds_left(state)
    price = 1.0 if left > 0 else 0.1
    if state.is_solo:
        score = price * sum(seat.resources.values())
    else:
        # A hoard is worth less than what it buys: beyond 6 of a resource, a quarter.
        score = price * sum(min(n, 6) + 0.25 * max(0, n - 6) for n in seat.resources.values())
    income = abilities.income(state, role)
    score += 0.8 * price * left * sum(income.values())
    score += PRESTIGE_VALUE * seat.prestige + objective_value(state, role)
    score += ACTION_VALUE * seat.actions_left
    score += BANKED_ACTION_VALUE * seat.counters.get("bonus_actions", 0)
    if "archeion" in seat.buildings:
        score += ADMIN_USE_VALUE * min(3 - seat.admin_uses, left + 1)
    if "proxeneion" in seat.buildings:
        score += 0.35 * left * len(seat.figure_cards)
    if "synedrion" in seat.buildings and not state.is_solo:
        score += 0.2 * left
    if "theatre" in seat.buildings:
        score += 0.2 * left
    score += (1.2 * min(left, 4) + 0.5) * len(seat.figure_cards)
    if state.is_solo:
        score -= BATTLE_COST_WEIGHT * solo_battle_cost(state, role)
    else:
        score += league_strength(state, role, left)
    return score


def league_strength(state: EpireiaState, role: str, left: int) -> float:
    """Multiplayer: what the league's reserve (and allied cities) is worth for the Battle, and
    what ``role``'s own military buildings are worth for the Level II tokens still to make (a
    partner's building does not let this City produce them)."""
    league = state.league_of(role)
    tokens = list(state.leagues[league].reserve)
    tokens += [state.greek_city_tokens[c] for c in state.leagues[league].allied
               if c in state.greek_city_tokens]
    strength = sum(token_strength(k) for k in tokens[:18])
    built = state.seats[role].buildings
    levels = sum(1 for b in ("gymnasium", "shipsheds", "hippodrome") if b in built)
    return 1.5 * strength + 0.6 * min(left, 5) * levels


def token_strength(kind: str) -> float:
    token = CONTENT.tokens[kind]
    return token.value + (0.5 if token.power else 0.0)


# --- the solo battle: the cheapest army that wins two fronts -----------------------------------


def enemy_army(state: EpireiaState, league: str) -> Army:
    """The army ``league`` fights: solo, the enemy's known army; otherwise an estimate."""
    if state.battle is not None and state.battle.sides[other_league(league)].placed and \
            state.is_solo:
        slots = state.battle.sides[other_league(league)].slots
    elif state.is_solo:
        slots = state.solo.enemy_army
    else:
        return estimate_army(state, other_league(league))
    return tuple(tuple((col[0], col[1]) for col in slots[front]) for front in FRONTS)


def column_power(front: str, ours: Column, theirs: Column) -> int:
    mine = [k for k in ours if k]
    other = [k for k in theirs if k]
    total = 0
    for kind in mine:
        token = CONTENT.tokens[kind]
        power = token.value
        if token.power:
            bonus = CONTENT.powers[token.power].amount
            applies = {
                "phalanx": sum(k.startswith("hoplites") for k in mine) >= 2,
                "charge": front == "flank",
                "ram": any(k.startswith("triremes") for k in other),
            }
            if applies.get(token.power, False):
                power += bonus
        total += power
    return total


@lru_cache(maxsize=64)
def column_fills(front: str) -> tuple[Column, ...]:
    rows = [("", *(k for k in TOKEN_KINDS if k.split("-")[0] in CONTENT.fronts[front].rows[r]))
            for r in range(2)]
    return tuple((a, b) for a in rows[0] for b in rows[1])


def usage_of(columns: Sequence[Column]) -> Usage:
    counts = [0] * len(TOKEN_KINDS)
    for column in columns:
        for kind in column:
            if kind:
                counts[KIND_INDEX[kind]] += 1
    return tuple(counts)


def add(a: Usage, b: Usage) -> Usage:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def dominated(a: Usage, b: Usage) -> bool:
    """``b`` needs no more of any kind than ``a``."""
    return all(y <= x for x, y in zip(a, b, strict=True))


def pareto(options: list[tuple[Usage, tuple[Column, ...], int]]
           ) -> tuple[tuple[Usage, tuple[Column, ...], int], ...]:
    options.sort(key=lambda o: (sum(o[0]), o[0]))
    kept: list[tuple[Usage, tuple[Column, ...], int]] = []
    for option in options:
        if not any(dominated(option[0], k[0]) for k in kept):
            kept.append(option)
    return tuple(kept)


@lru_cache(maxsize=4096)
def column_wins(front: str, theirs: Column, need: int) -> tuple[tuple[Usage, Column], ...]:
    """Minimal fills of one column whose power beats the enemy column by ``need`` (win when
    our power minus theirs is at least ``need``; ``need`` 0 means a tie or better)."""
    found: list[tuple[Usage, tuple[Column, ...], int]] = []
    for fill in column_fills(front):
        if column_power(front, fill, theirs) - column_power(front, theirs, fill) >= need:
            found.append((usage_of([fill]), (fill,), 0))
    return tuple((u, cols[0]) for u, cols, _ in pareto(found))


@lru_cache(maxsize=4096)
def front_wins(front: str, theirs: tuple[Column, ...], attack: int
               ) -> tuple[tuple[Usage, tuple[Column, ...], int], ...]:
    """Minimal ways to win a front: (usage, fills per column, column of the figure or -1).
    A front is won with more columns won than lost; ``attack`` is our figure's, added to one
    column."""
    options: list[tuple[Usage, tuple[Column, ...], int]] = []
    figure_columns = [-1] if attack <= 0 else list(range(COLUMNS))
    # Each column: win (margin 1), tie (margin 0) or concede (empty).
    for outcome in product(("win", "tie", "lose"), repeat=COLUMNS):
        if outcome.count("win") <= outcome.count("lose"):
            continue
        for figure in figure_columns:
            per_column: list[tuple[tuple[Usage, Column], ...]] = []
            for column, result in enumerate(outcome):
                bonus = attack if figure == column else 0
                if result == "lose":
                    per_column.append(((NO_USAGE, ("", "")),))
                else:
                    need = (1 if result == "win" else 0) - bonus
                    exact = column_wins(front, theirs[column], need)
                    if result == "tie":
                        exact = tuple(o for o in exact
                                      if column_power(front, o[1], theirs[column])
                                      - column_power(front, theirs[column], o[1]) + bonus == 0)
                    per_column.append(exact)
            for combo in product(*per_column):
                usage = NO_USAGE
                for u, _ in combo:
                    usage = add(usage, u)
                options.append((usage, tuple(c for _, c in combo), figure))
    return pareto(options)


def figure_attack_on(figure: str, front: str, revision: int) -> int:
    card = catalog.figure_card(figure, revision)
    return card.attack + sum(m.amount for m in card.modifiers
                             if m.kind == "battle_attack" and m.front in (None, front))


def kind_costs(state: EpireiaState, role: str) -> tuple[int, ...]:
    return tuple(sum(abilities.token_cost(state, role, k).values()) for k in TOKEN_KINDS)


def building_costs(state: EpireiaState, role: str) -> dict[str, int]:
    """Cost of each military building not built yet (by unit); built ones cost 0."""
    seat = state.seats[role]
    costs = {}
    for unit in ("hoplites", "triremes", "cavalry"):
        building = abilities.military_building(unit)
        costs[unit] = 0 if building in seat.buildings else sum(
            abilities.building_cost(state, role, building).values())
    return costs


def solo_battle_cost(state: EpireiaState, role: str) -> float:
    """Resources still to spend (tokens and military buildings) for the cheapest army that wins
    two fronts against the enemy, with the figures in play."""
    league = state.league_of(role)
    have = usage_of([(k, "") for k in state.leagues[league].reserve])
    supply = tuple(state.supply.get(k, 0) for k in TOKEN_KINDS)
    figures = tuple(sorted(state.seats[role].figure_cards))
    builds = building_costs(state, role)
    cost, _ = cheapest_plan(enemy_army(state, league), have, supply, kind_costs(state, role),
                            (builds["hoplites"], builds["triremes"], builds["cavalry"]), figures,
                            state.options.revision)
    return cost


Plan = tuple[tuple[int, tuple[Column, ...], int, str], ...]  # (front, fills, figure col, figure)


@lru_cache(maxsize=20000)
def cheapest_plan(army: Army, have: Usage, supply: Usage, costs: tuple[int, ...],
                  builds: tuple[int, int, int], figures: tuple[str, ...],
                 revision: int) -> tuple[float, Plan]:
    """Cheapest (cost, plan) to win two fronts: tokens missing from ``have`` at ``costs``, plus
    the military buildings the Level II tokens need (``builds``: hoplites, triremes, cavalry).
    A plan needing more tokens than the supply holds is impossible (cost 99)."""
    best: tuple[float, Plan] = (99.0, ())
    unit_of_kind = [("hoplites", "triremes", "cavalry").index(k.split("-")[0]) for k in TOKEN_KINDS]
    level2 = [k.endswith("-2") for k in TOKEN_KINDS]
    slots: list[str | None] = list(figures) + [None] * (len(FRONTS) - len(figures))
    assignments = set(permutations(slots, len(FRONTS)))
    for fronts in ((0, 1), (0, 2), (1, 2)):
        for assignment in sorted(assignments, key=lambda a: tuple(x or "" for x in a)):
            lists = []
            for f in fronts:
                figure = assignment[f]
                attack = figure_attack_on(figure, FRONTS[f], revision) if figure else 0
                lists.append([(o, figure or "") for o in front_wins(FRONTS[f], army[f], attack)])
            for (first, fig1), (second, fig2) in product(*lists):
                usage = add(first[0], second[0])
                cost = 0.0
                needs_building = [False, False, False]
                for i, count in enumerate(usage):
                    if not count:
                        continue
                    missing = count - have[i]
                    if missing > supply[i]:
                        cost = 99.0
                        break
                    if missing > 0:
                        cost += missing * costs[i]
                        if level2[i]:
                            needs_building[unit_of_kind[i]] = True
                if cost >= best[0]:
                    continue
                cost += sum(b for b, needed in zip(builds, needs_building, strict=True) if needed)
                if cost < best[0]:
                    best = (cost, ((fronts[0], first[1], first[2], fig1),
                                   (fronts[1], second[1], second[2], fig2)))
    return best


# --- multiplayer: an estimate of the other league's placement --------------------------------


def estimate_army(state: EpireiaState, league: str) -> Army:
    """Where ``league`` would put its tokens without knowing ours: the strongest tokens first,
    each to the allowed slot of the weakest column, the maritime front first on a tie."""
    tokens = list(state.leagues[league].reserve)
    tokens += [state.greek_city_tokens[c] for c in state.leagues[league].allied
               if c in state.greek_city_tokens]
    if state.battle is not None and state.battle.sides.get(league):
        side = state.battle.sides[league]
        tokens = list(side.pool) + [k for f in FRONTS for col in side.slots[f] for k in col if k]
    return balanced_placement(tuple(sorted(tokens)))


@lru_cache(maxsize=4096)
def balanced_placement(tokens: tuple[str, ...]) -> Army:
    slots = {f: [["", ""] for _ in range(COLUMNS)] for f in FRONTS}
    order = sorted(tokens, key=lambda k: (-CONTENT.tokens[k].value, k))
    priority = {"maritime": 0, "centre": 1, "flank": 2}
    for kind in order:
        unit = kind.split("-")[0]
        free = [(f, c, r) for f in FRONTS for c in range(COLUMNS) for r in range(2)
                if not slots[f][c][r] and unit in CONTENT.fronts[f].rows[r]]
        if not free:
            continue
        front, column, row = min(free, key=lambda s: (
            column_power(s[0], (slots[s[0]][s[1]][0], slots[s[0]][s[1]][1]), ("", "")),
            len(CONTENT.fronts[s[0]].rows[s[2]]), priority[s[0]], s[1], s[2]))
        slots[front][column][row] = kind
    return tuple(tuple((col[0], col[1]) for col in slots[f]) for f in FRONTS)


# --- development ------------------------------------------------------------------------------


def scratch(state: EpireiaState) -> EpireiaState:
    """A copy to try a choice on (without the log, the costly part to copy)."""
    return state.model_copy(update={"log": []}).model_copy(deep=True)


def try_choices(game: Game[Any, Any], state: EpireiaState, role: str,
                steps: Sequence[str]) -> float | None:
    copy = scratch(state)
    try:
        for step in steps:
            act(game, copy, role, step)
        while copy.stack and copy.stack[-1].name == "ability" and copy.stack[-1].role == role:
            frame = copy.stack[-1]
            options = [str(o[0]) for o in frame.data.get("options", [])] or ["none"]
            act(game, copy, role, pick_ability(game, copy, frame, options, Rng(seed="x")))
    except Exception:  # a candidate the engine refuses is simply not taken
        return None
    if role not in copy.seats:
        return None
    return value(copy, role)


def develop(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
            rng: Rng) -> str:
    role = frame.role
    base = value(state, role)
    scored: list[tuple[float, float, str]] = []
    for choice in ids:
        if choice == "done":
            continue
        if choice.startswith("don:"):
            resource = choice[4:]
            have = state.seats[role].resources[resource]
            for amount in range(2, min(8, have) + 1):
                score = try_choices(game, state, role, [choice, f"amt:{amount}"])
                if score is not None:
                    scored.append((score, rng.below(1000) / 1e6, choice))
            continue
        if choice == "use:assembly":
            continue  # decided below: an extra action is worth what the best action gains
        if choice == "use:plans":
            continue
        score = try_choices(game, state, role, [choice])
        if score is not None:
            if choice.startswith("use:"):
                score += ADMIN_USE_VALUE  # the use itself is what the Archeion was built for
            scored.append((score, rng.below(1000) / 1e6, choice))
    if not scored:
        return "done"
    best, _, pick = max(scored)
    gain = best - base
    if gain <= 0.05:
        return "done"
    if pick.startswith("build:") and "use:plans" in ids:
        return "use:plans"
    if "use:assembly" in ids and gain > 1.0 and not pick.startswith("use:"):
        return "use:assembly"
    return pick


def donate_amount(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    role = frame.role
    best = ("back", value(state, role))
    for choice in ids:
        if choice.startswith("amt:"):
            score = try_choices(game, state, role, [choice])
            if score is not None and score > best[1] + 1e-9:
                best = (choice, score)
    return best[0]


# --- diplomacy --------------------------------------------------------------------------------


def chance_at_least(need: int) -> float:
    """P(d12 >= need)."""
    return min(1.0, max(0.0, (13 - need) / 12))


def chance_beats(mine: int, theirs: int) -> float:
    """P(d12 + mine > d12 + theirs)."""
    wins = sum(1 for a in range(1, 13) for b in range(1, 13) if a + mine > b + theirs)
    return wins / 144


def reward_value(state: EpireiaState, role: str, wheat: int = 0, wood: int = 0, copper: int = 0,
                 prestige: int = 0, token: str = "") -> float:
    price = 1.0 if rounds_left(state) > 0 else 0.3
    total = price * (wheat + wood + copper)
    if prestige:
        total += prestige * PRESTIGE_VALUE
        for objective in objectives(state):
            if objective.check in ("prestige", "prestige_per_city") and \
                    progress(state, role, objective) < objective.amount:
                total += prestige * UNIT_VALUE["prestige"]
    if token and state.supply.get(token, 0) > 0:
        total += token_value(state, role, token)
    return total


def token_value(state: EpireiaState, role: str, token: str) -> float:
    league = state.league_of(role)
    if not state.is_solo:
        bonus = 0.0
        for objective in objectives(state):
            if objective.check == "reserve" and (objective.unit is None
                                                 or token.startswith(objective.unit)):
                bonus += MULTI_OBJECTIVE_SCALE * UNIT_VALUE["reserve"]
        return 1.5 * token_strength(token) + bonus
    before = solo_battle_cost(state, role)
    copy = state.model_copy(update={"log": [], "leagues": {
        lg: data.model_copy(deep=True) for lg, data in state.leagues.items()}})
    copy.leagues[league].reserve.append(token)
    after = solo_battle_cost(copy, role)
    total = BATTLE_COST_WEIGHT * (before - after)
    for objective in objectives(state):
        if objective.check == "reserve" and (objective.unit is None
                                             or token.startswith(objective.unit)) and \
                progress(state, role, objective) < objective.amount:
            total += UNIT_VALUE["reserve"]
    return total


def our_attack(state: EpireiaState, role: str, figures: Sequence[str], space: str,
               brigands: bool) -> int:
    territory = TERRITORIES.get(space)
    terrain = "sea" if territory is not None and territory.sea else "land"
    kinds = ("conflict_attack", "brigand_attack") if brigands else ("conflict_attack",)
    total = sum(abilities.figure_card(state, f).attack for f in figures)
    mods = [m for f in figures for m in CONTENT.figures[f].modifiers]
    mods += abilities.turn_modifiers(state, role)
    total += sum(m.amount for m in mods if m.kind in kinds and m.terrain in (None, terrain))
    return total


def brigand_need(attack: int) -> int:
    if attack <= 2:
        return 7
    if attack <= 4:
        return 5
    return 3


def opponents_at(state: EpireiaState, role: str, space: str) -> list[str]:
    league = state.league_of(role)
    found = []
    for figure, where in state.figures.items():
        if where.location != space:
            continue
        owner = where.owner
        side = other_league(state.seats["solo"].league) if owner == ENEMY else \
            state.seats[owner].league
        if side != league:
            found.append(figure)
    return found


def territory_gain(state: EpireiaState, role: str, space: str, figures: Sequence[str]) -> float:
    """Expected gain of having ``figures`` (ours) on Territory ``space`` this round."""
    territory = TERRITORIES[space]
    owner = state.territories[space]
    league = state.league_of(role)
    ours = owner in state.seats and state.seats[owner].league == league
    unit = territory_unit(state, territory.sea)
    left = rounds_left(state)
    hold = unit * (1.0 if state.is_solo else 0.6) + 0.3 * min(left, 3)
    attack = our_attack(state, role, figures, space, False)
    if state.is_solo:
        enemies = [f for f in state.solo.enemy_figures]
        arrive = {f: sum(1 for s in SOLO_MOVES if s == space) / 12 for f in enemies}
        p_clear = 1.0
        for f in enemies:
            p_win = chance_beats(attack, abilities.figure_card(state, f).attack)
            p_clear *= (1 - arrive[f]) + arrive[f] * p_win
    else:
        present = opponents_at(state, role, space)
        their = sum(abilities.figure_card(state, f).attack for f in present)
        p_clear = chance_beats(attack, their) if present else 0.95
    if ours:
        # Staying protects it: without us an arriving enemy simply takes it.
        if not state.is_solo:
            return 0.3 * hold
        p_kept_alone = 1.0
        for _ in state.solo.enemy_figures:
            p_kept_alone *= 1 - sum(1 for s in SOLO_MOVES if s == space) / 12
        return hold * (p_clear - p_kept_alone)
    p_take = p_clear
    if owner == BRIGANDS:
        battack = our_attack(state, role, figures, space, True)
        p_take *= chance_at_least(brigand_need(battack))
    price = 1.0 if left > 0 else 0.3
    if state.seats[role].trade_posts <= 0:
        # No City token: nothing is taken and no tax paid; only driving the other side out
        # of its Territory is worth something.
        return p_take * 0.5 * hold if owner and owner != BRIGANDS else 0.0
    return p_take * (price * territory.tax + hold)


def empire_gain(state: EpireiaState, role: str, figure: str, empire: str) -> float:
    spec = EMPIRES[empire]
    others = [f for f, fs in state.figures.items() if fs.location == empire and f != figure]
    need = spec.need_one + 2 * len(others)
    bonus = abilities.empire_bonus(state, role, figure, empire)
    reward = spec.reward
    return chance_at_least(need - bonus) * reward_value(
        state, role, reward.wheat, reward.wood, reward.copper, reward.prestige, reward.token)


def city_gain(state: EpireiaState, role: str, figures: Sequence[str], city: str) -> float:
    """Expected gain of the league's ``figures`` on Greek City ``city``: they win the conflict
    (if any) together, then the strongest of them rolls (rules: decision 13)."""
    present = opponents_at(state, role, city)
    attack = sum(abilities.figure_card(state, f).attack for f in figures)
    if state.greek_cities.get(city) == state.league_of(role):
        return defence_gain(state, role, attack, present, city)
    p_stay = chance_beats(attack, sum(abilities.figure_card(state, f).attack for f in present)) \
        if present else 1.0
    envoy = max(figures, key=lambda f: abilities.figure_card(state, f).attack)
    owner = state.figures[envoy].owner if envoy in state.figures else role
    bonus = abilities.integration_bonus(state, owner, envoy, city)
    p = p_stay * chance_at_least(CITIES[city].integration - bonus)
    token = state.greek_city_tokens.get(city, "")
    gain = reward_value(state, role, copper=1)
    if token:
        gain += token_value_any(state, role, token)
    if state.greek_cities.get(city):
        gain *= 1.6  # taking it from the other league counts twice
    return p * gain


def defence_gain(state: EpireiaState, role: str, attack: int, present: Sequence[str],
                 city: str) -> float:
    """Expected gain of standing on a Greek City allied to our league (rules revision 2): the
    reclaim of an opposing figure there needs it to win the conflict first. When the other
    league still moves after us, we guess that it comes one time in four."""
    token = state.greek_city_tokens.get(city, "")
    if not token:
        return 0.0
    their = sum(abilities.figure_card(state, f).attack for f in present)
    reclaim = chance_at_least(CITIES[city].integration)
    if present:
        lost_without = reclaim
        lost_with = reclaim * (1 - chance_beats(attack, their) - chance_tie(attack, their))
    else:
        still_to_move = any(state.seats[r].league != state.league_of(role)
                            for r in state.queue)
        if not still_to_move:
            return 0.0
        lost_without = 0.25 * reclaim
        lost_with = lost_without * (1 - chance_beats(attack, 2) - chance_tie(attack, 2))
    return (lost_without - lost_with) * 1.6 * token_value_any(state, role, token)


def chance_tie(mine: int, theirs: int) -> float:
    """P(d12 + mine == d12 + theirs)."""
    return sum(1 for a in range(1, 13) for b in range(1, 13) if a + mine == b + theirs) / 144


def partners_at(state: EpireiaState, role: str, space: str) -> list[str]:
    """League partners' figures standing on ``space`` now (they are there at the resolution
    unless the partner still moves them): a figure sent there too only adds its attack."""
    league = state.league_of(role)
    return [f for f, fs in state.figures.items()
            if fs.location == space and fs.owner in state.seats and fs.owner != role
            and state.seats[fs.owner].league == league]


def token_value_any(state: EpireiaState, role: str, token: str) -> float:
    return 1.5 * token_strength(token)


def destination_gain(state: EpireiaState, role: str, figure: str, space: str,
                     placed: dict[str, str]) -> float:
    if space == HOME:
        return 0.0
    if space in EMPIRES:
        return empire_gain(state, role, figure, space)
    # Our figures already going there and the partners' standing there: this one adds to them.
    with_us = [f for f, s in placed.items() if s == space] + partners_at(state, role, space)
    if space in TERRITORIES:
        before = territory_gain(state, role, space, with_us) if with_us else 0.0
        return territory_gain(state, role, space, [*with_us, figure]) - before
    if space in CITIES:
        before = city_gain(state, role, with_us, space) if with_us else 0.0
        return city_gain(state, role, [*with_us, figure], space) - before
    return 0.0


def plan_moves(state: EpireiaState, frame: Frame) -> dict[str, str]:
    """Where each of the role's figures should be at the end of its diplomacy (greedy, the
    figures that have moved already stay where they are)."""
    role = frame.role
    moved = set(frame.data.get("moved", []))
    placed: dict[str, str] = {}
    for figure in state.seats[role].figure_cards:
        if figure in moved:
            placed[figure] = state.figures[figure].location
    free = [f for f in state.seats[role].figure_cards if f not in moved]
    # Strong figures first: they are the ones who win conflicts and beat Brigands.
    free.sort(key=lambda f: (-abilities.figure_card(state, f).attack, f))
    for figure in free:
        here = state.figures[figure].location
        options = [here, *destinations(state, role, figure)]
        taken_empires = {s for s in placed.values() if s in EMPIRES}
        best = max(
            (o for o in options if o not in taken_empires or o == HOME),
            key=lambda o: (destination_gain(state, role, figure, o, placed),
                           o == here, o),
        )
        placed[figure] = best
    return placed


def move(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
         rng: Rng) -> str:
    plan = plan_moves(state, frame)
    for figure, space in plan.items():
        if f"mv:{figure}" in ids and state.figures[figure].location != space:
            return f"mv:{figure}"
    return "done"


def move_to(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
            rng: Rng) -> str:
    figure = str(frame.data["figure"])
    parent = next((f for f in reversed(state.stack) if f.name == "move"), frame)
    plan = plan_moves(state, parent)
    target = plan.get(figure, "")
    return f"to:{target}" if f"to:{target}" in ids else "back"


# --- the Great Battle -------------------------------------------------------------------------


def battle_plan(state: EpireiaState, league: str) -> tuple[float, Plan]:
    assert state.battle is not None
    side = state.battle.sides[league]
    tokens = list(side.pool) + [k for f in FRONTS for col in side.slots[f] for k in col if k]
    have = usage_of([(k, "") for k in tokens])
    army = enemy_army(state, league)
    # Only what we hold counts: every missing token is impossible.
    revision = state.options.revision
    return cheapest_plan(army, have, NO_USAGE, (1,) * len(TOKEN_KINDS), (0, 0, 0),
                         strongest(tuple(league_figures(state, league)), revision), revision)


def strongest(figures: tuple[str, ...], revision: int) -> tuple[str, ...]:
    """The three figures a league fights with: the highest attack on their best front (a
    league of two Cities has up to six; the card's attack, then the name, break ties)."""
    def best(f: str) -> int:
        return max(figure_attack_on(f, front, revision) for front in FRONTS)

    def attack(f: str) -> int:
        return catalog.figure_card(f, revision).attack

    return tuple(sorted(figures, key=lambda f: (-best(f), -attack(f), f))[:3])


def target_slots(state: EpireiaState, league: str) -> dict[tuple[str, int, int], str]:
    """Where every token of the league should stand: the plan's fronts first, the rest to the
    weakest allowed slots."""
    assert state.battle is not None
    side = state.battle.sides[league]
    cost, plan = battle_plan(state, league)
    targets: dict[tuple[str, int, int], str] = {}
    pool = list(side.pool) + [k for f in FRONTS for col in side.slots[f] for k in col if k]
    if cost < 99:
        for front_index, fills, _, _ in plan:
            for column, fill in enumerate(fills):
                for row, kind in enumerate(fill):
                    if kind and kind in pool:
                        pool.remove(kind)
                        targets[(FRONTS[front_index], column, row)] = kind
    # The rest: strongest first, the third front (maritime first) then anywhere.
    planned_fronts = {FRONTS[p[0]] for p in plan} if cost < 99 else set()
    for kind in sorted(pool, key=lambda k: (-CONTENT.tokens[k].value, k)):
        unit = kind.split("-")[0]
        free = [(f, c, r) for f in ("maritime", "centre", "flank") for c in range(COLUMNS)
                for r in range(2)
                if (f, c, r) not in targets and unit in CONTENT.fronts[f].rows[r]]
        if not free:
            continue
        free.sort(key=lambda s: (s[0] in planned_fronts,
                                 sum(CONTENT.tokens[targets[(s[0], s[1], x)]].value
                                     for x in range(2) if (s[0], s[1], x) in targets)))
        targets[free[0]] = kind
    return targets


def battle_place(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                 rng: Rng) -> str:
    league = str(frame.data["league"])
    assert state.battle is not None
    side = state.battle.sides[league]
    for (front, column, row), kind in sorted(target_slots(state, league).items()):
        if not side.slots[front][column][row] and f"tok:{kind}" in ids:
            return f"tok:{kind}"
    return "done"


def battle_slot(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                rng: Rng) -> str:
    league, kind = str(frame.data["league"]), str(frame.data["kind"])
    assert state.battle is not None
    side = state.battle.sides[league]
    for (front, column, row), wanted in sorted(target_slots(state, league).items()):
        if wanted == kind and not side.slots[front][column][row]:
            choice = f"slot:{front}:{column}:{row}"
            if choice in ids:
                return choice
    free = [i for i in ids if i.startswith("slot:")]
    return free[0] if free else "back"


def battle_figure(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    league = str(frame.data["league"])
    assert state.battle is not None
    side = state.battle.sides[league]
    front = FRONTS[len(side.figures) + int(frame.data.get("skipped", 0))]
    cost, plan = battle_plan(state, league)
    if cost < 99:
        for front_index, _, _, figure in plan:
            if FRONTS[front_index] == front and figure and f"fig:{figure}" in ids:
                return f"fig:{figure}"
    planned = {p[3] for p in plan if p[3]} if cost < 99 else set()
    spare = [i for i in ids if i.startswith("fig:") and i[4:] not in planned]
    if not spare:
        return "none"
    return max(spare, key=lambda i: (figure_attack_on(i[4:], front, state.options.revision), i))


def battle_commit(game: Game[Any, Any], state: EpireiaState, frame: Frame, ids: list[str],
                  rng: Rng) -> str:
    """Engage where the figure does the most for the front: now, if no later column (as far as
    we can tell) would turn more."""
    league, front = str(frame.data["league"]), str(frame.data["front"])
    column = int(frame.data["column"])
    assert state.battle is not None
    battle = state.battle
    side = battle.sides[league]
    figure = side.figures[front]
    attack = abilities.figure_attack(state, figure)
    enemy = other_league(league)
    mine_now = live_power(state, league, front, column)
    theirs_now = live_power(state, enemy, front, column)
    results = battle.column_winners.get(front, [])
    won = results.count(league)
    lost = results.count(enemy)

    def outcome(ours: int, theirs: int) -> int:
        return (ours > theirs) - (ours < theirs)

    known = state.is_solo
    later: list[tuple[int, int]] = []
    if known:
        army = enemy_army(state, league)
        front_index = FRONTS.index(front)
        for c in range(column + 1, COLUMNS):
            ours_col = (side.slots[front][c][0], side.slots[front][c][1])
            later.append((column_power(front, ours_col, army[front_index][c]),
                          column_power(front, army[front_index][c], ours_col)))

    def front_result(engage_at: int) -> int:
        total = won - lost
        total += outcome(mine_now + (attack if engage_at == column else 0), theirs_now)
        for offset, (ours, theirs) in enumerate(later):
            c = column + 1 + offset
            total += outcome(ours + (attack if engage_at == c else 0), theirs)
        return total

    if known:
        now = front_result(column)
        best_later = max([front_result(c) for c in range(column + 1, COLUMNS)] or [-99])
        last = column == COLUMNS - 1
        return "commit" if now >= best_later and (now > 0 or last) else "pass"
    # Against a league: engage when it turns this column, or on the last column.
    before = outcome(mine_now, theirs_now)
    after = outcome(mine_now + attack, theirs_now)
    if after > before or (column == COLUMNS - 1 and "commit" in ids):
        return "commit"
    return "pass"


HANDLERS = {
    "solo_scenario": pick_scenario,
    "solo_city": pick_city,
    "solo_league": pick_league,
    "draft_city": pick_city,
    "draft_admin": pick_admin,
    "choose_figure": pick_figure,
    "ability": pick_ability,
    "develop": develop,
    "donate": donate_amount,
    "move": move,
    "move_to": move_to,
    "battle_place": battle_place,
    "battle_slot": battle_slot,
    "battle_figure": battle_figure,
    "battle_commit": battle_commit,
}


# The automatic players this module offers, by name (``engine.core.registry.policies``).
POLICIES = {"greedy": autoplay}
