"""The greedy player's accounts: Supplies and Money short of what the rounds ahead need,
the Money kept for the Empire's last words, the worth of a Surrounding Area."""

from __future__ import annotations

from engine.games.freedom.ai.context import Context
from engine.games.freedom.data import AREAS, TRACKS
from engine.games.freedom.state import FreedomState

REWARD_RESERVE = 2  # Money the Empire pleads for beyond its pay: the Rewards of its last words


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


def area_value(state: FreedomState, aid: str, role: str) -> float:
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
