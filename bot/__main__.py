"""``python -m bot`` starts the bot; ``python -m bot play <game>`` plays at one terminal;
``python -m bot backup <file>`` copies the database while the bot runs (SQLite; for PostgreSQL
it explains pg_dump); ``python -m bot copy <file> <url>`` copies a SQLite database into an
empty PostgreSQL one; ``python -m bot sync`` syncs the slash commands with Discord now,
changed or not; ``python -m bot health`` says (exit code) whether the running bot's heartbeat
is fresh; ``python -m bot clicks <game>`` measures how many clicks playing it takes."""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

import discord

from bot import click_count, collector, play
from bot.app import create_bot
from bot.client import warm_up
from bot.errors import StorageError
from bot.health import check_heartbeat
from bot.logs import setup_logging
from bot.settings import Settings, SettingsError, load_settings
from bot.storage.copy import copy_to_postgresql
from bot.storage.db import open_database
from bot.storage.postgres import PG_DUMP_HINT, describe, is_postgresql
from bot.storage.sqlite import SqliteDatabase
from engine.version import version

EXIT_SETTINGS = 2
EXIT_FAILED = 1


async def run_bot(settings: Settings, token: str) -> int:
    # The database first, before Discord: a bad file is one line, not a traceback.
    try:
        db = await open_database(settings.database, allow_empty=settings.allow_empty_database)
    except StorageError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return EXIT_FAILED
    await db.close()
    # Every game and renderer imported, then kept out of the garbage collector's walks.
    await asyncio.to_thread(warm_up)
    collector.tune()
    bot = create_bot(settings)
    try:
        async with bot:
            await bot.start(token)
    except discord.LoginFailure:
        print("Discord refused DISCORD_TOKEN: reset the token on the Developer Portal "
              "(Bot page) and put the new one in .env.", file=sys.stderr)
        return EXIT_SETTINGS
    except discord.PrivilegedIntentsRequired:
        print("Discord refused an intent the bot asked for; check the Bot page of the "
              "Developer Portal.", file=sys.stderr)
        return EXIT_SETTINGS
    return 0


async def sync_now(settings: Settings, token: str) -> int:
    """Log in (no gateway), sync the command tree whatever the stored digest says, log out."""
    bot = create_bot(settings)
    bot.force_sync = True
    try:
        async with bot:
            await bot.login(token)  # runs setup_hook, which syncs
    except discord.LoginFailure:
        print("Discord refused DISCORD_TOKEN: reset the token on the Developer Portal "
              "(Bot page) and put the new one in .env.", file=sys.stderr)
        return EXIT_SETTINGS
    except discord.HTTPException as error:
        print(f"Discord refused the sync: {error}.", file=sys.stderr)
        return EXIT_FAILED
    where = f"to guild {settings.dev_guild}" if settings.dev_guild else "globally"
    print(f"Slash commands synced {where}.")
    return 0


async def backup(settings: Settings, target: str) -> int:
    if not isinstance(settings.database, Path):
        print(f"Nothing was written to {target}: {PG_DUMP_HINT}.", file=sys.stderr)
        return EXIT_FAILED
    source = settings.database
    if not source.is_file():
        # Opening it would create an empty database and "back up" nothing.
        print(f"No database at {source}: nothing to back up (check STRATEGOS_DATABASE).",
              file=sys.stderr)
        return EXIT_FAILED
    if source.resolve() == Path(target).resolve():
        print(f"The backup would overwrite {source} itself: choose another file.",
              file=sys.stderr)
        return EXIT_FAILED
    try:
        db = await SqliteDatabase.open(source, migrate=False)
        try:
            path = await db.backup(target)
        finally:
            await db.close()
    except (sqlite3.Error, OSError, RuntimeError) as error:
        print(f"Could not back up {source}: {error}.", file=sys.stderr)
        return EXIT_FAILED
    print(f"Backed up {source} to {path}.")
    return 0


async def copy(source: str, url: str) -> int:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database ``url``."""
    if not is_postgresql(url):
        print(f"{url} is not a postgresql:// URL: copy writes into PostgreSQL.", file=sys.stderr)
        return EXIT_SETTINGS
    if not Path(source).is_file():
        print(f"No SQLite database at {source}: nothing to copy.", file=sys.stderr)
        return EXIT_FAILED
    try:
        copied = await copy_to_postgresql(source, url)
    except StorageError as error:
        print(f"Could not copy {source}: {error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"Copied {copied.rows} rows ({copied.tables['games']} games) from {source} to "
          f"{describe(url)}. Set STRATEGOS_DATABASE to that URL to run the bot on it.")
    return 0


def health(settings: Settings) -> int:
    """Exit 0 when the running bot's heartbeat is fresh, 1 (with one line) when not."""
    found = check_heartbeat(settings.heartbeat_path, settings.heartbeat_max_age,
                            datetime.now(UTC))
    print(found.text, file=sys.stdout if found.healthy else sys.stderr)
    return 0 if found.healthy else EXIT_FAILED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Strategos Discord bot. Without a command it starts the bot "
        "(settings from the environment and .env).",
    )
    parser.add_argument("--version", action="version", version=f"Strategos {version()}")
    commands = parser.add_subparsers(dest="command")
    play.add_arguments(commands.add_parser("play", help="a hot-seat game at one terminal"))
    saving = commands.add_parser("backup", help="copy the database (safe while the bot runs)")
    saving.add_argument("target", help="the backup file to write")
    copying = commands.add_parser("copy", help="copy a SQLite database into an empty "
                                  "PostgreSQL database (stop the bot first)")
    copying.add_argument("source", help="the SQLite database file")
    copying.add_argument("url", help="the PostgreSQL database, postgresql://user@host/name")
    commands.add_parser("health", help="exit 0 if the running bot wrote its heartbeat "
                        "recently (STRATEGOS_HEARTBEAT_MAX_AGE), else 1")
    commands.add_parser("sync", help="sync the slash commands with Discord now (a start "
                        "syncs them only when they changed)")
    counting = commands.add_parser("clicks", help="how many clicks a game takes on Discord, "
                                   "measured over greedy games (a Markdown table)")
    counting.add_argument("game")
    counting.add_argument("--players", type=int, default=2)
    counting.add_argument("--games", type=int, default=20)
    counting.add_argument("--seed", default="clicks")
    args = parser.parse_args(argv)
    if args.command == "play":
        return play.main(args)
    if args.command == "copy":
        return asyncio.run(copy(args.source, args.url))
    if args.command == "clicks":
        tally = click_count.measure(args.game, args.players, args.games, args.seed)
        print(click_count.report(tally, args.game, args.players))
        return 0
    try:
        settings = load_settings()
        if args.command == "backup":
            return asyncio.run(backup(settings, args.target))
        if args.command == "health":
            return health(settings)
        token = settings.token()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_SETTINGS
    setup_logging(settings.log_level, settings.log_format, token)
    if args.command == "sync":
        return asyncio.run(sync_now(settings, token))
    try:
        return asyncio.run(run_bot(settings, token))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
