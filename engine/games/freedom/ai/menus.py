"""The greedy player's worth of each entry of the AP menu: the best move, attack, cannon,
regroup, repair or Support it leads to."""

from __future__ import annotations

from engine.games.freedom.ai.context import (
    BREACH,
    CANNON_SITE,
    MONEY_WORTH,
    MOVE_WEIGHT,
    Context,
    best_gain,
    hit_chance_d8,
    units_at,
)
from engine.games.freedom.ai.economy import (
    area_value,
    last_word,
    money_kept,
    money_needed,
    money_short,
)
from engine.games.freedom.ap import affordable, spend_frame, zone
from engine.games.freedom.combat import (
    imperial_attack_modifier,
    imperial_attackers,
    imperial_targets,
    insurgent_targets,
    raid_targets,
)
from engine.games.freedom.data import AREAS, CAMP, SPACES, TRACKS
from engine.games.freedom.empire_actions import (
    cannon_sites,
    empire_move_sources,
    empire_slow_sources,
)
from engine.games.freedom.insurgent_actions import RAIDERS, insurgent_cannon_sites, repair_sites
from engine.games.freedom.movement import (
    insurgent_placements,
    normal_destinations,
    regroup_destinations,
    step_destinations,
)
from engine.games.freedom.state import Frame


def empire_move_gains(ctx: Context) -> list[float]:
    state = ctx.state
    spaces = zone(state)
    gains = []
    for sid, kind in empire_move_sources(state):
        for dst, _ in normal_destinations(state, sid, kind, spaces):
            gains.append(ctx.move_gain(sid, dst))
    return sorted(gains, reverse=True)


def empire_slow_gains(ctx: Context) -> list[float]:
    state = ctx.state
    spaces = zone(state)
    gains = []
    for sid, kind in empire_slow_sources(state):
        for dst in step_destinations(state, sid, kind, "slow", spaces):
            gains.append(ctx.move_gain(sid, dst))
    return sorted(gains, reverse=True)


def empire_attacks(ctx: Context, reward: bool | None = None) -> list[float]:
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
            best = max(best, hit_chance_d8(need, bonus, 2) * ctx.insurgent_worth(t))
        found.extend([best] * max(1, ready))
    return sorted(found, reverse=True)


def empire_menu_worth(ctx: Context, frame: Frame, aid: str, cost: int) -> float:
    state = ctx.state
    ap = int(frame.data["ap"])
    if aid == "move":
        gains = [g for g in empire_move_gains(ctx) if g > 0]
        # progress on the mainland is cheap (2 units an AP); guns, money and tiles are not
        return MOVE_WEIGHT * sum(gains[:2]) / cost
    if aid == "slow":
        return best_gain(empire_slow_gains(ctx)) / cost
    if aid == "attack":
        return best_gain(empire_attacks(ctx)) / cost
    if aid == "reward":
        left = ap - cost
        plain = empire_attacks(ctx)[:left]
        paid = empire_attacks(ctx, reward=True)[:left]
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
                best = max(best, cannon_site_value(ctx, sid) / min(c, max(ap, 1)))
        return best
    if aid == "prep":
        if state.camp_cannons > 0 and state.prep["empire"] < 4:
            return 1.2
        return 0.25
    if aid == "support":
        return best_gain([area_value(state, a, "empire") for a in AREAS]) / cost
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


def cannon_site_value(ctx: Context, sid: str) -> float:
    row = SPACES[sid].row
    value = CANNON_SITE.get(row, 0.0)
    if any(t.space == ctx.focus for t in SPACES[sid].targets):
        value += 4.0
    # a gun the Insurgent batteries can reach loses its crew and is spiked
    return value - ctx.risk(sid, ctx.state.spaces[sid].imperial) * 0.5


def insurgent_menu_worth(ctx: Context, frame: Frame, aid: str, cost: int) -> float:
    state = ctx.state
    if aid == "attack":
        return best_gain([insurgent_attack_value(ctx, t) for t in insurgent_targets(state)]) / cost
    if aid == "regroup":
        return best_gain(regroup_gains(ctx)) / cost
    if aid == "raid":
        spend = spend_frame(state)
        return best_gain([0.5 * ctx.imperial_worth(t) / c for src in RAIDERS
                          for t, c in raid_targets(state, src) if affordable(state, spend, c)])
    if aid == "repair":
        return best_gain([repair_value(ctx, s) for s in repair_sites(state)]) / cost
    if aid == "train":
        return (best_gain([ctx.marginal(s, state.spaces[s].ins + 1)
                           for s in insurgent_placements(state)]) + 2.0) / cost
    if aid == "cannon":
        return best_gain([insurgent_cannon_value(ctx, s) for s in insurgent_cannon_sites(state)]) \
            / cost
    if aid == "support":
        return best_gain([area_value(state, a, "insurgents") for a in AREAS]) / cost
    if aid == "plea":
        track = state.plea["insurgents"] or 0
        return (0.9 if track < 8 else 0.4) if state.round <= 5 else 0.1
    if aid == "prep":
        return 0.25
    return 0.0


def insurgent_attack_value(ctx: Context, t: str) -> float:
    chance = 5 / 8 if SPACES[t].kind in ("wall", "fort", "beach") else 3 / 8
    return chance * ctx.imperial_worth(t)


def regroup_gains(ctx: Context) -> list[float]:
    state = ctx.state
    gains = []
    for src, space in state.spaces.items():
        if space.ins <= 0:
            continue
        loss = ctx.marginal(src, space.ins)
        for dst in regroup_destinations(state, src):
            gains.append(ctx.marginal(dst, state.spaces[dst].ins + 1) - loss)
    return sorted(gains, reverse=True)


def repair_value(ctx: Context, sid: str) -> float:
    space = ctx.state.spaces[sid]
    near = sum(units_at(ctx.state, n, "empire") for n in SPACES[sid].neighbours if n != CAMP)
    cannons = sum(1 for n, sp in ctx.state.spaces.items() if sp.cannon == "empire"
                  and any(t.space == sid for t in SPACES[n].targets))
    return (6.0 if space.damage == 2 else 3.0) + 0.5 * near + 1.5 * cannons


def insurgent_cannon_value(ctx: Context, sid: str) -> float:
    reach = [t.space for t in SPACES[sid].targets if t.distance <= 3]
    enemies = sum(units_at(ctx.state, t, "empire") for t in reach)
    guns = sum(1 for t in reach if ctx.state.spaces[t].cannon == "empire")
    return 1.0 + 0.5 * enemies + 2.0 * guns


def placement_value(ctx: Context, kind: str, sid: str) -> float:
    if kind == "ins":
        return ctx.marginal(sid, ctx.state.spaces[sid].ins + 1)
    return ctx.potential(sid)
