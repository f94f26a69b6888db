"""The bot: ``create_bot(settings)`` builds a ready-to-start :class:`StrategosBot` with what
its persistent buttons and menus do when clicked (``CLICKS``, from ``bot.turns``,
``bot.lobby``, ``bot.mine``, ``bot.archive`` and ``bot.leaderboard``: the components cannot
import them, since those build the components)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot import archive, leaderboard, lobby, mine, turns
from bot.client import ShardedStrategosBot, StrategosBot, utc_now
from bot.settings import Settings
from bot.views.clicks import Clicks

CLICKS = Clicks(
    take_turn=turns.take_turn, rematch=lobby.rematch, choose=turns.choose,
    show_page=turns.show_page, lobby_button=lobby.lobby_button, pick_sides=lobby.pick_sides,
    pick_table=lobby.pick_table, pick_computer=lobby.pick_computer,
    setup_changed=lobby.setup_changed, setup_open=lobby.setup_open,
    mine_page=mine.mine_page, history_page=archive.history_page,
    history_view=archive.history_view, history_move=archive.history_move,
    leaderboard_page=leaderboard.leaderboard_page,
)


def create_bot(settings: Settings, *, clock: Callable[[], datetime] = utc_now,
               **options: Any) -> StrategosBot:
    """A configured bot, not yet started: ``await bot.start(token)`` or ``bot.run(token)``.
    With shard settings it is a :class:`ShardedStrategosBot` running those shards."""
    if settings.sharded:
        return ShardedStrategosBot(settings, CLICKS, clock=clock,
                                   shard_count=settings.shards,
                                   shard_ids=settings.shard_ids, **options)
    return StrategosBot(settings, CLICKS, clock=clock, **options)
