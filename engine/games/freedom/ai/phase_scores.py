"""The greedy player's scores of the questions the phases and the rules' effects ask: the
Opening's advance, the Cannons phase's shots, the morale choice, units removed or placed,
cannons placed or removed; and the spaces a card's event picks."""

from __future__ import annotations

from engine.games.freedom import cards
from engine.games.freedom.ai.card_play import card_value
from engine.games.freedom.ai.context import ROW_POTENTIAL, Context, best_gain, d6_hits, units_at
from engine.games.freedom.ai.economy import area_value
from engine.games.freedom.ai.menus import insurgent_cannon_value, placement_value, repair_value
from engine.games.freedom.cannon_fire import cannon_bonus, cannon_targets
from engine.games.freedom.data import SPACES, other
from engine.games.freedom.event_combat import back_steps
from engine.games.freedom.movement import chosen_unit, imperial_step
from engine.games.freedom.state import Frame


def score_opening(ctx: Context, frame: Frame, cid: str) -> float:
    state, d = ctx.state, frame.data
    verb, _, arg = cid.partition(":")
    if verb == "done":
        return 0.0
    if verb == "back":
        return -50.0
    if verb == "from":
        sid, kind = chosen_unit(state, arg)
        return best_gain([ctx.move_gain(sid, t) for t in SPACES[sid].neighbours
                          if imperial_step(state, sid, t, kind, "opening")])
    if verb == "to":
        return ctx.move_gain(d["src"], arg)
    return 0.0


def shot_value(ctx: Context, src: str, dst: str, need: int) -> float:
    state = ctx.state
    hits = d6_hits(need, cannon_bonus(state, src, dst))
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
        return 1.0 + best_gain([shot_value(ctx, arg, t, n) for t, n in cannon_targets(state, arg)])
    if verb == "at":
        need = dict(cannon_targets(state, frame.data["src"]))[arg]
        return shot_value(ctx, frame.data["src"], arg, need)
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


def removal_value(ctx: Context, frame: Frame, sid: str) -> float:
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
    return removal_value(ctx, frame, arg)


def score_place(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "space":
        return -50.0
    return placement_value(ctx, frame.data["kind"], arg)


def score_place_cannon(ctx: Context, frame: Frame, cid: str) -> float:
    verb, _, arg = cid.partition(":")
    if verb != "space":
        return -50.0
    value = insurgent_cannon_value(ctx, arg)
    return value + (2.0 if ctx.state.spaces[arg].ins > 0 else -5.0)


def score_cannon_removal(ctx: Context, frame: Frame, cid: str) -> float:
    """An Imperial gun left standing fires again: the Insurgents always remove it."""
    return 1.0 if cid == "cannon:remove" else 0.0


def score_ev_space(ctx: Context, frame: Frame, cid: str) -> float:
    """``space:X`` answers of the events' questions (see events.py)."""
    state, role, name = ctx.state, frame.role, frame.name
    verb, _, arg = cid.partition(":")
    if verb == "done":
        return 0.0
    if verb == "unit":
        return 1.0  # Under Cover of Night: a crew goes with the cannon
    if verb == "card" and name == "ev_discard":  # keep the best cards
        return -max(card_value(state, role, arg, m) for m in ("ap", "event")
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
            return (-1.0 if mine else 1.0) * area_value(state, arg, other(role))
        return area_value(state, arg, role)
    if verb != "space":
        return -50.0
    if name == "ev_remove":
        return removal_value(ctx, frame, arg)
    if name == "ev_sortie":
        here = state.spaces[arg]
        side = frame.data.get("side")
        n = min(int(frame.data.get("count", 1)), units_at(state, arg, str(side)))
        if side == "empire":
            value = n * ctx.imperial_worth(arg)
            if frame.data.get("cannon") and here.cannon == "empire":
                value += 6.0
        else:
            value = sum(ctx.marginal(arg, k) for k in range(here.ins - n + 1, here.ins + 1))
        return value
    if name == "ev_cannon":
        return insurgent_cannon_value(ctx, arg)
    if name == "ev_uncannon":
        mine = frame.data.get("side") == role
        value = 2.0 + ROW_POTENTIAL.get(SPACES[arg].row, 0.0) / 3
        return -value if mine else value
    if name == "ev_damage":
        value = 3.0 + 2.0 * state.spaces[arg].damage + (5.0 if arg == ctx.focus else 0.0)
        return value
    if name == "ev_repair":
        return repair_value(ctx, arg)
    if name == "ev_strike":
        if role == "empire":
            return ctx.insurgent_worth(arg)
        return ctx.imperial_worth(arg)
    if name == "ev_night":
        if frame.data.get("step") == "source":
            return 1.0
        return ctx.potential(arg)
    return 0.0
