"""The play loop on Discord: a player's take-turn prompts and choices. What the channel and
the players are told after a choice (boards, hand-overs, reminders) is :mod:`bot.announce`.

Cogs and buttons call these functions; they talk to :class:`bot.service.GameService` and
draw with :mod:`bot.discord_render`. Every interaction is acknowledged first (deferred)
and answered by editing the deferred response, so rendering never breaks Discord's
3-second limit.
"""

from __future__ import annotations

from typing import Any

import discord

from bot import ids
from bot.announce import announce, announce_handoff, state_of, waiting_for, wake_computers
from bot.client import StrategosBot
from bot.discord_render import (
    CONTENT,
    EMBED_DESCRIPTION,
    clip,
    render_private,
    role_name,
)
from bot.errors import NotInGame, StaleChoice, StillInLobby
from bot.guard import FRIENDLY, refusal
from bot.models import LoadedGame, TurnUpdate
from bot.views.layout import page_of
from bot.views.prompt import prompt_view

MAX_EMBEDS = 10
EMBED_TOTAL = 6000


def prompted_roles(loaded: LoadedGame, user_id: int) -> list[str]:
    return [role for role in loaded.roles_of(user_id) if role in loaded.prompts]


def role_index(loaded: LoadedGame, role: str) -> int:
    return state_of(loaded).roles.index(role)


def role_at(loaded: LoadedGame, index: int) -> str | None:
    """The role a button's role index names (None for an index the game does not have)."""
    roles = state_of(loaded).roles
    return roles[index] if index < len(roles) else None


async def prompt_message(
    loaded: LoadedGame, user_id: int, role: str | None = None, page: int = 0, note: str = "",
    last_choice: str = "",
) -> dict[str, Any]:
    """The ephemeral prompt for one player: private view, question, choices (kwargs to edit).

    After a choice the prompt opens where that choice is offered again, if it is (back in
    the same menu: the page it was picked from), else on its first page."""
    mine = loaded.roles_of(user_id)
    if loaded.state is None:
        return {"content": StillInLobby.default, "embeds": [], "view": None}
    if not mine:
        return {"content": NotInGame.default, "embeds": [], "view": None}
    asked = prompted_roles(loaded, user_id)
    if role not in asked:
        role = asked[0] if asked else None
    shown = role or mine[0]
    embeds = await private_embeds(loaded, [shown] + [r for r in mine if r != shown])
    lines = [note] if note else []
    view = None
    if loaded.row.status == "paused":
        lines.append("This game is paused by a moderator.")
    elif loaded.row.status == "aborted":
        lines.append("This game was stopped by a moderator.")
    elif loaded.row.status == "finished" or (
        loaded.state is not None and loaded.state.result is not None
    ):
        lines.append("This game is over.")
    elif role is None:
        lines.append(f"Nothing for you to choose now. Waiting for {waiting_for(loaded)}.")
    else:
        prompt = loaded.prompts[role]
        ref = ids.PromptRef(loaded.row.id, loaded.row.version, role_index(loaded, role),
                            ids.prompt_digest(prompt))
        others = [(role_index(loaded, r), role_name(loaded, r)) for r in asked if r != role]
        if last_choice:
            page = page_of(prompt.choices, last_choice, nav_row=bool(others)) or 0
        view, shown_page = prompt_view(ref, prompt, page, others)
        lines.append(f"**{role_name(loaded, role)}** — {prompt.text}")
        if shown_page.pages > 1:
            lines.append(f"Page {shown_page.number + 1} of {shown_page.pages} of your choices.")
    return {"content": clip("\n".join(lines), CONTENT), "embeds": embeds, "view": view}


