"""Agents (Agents, Action types; data ``agents.toml``): spies bought for 8 with a capital,
secret action cards dealt face down to every player, revealed together at the end of the
next round and rolled for by the engine.

A player with spies deals on his turn (once, until his cards are revealed) one card to
every player still in the game, himself included, from his own set: one of each action
card, at most one action card per spy, Counterintelligence to himself only, "Doing nothing"
to everyone else, so the count tells nobody who was targeted. At the end of the round after
the deal every card is turned: Counterintelligence first (no roll), then d100 for each
action card, which needs its threshold (15 more against a Counterintelligence holder); a
roll of 1-10 kills the spy who sent it. What succeeds waits for the target's next turn:
sabotage and burnt food cut his next income and food count (never below 0), incitement
makes d3 soldiers mutiny at its start (Revolts), and free slaves frees slaves he chooses
(``agent_prompts.py`` asks both).
"""

from __future__ import annotations

from engine.games.sixcontinents.flow import colour, counted
from engine.games.sixcontinents.realm import held, pay
from engine.games.sixcontinents.state import AgentCard, SixState
from engine.games.sixcontinents.tables import (
    AGENTS,
    CARDS,
    D100,
    spy_killed,
    spy_succeeds,
    success_threshold,
)

NOTHING = "nothing"
COUNTER = "counterintelligence"
# The action cards dealt to other players, in the data's order.
ACTIONS = tuple(c.id for c in AGENTS.card if c.id not in (NOTHING, COUNTER))


def spy_limit(state: SixState) -> int:
    """The most spies a realm keeps: one card goes to each player a deal, so a spy more than
    there are players could never act ("One spy can only perform one secret action")."""
    return state.players


