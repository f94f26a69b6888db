"""A greedy automatic player for Dragons of 1066 (balance runs, the turn timer's "pass").

Imported only by what plays it (``engine.core.registry.policies``). ``greedy(game, state,
role, choices, rng)`` returns one of ``choices``; it reads the state, never changes it and
never draws from ``state.rng``.

How it plays, one action at a time (a plan is recomputed at every step of an action from
the same state, so the steps of one move agree):

* **Attack**: the best target is the enemy zone whose battle, with every unit that can
  still reach it, is won with the highest value (the exact odds times the land's worth:
  a Fortress most, then Great Cities and Castles), if those odds reach ``ATTACK_ODDS``; one
  group of units moves there per action until the battle's odds reach ``ENOUGH``. A Fortress
  keeps one unit at home. A Galleon carries a unit when the drop wins a land by itself.
* **Battles**: the best odds first; air units retreat when the odds fall below
  ``RETREAT_ODDS``; casualties cheapest first.
* **Reinforce**: buy the strongest unit per Gold (Warbeasts), a Legion with a Gold left,
  a Galleon when the kingdom has none; place at the land nearest the enemy with room; then
  move air units back to friendly land, and inland units toward the front.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Choice, Game, GameState
from engine.core.rng import Rng
from engine.core.steps import answers_of
from engine.games.dragons1066.board import (
    attackers_in,
    defenders_in,
    defending_dice,
    odds_of,
)
from engine.games.dragons1066.data import (
    FORTRESSES,
    LANDS,
    UNITS,
    ZONES,
)
from engine.games.dragons1066.movement import carries, garrisoned, gather, passengers, sweep
from engine.games.dragons1066.odds import Odds, hit_chance
from engine.games.dragons1066.reach import destinations, group_key, movable_groups
from engine.games.dragons1066.situation import Situation
from engine.games.dragons1066.state import DragonsState, Piece
from engine.games.dragons1066.suggest import guards, march_step, suggested_purchases

ATTACK_ODDS = 0.6
ENOUGH = 0.9
RETREAT_ODDS = 0.35
Plan = dict[str, str]


def worth(zone: str) -> float:
    land = LANDS.get(zone)
    if land is None:
        return 0.5  # a sea battle only clears the way
    return 1 + 4 * land.fortress + 2 * bool(land.great_city) + land.castles


def leaving(group: list[Piece], kept: set[int]) -> int:
    """How many of a group may leave (a guard stays; groups are listed guard last)."""
    return sum(1 for p in group if p.id not in kept)


def attack_plan(state: DragonsState) -> Plan | None:
    """The next group to move into battle: zone, units and destination choice values."""
    sit = Situation(state)
    reach: dict[str, list[tuple[str, str, Piece]]] = {}
    for zone in ZONES:
        for key, group in movable_groups(sit, zone).items():
            for to in destinations(sit, group[0]):
                reach.setdefault(to, []).extend((zone, key, p) for p in group)
    kept = guards(sit)
    best: tuple[float, Plan] | None = None
    for to, options in reach.items():
        now = estimate(state, to)
        if to in state.battles and chance(now, to) >= ENOUGH:
            continue
        joining = [p for _, _, p in options if p.id not in kept]
        if not joining:
            continue
        odds = estimate(state, to, joining)
        if chance(odds, to) < ATTACK_ODDS:
            continue
        score = chance(odds, to) * worth(to) - 0.3 * odds.attacker_losses
        zone, key, _ = next(o for o in options if o[2].id not in kept)
        count = leaving(movable_groups(sit, zone)[key], kept)
        plan = {"zone": zone, "units": f"{key}.{count}", "to": to}
        if best is None or score > best[0]:
            best = (score, plan)
    if best is None:
        return None
    plan = best[1]
    to = plan["to"]
    everyone = [p for _, group in gather(sit, to) for p in group]
    if chance(estimate(state, to, everyone), to) < ENOUGH:
        # every group would go in, one by one, without reaching ENOUGH: all at once
        plan["all"] = to
    origins = dict.fromkeys(zone for zone, _, _ in reach[to])
    return with_sweep(sit, plan, list(origins), kept)


def with_sweep(sit: Situation, plan: Plan, origins: list[str], kept: set[int]) -> Plan:
    """``plan`` and, under ``go``, a "from → to" choice to its destination from the first of
    ``origins`` whose units that can go there include no guard (a move of them all)."""
    to = plan["to"]
    for zone in [plan["zone"], *origins]:
        moving = sweep(sit, zone, to)
        if moving and not any(p.id in kept for p in moving):
            return {**plan, "go": f"{zone}.{to}"}
        if garrisoned(sit, zone, moving):
            return {**plan, "go": f"{zone}.{to}.keep"}  # all but the Fortress's garrison
    return plan


def chance(odds: Odds, zone: str) -> float:
    return odds.conquer if zone in LANDS else odds.win


# Above this many (attackers x defenders) the player estimates instead of computing exactly:
# it weighs hundreds of battles a turn, a person one at a time.
EXACT_LIMIT = 150


def estimate(state: DragonsState, zone: str, joining: Sequence[Piece] = ()) -> Odds:
    """The exact odds of a small battle; for a big one, the square law: each side's
    strength is its hits a round times its units (Castles are units that never hit)."""
    attackers = [*attackers_in(state, zone), *joining]
    defenders = defending_dice(state, zone, state.kingdom, defenders_in(state, zone))
    if len(attackers) * max(1, len(defenders)) <= EXACT_LIMIT:
        return odds_of(state, zone, state.kingdom, joining=joining)
    power = sum(float(hit_chance(UNITS[p.kind].die)) for p in attackers) * len(attackers)
    guard = sum(float(hit_chance(d)) for d in defenders) * len(defenders)
    win = power ** 2 / (power ** 2 + guard ** 2) if power else 0.0
    land = any(UNITS[p.kind].domain == "land" for p in attackers)
    return Odds(win=win, conquer=win if land else 0.0,
                attacker_losses=len(attackers) * (1 - win / 2),
                defender_losses=len(defenders) * win)


def carry_plan(state: DragonsState) -> Plan | None:
    """A transport whose passenger takes its landing zone (alone or with the attack
    already there) with good odds."""
    sit = Situation(state)
    best: tuple[float, Plan] | None = None
    for sea in ZONES:
        for option in carries(sit, sea) if sea not in LANDS else []:
            passenger = passengers(sit, option.start)[option.kind]
            if option.start in FORTRESSES and len(sit.pieces(option.start)) <= 1:
                continue
            odds = estimate(state, option.land, [passenger])
            score = odds.conquer * worth(option.land)
            if odds.conquer >= ATTACK_ODDS and (best is None or score > best[0]):
                best = (score, {"sea": sea, "passenger": f"{option.start}.{option.kind}",
                                "drop": f"{option.sea}.{option.land}"})
    return best[1] if best else None


def reinforce_move_plan(state: DragonsState) -> Plan | None:
    """The engine's suggested march, one move at a time (``suggest.march_step``)."""
    step = march_step(state)
    if step is None:
        return None
    zone, to, pieces = step
    sit = Situation(state)
    key = group_key(pieces[0])
    plan = {"zone": zone, "units": f"{key}.{len(pieces)}", "to": to}
    return with_sweep(sit, plan, [], guards(sit))


