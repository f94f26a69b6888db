"""What a click on each persistent button or menu does, handed to the components by the bot.

The components (this package) are built by the code that answers their clicks
(``bot.turns``, ``bot.lobby``, ``bot.mine``, ``bot.archive``,
``bot.leaderboard``), so they do not import it
back: the bot holds one :class:`Clicks` made of those functions (``bot.app``), and each
component's callback finds it on the client that received the interaction.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot import ids

Interaction = discord.Interaction[Any]


@dataclass(frozen=True)
class Clicks:
    take_turn: Callable[[Interaction, int], Awaitable[None]]  # game id
    rematch: Callable[[Interaction, int], Awaitable[None]]  # game id
    choose: Callable[[Interaction, ids.PromptRef, str], Awaitable[None]]  # choice id
    show_page: Callable[[Interaction, ids.PromptRef, int], Awaitable[None]]  # page
    lobby_button: Callable[[Interaction, int, ids.LobbyAction], Awaitable[None]]
    pick_sides: Callable[[Interaction, int, list[str]], Awaitable[None]]  # game id, roles
    pick_table: Callable[[Interaction, int, int], Awaitable[None]]  # game id, sides
    pick_computer: Callable[[Interaction, int, list[str]], Awaitable[None]]  # game id, roles
    setup_changed: Callable[[Interaction, str, list[int]], Awaitable[None]]  # kind, picks
    setup_open: Callable[[Interaction, str, list[int]], Awaitable[None]]  # kind, picks
    mine_page: Callable[[Interaction, int], Awaitable[None]]  # page of /game mine
    history_page: Callable[[Interaction, str, int, int], Awaitable[None]]  # scope, user, page
    history_view: Callable[[Interaction, int], Awaitable[None]]  # game id
    history_move: Callable[[Interaction, int, int], Awaitable[None]]  # game id, move
    # kind (None: every kind), whose message, page
    leaderboard_page: Callable[[Interaction, str | None, int, int], Awaitable[None]]


def clicks_of(interaction: Interaction) -> Clicks:
    """The click handlers of the bot that received ``interaction``."""
    clicks: Clicks = interaction.client.clicks
    return clicks
