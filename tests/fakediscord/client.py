"""Run an unmodified discord.py client against the fake, and fail on errors it swallows."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Iterator
from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route
from discord.ui.view import BaseView

from tests.fakediscord.server import FakeDiscord


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """Send discord.py's REST calls and gateway connection to the fake (class attributes)."""
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = fake.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


class _ErrorLogHandler(logging.Handler):
    """Every ERROR log record (discord.py logs swallowed exceptions this way) fails the test."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__(level=logging.ERROR)
        self.fake = fake

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f": {type(error).__name__}: {error}"
        self.fake.fail(f"error logged by {record.name}: {text}")


@contextlib.contextmanager
def errors_fail(fake: FakeDiscord) -> Iterator[None]:
    """Exceptions reaching a view's on_error, or logged at ERROR level, become failures."""
    original_init = BaseView.__init__

    def init(view: BaseView, *args: Any, **kwargs: Any) -> None:
        original_init(view, *args, **kwargs)
        inner = view.on_error

        async def on_error(interaction: discord.Interaction[Any], error: Exception,
                           item: Any) -> None:
            fake.fail(f"exception reached {type(view).__name__}.on_error for "
                      f"{type(item).__name__}: {type(error).__name__}: {error}")
            await inner(interaction, error, item)
        view.on_error = on_error  # type: ignore[method-assign]

    handler = _ErrorLogHandler(fake)
    root = logging.getLogger()
    BaseView.__init__ = init  # type: ignore[method-assign,assignment]
    root.addHandler(handler)
    try:
        yield
    finally:
        BaseView.__init__ = original_init  # type: ignore[method-assign]
        root.removeHandler(handler)


def watch_client(fake: FakeDiscord, client: discord.Client) -> None:
    """Fail on exceptions reaching the command tree's or the client's on_error."""
    tree = getattr(client, "tree", None)
    if tree is not None:
        tree_error = tree.on_error

        async def on_tree_error(interaction: discord.Interaction[Any],
                                error: discord.app_commands.AppCommandError) -> None:
            cause = error.__cause__ or error
            fake.fail(f"exception reached the command tree's on_error: "
                      f"{type(cause).__name__}: {cause}")
            await tree_error(interaction, error)
        tree.on_error = on_tree_error
    event_error = client.on_error

    async def on_event_error(event: str, *args: Any, **kwargs: Any) -> None:
        error = sys.exc_info()[1]
        fake.fail(f"exception in event {event}: {type(error).__name__}: {error}")
        await event_error(event, *args, **kwargs)
    client.on_error = on_event_error  # type: ignore[method-assign]


class RunningClient:
    """A discord.py client connected to the fake; `await stop()` closes it cleanly."""

    def __init__(self, fake: FakeDiscord, client: discord.Client) -> None:
        self.fake = fake
        self.client = client
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.client._connection.guild_ready_timeout = 0.0  # no 2 s wait for GUILD_CREATEs
        watch_client(self.fake, self.client)
        await self.client.login(self.fake.token)
        self.task = asyncio.create_task(self.client.connect(reconnect=False))
        ready = asyncio.create_task(self.client.wait_until_ready())
        done, _ = await asyncio.wait({self.task, ready}, timeout=30,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self.task in done:
                self.task.result()  # raise the connection error
            raise TimeoutError("the bot did not become ready")

    async def stop(self) -> None:
        await self.client.close()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
