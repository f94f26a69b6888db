"""Results read back (a player's record on a server, the leaderboard), and the ratings
recomputed at start-up when the rating model changed."""

from __future__ import annotations

import logging
import sqlite3

from bot import rating
from bot.models import KindStats, LeaderboardEntry, ResultLine, UserStats
from bot.service.core import ServiceBase
from bot.service.results import ratings_are_current, recompute_ratings
from bot.storage import parse_stamp, queries, stamp

log = logging.getLogger("strategos.ratings")


def _spread(sigma: float | None) -> float | None:
    return None if sigma is None else rating.DISPLAY_SCALE * sigma


class StatsMixin(ServiceBase):
    """Stats, leaderboards and the ratings' recomputation."""

    async def refresh_ratings(self) -> int | None:
        """Recompute every rating from the stored results if they were computed with another
        rating model (or before ratings had a model version); at start-up, before any game
        can end. Returns the number of games replayed, or None when nothing was to do."""
        now = stamp(self._now())

        def refresh(raw: sqlite3.Connection) -> int | None:
            if ratings_are_current(raw):
                return None
            return recompute_ratings(raw, now)

        games = await self.db.run(refresh)
        if games is not None:
            log.info("Recomputed the ratings from %d stored game results (%s)", games,
                     rating.MODEL_VERSION)
        return games

    async def stats(self, guild_id: int, user_id: int, recent: int = 10) -> UserStats:
        async with self.db.read() as conn:
            kinds = await queries.user_record(conn, guild_id, user_id)
            lines = await queries.recent_results(conn, guild_id, user_id, recent)
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
        )

    async def leaderboard(
        self, guild_id: int, kind: str | None = None, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """Ratings per game kind, best first (over all kinds: one line per player and kind)."""
        async with self.db.read() as conn:
            rows = await queries.leaderboard(conn, guild_id, kind, limit)
        return [
            LeaderboardEntry(
                rank=n, user_id=r["user_id"], kind=r["kind"], rating=r["rating"],
                uncertainty=_spread(r["sigma"]) or 0.0,
                games=r["games"], wins=r["wins"], losses=r["losses"], draws=r["draws"],
            )
            for n, r in enumerate(rows, start=1)
        ]
