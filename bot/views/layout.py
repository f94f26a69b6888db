"""Laying a prompt's choices out within Discord's limits, as pure data.

A message holds at most 5 rows; a row holds 5 buttons or one select menu of at most 25
options. Choices are shown by group (``Choice.group``): a group of up to 5 choices is a
row of buttons, a larger one a select menu, split into several menus of 25 when needed.
A button is one click and a menu two, so when the whole prompt fits in one message with
a larger group as rows of buttons (5 to a row), that group is shown as buttons, the
smallest groups first; not a group whose choices have descriptions (only a menu shows
them: odds, costs, what an event does).
When the rows do not fit in one message, they are paginated: 4 rows of choices per page
and a fifth row to move between pages (and between the user's roles).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core.game import Choice

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25
MAX_PLACEHOLDER = 150
MAX_OPTION_TEXT = 100


@dataclass
class Unit:
    """One row of a prompt: a row of buttons or one select menu."""

    kind: Literal["buttons", "select"]
    group: str
    choices: list[Choice]
    index: int = 0  # unique within the prompt, carried by a select's custom id
    part: int = 1
    parts: int = 1

    @property
    def placeholder(self) -> str:
        name = self.group or "Choose"
        if self.parts > 1:
            first = (self.part - 1) * MAX_OPTIONS + 1
            name = f"{name} ({first}–{first + len(self.choices) - 1})"
        return clip(name, MAX_PLACEHOLDER)


@dataclass
class Page:
    units: list[Unit]
    number: int
    pages: int
    # Navigation row: previous/next page numbers, None when there is none.
    previous: int | None = None
    next: int | None = None


def clip(text: str, limit: int) -> str:
    text = text.strip() or "-"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def group_choices(choices: list[Choice]) -> list[tuple[str, list[Choice]]]:
    """Choices by group, groups in order of first appearance."""
    groups: dict[str, list[Choice]] = {}
    for item in choices:
        groups.setdefault(item.group, []).append(item)
    return list(groups.items())


def units_for(choices: list[Choice], rows: int = MAX_ROWS) -> list[Unit]:
    """The rows of a prompt, ``rows`` of them available on one page."""
    groups = group_choices(choices)
    as_buttons = _button_groups(groups, rows)
    units: list[Unit] = []
    for group, members in groups:
        if len(members) <= MAX_BUTTONS or group in as_buttons:
            units.extend(Unit(kind="buttons", group=group, choices=members[i : i + MAX_BUTTONS])
                         for i in range(0, len(members), MAX_BUTTONS))
            continue
        chunks = [members[i : i + MAX_OPTIONS] for i in range(0, len(members), MAX_OPTIONS)]
        for part, chunk in enumerate(chunks, start=1):
            units.append(
                Unit(kind="select", group=group, choices=chunk, part=part, parts=len(chunks))
            )
    for index, unit in enumerate(units):
        unit.index = index
    return units


def _button_groups(groups: list[tuple[str, list[Choice]]], rows: int) -> set[str]:
    """The larger groups shown as rows of buttons: while the prompt still fits ``rows``."""
    used = sum(1 if len(m) <= MAX_BUTTONS else -(-len(m) // MAX_OPTIONS) for _, m in groups)
    chosen: set[str] = set()
    larger = [(g, m) for g, m in groups
              if MAX_BUTTONS < len(m) <= MAX_OPTIONS and not any(c.detail for c in m)]
    for group, members in sorted(larger, key=lambda item: len(item[1])):
        extra = -(-len(members) // MAX_BUTTONS) - 1  # its menu's row becomes rows of buttons
        if used + extra <= rows:
            used += extra
            chosen.add(group)
    return chosen


def rows_per_page(units: list[Unit], nav_row: bool = False) -> int:
    """Rows of choices on a page: all five unless a navigation row is needed."""
    return MAX_ROWS - 1 if nav_row or len(units) > MAX_ROWS else MAX_ROWS


def unit_of(units: list[Unit], choice_id: str) -> int | None:
    """The index of the row offering ``choice_id``, None when no row does."""
    return next((n for n, unit in enumerate(units)
                 if any(item.id == choice_id for item in unit.choices)), None)


def page_of(choices: list[Choice], choice_id: str, nav_row: bool = False) -> int | None:
    """The page (0-based) showing ``choice_id``, None when the prompt does not offer it."""
    units = units_for(choices, MAX_ROWS - 1 if nav_row else MAX_ROWS)
    position = unit_of(units, choice_id)
    return None if position is None else position // rows_per_page(units, nav_row)


def paginate(choices: list[Choice], number: int = 0, nav_row: bool = False) -> Page:
    """Page ``number`` (0-based, clamped) of the prompt's rows.

    ``nav_row`` reserves the fifth row even on a single page (for role switching).
    """
    units = units_for(choices, MAX_ROWS - 1 if nav_row else MAX_ROWS)
    per_page = rows_per_page(units, nav_row)
    pages = max(1, -(-len(units) // per_page))
    number = min(max(number, 0), pages - 1)
    chosen = units[number * per_page : (number + 1) * per_page]
    return Page(
        units=chosen,
        number=number,
        pages=pages,
        previous=number - 1 if number > 0 else None,
        next=number + 1 if number + 1 < pages else None,
    )
