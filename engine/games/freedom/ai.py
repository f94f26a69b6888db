"""A greedy automatic player for Freedom!, for balance runs and playouts.

Imported only by what plays it (``engine.core.registry.policies``: simulate, benchmarks); the
rules never import it.

``choose(state, role, choices, rng)`` returns the id of one of ``choices`` (the prompt ``role``
is answering now). It reads the state and never changes it, never draws from ``state.rng``
(that would change the game's dice), and breaks ties with the ``rng`` it is given, so a game
between automatic players is deterministic for a seed.

Rules of thumb, no lookahead (a copy of the state per candidate would cost ~0.5 ms, too slow
for hundreds of games). Every choice gets a score and the best one is taken:

* the **Empire** picks a *focus* on the wall (the space its cannons, damage and row-4 troops
  already press hardest), moves units toward it and toward the lagoon back doors, weighing
  each move by the risk it runs (the expected Insurgent hits on a space from guns, attacks
  and raids; a lone unit in range hands the Insurgents a morale choice, a stack of three
  rarely), builds cannons as close to the wall as it can pay for (saving Preparation for
  it), fires at the focus, pays the Reward and attacks where the odds or the prize are good
  (the defenders of a fort or beach it can walk into above all), enters forts and beaches late
  in the Actions phase and two at a time, pleads for funds while the Money it still needs to
  the end exceeds what it has, guards its own tiles by how few markers they have, and spends
  spare AP on Support (the Sea above all) and Preparation; under the 2nd edition, when the
  Insurgents play first, it keeps its strongest card for its last word (the play after their
  last card, which nothing answers before the position check) and its Money for that play's
  Reward;
* the **Insurgents** weigh every city space by the threat in front of it (adjacent Imperial
  units, wall damage, a destroyed and empty space is an open door) and regroup, train and
  place units where the need is highest; they attack and raid the Imperial units that matter
  most (in a fort or on a beach, on the wall, in the lagoon behind the city, cannon crews),
  repair the wall in front of the enemy, build cannons there and keep the Sea; their last card
  before the Empire's last word shores up every fort or beach held by a single unit beside
  Imperial units.

Each side plays its own events, other cards for AP, and triggers the pending event of its own
side that the opponent played for AP with its least useful card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import Choice
from engine.core.rng import Rng
from engine.games.freedom import cards
from engine.games.freedom.action_menu import Spend
from engine.games.freedom.ap import affordable, spend_frame, zone
from engine.games.freedom.cannon_fire import cannon_bonus, cannon_targets
from engine.games.freedom.cardplay import CARDS_PER_ROUND
from engine.games.freedom.combat import (
    RAID_LANES,
    imperial_attack_modifier,
    imperial_attackers,
    imperial_targets,
    insurgent_targets,
    raid_targets,
)
from engine.games.freedom.data import AREAS, CAMP, CITY, SPACES, TRACKS, other
from engine.games.freedom.empire_actions import (
    CANNON_COST,
    cannon_sites,
    empire_move_sources,
    empire_slow_sources,
)
from engine.games.freedom.event_combat import back_steps
from engine.games.freedom.event_common import zone_spaces
from engine.games.freedom.insurgent_actions import RAIDERS, insurgent_cannon_sites, repair_sites
from engine.games.freedom.movement import (
    imperial_step,
    insurgent_placements,
    normal_destinations,
    regroup_destinations,
    step_destinations,
)
from engine.games.freedom.state import Frame, FreedomState

WIN_KINDS = ("fort", "beach")
MONEY_WORTH = 6.0  # one Money the Empire will otherwise lack (a unit and part of 2 Morale)
MORALE_RISK = 6.0  # an Imperial space emptied: the Insurgents' morale choice
UNIT_RISK = 1.5  # an Imperial unit lost
HOLD_LOSS = 60.0  # a fort or beach lost again before the check
INSURGENT_KILLS_PER_CARD = 1.5  # 3 AP of attacks at 5+ against a fort or beach
BREACH = 20.0  # emptying a fort or beach the Empire can then enter: the game
MOVE_WEIGHT = 0.5  # Normal Movement against the other uses of an AP
CANNON_SITE = {4: 40.0, 5: 32.0, 6: 18.0}  # a new gun by row: the wall falls to guns
ADJACENT_THREAT = 0.6  # expected hits of Insurgent attacks on a space next to their units
RAID_THREAT = 0.3  # ... and of a raid along a clear lane
EXPOSED = 5.0  # a lone Imperial unit beside Insurgents
DANGER = 4.0  # a unit under the Insurgent guns (per expected hit on it)
WALL = sorted(s for s, d in SPACES.items() if d.on_wall)
# How far along the lagoon back doors an Imperial unit stands (a beach is the goal).
LAGOON_POTENTIAL = {
    "MR1": 13.0, "MR2": 17.0, "MAR": 30.0, "MR3": 45.0,
    "KO": 13.0, "KI": 17.0, "KLI": 30.0, "KS": 42.0,
    "VR": 35.0, "VAS": 25.0, "S1": 50.0, "S2": 50.0, "S3": 50.0, "S4": 50.0,
}
ROW_POTENTIAL = {4: 15.0, 5: 11.0, 6: 8.0, 7: 5.0, 8: 3.0}
ROW4_FOR_WALL = {
    w: [n for n in SPACES[w].neighbours if SPACES[n].kind == "mainland"] for w in WALL
}


def _units(state: FreedomState, sid: str, side: str) -> int:
    space = state.spaces[sid]
    return space.ins if side == "insurgents" else space.exp + space.ally


def _hit_chance_d8(need: int, bonus: int, dice: int) -> float:
    one = min(1.0, max(0.0, (9 - max(1, need - bonus)) / 8))
    return 1 - (1 - one) ** dice


def _d6_hits(need: int, bonus: int) -> float:
    """Expected hits of 2d6 where each die at or above ``need`` (after ``bonus``) hits."""
    one = min(1.0, max(0.0, (7 - max(1, need - bonus)) / 6))
    return 2 * one


class Context:
    """Tables computed once per decision."""

    def __init__(self, state: FreedomState, role: str) -> None:
        self.state = state
        self.role = role
        self.focus, self.focus_col = self._focus()
        self._need: dict[str, float] = {}
        self._danger: dict[str, float] | None = None
        self._raidable: set[str] | None = None

    def danger(self, sid: str) -> float:
        """Expected hits on ``sid`` from the Insurgent cannons in the next Cannons phase."""
        if self._danger is None:
            state = self.state
            table: dict[str, float] = {}
            for src, space in state.spaces.items():
                if space.cannon != "insurgents" or space.ins == 0:
                    continue
                reach = 4 if space.bombard else 3
                for t in SPACES[src].targets:
                    if t.distance <= reach:
                        bonus = cannon_bonus(state, src, t.space)
                        hits = _d6_hits(t.need or 3 + t.distance, bonus)
                        table[t.space] = table.get(t.space, 0.0) + hits
            self._danger = table
        return self._danger.get(sid, 0.0)

    # --- the Empire's view ----------------------------------------------------------------

    def _focus(self) -> tuple[str, int]:
        state = self.state
        pressure: dict[str, float] = {}
        for w in WALL:
            space = state.spaces[w]
            p = 4.0 * space.damage + (1.5 if SPACES[w].kind == "fort" else 0.0) - space.ins
            p += 0.4 * sum(_units(state, n, "empire") for n in ROW4_FOR_WALL[w])
            pressure[w] = p
        for sid, space in state.spaces.items():
            if space.cannon != "empire" or SPACES[sid].kind != "mainland":
                continue
            for t in SPACES[sid].targets:
                if t.space in pressure and t.distance <= 3:
                    pressure[t.space] += _d6_hits(t.need or 3 + t.distance, 0)
        best = max(WALL, key=lambda w: (pressure[w], -abs(SPACES[w].col - 5)))
        return best, SPACES[best].col

    def potential(self, sid: str, kind: str = "exp") -> float:
        """How far along an Imperial unit on ``sid`` is (higher is better for the Empire)."""
        sdef = SPACES[sid]
        if sdef.kind in WIN_KINDS:
            return 100.0
        if sdef.kind == "wall":
            return 45.0
        if sdef.kind == "mainland":
            pot = ROW_POTENTIAL[sdef.row]
            pot -= (0.8 if sdef.row <= 6 else 0.3) * abs(sdef.col - self.focus_col)
            if sdef.row == 4 and sid in ROW4_FOR_WALL[self.focus]:
                pot += 3.0
            return pot
        return LAGOON_POTENTIAL.get(sid, 0.0)

    def exposed(self, sid: str, others: int) -> float:
        """Penalty for an Imperial unit where Insurgent guns reach it, worse when it stands
        alone next to Insurgent units: an easy kill that empties a space (and costs Morale)."""
        if sid == CAMP or SPACES[sid].kind in WIN_KINDS:
            return 0.0
        penalty = min(1.0, self.danger(sid) / (others + 1)) * DANGER
        if others == 0 and any(self.state.spaces[n].ins > 0 for n in SPACES[sid].neighbours):
            penalty += EXPOSED
        return penalty

    def move_gain(self, src: str, dst: str) -> float:
        """What moving one Imperial unit from ``src`` to ``dst`` gains: progress, less the
        change of risk on both spaces (a stack of three is hard to empty, a lone unit in
        range of the guns hands the Insurgents a morale choice)."""
        here, there = self.state.spaces[src], self.state.spaces[dst]
        n, m = here.imperial, there.imperial
        return (self.potential(dst) - self.potential(src) - self.keep_value(src)
                - (self.risk(dst, m + 1) - self.risk(dst, m))
                - (self.risk(src, n - 1) - self.risk(src, n)))

    def hits_on(self, sid: str) -> float:
        """Expected Insurgent hits on ``sid`` before the Empire acts again: the guns, plus
        attacks from next door and raids along a clear lane."""
        hits = self.danger(sid)
        if any(self.state.spaces[n].ins > 0 for n in SPACES[sid].neighbours):
            hits += ADJACENT_THREAT
        if sid in self.raidable():
            hits += RAID_THREAT
        return hits

    def raidable(self) -> set[str]:
        if self._raidable is None:
            spaces = self.state.spaces
            found: set[str] = set()
            for src in RAIDERS:
                if spaces[src].ins == 0:
                    continue
                for dst, path, cost in RAID_LANES.get(src, ()):
                    if cost <= 3 and not any(spaces[p].imperial for p in path):
                        found.add(dst)
            self._raidable = found
        return self._raidable

    def risk(self, sid: str, n: int) -> float:
        """What ``n`` Imperial units on ``sid`` stand to lose: the chance the space is
        emptied (a morale choice for the Insurgents) and the units hit."""
        if n <= 0 or sid == CAMP:
            return 0.0
        lost = MORALE_RISK
        if SPACES[sid].kind in WIN_KINDS:
            # held at the end of the Actions phase it wins; until then every Insurgent card
            # left this round throws its AP at it (5+ each): enter late, and two at a time
            h = self.plays_left() * INSURGENT_KILLS_PER_CARD
            lost += HOLD_LOSS
        else:
            h = self.hits_on(sid)
        if h <= 0:
            return 0.0
        term, below = math.exp(-h), 0.0
        for k in range(n):
            below += term
            term *= h / (k + 1)
        return (1.0 - below) * lost + min(h, n) * UNIT_RISK

    def plays_left(self) -> int:
        """Cards the Insurgents may still play before the position check."""
        state = self.state
        if state.step != "actions":
            return 0
        left = max(0, CARDS_PER_ROUND - state.played["insurgents"])
        return min(left, len(state.hands["insurgents"]))

    def keep_value(self, sid: str) -> float:
        """Extra worth of the last Imperial unit staying on ``sid`` (a cannon's crew)."""
        space = self.state.spaces[sid]
        if space.cannon == "empire" and space.exp + space.ally == 1:
            return 7.0
        return 0.0

    def imperial_worth(self, sid: str) -> float:
        """What one Imperial unit on ``sid`` is worth to the Empire (and to kill, to the
        Insurgents)."""
        sdef = SPACES[sid]
        if sid == CAMP:
            return 0.5
        if sdef.kind in WIN_KINDS:
            return 60.0
        if sdef.kind == "wall":
            return 25.0
        if sdef.kind == "mainland":
            worth = {4: 4.0, 5: 2.0, 6: 1.5}.get(sdef.row, 1.0)
            if sdef.row == 4 and any(self.state.spaces[n].damage == 2 for n in sdef.neighbours
                                     if SPACES[n].on_wall):
                worth += 5.0
        else:
            worth = LAGOON_POTENTIAL.get(sid, 5.0) / 2.5
        worth += self.keep_value(sid)
        if _units(self.state, sid, "empire") == 1:
            worth += 1.5  # emptying gives the morale choice
        return worth

    # --- the Insurgents' view -------------------------------------------------------------

    def threat(self, sid: str) -> float:
        """How much the first Insurgent unit on city space ``sid`` is needed."""
        state = self.state
        sdef = SPACES[sid]
        space = state.spaces[sid]
        near = sum(_units(state, n, "empire") for n in sdef.neighbours if n != CAMP)
        t = 3.0 if space.cannon == "insurgents" else 0.0
        if sdef.on_wall:
            t += 2.0 + 0.7 * near + 3.0 * space.damage
            if space.damage == 2 and near:
                t += 20.0
            if sdef.kind == "fort":
                t += 2.0
        elif sdef.kind == "beach":
            t += 0.5 + (25.0 if near else 0.0)
            if not near and any(_units(state, m, "empire") for n in sdef.neighbours
                                if SPACES[n].kind in ("coast", "lagoon")
                                for m in SPACES[n].neighbours if m != sid):
                t += 12.0  # two slow steps away
        elif sdef.kind == "island":
            t += 3.0 + 4.0 * near
        return t

    def marginal(self, sid: str, k: int) -> float:
        """Worth of the ``k``-th Insurgent unit on ``sid`` (k >= 1)."""
        if k <= 0 or not SPACES[sid].in_city:
            return 0.0
        if sid not in self._need:
            self._need[sid] = self.threat(sid)
        t = self._need[sid]
        return t if k == 1 else t * 0.35 + 0.3

    def insurgent_worth(self, sid: str) -> float:
        """What killing one Insurgent unit on ``sid`` is worth to the Empire."""
        n = _units(self.state, sid, "insurgents")
        worth = self.marginal(sid, n) + 1.0
        if n == 1:
            worth += 3.0 * 10.0 / max(2, self.state.morale["insurgents"])  # the morale choice
        if SPACES[sid].kind in WIN_KINDS and self.can_step_in(sid):
            worth += BREACH / n  # the defenders of a fort or beach the Empire can walk into
        elif SPACES[sid].on_wall and self.state.spaces[sid].damage == 2 and self.can_step_in(sid):
            worth += 0.5 * BREACH / n  # an open breach: the wall, then a fort beside it
        return worth

    def can_step_in(self, sid: str) -> bool:
        """An Imperial unit stands next to ``sid`` and could move in once it is empty."""
        state = self.state
        if SPACES[sid].on_wall and state.spaces[sid].damage < 2:
            return any(SPACES[n].on_wall and state.spaces[n].imperial
                       for n in SPACES[sid].neighbours)
        return any(state.spaces[n].imperial and sid not in SPACES[n].attack_only
                   for n in SPACES[sid].neighbours if n != CAMP)


# --- scoring of each prompt ------------------------------------------------------------------

Scorer = Callable[[Context, Frame, str], float]


def supplies_short(state: FreedomState, side: str) -> int:
    """How many Supplies ``side`` will lack at the next Replenishment (area income counted)."""
    income = sum(AREAS[a].reward(side, state.options.revision).supplies
                 for a, area in state.areas.items() if area.side == side)
    if side == "empire":
        food = TRACKS.pay.supplies[state.period]
    else:
        food = TRACKS.population_cost(sum(s.ins + s.civ for s in state.spaces.values()))
    return max(0, food - income - state.supplies[side])


def money_short(state: FreedomState) -> int:
    return max(0, TRACKS.pay.money[state.period] - state.money)


def money_needed(state: FreedomState) -> int:
    """The Money the Empire still lacks for every pay day left (the period change's Money
    counted): what Pleas for Funds must find before the troops go unpaid."""
    pay = TRACKS.pay.money
    # the last round's pay comes after the last position check of the 2nd edition: the game
    # ends with it whether the troops are paid or not, so that Money is better spent on the
    # Rewards of the last assaults
    last = 5 if state.options.position_check == "end_of_actions" else 6
    still = sum(pay["A" if r <= 3 else "B"] for r in range(state.round, last + 1))
    if state.step in ("round_end", "administration") or state.phase == "over":
        still -= pay[state.period] if state.round <= last else 0  # this round's pay is behind us
    coming = TRACKS.period_b.empire_money if state.round <= 3 else 0
    return max(0, still + REWARD_RESERVE - state.money - coming)


def last_word(ctx: Context) -> bool:
    """The Empire acts after the Insurgents' last card of the Actions phase: what it takes
    now is still held at the position check (2nd edition)."""
    return (ctx.state.step == "actions" and ctx.plays_left() == 0
            and ctx.state.options.position_check == "end_of_actions")


def money_kept(state: FreedomState) -> int:
    """Money the Empire keeps back from Rewards that are not its last word: the pay still
    due before the last round (unpaid troops cost units and 2 Morale) and one Reward for the
    last word of each Period B round still to come."""
    pay = TRACKS.pay.money
    due = sum(pay["A" if r <= 3 else "B"] for r in range(state.round, 6))
    coming = TRACKS.period_b.empire_money if state.round <= 3 else 0
    last_words = sum(1 for r in range(max(state.round, 4), 7))
    return max(0, due - coming) + last_words


def _area_value(state: FreedomState, aid: str, role: str) -> float:
    """Worth of one Support Area action by ``role`` in area ``aid``."""
    area = state.areas[aid]
    rewards = AREAS[aid]
    food = {side: 1.5 if supplies_short(state, side) else 0.6
            for side in ("empire", "insurgents")}

    def gain(side: str) -> float:
        r = rewards.reward(side, state.options.revision)
        return (food[side] * r.supplies + 1.5 * r.morale + 1.2 * r.units + 2.0 * r.cannons
                + 1.5 * r.vasiladi)

    swing = (gain("empire") + gain("insurgents")) * (4 - min(state.round, 6) * 0.5)
    if aid == "sea" and role == "empire" and state.round <= 3:
        swing += 3.0  # the landings around Vasiladi open the way to the beaches
    if area.side == role and role == "empire":
        # a tile with no marker falls to one enemy Support action: guard it
        return swing * HOLD_TILE[min(area.support, len(HOLD_TILE) - 1)]
    if area.side == role:
        return swing * 0.25 / (area.support + 1)
    return swing / (area.support + 1)


HOLD_TILE = (1.0, 0.6, 0.35, 0.2, 0.1, 0.0)  # own tile with 0, 1, 2... markers


def _best(values: Sequence[float]) -> float:
    return max(values, default=0.0)


def _empire_move_gains(ctx: Context) -> list[float]:
    state = ctx.state
    spaces = zone(state)
    gains = []
    for sid, kind in empire_move_sources(state):
        for dst, _ in normal_destinations(state, sid, kind, spaces):
            gains.append(ctx.move_gain(sid, dst))
    return sorted(gains, reverse=True)


def _empire_slow_gains(ctx: Context) -> list[float]:
    state = ctx.state
    spaces = zone(state)
    gains = []
    for sid, kind in empire_slow_sources(state):
        for dst in step_destinations(state, sid, kind, "slow", spaces):
            gains.append(ctx.move_gain(sid, dst))
    return sorted(gains, reverse=True)


def _empire_attacks(ctx: Context, reward: bool | None = None) -> list[float]:
    state = ctx.state
    found = []
    for src in imperial_attackers(state, zone(state)):
        # every unit that may still attack is one more attack of this card
        ready = state.spaces[src].imperial * state.attacks_per_unit - state.attacked.get(src, 0)
        best = 0.0
        for t in imperial_targets(state, src, zone(state)):
            need, bonus = imperial_attack_modifier(state, src, t)
            if reward is not None and reward and not state.reward:
                bonus += 2
            best = max(best, _hit_chance_d8(need, bonus, 2) * ctx.insurgent_worth(t))
        found.extend([best] * max(1, ready))
    return sorted(found, reverse=True)


def _empire_menu(ctx: Context, frame: Frame, aid: str, cost: int) -> float:
    state = ctx.state
    ap = int(frame.data["ap"])
    if aid == "move":
        gains = [g for g in _empire_move_gains(ctx) if g > 0]
        # progress on the mainland is cheap (2 units an AP); guns, money and tiles are not
        return MOVE_WEIGHT * sum(gains[:2]) / cost
    if aid == "slow":
        return _best(_empire_slow_gains(ctx)) / cost
    if aid == "attack":
        return _best(_empire_attacks(ctx)) / cost
    if aid == "reward":
        left = ap - cost
        plain = _empire_attacks(ctx)[:left]
        paid = _empire_attacks(ctx, reward=True)[:left]
        alone = last_word(ctx) and max(paid, default=0.0) >= BREACH
        if (len(paid) < 2 and not alone) or (state.money < 3 and max(paid, default=0.0) < BREACH):
            return 0.0
        if (state.options.position_check == "end_of_actions" and not last_word(ctx)
                and state.money <= money_kept(state)):
            return 0.0  # the Money is kept for the pay and for the assaults of the last word
        return (sum(paid) - sum(plain)) / cost
    if aid == "cannon":
        spend = spend_frame(state)
        best = 0.0
        for sid, c in cannon_sites(state):
            if affordable(state, spend, c):
                best = max(best, _cannon_site_value(ctx, sid) / min(c, max(ap, 1)))
        return best
    if aid == "prep":
        if state.camp_cannons > 0 and state.prep["empire"] < 4:
            return 1.2
        return 0.25
    if aid == "support":
        return _best([_area_value(state, a, "empire") for a in AREAS]) / cost
    if aid == "plea":
        need = money_needed(state)
        if need <= 0:
            return 0.0
        track = state.plea["empire"] or 0
        chance = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + track < 12) / 36
        # unpaid Money costs a unit each and 2 Morale; the sooner the plea, the better the odds
        # (the track climbs 2 a success), so plead early while the Porte still listens
        urgent = 1.0 if money_short(state) else 0.0
        worth = MONEY_WORTH + urgent
        return chance * min(need, TRACKS.plea.empire_money) * worth / cost
    return 0.0


