"""Results read back: a player's record on a server and the Elo leaderboard."""

from __future__ import annotations

from bot.models import KindStats, LeaderboardEntry, ResultLine, UserStats
from bot.service.core import ServiceBase
from bot.storage import parse_stamp, queries


class StatsMixin(ServiceBase):
    """Stats and leaderboards."""

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
        """Elo per game kind, best first (over all kinds: one line per player and kind)."""
        async with self.db.read() as conn:
            rows = await queries.leaderboard(conn, guild_id, kind, limit)
        return [
            LeaderboardEntry(
                rank=n, user_id=r["user_id"], kind=r["kind"], rating=r["rating"],
                games=r["games"], wins=r["wins"], losses=r["losses"], draws=r["draws"],
            )
            for n, r in enumerate(rows, start=1)
        ]
