"""What the greedy Freedom! player reads of a position, worked out once per question
(``Context``): the threat on each space, the focus on the wall, the doors, the lagoon; and the
weights its scores are made of."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from engine.games.freedom.cannon_fire import cannon_bonus
from engine.games.freedom.cardplay import CARDS_PER_ROUND
from engine.games.freedom.combat import RAID_LANES
from engine.games.freedom.data import CAMP, SPACES
from engine.games.freedom.insurgent_actions import RAIDERS
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


def units_at(state: FreedomState, sid: str, side: str) -> int:
    space = state.spaces[sid]
    return space.ins if side == "insurgents" else space.exp + space.ally


def hit_chance_d8(need: int, bonus: int, dice: int) -> float:
    one = min(1.0, max(0.0, (9 - max(1, need - bonus)) / 8))
    return 1 - (1 - one) ** dice


def d6_hits(need: int, bonus: int) -> float:
    """Expected hits of 2d6 where each die at or above ``need`` (after ``bonus``) hits."""
    one = min(1.0, max(0.0, (7 - max(1, need - bonus)) / 6))
    return 2 * one


def best_gain(values: Sequence[float]) -> float:
    return max(values, default=0.0)


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
                        hits = d6_hits(t.need or 3 + t.distance, bonus)
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
            p += 0.4 * sum(units_at(state, n, "empire") for n in ROW4_FOR_WALL[w])
            pressure[w] = p
        for sid, space in state.spaces.items():
            if space.cannon != "empire" or SPACES[sid].kind != "mainland":
                continue
            for t in SPACES[sid].targets:
                if t.space in pressure and t.distance <= 3:
                    pressure[t.space] += d6_hits(t.need or 3 + t.distance, 0)
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
        if units_at(self.state, sid, "empire") == 1:
            worth += 1.5  # emptying gives the morale choice
        return worth

    # --- the Insurgents' view -------------------------------------------------------------

    def threat(self, sid: str) -> float:
        """How much the first Insurgent unit on city space ``sid`` is needed."""
        state = self.state
        sdef = SPACES[sid]
        space = state.spaces[sid]
        near = sum(units_at(state, n, "empire") for n in sdef.neighbours if n != CAMP)
        t = 3.0 if space.cannon == "insurgents" else 0.0
        if sdef.on_wall:
            t += 2.0 + 0.7 * near + 3.0 * space.damage
            if space.damage == 2 and near:
                t += 20.0
            if sdef.kind == "fort":
                t += 2.0
        elif sdef.kind == "beach":
            t += 0.5 + (25.0 if near else 0.0)
            if not near and any(units_at(state, m, "empire") for n in sdef.neighbours
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
        n = units_at(self.state, sid, "insurgents")
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


Scorer = Callable[[Context, Frame, str], float]