def _cannon_site_value(ctx: Context, sid: str) -> float:
    row = SPACES[sid].row
    value = CANNON_SITE.get(row, 0.0)
    if any(t.space == ctx.focus for t in SPACES[sid].targets):
        value += 4.0
    # a gun the Insurgent batteries can reach loses its crew and is spiked
    return value - ctx.risk(sid, ctx.state.spaces[sid].imperial) * 0.5


def _insurgent_menu(ctx: Context, frame: Frame, aid: str, cost: int) -> float:
    state = ctx.state
    if aid == "attack":
        return _best([_insurgent_attack_value(ctx, t) for t in insurgent_targets(state)]) / cost
    if aid == "regroup":
        return _best(_regroup_gains(ctx)) / cost
    if aid == "raid":
        spend = spend_frame(state)
        return _best([0.5 * ctx.imperial_worth(t) / c for src in RAIDERS
                      for t, c in raid_targets(state, src) if affordable(state, spend, c)])
    if aid == "repair":
        return _best([_repair_value(ctx, s) for s in repair_sites(state)]) / cost
    if aid == "train":
        return (_best([ctx.marginal(s, state.spaces[s].ins + 1)
                       for s in insurgent_placements(state)]) + 2.0) / cost
    if aid == "cannon":
        return _best([_insurgent_cannon_value(ctx, s) for s in insurgent_cannon_sites(state)]) \
            / cost
    if aid == "support":
        return _best([_area_value(state, a, "insurgents") for a in AREAS]) / cost
    if aid == "plea":
        track = state.plea["insurgents"] or 0
        return (0.9 if track < 8 else 0.4) if state.round <= 5 else 0.1
    if aid == "prep":
        return 0.25
    return 0.0


