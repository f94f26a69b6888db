"""The boards the bot posts glow what changed since the board it posted before.

A Freedom! game through the real bot and the fake Discord: every board posted must be
exactly the picture drawn from the spectator view with the previous post's spectator view
as ``previous`` (across a restart too), and once something moved on the map it differs
from the one drawn without it. The post's embed shows the phone card drawn from that board
(``render.focus``), the full board attached beside it. ``/game board`` repeats the turn
post's pictures.
"""

from __future__ import annotations

from typing import Any

import pytest

from render.base import get_renderer
from render.common import png_bytes
from tests.e2e.harness import Strategos, Table, is_board
from tests.fakediscord import FakeDiscord, FakeMessage

pytestmark = pytest.mark.e2e

MAX_CLICKS = 300
POSTS = 4  # the first board and three turn posts


def board_png(message: FakeMessage) -> bytes:
    return next(a.data for a in message.images() if a.filename.startswith("board-"))


def shown_png(message: FakeMessage) -> bytes:
    """The picture the post's embed shows (a phone shows it first)."""
    (embed,) = message.embeds
    name = embed["image"]["url"].removeprefix("attachment://")
    return next(a.data for a in message.images() if a.filename == name)


async def test_each_board_glows_what_changed_since_the_last_one(
    fake: FakeDiscord, strategos: Strategos
) -> None:
    users = [fake.add_user("alice"), fake.add_user("bob")]
    table = Table(fake, users[0], users)
    table.rng.seed(3)
    await table.open("freedom")
    first = await table.gather()
    found = await strategos.bot.service.game_in(fake.general.id)
    assert found is not None
    game_id = found.id
    renderer = get_renderer("freedom")

    def drawn(view: Any, previous: Any = None) -> bytes:  # views are opaque here
        return png_bytes(renderer.board(view, previous))

    def card(view: Any, previous: Any = None) -> bytes:
        focus = renderer.focus(renderer.board(view, previous), view, previous)
        assert focus is not None
        return png_bytes(focus)

    last_view = found.view(None)
    assert board_png(first) == drawn(last_view)  # the first board: nothing to compare with
    posts = 1
    glowing: list[FakeMessage] = []
    for _ in range(MAX_CLICKS):
        if posts == POSTS:
            break
        loaded = await strategos.bot.service.load(game_id)
        user = next(u for u in users if loaded.prompts_for(u.id))
        await table.choose(user, await table.prompt(user))
        boards = [m for m in table.messages() if is_board(m)]
        if len(boards) == posts:
            continue  # the turn goes on: no board yet
        posts = len(boards)
        view = (await strategos.bot.service.load(game_id)).view(None)
        assert board_png(boards[-1]) == drawn(view, last_view)
        assert shown_png(boards[-1]) == card(view, last_view)
        last_view = view
        if board_png(boards[-1]) != drawn(view):
            glowing.append(boards[-1])
        if posts == 2:
            await strategos.restart()  # the board before is in the database, not in memory
    assert posts == POSTS
    assert glowing, "no turn moved anything on the map"

    # /game board right after the last post shows the same picture, glow included.
    again = await fake.slash(users[1], "game board")
    assert again.response is not None
    assert board_png(again.response) == board_png(boards[-1])
    assert shown_png(again.response) == shown_png(boards[-1])
