"""The greedy player's scores of the choices inside an action: where an Imperial unit moves,
what it attacks, where Support and cannons go; the Insurgents' regroups, attacks, raids,
repairs, training and cannons."""

from __future__ import annotations

from engine.games.freedom.ai.context import Context, best_gain, hit_chance_d8
from engine.games.freedom.ai.economy import area_value
from engine.games.freedom.ai.menus import (
    cannon_site_value,
    insurgent_attack_value,
    insurgent_cannon_value,
    placement_value,
    repair_value,
)
from engine.games.freedom.ap import zone
from engine.games.freedom.combat import (
    imperial_attack_modifier,
    imperial_targets,
    raid_targets,
)
from engine.games.freedom.empire_actions import CANNON_COST
from engine.games.freedom.movement import (
    chosen_unit,
    normal_destinations,
    regroup_destinations,
    step_destinations,
)
from engine.games.freedom.state import Frame


def score_emp_move(ctx: Context, frame: Frame, cid: str) -> float:
    state, d = ctx.state, frame.data
    verb, _, arg = cid.partition(":")
    if verb == "done":
        return 0.0
    if verb == "back":
        return -50.0
    if verb == "from":
        sid, kind = chosen_unit(state, arg)
        dests = normal_destinations(state, sid, kind, zone(state),
                                    allow_through=not d.get("at"))
        return best_gain([ctx.move_gain(sid, dst) for dst, _ in dests]) if dests else -50.0
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
        sid, kind = chosen_unit(state, arg)
        return best_gain([ctx.move_gain(sid, dst)
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
        return best_gain([
            hit_chance_d8(*imperial_attack_modifier(state, arg, t), 2) * ctx.insurgent_worth(t)
            for t in imperial_targets(state, arg, zone(state))
        ])
    if verb == "at":
        src = frame.data["src"]
        return hit_chance_d8(*imperial_attack_modifier(state, src, arg), 2) \
            * ctx.insurgent_worth(arg)
    return 0.0


def score_support(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "area":
        return -50.0
    return area_value(ctx.state, arg, frame.role)


def score_emp_cannon(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return cannon_site_value(ctx, arg) / CANNON_COST[arg]


def score_regroup(ctx: Context, frame: Frame, cid: str) -> float:
    state = ctx.state
    verb, _, arg = cid.partition(":")
    if verb in ("pass", "back"):
        return 0.0 if frame.data.get("opening") else -50.0
    if verb == "from":
        loss = ctx.marginal(arg, state.spaces[arg].ins)
        return best_gain([ctx.marginal(d, state.spaces[d].ins + 1) - loss
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
    return insurgent_attack_value(ctx, arg)


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
    return repair_value(ctx, arg)


def score_ins_train(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return placement_value(ctx, "ins", arg)


def score_ins_cannon(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "at":
        return -50.0
    return insurgent_cannon_value(ctx, arg)