def _insurgent_attack_value(ctx: Context, t: str) -> float:
    chance = 5 / 8 if SPACES[t].kind in ("wall", "fort", "beach") else 3 / 8
    return chance * ctx.imperial_worth(t)


def _regroup_gains(ctx: Context) -> list[float]:
    state = ctx.state
    gains = []
    for src, space in state.spaces.items():
        if space.ins <= 0:
            continue
        loss = ctx.marginal(src, space.ins)
        for dst in regroup_destinations(state, src):
            gains.append(ctx.marginal(dst, state.spaces[dst].ins + 1) - loss)
    return sorted(gains, reverse=True)


def _repair_value(ctx: Context, sid: str) -> float:
    space = ctx.state.spaces[sid]
    near = sum(_units(ctx.state, n, "empire") for n in SPACES[sid].neighbours if n != CAMP)
    cannons = sum(1 for n, sp in ctx.state.spaces.items() if sp.cannon == "empire"
                  and any(t.space == sid for t in SPACES[n].targets))
    return (6.0 if space.damage == 2 else 3.0) + 0.5 * near + 1.5 * cannons


def _insurgent_cannon_value(ctx: Context, sid: str) -> float:
    reach = [t.space for t in SPACES[sid].targets if t.distance <= 3]
    enemies = sum(_units(ctx.state, t, "empire") for t in reach)
    guns = sum(1 for t in reach if ctx.state.spaces[t].cannon == "empire")
    return 1.0 + 0.5 * enemies + 2.0 * guns


