"""Revolts (Revolts, Modifiers 4): at the end of his turn a player who could not feed his
provinces (d100 1-79: d10 rebels) or who has red tokens on at least half of them (1-60: d6;
1-70 and d10 with an R among them) sees soldiers rebel. He chooses the provinces, one after
the other, the most soldiers possible rebelling in each; where loyal soldiers remain they
fight the rebels at once; a regular building where a rebellion breaks out is destroyed.
Rebels never move; anyone may attack them, or bribe them on his turn for 3 a rebel and take
the province with the soldiers (``rebel_auction.py``: sealed bids when several want them).
A player fighting another has -4 for each of his own provinces held by rebels."""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.games.sixcontinents.battle import Attack, fight
from engine.games.sixcontinents.board import CONTINENT_OF, CONTINENTS
from engine.games.sixcontinents.conquest import take
from engine.games.sixcontinents.content import REALM, REVOLTS, UNITS
from engine.games.sixcontinents.economy import remove_building
from engine.games.sixcontinents.flow import FLOW, building_name, colour, place
from engine.games.sixcontinents.realm import (
    break_unit,
    capital_of,
    held,
    pay,
    soldiers,
    units_in,
    units_of,
)
from engine.games.sixcontinents.state import REBELS, SixState
from engine.games.sixcontinents.tables import D100


def roll_revolts(state: SixState, role: str) -> int:
    """The end of ``role``'s turn: the hunger and unrest rolls; returns the rebels."""
    realm = state.realms[role]
    rebels = 0
    causes = []
    if realm.food < realm.food_needed:
        causes.append(REVOLTS["hunger"])
    mine = held(state, role)
    marked = [p for p in mine if state.provinces[p].red_tokens]
    if mine and 2 * len(marked) >= len(mine):
        robbed = any(state.provinces[p].robbery for p in marked)
        causes.append(REVOLTS["red_tokens_robbery" if robbed else "red_tokens"])
    for cause in causes:
        roll = state.rng.roll(D100)
        if roll > cause.chance:
            state.say(f"{cause.name} in {colour(role)}'s realm: {roll}, calm.", dice=[roll])
            continue
        count = state.rng.roll(cause.die)
        rebels += count
        state.say(f"{cause.name} in {colour(role)}'s realm: {roll}, {count} soldier"
                  f"{'s' if count != 1 else ''} rebel.", dice=[roll, count])
    return rebels


def rebel_sites(state: SixState, role: str) -> list[str]:
    """Where the next rebellion may break out: provinces of ``role`` with his soldiers and
    no regular building, not his seat; else with a building (destroyed); else the seat."""
    realm = state.realms[role]
    manned = [p for p in held(state, role) if units_of(state, role, p)]
    for group in ([p for p in manned if p != realm.seat and not state.provinces[p].building],
                  [p for p in manned if p != realm.seat], manned):
        if group:
            return group
    return []


def rise(state: SixState, role: str, province: str, count: int) -> int:
    """Up to ``count`` soldiers of ``role`` rebel in ``province`` (bigger units broken);
    the loyal ones left fight them at once. Returns how many rebelled."""
    land = state.provinces[province]
    if land.building:
        state.say(f"The {building_name(land.building).lower()} of {place(province)} is "
                  "destroyed in the rebellion.")
        remove_building(state, province, land.building)
    risen = 0
    while risen < count and units_of(state, role, province):
        smallest = min(units_of(state, role, province),
                       key=lambda u: (UNITS[u.kind].soldiers, u.id))
        if UNITS[smallest.kind].soldiers > 1:
            break_unit(state, smallest)
            continue
        smallest.owner = REBELS
        state.realms[role].lost += 1
        risen += 1
    rebels = [u for u in units_in(state, province) if u.owner == REBELS]
    loyal = units_of(state, role, province)
    state.say(f"{risen} soldier{'s' if risen != 1 else ''} of {colour(role)} rebel in "
              f"{place(province)}.", role=role)
    if loyal:
        won = fight(state, Attack(attacker=REBELS, target=province, units=rebels,
                                  defenders=loyal, withdraw_at=0))
        if not won:
            return risen
    take(state, REBELS, province, rebels)
    return risen


@FLOW.state
class Revolt(PromptState[SixState]):
    """The victim chooses where his soldiers rebel, province by province."""

    name = "revolt"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        left = int(frame.data["rebels"])
        choices = []
        for p in rebel_sites(state, frame.role):
            land = state.provinces[p]
            note = (f"its {building_name(land.building).lower()} is destroyed"
                    if land.building else "your seat" if p == state.realms[frame.role].seat
                    else "")
            choices.append(choice(f"province:{p}", f"{place(p)} "
                                  f"({soldiers(units_of(state, frame.role, p))} soldiers)",
                                  group=CONTINENTS[CONTINENT_OF[p]].name, detail=note))
        return (f"{colour(frame.role)}: {left} soldier{'s' if left != 1 else ''} rebel. "
                "Where does the rebellion break out? As many as can rebel there do; loyal "
                "soldiers left fight them.", choices)

    def on_province(self, state: SixState, frame: Frame, province: str) -> None:
        if province not in rebel_sites(state, frame.role):
            raise ValueError(f"no rebellion can break out in {province}")
        left = int(frame.data["rebels"]) - rise(state, frame.role, province,
                                                int(frame.data["rebels"]))
        frame.data["rebels"] = left
        if left <= 0 or not rebel_sites(state, frame.role):
            FLOW.end(state, frame)


def bribe_cost(state: SixState, province: str) -> int:
    rebels = [u for u in units_in(state, province) if u.owner == REBELS]
    return REALM.revolts.bribe_per_rebel * soldiers(rebels)


def bribable(state: SixState, role: str) -> list[str]:
    """Provinces held by rebels ``role`` can pay off now."""
    money = state.realms[role].currency
    return [p for p, land in state.provinces.items()
            if land.occupier == REBELS and bribe_cost(state, p) <= money]


def bribe(state: SixState, role: str, province: str) -> None:
    if province not in bribable(state, role):
        raise ValueError(f"{role} cannot bribe the rebels of {province}")
    buy_rebels(state, role, province, bribe_cost(state, province))


def buy_rebels(state: SixState, role: str, province: str, cost: int) -> None:
    """``role`` pays ``cost`` (to nobody: the rebels take it) and takes the province with
    its rebels, who become his soldiers (fresh: they do not move this turn)."""
    pay(state, role, cost)
    rebels = [u for u in units_in(state, province) if u.owner == REBELS]
    for unit in rebels:
        unit.owner, unit.fresh, unit.used = role, True, 0
    state.realms[role].raised += soldiers(rebels)
    land = state.provinces[province]
    land.occupier = "" if land.owner == role else role
    if capital_of(state, province) == role:
        state.realms[role].seat = province
    state.say(f"{colour(role)} bribes the {len(rebels)} rebels of {place(province)} for "
              f"{cost}: the province and its soldiers are his.", role=role)
