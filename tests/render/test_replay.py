"""The replay animation: one frame per turn's board, phone-sized, every turn kept up to a
bound and then spread evenly with the first and last kept."""

from __future__ import annotations

import io
from itertools import pairwise

from PIL import Image

from bot.service.archive import turn_views
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.runner import Action, act, start
from render.base import get_renderer
from render.replay import FRAME_WIDTH, pick_frames, replay_gif


def test_frames_are_spread_evenly_keeping_the_first_and_last() -> None:
    assert pick_frames(5, 10) == [0, 1, 2, 3, 4]
    picked = pick_frames(1000, 10)
    assert len(picked) == 10 and picked[0] == 0 and picked[-1] == 999
    gaps = {b - a for a, b in pairwise(picked)}
    assert max(gaps) - min(gaps) <= 1


def test_an_epireia_game_turn_by_turn() -> None:
    game = get_game("epireia")
    state = start(game, "replay", 2)
    chooser = Rng(seed="replay-chooser")
    actions: list[Action] = []
    boards, ended = 1, True  # the start, then one per turn that ended
    while state.result is None and len(actions) < 150:
        prompts = game.prompts(state)
        role = chooser.choice(sorted(prompts))
        choice = chooser.choice(prompts[role].choices).id
        actions.append(Action(role=role, choice=choice))
        ended = act(game, state, role, choice, prompts=prompts).turn_ended
        boards += ended
    views = turn_views(game, "replay", 2, None, actions)
    assert len(views) == boards + (0 if ended else 1) and len(views) >= 3
    data = replay_gif(get_renderer("epireia"), views)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and getattr(gif, "is_animated", False)
    assert getattr(gif, "n_frames", 1) == len(views) and gif.size[0] == FRAME_WIDTH
    assert len(data) < 8 * 1024 * 1024  # attachable
