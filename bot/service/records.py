"""What was played: the public story, the stored action log, the verifiable record
of a finished game, and whether a record is a game of this server.
"""

from __future__ import annotations

import asyncio
import json

from bot import errors
from bot.models import LogLine
from bot.service.core import ServiceBase
from bot.service.history import effective_history
from bot.stats_models import RecordMatch
from bot.storage import parse_stamp, queries
from bot.storage.snapshots import entries
from engine.core.game import LogEntry
from engine.core.record import GameRecord, record_game
from engine.core.registry import get_game


class RecordsMixin(ServiceBase):
    """Reading a game's log and record."""

    async def public_log(self, game_id: int, n: int = 10) -> list[LogEntry]:
        """The last ``n`` public lines of the game's story (never a private line), read from
        its log's rows (``game_log``): as many rows as lines, however long the game."""
        async with self.db.read() as conn:
            if await queries.game_version(conn, game_id) is None:
                raise errors.GameNotFound()
            texts = await queries.public_log(conn, game_id, n) if n > 0 else []
        return entries(texts)

    async def log_lines(self, game_id: int) -> list[LogLine]:
        """The stored action log of a game, oldest first (audits, moderators)."""
        async with self.db.read() as conn:
            rows = await queries.get_actions(conn, game_id)
        return [
            LogLine(
                seq=r["seq"], kind=r["kind"], user_id=r["user_id"], role=r["role"],
                choice=r["choice"], at=parse_stamp(r["at"]), barrier=bool(r["barrier"]),
                undoes=r["undoes"], version=r["version"],
                detail=json.loads(r["detail"]) if r["detail"] else None,
            )
            for r in rows
        ]

    async def record(self, game_id: int) -> GameRecord:
        """The verifiable record (seed revealed + every action) of a finished game."""
        async with self.db.read() as conn:
            row = await queries.get_game(conn, game_id)
            if row is None:
                raise errors.GameNotFound()
            if row["status"] != "finished":
                raise errors.NotFinished()
            history = effective_history(await queries.get_actions(conn, game_id))
        return await asyncio.to_thread(
            record_game, row["kind"], row["seed"], row["players"], json.loads(row["options"]),
            [item.action for item in history], game_id,
        )

    async def match_record(self, guild_id: int, record: GameRecord, number: int) -> RecordMatch:
        """Is ``record`` the game #``number`` played on this server? Its seed against the
        SHA-256 posted when that game started, then (once it is over) its actions and result
        against the stored log. A record of a game this server did not host: ``hosted``
        False, and only the record's own consistency can be checked."""
        async with self.db.read() as conn:
            row = await queries.get_game(conn, number)
        if row is None or row["guild_id"] != guild_id or row["seed_sha256"] is None:
            return RecordMatch(number=number, hosted=False, matches=False, message=(
                f"No game #{number} was played on this server, so only the record's own "
                "consistency was checked: anyone can make a consistent record of a game "
                "with a seed of their own."
            ))
        try:
            name = get_game(row["kind"]).name
        except Exception:  # a game no longer installed keeps its id
            name = row["kind"]

        def differs(why: str) -> RecordMatch:
            return RecordMatch(number=number, hosted=True, matches=False, message=(
                f"This is NOT the game {name} #{number} played here: {why}."
            ))

        if row["kind"] != record.game:
            return differs(f"that game is {row['kind']}, the record is {record.game}")
        if row["seed_sha256"] != record.seed_sha256:
            return differs(
                f"its seed's SHA-256, posted when the game started, is `{row['seed_sha256']}`;"
                f" the record's is `{record.seed_sha256}`"
            )
        if row["status"] != "finished":
            return differs("that game is not over, and its seed is still secret")
        played = await self.record(number)
        if (record.players, record.options) != (played.players, played.options):
            return differs("the players or the options differ")
        ours = [(a.role, a.choice) for a in played.actions]
        theirs = [(a.role, a.choice) for a in record.actions]
        if ours != theirs:
            at = next(
                (n for n, (a, b) in enumerate(zip(ours, theirs, strict=False), 1) if a != b),
                min(len(ours), len(theirs)) + 1,
            )
            return differs(f"same seed, but the actions differ from action {at} on")
        if record.result != played.result:
            return differs("the result differs")
        return RecordMatch(number=number, hosted=True, matches=True, message=(
            f"This is the game {name} #{number} as played here: its seed matches the SHA-256 "
            f"posted when it started, and its {len(ours)} actions and result are the ones "
            "stored."
        ))
