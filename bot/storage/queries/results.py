"""Results and ratings: each game's result rows, the ratings by game kind and by side, the
rating model, and what /stats and /leaderboard read."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.rating import Skill
from bot.storage.conn import Conn, Row


async def ratings_of(
    conn: Conn, guild_id: int, kind: str, user_ids: Iterable[int]
) -> dict[int, Skill]:
    """The players' current skills; a player without a row (or with a row from before the
    ratings were recomputed) is missing."""
    ids = list(user_ids)
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = await conn.fetch(
        f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ?"
        f" AND user_id IN ({marks}) AND mu IS NOT NULL AND sigma IS NOT NULL",
        (guild_id, kind, *ids),
    )
    return {int(r[0]): Skill(mu=float(r[1]), sigma=float(r[2])) for r in rows}


async def save_ratings(
    conn: Conn, guild_id: int, kind: str, skills: Mapping[int, Skill]
) -> None:
    """The players' skills after one more rated game."""
    await conn.executemany(
        "INSERT INTO ratings (guild_id, kind, user_id, rating, mu, sigma, games)"
        " VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, user_id)"
        " DO UPDATE SET rating = excluded.rating, mu = excluded.mu, sigma = excluded.sigma,"
        " games = ratings.games + 1",
        [(guild_id, kind, user, skill.display, skill.mu, skill.sigma)
         for user, skill in skills.items()],
    )


async def side_ratings_of(
    conn: Conn, guild_id: int, kind: str, teams: Iterable[str]
) -> dict[str, Skill]:
    """The skills of these sides of a game kind (a side without a row is missing)."""
    names = list(teams)
    if not names:
        return {}
    marks = ", ".join("?" for _ in names)
    rows = await conn.fetch(
        f"SELECT team, mu, sigma FROM side_ratings WHERE guild_id = ? AND kind = ?"
        f" AND team IN ({marks})",
        (guild_id, kind, *names),
    )
    return {str(r[0]): Skill(mu=float(r[1]), sigma=float(r[2])) for r in rows}


async def save_side_ratings(
    conn: Conn, guild_id: int, kind: str, skills: Mapping[str, Skill]
) -> None:
    await conn.executemany(
        "INSERT INTO side_ratings (guild_id, kind, team, mu, sigma, games)"
        " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, team)"
        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " games = side_ratings.games + 1",
        [(guild_id, kind, team, skill.mu, skill.sigma) for team, skill in skills.items()],
    )


async def all_side_ratings(conn: Conn) -> list[tuple[Any, ...]]:
    """Every side's rating row, in a fixed order."""
    return [tuple(r) for r in await conn.fetch(
        "SELECT guild_id, kind, team, mu, sigma, games FROM side_ratings"
        " ORDER BY guild_id, kind, team")]


async def all_ratings(conn: Conn) -> list[tuple[Any, ...]]:
    """Every rating row, in a fixed order (to compare two computations of them)."""
    return [tuple(r) for r in await conn.fetch(
        "SELECT guild_id, kind, user_id, rating, mu, sigma, games FROM ratings"
        " ORDER BY guild_id, kind, user_id")]


async def delete_ratings(conn: Conn) -> None:
    """Every player's and side's rating (before recomputing them)."""
    await conn.execute("DELETE FROM ratings")
    await conn.execute("DELETE FROM side_ratings")


async def results_in_game_order(conn: Conn) -> list[tuple[Any, ...]]:
    """(game_id, guild_id, kind, user_id, team, outcome) of every stored seat, game by game
    in the order the games finished (the game's id breaks a tie)."""
    return [tuple(r) for r in await conn.fetch(
        "SELECT game_id, guild_id, kind, user_id, team, outcome FROM results"
        " ORDER BY finished_at, game_id, role")]


async def set_result_ratings(
    conn: Conn, game_id: int, ratings: Mapping[int, tuple[float, float] | None]
) -> None:
    """Each user's displayed rating (before, after) in one game's results; None: unrated."""
    await conn.executemany(
        "UPDATE results SET rating_before = ?, rating_after = ? WHERE game_id = ? AND user_id = ?",
        [(None, None, game_id, user) if pair is None else (*pair, game_id, user)
         for user, pair in ratings.items()],
    )


async def rating_model(conn: Conn) -> str | None:
    row = await conn.fetchrow("SELECT version FROM rating_model WHERE id = 1")
    return None if row is None else str(row[0])


