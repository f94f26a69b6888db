"""The agents' questions (Agents, Action types): buying spies and dealing the cards (the
menu's Diplomacy group), and at the start of a victim's turn the mutinies his incitement
cards started and the slaves he chooses to free.

Choice ids: menu ``spy``, ``deal``; ``spy`` step ``count:<n>``; ``deal`` steps by colour,
``red:<card>``, ``blue:<card>``, ``green:<card>`` (``<colour>:none`` for a colour not in
the game); ``free_slave`` ``slave:<id>``.
"""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.agents import (
    COUNTER,
    NOTHING,
    buy_spies,
    card_choices,
    deal,
    hands,
    may_deal,
    spies_affordable,
)
from engine.games.sixcontinents.flow import FLOW, colour, counted, place
from engine.games.sixcontinents.revolts import rebel_sites
from engine.games.sixcontinents.slavery import slaves_of
from engine.games.sixcontinents.state import COLOURS, SixState
from engine.games.sixcontinents.tables import AGENTS, CARDS, success_threshold

# Agents share the Diplomacy row of the turn menu: Discord shows five rows and the other
# four are Build and economy, Fleet, Army and End turn (turn_prompts.py).
GROUP = "Diplomacy"
ABSENT = "none"


def agent_menu(state: SixState, role: str, choices: list[Choice]) -> None:
    """The menu's agent entries, each only when it can be done now."""
    affordable = spies_affordable(state, role)
    if affordable:
        realm = state.realms[role]
        held_back = affordable < realm.currency // AGENTS.spy_cost  # by the limit
        choices.append(choice("spy", f"Buy spies ({AGENTS.spy_cost} each, "
                              f"{'up to' if held_back else 'you can afford'} {affordable})",
                              group=GROUP))
    if may_deal(state, role):
        spies = state.realms[role].spies
        choices.append(choice("deal", f"Deal the agents' cards ({counted(spies, 'spy')}, "
                              f"{spies} action{'s' if spies != 1 else ''})", group=GROUP))


