"""Six Continents' prompts within Discord's limits, as the bot lays them out: over random
games of 2 and 3 players (random choices, and automatic players who go further into the
game), nothing is cut, every choice can be reached, and every action of the turn's menu is
within two clicks."""

from __future__ import annotations

import re

import pytest

from bot import ids
from bot.click_count import choice_clicks
from bot.views.layout import (
    MAX_BUTTONS,
    MAX_OPTION_TEXT,
    MAX_OPTIONS,
    MAX_ROWS,
    paginate,
    units_for,
)
from engine.core.game import Prompt
from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.peace_prompts import open_draft
from engine.games.sixcontinents.state import SixState
from tests.games.sixcontinents.helpers import choose, started, turn
from tests.games.sixcontinents.test_deals import rebels, with_goods
from tests.games.sixcontinents.test_diplomacy import occupied
from tests.games.sixcontinents.test_voyages import ready, two_ports

LABEL = 80  # a button's label; a select option's label and description hold 100
CHOICE_ID = re.compile(r"[A-Za-z0-9_.:+\-]{1,64}")
# The longest reference a custom id carries: a big game number, version and role index.
REF = ids.PromptRef(game=10**9, version=10**7, role=9, digest="abcdef")


def check(prompt: Prompt) -> int:
    """Asserts that ``prompt`` fits Discord and its pages reach every choice; its width."""
    assert len(prompt.text) <= 2000  # the prompt's message text
    for choice in prompt.choices:
        assert CHOICE_ID.fullmatch(choice.id), choice.id
        assert len(ids.choice(REF, choice.id)) <= ids.MAX_CUSTOM_ID
        assert len(choice.label) <= LABEL and not choice.label.endswith("…"), choice.label
        assert len(choice.detail or "") <= MAX_OPTION_TEXT, choice.detail
    first = paginate(prompt.choices, 0, nav_row=True)
    reached = []
    for number in range(first.pages):
        page = paginate(prompt.choices, number, nav_row=True)
        assert len(page.units) <= MAX_ROWS - 1
        for unit in page.units:
            limit = MAX_BUTTONS if unit.kind == "buttons" else MAX_OPTIONS
            assert 1 <= len(unit.choices) <= limit
            reached += [choice.id for choice in unit.choices]
    assert sorted(reached) == sorted(choice.id for choice in prompt.choices)
    return len(prompt.choices)


@pytest.mark.parametrize("players", [2, 3])
def test_every_prompt_fits_discord_and_pages_reach_every_choice(players: int) -> None:
    widest = 0
    kinds: set[str] = set()
    for game_number in range(8):
        seed = f"limits-{players}-{game_number}"
        state = start(GAME, seed, players, {"rounds": 20})
        assert isinstance(state, SixState)
        chooser = Rng(seed=seed)
        # half the games random, half with automatic players choosing most of the time
        # (they build, recruit and sail, so later menus are long)
        smart = game_number % 2 == 1
        tie_breaks = {r: Rng(seed=f"{seed}:{r}") for r in state.roles}
        while state.result is None:
            prompts = GAME.prompts(state)
            for prompt in prompts.values():
                widest = max(widest, check(prompt))
                if state.stack and state.stack[-1].name == "menu":  # any action in 2 clicks
                    assert max(choice_clicks(prompt.choices, c.id) for c in prompt.choices) \
                        <= 2, [(u.kind, [c.id for c in u.choices])
                               for u in units_for(prompt.choices)]
            kinds.add(state.stack[-1].name if state.stack else "")
            role = chooser.choice(sorted(prompts))
            choices = prompts[role].choices
            if smart and chooser.below(5) > 0:
                choice = greedy(GAME, state, role, choices, tie_breaks[role])
            else:
                choice = chooser.choice(choices).id
            act(GAME, state, role, choice, prompts=prompts)
    assert widest > MAX_BUTTONS  # some menus are select menus, some with pages
    # building a ship is walked below: random games reach it with one seed and not another
    assert {"menu", "capital", "build", "recruit", "move", "attack", "deal"} <= kinds, kinds


def walk(state: SixState, first: str, depth: int = 5) -> set[str]:
    """Every question of the action ``first`` opens (each choice followed but going back
    or ending the turn, the first four at each step), checked; the questions' names."""
    asked: set[str] = set()
    todo = [(state.model_copy(deep=True), [first])]
    while todo:
        here, path = todo.pop()
        role = next(iter(GAME.prompts(here)))
        act(GAME, here, role, path[-1])
        prompts = GAME.prompts(here)
        if not prompts or not here.stack or here.stack[-1].name == "menu" or \
                len(path) > depth:
            continue
        asked.add(here.stack[-1].name)
        for prompt in prompts.values():
            check(prompt)
        onward = [c.id for c in next(iter(prompts.values())).choices
                  if c.id not in ("back", "end")]
        todo += [(here.model_copy(deep=True), [*path, choice]) for choice in onward[:4]]
    return asked


def test_the_sea_voyage_and_transfer_questions_fit_discord() -> None:
    """Random games seldom reach a ship with troops aboard: these positions do."""
    assert {"ship"} <= walk(ready(), "ship")
    assert {"voyage"} <= walk(ready(), "voyage")
    assert {"transfer"} <= walk(two_ports(), "transfer")


def test_the_agents_questions_fit_discord() -> None:
    """Buying spies and a three-player deal with three spies (every card on offer)."""
    state = started(players=3)
    turn(state, "red", currency=40)
    assert {"spy"} <= walk(state, "spy")
    state.realms["red"].spies = state.realms["red"].spies_hired = 3
    assert {"deal"} <= walk(state, "deal")
def test_the_deal_questions_fit_discord() -> None:
    """Peace terms, their sum and the answer; a sale and its answer; rebels bid for."""
    at_war = occupied()
    turn(at_war, "red", currency=20)
    assert {"peace_draft", "peace"} <= walk(at_war, "peace:blue")
    choose(at_war, "peace:blue")
    assert {"peace_sum"} <= walk(at_war, "sum")
    assert {"sale", "sale_answer"} <= walk(with_goods(), "sell", depth=6)
    assert {"bribe", "rebel_bid"} <= walk(rebels(), "bribe")


def test_many_provinces_in_dispute_fit_discord_by_groups_and_pages() -> None:
    state = started()
    mine = [p for p in state.provinces if p not in ("france", "poland")]
    for index, province in enumerate(mine[:60]):
        state.provinces[province].owner = "blue" if index % 2 else "red"
        state.provinces[province].occupier = "red" if index % 2 else "blue"
    state.current, state.stack = "red", []
    open_draft(state, "red", "blue")
    prompt = GAME.prompts(state)["red"]
    assert sum(c.id.startswith("province:") for c in prompt.choices) == 60
    check(prompt)