async def set_rating_model(conn: Conn, version: str, now: str) -> None:
    await conn.execute(
        "INSERT INTO rating_model (id, version, computed_at) VALUES (1, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET version = excluded.version,"
        " computed_at = excluded.computed_at",
        (version, now),
    )


async def insert_result(
    conn: Conn,
    *,
    game_id: int,
    role: str,
    user_id: int,
    guild_id: int,
    kind: str,
    team: str,
    outcome: str,
    score: float | None,
    rating_before: float | None,
    rating_after: float | None,
    finished_at: str,
) -> None:
    await conn.execute(
        "INSERT INTO results (game_id, role, user_id, guild_id, kind, team, outcome, score,"
        " rating_before, rating_after, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, role, user_id, guild_id, kind, team, outcome, score, rating_before,
         rating_after, finished_at),
    )


async def results_of_game(conn: Conn, game_id: int) -> list[Row]:
    rows = await conn.fetch(
        "SELECT game_id, role, user_id, team, outcome, score, rating_before, rating_after"
        " FROM results WHERE game_id = ? ORDER BY role",
        (game_id,),
    )
    return rows


def _count(condition: str) -> str:
    """How many rows of a group meet ``condition`` (both databases: no sum of booleans)."""
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


_WINS, _LOSSES, _DRAWS = (_count(f"outcome = '{o}'") for o in ("win", "loss", "draw"))
# A user's record per kind counts games, not roles: a user holding two seats of one team
# played one game. Outcome per game: the best of the user's rows (win > draw > loss).
_PER_GAME = (
    "SELECT game_id, kind, MAX(CASE outcome WHEN 'win' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END)"
    " AS o FROM results WHERE guild_id = ? AND user_id = ? GROUP BY game_id, kind"
)


async def user_record(conn: Conn, guild_id: int, user_id: int) -> list[Row]:
    rows = await conn.fetch(
        f"SELECT g.kind, COUNT(*) AS games, {_count('g.o = 2')} AS wins,"
        f" {_count('g.o = 0')} AS losses, {_count('g.o = 1')} AS draws, MAX(r.rating) AS rating,"
        " MAX(r.sigma) AS sigma, COALESCE(MAX(r.games), 0) AS rated"
        f" FROM ({_PER_GAME}) AS g"
        " LEFT JOIN ratings AS r ON r.guild_id = ? AND r.kind = g.kind AND r.user_id = ?"
        " GROUP BY g.kind ORDER BY g.kind",
        (guild_id, user_id, guild_id, user_id),
    )
    return rows


async def recent_results(
    conn: Conn, guild_id: int, user_id: int, limit: int
) -> list[Row]:
    rows = await conn.fetch(
        "SELECT game_id, kind, role, team, outcome, rating_before, rating_after, finished_at"
        " FROM results WHERE guild_id = ? AND user_id = ?"
        " ORDER BY finished_at DESC, game_id DESC, role LIMIT ?",
        (guild_id, user_id, limit),
    )
    return rows


# Wins, losses and draws of a ranked row's player in that game kind (games, not seats).
_RECORD_OF_ROW = ",".join(
    f" (SELECT COUNT(DISTINCT game_id) FROM results AS x WHERE x.guild_id = r.guild_id"
    f"  AND x.kind = r.kind AND x.user_id = r.user_id AND x.outcome = '{outcome}') AS {name}"
    for outcome, name in (("win", "wins"), ("loss", "losses"), ("draw", "draws"))
)
# The leaderboard's order: a total order, so that pages never repeat or skip a row.
_LADDER_ORDER = "rating DESC, games DESC, user_id, kind"


def _ranked(kind: str | None, where: str) -> tuple[str, tuple[Any, ...]]:
    """The ratings rows of a server (one game kind, or every kind: a row per user and kind)
    numbered in the leaderboard's order, the rows ``where`` picks (best first, then ``LIMIT ?
    OFFSET ?``) with their record; and the parameters after the server's id. The records are
    counted for the picked rows only, not for the whole ranking."""
    kind_filter = "" if kind is None else " AND kind = ?"
    sql = (
        "SELECT r.user_id, r.kind, r.rating, r.sigma, r.games, r.rank,"
        f"{_RECORD_OF_ROW} FROM (SELECT * FROM ("
        "SELECT guild_id, user_id, kind, rating, sigma, games,"
        f" ROW_NUMBER() OVER (ORDER BY {_LADDER_ORDER}) AS rank"
        f" FROM ratings WHERE guild_id = ?{kind_filter}) AS ranked"
        f" {where} ORDER BY rank LIMIT ? OFFSET ?) AS r ORDER BY r.rank"
    )
    return sql, (() if kind is None else (kind,))