@FLOW.state
class BuySpies(StepAction[SixState]):
    """Agents: a spy costs 8 and needs a capital of level 1."""

    name = "spy"
    steps = ("count",)
    cancel = "Back to the menu"

    def ask_count(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        realm = state.realms[frame.role]
        return (f"Buy how many spies? {realm.currency} currency, {counted(realm.spies, 'spy')}"
                " now; each spy sends one action card a deal.",
                [choice(f"count:{n}", f"{counted(n, 'spy')} ({n * AGENTS.spy_cost})",
                        group="Spies")
                 for n in range(1, spies_affordable(state, frame.role) + 1)])

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        buy_spies(state, frame.role, int(picked["count"]))


def card_label(card_id: str) -> tuple[str, str]:
    """A card's label and its detail (what it does, the roll it needs)."""
    card = CARDS[card_id]
    if card_id == NOTHING:
        return card.name, "no spy needed"
    if card_id == COUNTER:
        return f"{card.name} (a spy)", "no roll; actions against you need 15 more"
    threshold = success_threshold(card, protected=False)
    easier = "" if card.success_above_with_slave is None else \
        f" ({card.success_above_with_slave} if he has a slave)"
    return f"{card.name} (a spy)", f"needs more than {threshold}{easier}: {card.text}"[:100]


@FLOW.state
class Deal(StepAction[SixState]):
    """Agents: one card face down to every player, himself included, from his set."""

    name = "deal"
    steps = COLOURS
    cancel = "Back to the menu"
    # Every step is asked, a single "Doing nothing" too: the questions and their number are
    # the same whatever is dealt, so nobody watching learns where the action cards went.

    def ask(self, state: SixState, frame: Frame, target: str,
            picked: dict[str, str]) -> tuple[str, list[Choice]]:
        if target not in hands(state):
            return (f"{colour(target)} is not in the game: no card.",
                    [choice(f"{target}:{ABSENT}", "No card", group="Cards")])
        role = frame.role
        free = state.realms[role].spies - sum(
            1 for c in picked.values() if c not in (NOTHING, ABSENT))
        group = f"Cards ({counted(max(free, 0), 'spy')} free for an action)"
        choices = []
        for card_id in card_choices(state, role, target, picked):
            label, detail = card_label(card_id)
            choices.append(choice(f"{target}:{card_id}", label, group=group, detail=detail))
        # the text is the same whatever was dealt before (others read it): the counts are
        # in the choices, which only the dealer sees
        return (f"{colour(role)} deals the agents' cards face down, one to each player. "
                f"The card for {colour(target)}?", choices)

    def skips_forced(self, state: SixState, frame: Frame) -> bool:
        """Only the card of a colour out of the game (or not in it) goes by itself: which
        colours are in is public."""
        return self.step_of(frame) not in hands(state)

    def ask_red(self, state: SixState, frame: Frame,
                picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return self.ask(state, frame, "red", picked)

    def ask_blue(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return self.ask(state, frame, "blue", picked)

    def ask_green(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return self.ask(state, frame, "green", picked)

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        deal(state, frame.role, {t: c for t, c in picked.items() if c != ABSENT})


@FLOW.state
class AgentsStart(PromptState[SixState]):
    """The start of a victim's turn, before his income: the mutinies of the incitement
    cards (d3 soldiers each, as a revolt: he chooses where), then the slaves to free."""

    name = "agents_start"
    auto = True

    def run(self, state: SixState, frame: Frame) -> None:
        role = frame.role
        spied = state.realms[role].spied
        incited, freed = spied.incited, spied.freed
        spied.incited = spied.freed = 0
        if freed:
            FLOW.push(state, "free_slave", role, count=freed)
        die = next(c.die for c in AGENTS.card if c.kind == "incitement")
        rebels = 0
        for _ in range(incited):
            roll = state.rng.roll(die)
            rebels += roll
            state.say(f"Incited by a spy, {counted(roll, 'soldier')} of {colour(role)} "
                      f"mutiny (d{die}).", dice=[roll])
        if rebels and rebel_sites(state, role):
            FLOW.push(state, "revolt", role, rebels=rebels)
        elif rebels:
            state.say(f"{colour(role)} has no soldier to rise.")


def slave_groups(state: SixState, role: str) -> dict[tuple[str, str], list[int]]:
    """(province, origin) -> the ids of ``role``'s slaves there, taken from that colour."""
    groups: dict[tuple[str, str], list[int]] = {}
    for slave in slaves_of(state, role):
        groups.setdefault((slave.province, slave.origin), []).append(slave.id)
    return groups


@FLOW.state
class FreeSlave(PromptState[SixState]):
    """Free slaves: "one slave chosen by the player being attacked by this action is
    returned to the box"."""

    name = "free_slave"

    def over(self, state: SixState, frame: Frame) -> bool:
        return not slaves_of(state, frame.role)

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        count = int(frame.data["count"])
        choices = [choice(f"slave:{ids[0]}", f"{place(p)}: a slave taken from {colour(o)}",
                          group="Slaves", detail=f"{counted(len(ids), 'slave')} there")
                   for (p, o), ids in sorted(slave_groups(state, frame.role).items())]
        return (f"{colour(frame.role)}: an enemy spy frees {counted(count, 'slave')} of "
                "yours. Which one goes?", choices)

    def on_slave(self, state: SixState, frame: Frame, slave_id: str) -> None:
        slave = next((s for s in slaves_of(state, frame.role) if str(s.id) == slave_id), None)
        if slave is None:
            raise ValueError(f"{frame.role} has no slave {slave_id}")
        state.slaves.remove(slave)
        state.say(f"A spy frees a slave of {colour(frame.role)} in {place(slave.province)}.")
        frame.data["count"] = int(frame.data["count"]) - 1
        if int(frame.data["count"]) <= 0 or not slaves_of(state, frame.role):
            FLOW.end(state, frame)
