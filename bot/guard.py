"""Answering errors: friendly refusals for players, logged failures for us.

Service refusals (:class:`bot.errors.ServiceError`) and engine refusals
(:class:`engine.core.errors.EngineError`) carry a sentence a player can read; it is sent
ephemerally. Anything else is a bug: it is logged through the bot (``report``) and the
user gets a short apology, so no interaction is left unanswered.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

import discord

from bot.errors import MalformedClick, ServiceError
from engine.core.errors import EngineError

FRIENDLY = (ServiceError, EngineError)
APOLOGY = "Something went wrong on our side; it has been logged."

P = ParamSpec("P")
T = TypeVar("T")


async def reply(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def refusal(interaction: discord.Interaction[Any], error: Exception) -> str:
    """A friendly refusal's sentence, counted for the metrics line (``bot.metrics``)."""
    counters = getattr(interaction.client, "counters", None)
    if counters is not None:
        counters.refused += 1
    return str(error)


def one_value(values: list[str]) -> str:
    """The one value a single-choice menu sends; a payload without it is refused."""
    if len(values) != 1:
        raise MalformedClick()
    return values[0]


async def run_guarded(interaction: discord.Interaction[Any], work: Awaitable[None],
                      where: str) -> None:
    try:
        await work
    except FRIENDLY as error:
        await reply(interaction, refusal(interaction, error))
    except Exception as error:
        report = getattr(interaction.client, "report", None)
        if report is not None:
            report(error, where)
        with contextlib.suppress(discord.HTTPException):
            await reply(interaction, APOLOGY)
        if report is None:
            raise


def guarded(
    func: Callable[P, Coroutine[Any, Any, None]],
) -> Callable[P, Coroutine[Any, Any, None]]:
    """Decorator for command callbacks ``(self, interaction, ...)``: see :func:`run_guarded`."""

    @functools.wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        await run_guarded(interaction, func(*args, **kwargs), func.__qualname__)

    return wrapper
