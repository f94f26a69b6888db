"""The options step of ``/game new``: one select menu per option, then **Open lobby**.

The host sees this (ephemerally) when a game has options and none were typed. The
chosen values live in the custom ids (each option's value as an index into its domain),
so the step needs no storage and survives restarts.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.errors import MalformedClick
from bot.guard import one_value, run_guarded
from bot.options import option_domains, option_help, show
from bot.views.clicks import clicks_of
from bot.views.layout import clip

MAX_MENUS = 4  # the fifth row holds the button


def menus(options_model: Any) -> list[tuple[str, list[Any]]]:
    return list(option_domains(options_model).items())[:MAX_MENUS]


def default_picks(options_model: Any) -> list[int]:
    defaults = options_model().model_dump(mode="json")
    return [values.index(defaults[name]) if defaults.get(name) in values else 0
            for name, values in menus(options_model)]


def chosen(options_model: Any, picks: list[int]) -> dict[str, Any]:
    """The options the picks stand for (an out-of-range pick keeps the default)."""
    result = {}
    for (name, values), pick in zip(menus(options_model), picks, strict=False):
        if 0 <= pick < len(values):
            result[name] = values[pick]
    return result


class SetupOption(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SETUP_OPTION):
    def __init__(self, kind: str, option: int, picks: list[int], title: str = "",
                 values: list[Any] | None = None, row: int | None = None) -> None:
        self.kind, self.option, self.picks = kind, option, picks
        current = picks[option] if option < len(picks) else 0
        options = [
            discord.SelectOption(label=clip(f"{title}: {show(value)}", 100), value=str(index),
                                 default=index == current)
            for index, value in enumerate(values or ["-"])
        ]
        super().__init__(discord.ui.Select(
            custom_id=ids.setup_option(kind, option, picks), placeholder=clip(title or "-", 150),
            options=options,
        ), row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> SetupOption:
        return cls(match["kind"], ids.number(match["option"], ids.COUNT_MAX),
                   ids.decode_picks(match["picks"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(interaction, self.changed(interaction), "setup_changed")

    async def changed(self, interaction: discord.Interaction[Any]) -> None:
        """Inside the guard: a forged value gets a sentence, not silence."""
        setup_changed = clicks_of(interaction).setup_changed
        picks = list(self.picks)
        if self.option < len(picks):
            value = one_value(self.item.values)
            if not value.isdigit():
                raise MalformedClick()
            picks[self.option] = ids.number(value, ids.COUNT_MAX)
        await setup_changed(interaction, self.kind, picks)


class SetupOpen(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SETUP_OPEN):
    def __init__(self, kind: str, picks: list[int]) -> None:
        self.kind, self.picks = kind, picks
        super().__init__(discord.ui.Button(
            label="Open lobby", style=discord.ButtonStyle.success,
            custom_id=ids.setup_open(kind, picks),
        ), row=MAX_MENUS)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> SetupOpen:
        return cls(match["kind"], ids.decode_picks(match["picks"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        setup_open = clicks_of(interaction).setup_open
        await run_guarded(
            interaction, setup_open(interaction, self.kind, self.picks), "setup_open"
        )


def setup_view(kind: str, options_model: Any, picks: list[int]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    titles = option_help(options_model)
    for index, (name, values) in enumerate(menus(options_model)):
        view.add_item(SetupOption(kind, index, picks, titles[name], values, row=index))
    view.add_item(SetupOpen(kind, picks))
    return view
