"""Dragons of 1066's prompts within Discord's limits, as the bot lays them out: over random
games at every table size, nothing is cut and every choice can be reached."""

from __future__ import annotations

import re

import pytest

from bot import ids
from bot.views.layout import MAX_BUTTONS, MAX_OPTION_TEXT, MAX_OPTIONS, MAX_ROWS, paginate
from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.dragons1066 import GAME
from engine.games.dragons1066.state import DragonsState

LABEL = 80  # a button's label; a select option's label and description hold 100
CHOICE_ID = re.compile(r"[A-Za-z0-9_.:+\-]{1,64}")
# The longest reference a custom id carries: a big game number, version and role index.
REF = ids.PromptRef(game=10**9, version=10**7, role=9, digest="abcdef")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_prompt_fits_discord_and_pages_reach_every_choice(players: int) -> None:
    widest = 0
    for game_number in range(3):
        state = start(GAME, f"limits-{players}-{game_number}", players)
        assert isinstance(state, DragonsState)
        chooser = Rng(seed=f"limits-{players}-{game_number}")
        while state.result is None:
            prompts = GAME.prompts(state)
            for prompt in prompts.values():
                assert len(prompt.text) <= 2000  # the prompt's message text
                for choice in prompt.choices:
                    assert CHOICE_ID.fullmatch(choice.id), choice.id
                    assert len(ids.choice(REF, choice.id)) <= ids.MAX_CUSTOM_ID
                    assert len(choice.label) <= LABEL, choice.label
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
                widest = max(widest, len(prompt.choices))
            role = chooser.choice(sorted(prompts))
            act(GAME, state, role, chooser.choice(prompts[role].choices).id)
    assert widest > MAX_BUTTONS  # some menus are select menus
