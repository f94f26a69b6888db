"""Slash commands are synced with Discord only when the command tree changed.

Every sync is a bulk overwrite that counts against Discord's rate limits (and a bot that
restarts in a loop would hit them), so the SHA-256 of the tree's JSON, exactly as it would be
sent, is kept in the ``command_sync`` table per application and target (global, or the
development guild). A start with the same tree syncs nothing; ``python -m bot sync`` forces it.
"""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands

from bot.storage import queries
from bot.storage.db import Database, stamp

log = logging.getLogger("strategos.sync")


def tree_digest(tree: app_commands.CommandTree[Any], guild: discord.Object | None) -> str:
    """SHA-256 of the commands a sync to ``guild`` (None: global) would send."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def target_name(application_id: int, guild: discord.Object | None) -> str:
    return f"{application_id}:global" if guild is None else f"{application_id}:guild:{guild.id}"


async def sync_commands(tree: app_commands.CommandTree[Any], db: Database, application_id: int,
                        guild: discord.Object | None, *, force: bool = False) -> bool:
    """Sync the tree to ``guild`` (None: global) if it changed since the last sync there, or
    if ``force``; True when it was synced. The digest is stored only after Discord accepted
    the sync, so a failed one is tried again at the next start."""
    digest = tree_digest(tree, guild)
    target = target_name(application_id, guild)
    async with db.read() as conn:
        stored = await queries.synced_commands(conn, target)
    where = "globally" if guild is None else f"to guild {guild.id}"
    if stored == digest and not force:
        log.info("Slash commands unchanged since the last sync %s: not synced", where)
        return False
    await tree.sync(guild=guild)
    async with db.transaction() as conn:
        await queries.set_synced_commands(conn, target, digest, stamp(datetime.now(UTC)))
    log.info("Slash commands synced %s", where)
    return True
