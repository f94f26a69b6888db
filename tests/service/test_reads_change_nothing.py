"""Loaded games are shared by every reader of a version (``GameService._loaded``): the
rules' read side (prompts, views, the renderers' texts) must never change a state."""

from __future__ import annotations

import pytest

from bot.service import GameService
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.runner import act, canonical_json, start
from render.base import get_renderer


@pytest.mark.parametrize(("kind", "players"), [("freedom", 2), ("epireia", 1), ("epireia", 4)])
def test_reading_a_state_never_changes_it(kind: str, players: int) -> None:
    game = get_game(kind)
    renderer = get_renderer(kind)
    for n in range(2):
        state = start(game, f"reads-{kind}-{n}", players, {})
        chooser = Rng(seed=f"reads-{kind}-{n}")
        for _ in range(150):
            before = canonical_json(state)
            prompts = game.prompts(state)
            for role in [None, *state.roles]:
                view = game.view(state, role)
                renderer.status_text(view) if role is None else renderer.private_text(view)
            assert canonical_json(state) == before, "reading the game changed its state"
            if not prompts:
                break
            role = chooser.choice(sorted(prompts))
            act(game, state, role, chooser.choice(prompts[role].choices).id)


async def test_a_choice_leaves_the_loaded_game_it_started_from_unchanged(
    service: GameService,
) -> None:
    """``act`` works on its own copy: a reader still holding the previous version sees it."""
    await service.open_lobby(1, 90, "duel", 1, {}, seats=[1, 2])
    update = await service.start(90, 1)
    before = await service.load(update.loaded.id)
    assert before.state is not None
    frozen = canonical_json(before.state)
    role = before.roles_of(1)[0]
    await service.act(before.id, 1, before.version, role, before.prompts[role].choices[0].id)
    assert canonical_json(before.state) == frozen
    after = await service.load(before.id)
    assert after.version == before.version + 1 and after is not before
    assert await service.load(before.id) is after  # an unchanged row is not parsed again