EVENT_VALUE = 3.3  # an own event, in AP
REWARD_RESERVE = 2  # Money the Empire pleads for beyond its pay: the Rewards of its last words


def urgent(state: FreedomState, role: str) -> bool:
    """The Insurgents must act now: Imperial units in a fort or on a beach, an open breach
    (a destroyed, empty wall space) beside Imperial units, an empty fort or beach the Empire
    could step into, or their last card before the Empire's last word while a fort or beach
    beside Imperial units has a single defender."""
    if role != "insurgents":
        return False
    for sid, sdef in SPACES.items():
        space = state.spaces[sid]
        if sdef.kind in WIN_KINDS and space.imperial > 0:
            return True
        if sdef.on_wall and space.damage == 2 and space.ins == 0 and any(
            _units(state, n, "empire") for n in sdef.neighbours if n != CAMP
        ):
            return True
        if sdef.kind in WIN_KINDS and space.ins == 0 and open_door(state, sid):
            return True
    return before_the_last_word(state) and bool(thin_doors(state))


def before_the_last_word(state: FreedomState) -> bool:
    """The Insurgents are about to play their last card of the Actions phase and the Empire
    still has one after it (2nd edition: nothing can answer that card before the check)."""
    if state.step != "actions" or state.options.position_check != "end_of_actions":
        return False
    mine = min(max(0, CARDS_PER_ROUND - state.played["insurgents"]),
               len(state.hands["insurgents"]))
    theirs = min(max(0, CARDS_PER_ROUND - state.played["empire"]), len(state.hands["empire"]))
    return mine == 1 and theirs >= 1