async def private_embeds(loaded: LoadedGame, roles: list[str]) -> list[discord.Embed]:
    """One embed per role the player holds (their private views), within Discord's limits:
    10 embeds, 4096 characters per description, 6000 characters in all."""
    roles = roles[:MAX_EMBEDS]
    budget = min(EMBED_DESCRIPTION, EMBED_TOTAL // len(roles) - 300)
    embeds = []
    for role in roles:
        private = await render_private(loaded.row.kind, loaded.view(role))
        title = f"{loaded.game.name} #{loaded.row.id} — your view as {role_name(loaded, role)}"
        embeds.append(discord.Embed(title=clip(title, 256),
                                    description=clip(private, budget) or None))
    return embeds


async def take_turn(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The public **Take turn** button (and /game hand): an ephemeral prompt for the clicker."""
    bot: StrategosBot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        loaded = await bot.service.load(game_id)
        answer = await prompt_message(loaded, interaction.user.id)
    except FRIENDLY as error:
        answer = {"content": refusal(interaction, error), "embeds": [], "view": None}
    await interaction.edit_original_response(**answer)


async def show_page(interaction: discord.Interaction[Any], ref: ids.PromptRef, page: int) -> None:
    bot: StrategosBot = interaction.client
    await interaction.response.defer()
    note = ""
    try:
        loaded = await bot.service.load(ref.game)
        if loaded.row.version != ref.version:
            note = stale_note(loaded, interaction.user.id)
        answer = await prompt_message(loaded, interaction.user.id, role_at(loaded, ref.role),
                                      page, note)
    except FRIENDLY as error:
        answer = {"content": refusal(interaction, error), "embeds": [], "view": None}
    await interaction.edit_original_response(**answer)


def stale_note(loaded: LoadedGame, user_id: int) -> str:
    """Above the prompt after a click on an outdated one. Empty when the game is paused or
    over: the prompt says so, and "no longer current" would only puzzle."""
    if loaded.row.status != "running" or loaded.state is None or loaded.state.result:
        return ""
    if prompted_roles(loaded, user_id):
        return StaleChoice.default + " Here is the current one."
    return StaleChoice.default


async def still_current(bot: StrategosBot, loaded: LoadedGame, ref: ids.PromptRef,
                        role: str) -> bool:
    """Whether a prompt shown at ``ref.version`` still stands although the version moved on.

    It does when this role's prompt is unchanged (same digest) and every write since was
    another role's choice: in simultaneous turns the others' secret choices do not make
    this player's open prompt stale. A moderator's action, an undo, or any choice of this
    role since then does.
    """
    prompt = loaded.prompts.get(role)
    if prompt is None or ids.prompt_digest(prompt) != ref.digest:
        return False
    since = [line for line in await bot.service.log_lines(ref.game) if line.version > ref.version]
    return all(line.kind == "choice" and line.role != role for line in since)


async def apply_choice(bot: StrategosBot, ref: ids.PromptRef, user_id: int,
                       choice_id: str) -> TurnUpdate:
    version = ref.version
    for _ in range(5):  # each retry follows another player's write that happened meanwhile
        loaded = await bot.service.load(ref.game)
        roles = state_of(loaded).roles
        if ref.role >= len(roles):
            raise StaleChoice(loaded.row.version)
        role = roles[ref.role]
        if version > loaded.row.version:  # from the future: a forged or restored-over button
            raise StaleChoice(loaded.row.version)
        if loaded.row.version != version:
            if not await still_current(bot, loaded, ref, role):
                raise StaleChoice(loaded.row.version)
            version = loaded.row.version
        try:
            return await bot.service.act(ref.game, user_id, version, role, choice_id)
        except StaleChoice:
            continue
    raise StaleChoice(version)


async def choose(interaction: discord.Interaction[Any], ref: ids.PromptRef, choice_id: str) -> None:
    """A click on a choice: apply it, update the ephemeral prompt, announce a finished turn."""
    bot: StrategosBot = interaction.client
    user_id = interaction.user.id
    await interaction.response.defer()
    update: TurnUpdate | None = None
    note = ""
    stale = False
    try:
        update = await apply_choice(bot, ref, user_id, choice_id)
        loaded = update.loaded
    except StaleChoice:
        stale = True
    except NotInGame as error:
        await interaction.edit_original_response(content=str(error), embeds=[], view=None)
        return
    except FRIENDLY as error:
        note = refusal(interaction, error)
    try:
        if update is None:
            loaded = await bot.service.load(ref.game)
        if stale:
            note = stale_note(loaded, user_id)
        # A player holding several sides stays with the side they played while it is asked.
        answer = await prompt_message(loaded, user_id, role_at(loaded, ref.role), note=note,
                                      last_choice=choice_id)
    except FRIENDLY as error:
        answer = {"content": refusal(interaction, error), "embeds": [], "view": None}
    await interaction.edit_original_response(**answer)
    if update is not None and (update.turn_ended or update.finished):
        await announce(bot, update)
    elif update is not None and update.handed_to:
        await announce_handoff(bot, update, user_id)
    if update is not None:
        wake_computers(bot, update.loaded)
