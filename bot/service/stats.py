"""Results read back (a player's record on a server, the leaderboard), and the ratings
recomputed at start-up when the rating model changed."""

from __future__ import annotations

import logging

from bot import rating
from bot.models import COMPUTER
from bot.service.core import ServiceBase
from bot.service.results import ratings_are_current, recompute_ratings
from bot.stats_models import (
    HeadToHead,
    KindStats,
    LeaderboardEntry,
    LeaderboardPage,
    RatingStep,
    ResultLine,
    SideRecord,
    UserStats,
)
from bot.storage import Conn, Row, parse_stamp, queries, stamp

log = logging.getLogger("strategos.ratings")


def _spread(sigma: float | None) -> float | None:
    return None if sigma is None else rating.DISPLAY_SCALE * sigma


def _entry(row: Row) -> LeaderboardEntry:
    return LeaderboardEntry(
        rank=row["rank"], user_id=row["user_id"], kind=row["kind"], rating=row["rating"],
        uncertainty=_spread(row["sigma"]) or 0.0,
        games=row["games"], wins=row["wins"], losses=row["losses"], draws=row["draws"],
    )


class StatsMixin(ServiceBase):
    """Stats, leaderboards and the ratings' recomputation."""

    async def refresh_ratings(self) -> int | None:
        """Recompute every rating from the stored results if they were computed with another
        rating model (or before ratings had a model version); at start-up, before any game
        can end. Returns the number of games replayed, or None when nothing was to do."""
        now = stamp(self._now())

        async def refresh(conn: Conn) -> int | None:
            if await ratings_are_current(conn):
                return None
            return await recompute_ratings(conn, now)

        games = await self.db.run(refresh)
        if games is not None:
            log.info("Recomputed the ratings from %d stored game results (%s)", games,
                     rating.MODEL_VERSION)
        return games

    async def stats(self, guild_id: int, user_id: int, recent: int = 10) -> UserStats:
        async with self.db.read() as conn:
            kinds = await queries.user_record(conn, guild_id, user_id)
            lines = await queries.recent_results(conn, guild_id, user_id, recent)
            history = await queries.rating_history(conn, guild_id, user_id)
            sides = await queries.side_record(conn, guild_id, user_id)
        return UserStats(
            guild_id=guild_id,
            user_id=user_id,
            kinds=[
                KindStats(
                    kind=r["kind"], rating=r["rating"], rated_games=r["rated"],
                    uncertainty=_spread(r["sigma"]),
                    games=r["games"], wins=r["wins"], losses=r["losses"], draws=r["draws"],
                )
                for r in kinds
            ],
            recent=[
                ResultLine(
                    game_id=r["game_id"], kind=r["kind"], role=r["role"], team=r["team"],
                    outcome=r["outcome"], rating_before=r["rating_before"],
                    rating_after=r["rating_after"], finished_at=parse_stamp(r["finished_at"]),
                )
                for r in lines
            ],
            history=[
                RatingStep(game_id=r["game_id"], kind=r["kind"],
                           finished_at=parse_stamp(r["finished_at"]),
                           before=r["rating_before"], after=r["rating_after"])
                for r in history
            ],
            sides=[
                SideRecord(kind=r["kind"], role=r["role"], games=r["games"], wins=r["wins"],
                           losses=r["losses"], draws=r["draws"])
                for r in sides
            ],
        )

    async def leaderboard(
        self, guild_id: int, kind: str | None = None, limit: int = 10, offset: int = 0
    ) -> list[LeaderboardEntry]:
        """Ratings per game kind, best first (over all kinds: one line per player and kind)."""
        async with self.db.read() as conn:
            rows = await queries.leaderboard(conn, guild_id, kind, limit, offset)
        return [_entry(r) for r in rows]

    async def leaderboard_page(self, guild_id: int, kind: str | None, page: int,
                               user_id: int, per_page: int = 10) -> LeaderboardPage:
        """Page ``page`` (clamped) of the leaderboard, and ``user_id``'s own line (over every
        kind: their best ranked one)."""
        async with self.db.read() as conn:
            total = await queries.count_ratings(conn, guild_id, kind)
            pages = max(1, -(-total // per_page))
            page = min(max(page, 0), pages - 1)
            rows = await queries.leaderboard(conn, guild_id, kind, per_page, page * per_page)
            mine = await queries.leaderboard_rank(conn, guild_id, kind, user_id)
        return LeaderboardPage(entries=[_entry(r) for r in rows], page=page, pages=pages,
                               total=total, mine=None if mine is None else _entry(mine))

    async def head_to_head(self, guild_id: int, user_id: int, other_id: int
                           ) -> list[HeadToHead]:
        """Per game kind, the games two players both played here (seen from ``user_id``);
        empty for a player against themselves or the computer, which keeps no record."""
        if user_id == other_id or COMPUTER in (user_id, other_id):
            return []
        async with self.db.read() as conn:
            rows = await queries.head_to_head(conn, guild_id, user_id, other_id)
        return [HeadToHead(**{key: r[key] for key in HeadToHead.model_fields}) for r in rows]
