"""The ephemeral turn prompt: a player's legal choices as buttons and select menus.

Every component is a :class:`discord.ui.DynamicItem` whose custom id carries the game,
the prompt's version and the role (see :mod:`bot.ids`), so the prompt works after a
restart and an outdated click is recognised.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.guard import one_value, run_guarded
from bot.views.clicks import clicks_of
from bot.views.layout import MAX_OPTION_TEXT, MAX_ROWS, Page, clip, paginate
from engine.core.game import Choice, Prompt

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CHOICE):
    def __init__(self, ref: ids.PromptRef, choice_id: str, label: str = "Choose",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        self.ref, self.choice_id = ref, choice_id
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=clip(label, 80), style=style, custom_id=ids.choice(ref, choice_id)
        )
        super().__init__(button, row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> ChoiceButton:
        parts = match.groupdict()
        return cls(ids.prompt_ref(parts), parts["choice"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        choose = clicks_of(interaction).choose
        await run_guarded(interaction, choose(interaction, self.ref, self.choice_id), "choose")


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT):
    def __init__(self, ref: ids.PromptRef, unit: int, choices: list[Choice] | None = None,
                 placeholder: str = "Choose", row: int | None = None) -> None:
        self.ref = ref
        options = [
            discord.SelectOption(
                label=clip(choice.label, MAX_OPTION_TEXT), value=choice.id,
                description=clip(choice.detail, MAX_OPTION_TEXT) if choice.detail else None,
            )
            for choice in choices or []
        ] or [discord.SelectOption(label="-", value="-")]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.select(ref, unit), placeholder=placeholder, options=options
        )
        super().__init__(select, row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> ChoiceSelect:
        return cls(ids.prompt_ref(match.groupdict()), ids.number(match["unit"], ids.COUNT_MAX))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_guarded(interaction, self.chosen(interaction), "choose")

    async def chosen(self, interaction: discord.Interaction[Any]) -> None:
        """Inside the guard: a forged menu sending no value gets a sentence, not silence."""
        choose = clicks_of(interaction).choose
        await choose(interaction, self.ref, one_value(self.item.values))


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PAGE):
    """Moves to another page of the prompt, or to another of the player's roles."""

    def __init__(self, ref: ids.PromptRef, page: int, label: str = "Page",
                 row: int | None = None) -> None:
        self.ref, self.page = ref, page
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=clip(label, 80), style=discord.ButtonStyle.primary, custom_id=ids.page(ref, page)
        )
        super().__init__(button, row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> PageButton:
        return cls(ids.prompt_ref(match.groupdict()), ids.number(match["page"], ids.COUNT_MAX))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        show_page = clicks_of(interaction).show_page
        await run_guarded(interaction, show_page(interaction, self.ref, self.page), "show_page")


def prompt_view(ref: ids.PromptRef, prompt: Prompt, page: int,
                other_roles: list[tuple[int, str]]) -> tuple[discord.ui.View, Page]:
    """The components of one page of ``prompt``; ``other_roles`` are (index, name) to switch to."""
    shown = paginate(prompt.choices, page, nav_row=bool(other_roles))
    view = discord.ui.View(timeout=None)
    for row, unit in enumerate(shown.units):
        if unit.kind == "buttons":
            for choice in unit.choices:
                view.add_item(ChoiceButton(ref, choice.id, choice.label, STYLES[choice.style], row))
        else:
            view.add_item(ChoiceSelect(ref, unit.index, unit.choices, unit.placeholder, row))
    nav = MAX_ROWS - 1
    if shown.previous is not None:
        view.add_item(PageButton(ref, shown.previous, "◀ Previous", nav))
    if shown.next is not None:
        view.add_item(PageButton(ref, shown.next, "Next ▶", nav))
    room = 5 - sum(x is not None for x in (shown.previous, shown.next))
    for index, name in other_roles[:room]:
        switch = ids.PromptRef(ref.game, ref.version, index, ref.digest)
        view.add_item(PageButton(switch, 0, f"Play as {name}", nav))
    return view, shown