def thin_doors(state: FreedomState) -> list[str]:
    """Forts and beaches held by a single unit beside Imperial units that could enter them
    once they are emptied."""
    found = []
    for sid, sdef in SPACES.items():
        if sdef.kind not in WIN_KINDS or state.spaces[sid].ins != 1:
            continue
        if sdef.on_wall and state.spaces[sid].damage < 2:
            near = any(SPACES[n].on_wall and state.spaces[n].imperial
                       for n in sdef.neighbours)
        else:
            near = any(state.spaces[n].imperial for n in sdef.neighbours if n != CAMP)
        if near:
            found.append(sid)
    return found


def open_door(state: FreedomState, sid: str) -> bool:
    """An Imperial unit beside the empty fort or beach ``sid`` could step in now (and win at
    the position check): the city must fill it before the Empire's next card."""
    for n in SPACES[sid].neighbours:
        here = state.spaces[n]
        if n == CAMP or here.imperial == 0:
            continue
        kind = "exp" if here.exp else "ally"
        if imperial_step(state, n, sid, kind, "slow") or imperial_step(state, n, sid, kind,
                                                                        "normal"):
            return True
    return False


def _card_value(state: FreedomState, role: str, cid: str, mode: str) -> float:
    card = cards.card(cid)
    if mode == "ap":
        value = float(card.ap) * (3.0 if urgent(state, role) else 1.0)
        if role == "empire" and state.camp_cannons > 0 and card.ap + state.prep["empire"] >= 5:
            value += 1.0
        return value
    if card.side == role:
        return EVENT_VALUE + (0.4 if card.ap <= 2 else 0.0)
    return 1.2  # a neutral event helps both sides about as much


