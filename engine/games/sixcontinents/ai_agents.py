"""The automatic player's agents (``ai.py`` asks here; same contract: reads the state, never
changes it, never rolls).

* Buys one spy from round 10 (before, the money grows the realm) when it has the spy's
  price and 4 to spare.
* Deals as soon as it may: its action cards go to the opponents by points, the leader first,
  each the card that hurts him most now (incitement against a big army, burnt food against a
  realm barely fed, free slaves against slaves, else sabotage); a spy left over protects
  itself with counterintelligence.
* Frees the first slave listed.
"""

from __future__ import annotations

from engine.games.sixcontinents.agent_prompts import ABSENT
from engine.games.sixcontinents.agents import ACTIONS, COUNTER, NOTHING, hands
from engine.games.sixcontinents.content import food_needed
from engine.games.sixcontinents.economy import food_lines
from engine.games.sixcontinents.realm import held, soldiers, units_of
from engine.games.sixcontinents.slavery import slaves_of
from engine.games.sixcontinents.state import COLOURS, SixState
from engine.games.sixcontinents.tables import AGENTS
from engine.games.sixcontinents.victory import points

SPARE = 4  # currency kept after buying a spy (for marches and hunger)
FROM_ROUND = 10


def wants_spy(state: SixState, role: str) -> bool:
    realm = state.realms[role]
    return state.round >= FROM_ROUND and realm.spies == 0 and \
        realm.currency >= AGENTS.spy_cost + SPARE


def best_card(state: SixState, target: str, left: list[str]) -> str:
    """The action card among ``left`` that hurts ``target`` most now."""
    wanted = []
    if soldiers(units_of(state, target)) >= 6:
        wanted.append("incitement")
    food = sum(amount for _, amount in food_lines(state, target))
    if food <= food_needed(len(held(state, target))):  # one less and he goes hungry
        wanted.append("burn_food")
    if slaves_of(state, target):
        wanted.append("free_slaves")
    wanted += ["sabotage", *ACTIONS]
    return next(card for card in wanted if card in left)


def deal_plan(state: SixState, role: str) -> dict[str, str]:
    """Colour -> the card it gets."""
    plan = {r: NOTHING for r in hands(state)}
    free = state.realms[role].spies
    left = list(ACTIONS)
    rivals = sorted((r for r in hands(state) if r != role),
                    key=lambda r: (-points(state, r), r))
    for target in rivals:
        if free <= 0 or not left:
            break
        card = best_card(state, target, left)
        plan[target] = card
        left.remove(card)
        free -= 1
    if free > 0:
        plan[role] = COUNTER
    return plan


def agent_answer(state: SixState, name: str, role: str, ids: set[str],
                 answers: dict[str, str]) -> str | None:
    """The answer to an agents' question, or None if ``name`` is none of them."""
    if name == "spy":
        return "count:1" if "count:1" in ids else "back"
    if name == "deal":
        step = next(s for s in COLOURS if s not in answers)
        for wanted in (deal_plan(state, role).get(step, ABSENT), NOTHING, ABSENT):
            if f"{step}:{wanted}" in ids:
                return f"{step}:{wanted}"
        return "back"
    if name == "free_slave":
        return sorted(ids)[0]
    return None


def agent_menu(state: SixState, role: str, ids: set[str]) -> str | None:
    if "deal" in ids:
        return "deal"
    if "spy" in ids and wants_spy(state, role):
        return "spy"
    return None
