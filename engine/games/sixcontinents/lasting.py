"""What the overseas expeditions' lasting effects and the slaves at work change, as the
economy and the battles read it (Economy 2.0's overseas table, Slavery).

Pure lookups on the state: the income and upkeep lines of the effects (2-6, 41-45), the
coconut trees (16-18), the new weapon's battle bonus (81-85), the cannonball material
(19-20), the farm builders' discount (51-54), the environmentalists' closing tokens (55-60),
and the slaves' upkeep relief and farm food. The rules that set them are ``overseas.py`` and
``slavery.py``.
"""

from __future__ import annotations

from engine.games.sixcontinents.content import BUILDINGS, REALM
from engine.games.sixcontinents.realm import held, three
from engine.games.sixcontinents.state import SixState
from engine.games.sixcontinents.tables import EXPEDITIONS, SLAVERY, Outcome

Lines = list[tuple[str, int]]


def overseas_row(kind: str) -> Outcome:
    """The (single) overseas row of ``kind`` (its numbers are data)."""
    return next(r for r in EXPEDITIONS.overseas.row if r.kind == kind)


TREE = overseas_row("tree")
FARMS = overseas_row("farm_discount")
GREEN = overseas_row("robbery_tokens")
TREE_MARKER = TREE.marker


def trees(state: SixState, role: str) -> int:
    """Coconut trees in the provinces ``role`` holds (the L goes with the province)."""
    return sum(1 for p in held(state, role) if TREE_MARKER in state.provinces[p].markers)


def effect_lines(state: SixState, role: str) -> tuple[Lines, Lines]:
    """The lasting income changes of ``role``: (gains, costs), each line positive."""
    gains: Lines = []
    costs: Lines = []
    for effect in state.realms[role].lasting.incomes:
        if effect.amount > 0:
            gains.append((f"{effect.what} ({effect.turns} turns)", effect.amount))
        elif effect.amount < 0:
            costs.append((f"{effect.what} ({effect.turns} turns)", -effect.amount))
    count = trees(state, role)
    if count:
        gains.append((f"{count} coconut tree{'s' if count > 1 else ''}", count * TREE.income))
    return gains, costs


def battle_bonus(state: SixState, role: str) -> int:
    """The new weapon's bonus to every battle roll of ``role`` (0 for neutrals)."""
    realm = state.realms.get(role)
    return realm.lasting.battle_bonus if realm else 0


def bunker_damage(state: SixState, role: str) -> int:
    """What each cannon of ``role`` takes off bunkers beyond the battle table's 4."""
    realm = state.realms.get(role)
    return realm.lasting.bunker_damage if realm else 0


def farm_cut(state: SixState, role: str, building: str) -> int:
    """The farm builders' discount on ``building`` for ``role`` now (0: none)."""
    if building != "farm" or not role or not state.realms[role].lasting.farm_discounts:
        return 0
    return FARMS.amount


def closing_tokens(state: SixState, role: str) -> int:
    """The red tokens an ending robbery economy of ``role`` places (55-60: 3 for d6 turns)."""
    realm = state.realms.get(role)
    if realm and realm.lasting.green_turns:
        return GREEN.count
    return REALM.robbery.end_tokens


def building_upkeep(state: SixState, building: str) -> int:
    if building == "road" and three(state):
        return REALM.three_players.road_upkeep
    return BUILDINGS[building].upkeep


def slaves_at(state: SixState, role: str, province: str) -> int:
    return sum(1 for s in state.slaves if s.owner == role and s.province == province)


def slave_relief(state: SixState, role: str) -> int:
    """Upkeep the slaves of ``role`` save: 1 a slave where they work, at most the upkeep of
    the buildings there (Slavery)."""
    saved = 0
    for province in held(state, role):
        count = slaves_at(state, role, province)
        if count:
            upkeep = sum(building_upkeep(state, b)
                         for b in state.provinces[province].buildings())
            saved += min(upkeep, count * SLAVERY.upkeep_relief)
    return saved


def slave_food(state: SixState, role: str) -> int:
    """Food the slaves of ``role`` add: a farm with a slave gives 1 more (one slave a farm)."""
    return sum(SLAVERY.farm_food for p in held(state, role)
               if state.provinces[p].building == "farm" and slaves_at(state, role, p))