def _finisher(state: FreedomState, cid: str, mode: str) -> float:
    """What card ``cid`` played as ``mode`` gives the Empire's last play of a round: AP for
    moving in and attacking, an event's free attacks and moves (the Reward's +2 counted as
    about two AP more), those limited to a zone only with Imperial units there."""
    card = cards.card(cid)
    if mode == "ap":
        return float(card.ap)
    if not card.beneficial_to("empire"):
        return 0.0

    def present(zone: str | None) -> bool:
        return zone is None or any(state.spaces[s].imperial for s in zone_spaces(zone))

    value = 0.0
    for effect in cards.walk(card.effects):
        if isinstance(effect, cards.FreeActions) and "attack" in effect.actions \
                and present(effect.zone):
            value += effect.ap * effect.attacks_per_unit + (2.0 if effect.reward else 0.0)
        elif isinstance(effect, cards.Strike) and effect.who == "self" \
                and present(effect.from_zone):
            value += effect.count * (9 - effect.hit) / 4
    return value


def empire_plays_last(state: FreedomState) -> bool:
    """(Asked when the Empire picks a card.) The Insurgents played first this Actions phase:
    the Empire's last card comes after theirs, when nothing can throw a unit out of a fort or
    beach before the position check."""
    return (state.step == "actions" and state.played["insurgents"] > state.played["empire"]
            and state.options.position_check == "end_of_actions")


def empire_plays_left(state: FreedomState) -> int:
    return min(max(0, CARDS_PER_ROUND - state.played["empire"]), len(state.hands["empire"]))


def _best_finisher(state: FreedomState) -> tuple[str, float]:
    """The Empire's card that would make the strongest last play, and its worth."""
    best, worth = "", -1.0
    for cid in state.hands["empire"]:
        value = max(_finisher(state, cid, "ap"), _finisher(state, cid, "event"))
        if value > worth:
            best, worth = cid, value
    return best, worth


def score_play(ctx: Context, frame: Frame, cid: str) -> float:
    state, role = ctx.state, frame.role
    if cid == "pass":
        return 0.0
    _, card_id, mode = cid.split(":")
    if mode == "discard":
        # The pending event takes the place of the least useful card of the round.
        keep = max(_card_value(state, role, card_id, m) for m in ("ap", "event")
                   if m == "ap" or cards.card(card_id).beneficial_to(role))
        return 10.0 + EVENT_VALUE - keep if keep < EVENT_VALUE else -1.0
    value = _card_value(state, role, card_id, mode)
    if role == "empire" and empire_plays_last(state):
        left = empire_plays_left(state)
        if left == 1:
            # the last word before the position check: the play with the most punch
            return _finisher(state, card_id, mode) + 0.1 * value
        if left > 1 and card_id == _best_finisher(state)[0]:
            value -= 10.0  # kept for the last play
    return value


def score_spend(ctx: Context, frame: Frame, cid: str) -> float:
    if cid == "done":
        return 0.05
    aid = cid.split(":", 1)[1]
    menu = {a: cost for a, _, cost in Spend().menu(ctx.state, frame)}
    if aid not in menu:
        return -1.0
    scorer = _empire_menu if frame.role == "empire" else _insurgent_menu
    return scorer(ctx, frame, aid, max(1, menu[aid]))


def score_emp_move(ctx: Context, frame: Frame, cid: str) -> float:
    state, d = ctx.state, frame.data
    verb, _, arg = cid.partition(":")
    if verb == "done":
        return 0.0
    if verb == "back":
        return -50.0
    if verb == "from":
        sid, _, kind = arg.partition(":")
        kind = kind or ("exp" if state.spaces[sid].exp else "ally")
        dests = normal_destinations(state, sid, kind, zone(state),
                                    allow_through=not d.get("at"))
        return _best([ctx.move_gain(sid, dst) for dst, _ in dests]) if dests else -50.0
    if verb == "to":
        return ctx.move_gain(d["src"], arg)
    if verb == "on":
        return ctx.move_gain(d["at"], arg)
    return 0.0


