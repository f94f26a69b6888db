"""What the service returns for /stats, /leaderboard and /game verify: a player's record by
game kind and side, rating history, results, leaderboard pages, head-to-head, record matches."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from bot.models import Outcome


class KindStats(BaseModel):
    kind: str
    rating: float | None  # displayed rating (bot.rating.Skill.display); None: unrated
    uncertainty: float | None  # one sigma on the same scale, shown as "±"
    rated_games: int
    games: int
    wins: int
    losses: int
    draws: int


class RatingStep(BaseModel):
    """One rated game of a player: their displayed rating before and after it."""

    game_id: int
    kind: str
    finished_at: datetime
    before: float
    after: float


class SideRecord(BaseModel):
    """How a player did on one side (role) of one game kind."""

    kind: str
    role: str
    games: int
    wins: int
    losses: int
    draws: int


class UserStats(BaseModel):
    guild_id: int
    user_id: int
    kinds: list[KindStats]
    recent: list[ResultLine]
    history: list[RatingStep] = Field(default_factory=list)  # rated games, oldest first
    sides: list[SideRecord] = Field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(k.games for k in self.kinds)


class ResultLine(BaseModel):
    game_id: int
    kind: str
    role: str
    team: str
    outcome: Outcome
    rating_before: float | None
    rating_after: float | None
    finished_at: datetime


class LeaderboardEntry(BaseModel):
    rank: int
    user_id: int
    kind: str
    rating: float
    uncertainty: float
    games: int
    wins: int
    losses: int
    draws: int


class LeaderboardPage(BaseModel):
    """One page of the leaderboard, and the asking player's own line wherever it is."""

    entries: list[LeaderboardEntry]
    page: int  # from 0, clamped to the pages there are
    pages: int
    total: int  # rated rows (players, or over every game kind players and kinds)
    mine: LeaderboardEntry | None  # None: the player has no rating here


class HeadToHead(BaseModel):
    """Two players' games on one server in one game kind, seen from the first player."""

    kind: str
    games: int
    wins: int  # opposing teams: the first player's team won
    other_wins: int
    draws: int
    both_lost: int  # opposing teams, and a third team won
    together: int  # on one team
    together_wins: int
    together_losses: int
    together_draws: int


class RecordMatch(BaseModel):
    """Whether a posted record is the game of that number played on this server."""

    number: int
    hosted: bool  # this server hosted a game with that number
    matches: bool
    message: str


UserStats.model_rebuild()