def spies_affordable(state: SixState, role: str) -> int:
    """How many spies ``role`` may buy now: with a capital (a seat) of the agents' level,
    up to the limit, as far as the currency goes."""
    realm = state.realms[role]
    if not realm.seat or realm.level < AGENTS.capital_level:
        return 0
    return max(0, min(spy_limit(state) - realm.spies, realm.currency // AGENTS.spy_cost))


def buy_spies(state: SixState, role: str, count: int) -> None:
    if not 0 < count <= spies_affordable(state, role):
        raise ValueError(f"{role} cannot buy {count} spies")
    cost = count * AGENTS.spy_cost
    pay(state, role, cost)
    realm = state.realms[role]
    realm.spies += count
    realm.spies_hired += count
    state.say(f"{colour(role)} buys {counted(count, 'spy')} for {cost}: "
              f"{counted(realm.spies, 'spy')} now.", role=role)


def hands(state: SixState) -> list[str]:
    """The players a deal gives a card to: every one still in the game."""
    return [r for r in state.roles if not state.realms[r].out]


def may_deal(state: SixState, role: str) -> bool:
    """``role`` has spies and no card of his lies face down (his last deal is revealed)."""
    return state.realms[role].spies > 0 and not any(c.dealer == role for c in state.cards)


def actions_dealt(picked: dict[str, str]) -> list[str]:
    return [card for card in picked.values() if card in CARDS and card != NOTHING]


def card_choices(state: SixState, role: str, target: str, picked: dict[str, str]) -> list[str]:
    """The cards ``role`` may deal ``target`` once ``picked`` (target -> card) are dealt:
    an action card while a spy is free, Counterintelligence to himself only, each action
    card once, and always "Doing nothing"."""
    used = actions_dealt(picked)
    if len(used) >= state.realms[role].spies:
        return [NOTHING]
    if target == role:
        return [COUNTER, NOTHING]
    return [card for card in ACTIONS if card not in used] + [NOTHING]


def deal(state: SixState, role: str, hand: dict[str, str]) -> None:
    """``role`` deals ``hand`` (target -> card id), one card to every player in the game."""
    if not may_deal(state, role) or sorted(hand) != sorted(hands(state)):
        raise ValueError(f"{role} cannot deal {hand}")
    picked: dict[str, str] = {}
    for target in hands(state):
        if hand[target] not in card_choices(state, role, target, picked):
            raise ValueError(f"{role} cannot deal {hand[target]} to {target}")
        picked[target] = hand[target]
    for target in hands(state):
        state.cards.append(AgentCard(dealer=role, target=target, card=hand[target],
                                     round=state.round))
    state.say(f"{colour(role)}'s agents deal a card face down to every player; they are "
              "revealed at the end of the next round.", role=role)
    state.say("You deal: " + ", ".join(f"{colour(t)} {CARDS[hand[t]].name}"
                                       for t in hands(state)) + ".",
              role=role, visible_to=[role])


def reveal_due(state: SixState) -> bool:
    return any(c.round < state.round for c in state.cards)


def slave_in_land(state: SixState, role: str) -> bool:
    """A slave works in a province ``role`` holds (incitement is easier: "if there is a
    slave on the field")."""
    mine = set(held(state, role))
    return any(s.province in mine for s in state.slaves)


def reveal(state: SixState) -> None:
    """The end of a round: the cards dealt before it are turned over together and rolled
    for (Counterintelligence first); what succeeds waits for the target's next turn."""
    due = [c for c in state.cards if c.round < state.round]
    if not due:
        return
    state.cards = [c for c in state.cards if c.round >= state.round]
    seat = {r: i for i, r in enumerate(state.order or state.roles)}
    protected = {c.target for c in due if c.card == COUNTER}
    state.say("The agents' cards are revealed.")
    for role in sorted(protected, key=seat.__getitem__):
        state.say(f"Counterintelligence protects {colour(role)}: every spy action against "
                  f"him needs {AGENTS.counterintelligence_penalty} more.")
    actions = sorted((c for c in due if c.card in ACTIONS),
                     key=lambda c: (seat[c.target], seat[c.dealer]))
    for card in actions:
        resolve(state, card, card.target in protected)
    idle = sum(1 for c in due if c.card == NOTHING)
    if idle:
        state.say(f"{counted(idle, 'card')} {'does' if idle == 1 else 'do'} nothing.")


def resolve(state: SixState, dealt: AgentCard, protected: bool) -> None:
    """One action card: the d100, the spy killed on 1-10, the effect kept for later."""
    card = CARDS[dealt.card]
    slave = card.kind == "incitement" and slave_in_land(state, dealt.target)
    threshold = success_threshold(card, protected=protected, slave_there=slave)
    roll = state.rng.roll(D100)
    killed = spy_killed(roll)
    success = not killed and spy_succeeds(card, roll, protected=protected, slave_there=slave)
    line = (f"{colour(dealt.dealer)}'s spy against {colour(dealt.target)}: {card.name}, "
            f"d100 {roll} (more than {threshold} needed): ")
    if killed:
        dealer = state.realms[dealt.dealer]
        dealer.spies -= 1
        dealer.spies_lost += 1
        state.say(line + f"it fails and the spy is killed ({colour(dealt.dealer)} has "
                  f"{counted(dealer.spies, 'spy')} left).", dice=[roll])
        return
    if not success:
        state.say(line + "it fails.", dice=[roll])
        return
    spied = state.realms[dealt.target].spied
    if card.kind == "sabotage":
        spied.sabotage += card.amount
        effect = f"{colour(dealt.target)}'s next income is {card.amount} lower"
    elif card.kind == "burn_food":
        spied.burnt += card.amount
        effect = f"{colour(dealt.target)}'s next food count is {card.amount} lower"
    elif card.kind == "incitement":
        spied.incited += 1
        effect = f"d{card.die} soldiers mutiny at the start of {colour(dealt.target)}'s turn"
    else:
        spied.freed += card.amount
        effect = (f"{colour(dealt.target)} frees {counted(card.amount, 'slave')} of his "
                  "choice at the start of his turn")
    state.say(line + f"success: {effect}.", dice=[roll])


def agents_pending(state: SixState, role: str) -> bool:
    """Mutinies or slaves to free wait for the start of ``role``'s turn."""
    spied = state.realms[role].spied
    return spied.incited > 0 or spied.freed > 0


def spent(state: SixState, role: str) -> None:
    """The income and the food count of ``role``'s turn have taken the spies' cuts."""
    spied = state.realms[role].spied
    spied.sabotage = spied.burnt = 0


def agent_problems(state: SixState) -> list[str]:
    """Spies accounted for; the cards on the table a legal deal's."""
    problems: list[str] = []
    for role, realm in state.realms.items():
        if realm.spies != realm.spies_hired - realm.spies_lost or \
                not 0 <= realm.spies <= spy_limit(state):
            problems.append(f"{role} has {realm.spies} spies, not {realm.spies_hired} hired "
                            f"- {realm.spies_lost} lost")
    dealers = {c.dealer for c in state.cards}
    for dealer in sorted(dealers):
        mine = [c for c in state.cards if c.dealer == dealer]
        targets = [c.target for c in mine]
        acted = [c.card for c in mine if c.card != NOTHING]
        misdealt = [c for c in mine if c.target not in state.realms or c.card not in CARDS
                    or (c.card == COUNTER and c.target != dealer)
                    or (c.card in ACTIONS and c.target == dealer)]
        if misdealt or len(set(targets)) != len(targets) or len({c.round for c in mine}) != 1 \
                or len(acted) != len(set(acted)) or len(acted) > state.realms[dealer].spies:
            problems.append(f"{dealer}'s agents' cards are out of order")
    return problems