def score_emp_slow(ctx: Context, frame: Frame, cid: str) -> float:
    state, d = ctx.state, frame.data
    verb, _, arg = cid.partition(":")
    if verb == "back":
        return -50.0
    if verb == "from":
        sid, _, kind = arg.partition(":")
        kind = kind or ("exp" if state.spaces[sid].exp else "ally")
        return _best([ctx.move_gain(sid, dst)
                      for dst in step_destinations(state, sid, kind, "slow", zone(state))])
    if verb == "to":
        return ctx.move_gain(d["src"], arg)
    return 0.0


def score_emp_attack(ctx: Context, frame: Frame, cid: str) -> float:
    state = ctx.state
    verb, _, arg = cid.partition(":")
    if verb == "back":
        return -50.0
    if verb == "from":
        return _best([
            _hit_chance_d8(*imperial_attack_modifier(state, arg, t), 2) * ctx.insurgent_worth(t)
            for t in imperial_targets(state, arg, zone(state))
        ])
    if verb == "at":
        src = frame.data["src"]
        return _hit_chance_d8(*imperial_attack_modifier(state, src, arg), 2) \
            * ctx.insurgent_worth(arg)
    return 0.0


def score_support(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "area":
        return -50.0
    return _area_value(ctx.state, arg, frame.role)


def score_emp_cannon(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return _cannon_site_value(ctx, arg) / CANNON_COST[arg]


def score_opening(ctx: Context, frame: Frame, cid: str) -> float:
    state, d = ctx.state, frame.data
    verb, _, arg = cid.partition(":")
    if verb == "done":
        return 0.0
    if verb == "back":
        return -50.0
    if verb == "from":
        sid, _, kind = arg.partition(":")
        kind = kind or ("exp" if state.spaces[sid].exp else "ally")
        return _best([ctx.move_gain(sid, t) for t in SPACES[sid].neighbours
                      if imperial_step(state, sid, t, kind, "opening")])
    if verb == "to":
        return ctx.move_gain(d["src"], arg)
    return 0.0


def _shot_value(ctx: Context, src: str, dst: str, need: int) -> float:
    state = ctx.state
    hits = _d6_hits(need, cannon_bonus(state, src, dst))
    target = state.spaces[dst]
    if state.spaces[src].cannon == "empire":
        if SPACES[dst].on_wall and target.damage < 2:
            value = 5.0 + (6.0 if dst == ctx.focus else 0.0) + 2.0 * target.damage
            if SPACES[dst].kind == "fort":
                value += 1.5
        elif target.ins > 0:
            value = ctx.insurgent_worth(dst)
        else:
            value = 3.0  # an Insurgent cannon
        return hits * value
    if target.imperial > 0:
        return hits * (ctx.imperial_worth(dst) + (4.0 if target.cannon == "empire" else 0.0))
    return hits * 5.0


def score_cannons(ctx: Context, frame: Frame, cid: str) -> float:
    state = ctx.state
    verb, _, arg = cid.partition(":")
    if verb == "done":
        return 0.0
    if verb == "fire":
        return 1.0 + _best([_shot_value(ctx, arg, t, n) for t, n in cannon_targets(state, arg)])
    if verb == "at":
        need = dict(cannon_targets(state, frame.data["src"]))[arg]
        return _shot_value(ctx, frame.data["src"], arg, need)
    return 0.0


def score_morale(ctx: Context, frame: Frame, cid: str) -> float:
    state, role = ctx.state, frame.role
    mine, theirs = state.morale[role], state.morale[other(role)]
    if cid == "morale:down":
        if theirs <= 1:
            return 100.0
        if role == "empire":
            return 1.0 if mine > 5 and mine > theirs else 0.0
        return 1.0 if theirs <= 10 or mine >= 12 else 0.0
    return 0.5


def _removal_value(ctx: Context, frame: Frame, sid: str) -> float:
    """Score for removing a unit of ``frame.data['side']`` from ``sid`` by ``frame.role``."""
    side = frame.data["side"]
    if side == "empire":
        worth = ctx.imperial_worth(sid)
    else:
        worth = ctx.marginal(sid, ctx.state.spaces[sid].ins)
    return worth if side != frame.role else -worth


def score_remove(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "space":
        return -50.0
    return _removal_value(ctx, frame, arg)


def _placement_value(ctx: Context, kind: str, sid: str) -> float:
    if kind == "ins":
        return ctx.marginal(sid, ctx.state.spaces[sid].ins + 1)
    return ctx.potential(sid)


def score_place(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "space":
        return -50.0
    return _placement_value(ctx, frame.data["kind"], arg)


def score_place_cannon(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "space":
        return -50.0
    value = _insurgent_cannon_value(ctx, arg)
    return value + (2.0 if ctx.state.spaces[arg].ins > 0 else -5.0)


def score_cannon_removal(ctx: Context, frame: Frame, cid: str) -> float:
    """An Imperial gun left standing fires again: the Insurgents always remove it."""
    return 1.0 if cid == "cannon:remove" else 0.0


def score_regroup(ctx: Context, frame: Frame, cid: str) -> float:
    state = ctx.state
    verb, _, arg = cid.partition(":")
    if verb in ("pass", "back"):
        return 0.0 if frame.data.get("opening") else -50.0
    if verb == "from":
        loss = ctx.marginal(arg, state.spaces[arg].ins)
        return _best([ctx.marginal(d, state.spaces[d].ins + 1) - loss
                      for d in regroup_destinations(state, arg)])
    if verb == "to":
        src = frame.data["src"]
        return ctx.marginal(arg, state.spaces[arg].ins + 1) \
            - ctx.marginal(src, state.spaces[src].ins)
    return 0.0


def score_ins_attack(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return _insurgent_attack_value(ctx, arg)


def score_ins_raid(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    src, _, dst = arg.partition(":")
    cost = dict(raid_targets(ctx.state, src)).get(dst, 1)
    return 0.5 * ctx.imperial_worth(dst) / cost


def score_ins_repair(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return _repair_value(ctx, arg)


def score_ins_train(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return _placement_value(ctx, "ins", arg)


def score_ins_cannon(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return _insurgent_cannon_value(ctx, arg)


# --- card events' questions -----------------------------------------------------------------

def score_ev_space(ctx: Context, frame: Frame, cid: str) -> float:
    """``space:X`` answers of the events' questions (see events.py)."""
    state, role, name = ctx.state, frame.role, frame.name
    verb, _, arg = cid.partition(":")
    if verb == "done":
        return 0.0
    if verb == "unit":
        return 1.0  # Under Cover of Night: a crew goes with the cannon
    if verb == "card" and name == "ev_discard":  # keep the best cards
        return -max(_card_value(state, role, arg, m) for m in ("ap", "event")
                    if m == "ap" or cards.card(arg).beneficial_to(role))
    if verb == "from" and name == "ev_retreat":
        src, _, kind = arg.partition(":")
        backs = [ctx.potential(b) for b in back_steps(state, src, kind)]
        drop = ctx.potential(src) - min(backs, default=ctx.potential(src))
        return drop if role == "insurgents" else -drop
    if name == "ev_retreat" and verb == "space":
        value = ctx.potential(arg)
        return -value if role == "insurgents" else value
    if verb == "area":
        if name == "ev_strip":  # remove a marker: from an enemy tile
            area = state.areas[arg]
            mine = area.side == role
            return (-1.0 if mine else 1.0) * _area_value(state, arg, other(role))
        return _area_value(state, arg, role)
    if verb != "space":
        return -50.0
    if name == "ev_remove":
        return _removal_value(ctx, frame, arg)
    if name == "ev_sortie":
        here = state.spaces[arg]
        side = frame.data.get("side")
        n = min(int(frame.data.get("count", 1)), _units(state, arg, str(side)))
        if side == "empire":
            value = n * ctx.imperial_worth(arg)
            if frame.data.get("cannon") and here.cannon == "empire":
                value += 6.0
        else:
            value = sum(ctx.marginal(arg, k) for k in range(here.ins - n + 1, here.ins + 1))
        return value
    if name == "ev_cannon":
        return _insurgent_cannon_value(ctx, arg)
    if name == "ev_uncannon":
        mine = frame.data.get("side") == role
        value = 2.0 + ROW_POTENTIAL.get(SPACES[arg].row, 0.0) / 3
        return -value if mine else value
    if name == "ev_damage":
        value = 3.0 + 2.0 * state.spaces[arg].damage + (5.0 if arg == ctx.focus else 0.0)
        return value
    if name == "ev_repair":
        return _repair_value(ctx, arg)
    if name == "ev_strike":
        if role == "empire":
            return ctx.insurgent_worth(arg)
        return ctx.imperial_worth(arg)
    if name == "ev_night":
        if frame.data.get("step") == "source":
            return 1.0
        return ctx.potential(arg)
    return 0.0


SCORERS: dict[str, Scorer] = {
    "play": score_play,
    "spend": score_spend,
    "emp_move": score_emp_move,
    "emp_slow": score_emp_slow,
    "emp_attack": score_emp_attack,
    "emp_support": score_support,
    "ins_support": score_support,
    "emp_cannon": score_emp_cannon,
    "opening": score_opening,
    "cannons": score_cannons,
    "morale_choice": score_morale,
    "remove_units": score_remove,
    "place_units": score_place,
    "place_cannon": score_place_cannon,
    "cannon_removal": score_cannon_removal,
    "ins_regroup": score_regroup,
    "ins_attack": score_ins_attack,
    "ins_raid": score_ins_raid,
    "ins_repair": score_ins_repair,
    "ins_train": score_ins_train,
    "ins_cannon": score_ins_cannon,
}


def score_choices(state: FreedomState, role: str, choices: Sequence[Choice]) -> list[float]:
    """The greedy player's score of each choice (higher is better)."""
    frame = state.stack[-1] if state.stack else None
    if frame is None or frame.role != role:
        return [0.0 for _ in choices]
    ctx = Context(state, role)
    scorer = SCORERS.get(frame.name)
    if scorer is None:
        scorer = score_ev_space if frame.name.startswith("ev_") else None
    if scorer is None:
        return [-50.0 if c.id == "back" else 0.0 for c in choices]
    return [scorer(ctx, frame, c.id) if c.id != "pass" or frame.name != "play"
            else 0.0 for c in choices]


def choose(state: FreedomState, role: str, choices: Sequence[Choice], rng: Rng) -> str:
    """The greedy choice among ``choices`` (the prompt ``role`` answers now); ties by ``rng``."""
    if not choices:
        raise ValueError("nothing to choose from")
    scores = score_choices(state, role, choices)
    top = max(scores)
    best = [c.id for c, s in zip(choices, scores, strict=True) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def autoplay(game: Any, state: Any, role: str, choices: Sequence[Choice], rng: Rng) -> str:
    """The policy hook of ``engine.core.simulate`` (``--policy greedy``)."""
    assert isinstance(state, FreedomState)
    return choose(state, role, choices, rng)


# The automatic players this module offers, by name (``engine.core.registry.policies``).
POLICIES = {"greedy": autoplay}

__all__ = ["CITY", "POLICIES", "Context", "autoplay", "choose", "score_choices"]