async def leaderboard(
    conn: Conn, guild_id: int, kind: str | None, limit: int, offset: int = 0
) -> list[Row]:
    """Rated players, best first, with their rank; per kind, or over all kinds (one row per
    user and kind)."""
    sql, params = _ranked(kind, "")
    return await conn.fetch(sql, (guild_id, *params, limit, offset))


async def count_ratings(conn: Conn, guild_id: int, kind: str | None) -> int:
    """How many rows the leaderboard has."""
    kind_filter = "" if kind is None else " AND kind = ?"
    rows = await conn.fetch(f"SELECT COUNT(*) FROM ratings WHERE guild_id = ?{kind_filter}",
                            (guild_id,) if kind is None else (guild_id, kind))
    return int(rows[0][0])


async def leaderboard_rank(
    conn: Conn, guild_id: int, kind: str | None, user_id: int
) -> Row | None:
    """The user's best leaderboard row with its rank (over all kinds: their best kind), or
    None when they have no rating."""
    sql, params = _ranked(kind, "WHERE user_id = ?")
    rows = await conn.fetch(sql, (guild_id, *params, user_id, 1, 0))
    return rows[0] if rows else None


async def rating_history(conn: Conn, guild_id: int, user_id: int) -> list[Row]:
    """The user's rated games in the order they finished: the displayed rating before and
    after each (one row per game: several seats of one user share their rating)."""
    return await conn.fetch(
        "SELECT game_id, kind, MIN(finished_at) AS finished_at,"
        " MAX(rating_before) AS rating_before, MAX(rating_after) AS rating_after"
        " FROM results WHERE guild_id = ? AND user_id = ? AND rating_after IS NOT NULL"
        " GROUP BY game_id, kind ORDER BY finished_at, game_id",
        (guild_id, user_id),
    )


async def side_record(conn: Conn, guild_id: int, user_id: int) -> list[Row]:
    """Per game kind and side (role) the user held: games, wins, losses and draws."""
    return await conn.fetch(
        f"SELECT kind, role, COUNT(*) AS games, {_WINS} AS wins, {_LOSSES} AS losses,"
        f" {_DRAWS} AS draws"
        " FROM results WHERE guild_id = ? AND user_id = ? GROUP BY kind, role ORDER BY kind, role",
        (guild_id, user_id),
    )


async def head_to_head(
    conn: Conn, guild_id: int, user_id: int, other_id: int
) -> list[Row]:
    """Per game kind, the games both users played on this server: on opposing teams, who
    won (``wins``: the first user, ``other_wins``; ``both_lost``: a third team won) and the
    draws; on one team (``together``: they shared a team), its wins, losses and draws. Each
    user's outcome in a game is their best seat's, as in their record."""
    return await conn.fetch(
        f"WITH a AS ({_PER_GAME}), b AS ({_PER_GAME}),"
        " pairs AS (SELECT a.game_id, a.kind, a.o AS ao, b.o AS bo, EXISTS ("
        "   SELECT 1 FROM results AS x JOIN results AS y"
        "   ON y.game_id = x.game_id AND y.team = x.team"
        "   WHERE x.game_id = a.game_id AND x.user_id = ? AND y.user_id = ?) AS together"
        "  FROM a JOIN b ON b.game_id = a.game_id)"
        " SELECT kind, COUNT(*) AS games,"
        f" {_count('NOT together AND ao = 2')} AS wins,"
        f" {_count('NOT together AND bo = 2')} AS other_wins,"
        f" {_count('NOT together AND ao = 1 AND bo = 1')} AS draws,"
        f" {_count('NOT together AND ao = 0 AND bo = 0')} AS both_lost,"
        f" {_count('together')} AS together, {_count('together AND ao = 2')} AS together_wins,"
        f" {_count('together AND ao = 0')} AS together_losses,"
        f" {_count('together AND ao = 1')} AS together_draws"
        " FROM pairs GROUP BY kind ORDER BY kind",
        (guild_id, user_id, guild_id, other_id, user_id, other_id),
    )