def buy_plan(state: DragonsState) -> Plan | None:
    """The next unit of the engine's suggested purchase (``suggest.py``: Warbeasts, a Legion
    with a Gold left, a Galleon when the kingdom has none, nearest the enemy)."""
    plan = suggested_purchases(state)
    if not plan:
        return None
    return {"unit": plan[0][0], "at": plan[0][1]}


def step_choice(plan: Plan | None, frame_answers: dict[str, str], steps: Sequence[str],
                ids: set[str]) -> str:
    if plan is None:
        return "back"
    step = next(s for s in steps if s not in frame_answers)
    wanted = f"{step}:{plan[step]}"
    return wanted if wanted in ids else "back"


def sweep_or(plan: Plan, ids: set[str]) -> str:
    """The plan's "from → to" choice when offered, else the detailed move."""
    if f"all:{plan.get('all')}" in ids:
        return f"all:{plan['all']}"
    wanted = f"go:{plan['go']}" if "go" in plan else ""
    return wanted if wanted in ids else "move"


def greedy(game: Game[Any, Any], state: GameState, role: str, choices: Sequence[Choice],
           rng: Rng) -> str:
    assert isinstance(state, DragonsState)
    ids = {c.id for c in choices}
    frame = state.stack[-1]
    name = frame.name
    if name == "attack":
        plan = attack_plan(state) if "move" in ids else None
        if plan is not None:
            return sweep_or(plan, ids)
        if "carry" in ids and carry_plan(state):
            return "carry"
        return "best" if "best" in ids else "done"
    if name == "reinforce":
        if "finish" in ids:
            return "finish"  # the purchase, the march and the end of the turn: one click
        if "suggested" in ids:
            return "suggested"  # the whole purchase in one click
        if "march" in ids:
            return "march"  # every move toward the front in one click
        if "buy" in ids:
            plan = buy_plan(state)
            again = frame.data.get("again")
            if "again" in ids and plan is not None and [plan["unit"], plan["at"]] == again:
                return "again"  # the same purchase in one click
            return "buy"
        plan = reinforce_move_plan(state) if "move" in ids else None
        if plan is not None:
            return sweep_or(plan, ids)
        return "done"
    if name == "move":
        plan = attack_plan(state) if state.phase == "attack" else reinforce_move_plan(state)
        return step_choice(plan, answers_of(frame), ("zone", "units", "to"), ids)
    if name == "carry":
        plan = carry_plan(state)
        if plan is not None:
            start, _, kind = plan["passenger"].partition(".")
            trip = f"trip:{start}.{kind}.{plan['drop']}"
            if trip in ids:
                return trip  # the whole transport in one pick
        return step_choice(carry_plan(state), answers_of(frame),
                           ("sea", "passenger", "drop"), ids)
    if name == "buy":
        return step_choice(buy_plan(state), answers_of(frame), ("unit", "at"), ids)
    if name == "choose_battle":
        if "best" in ids:
            return "best"  # the order it would pick, asked once
        return max(sorted(ids), key=lambda c: chance(
            estimate(state, c.partition(":")[2]), c.partition(":")[2]))
    if name == "air_retreat":
        assert state.battle is not None
        zone = state.battle.zone
        return "fight" if estimate(state, zone).win >= RETREAT_ODDS \
            else "retreat"
    if name == "casualty":
        return "cheapest"
    return sorted(ids)[0]


POLICIES = {"greedy": greedy}
