"""The numbers behind /stats's picture and the leaderboard's lines, from service models."""

from __future__ import annotations

from datetime import UTC, datetime

from bot import ids
from bot.leaderboard import leaderboard_message, rank_line
from bot.stats import chart_of, head_to_head_text, seat_name
from bot.stats_models import (
    HeadToHead,
    KindStats,
    LeaderboardEntry,
    LeaderboardPage,
    RatingStep,
    SideRecord,
    UserStats,
)

WHEN = datetime(2026, 11, 25, tzinfo=UTC)


def kind(name: str, games: int, wins: int, rating: float | None) -> KindStats:
    return KindStats(kind=name, rating=rating, uncertainty=None if rating is None else 90.0,
                     rated_games=games, games=games, wins=wins, losses=games - wins, draws=0)


def step(game_id: int, name: str, before: float, after: float) -> RatingStep:
    return RatingStep(game_id=game_id, kind=name, finished_at=WHEN, before=before, after=after)


def test_the_chart_has_a_line_per_rated_kind_from_its_first_rating() -> None:
    stats = UserStats(
        guild_id=1, user_id=2,
        kinds=[kind("alliance", 1, 1, None), kind("duel", 2, 1, 1030.0)],
        recent=[],
        history=[step(1, "duel", 1000.0, 1060.0), step(3, "duel", 1060.0, 1030.0)],
        sides=[SideRecord(kind="duel", role="north", games=2, wins=1, losses=1, draws=0),
               SideRecord(kind="alliance", role="arden", games=1, wins=1, losses=0, draws=0)],
    )
    chart = chart_of(stats, "Alice")
    assert chart.title == "Statistics of Alice"
    (line,) = chart.lines  # the alliance game was not rated: no line
    assert (line.name, line.ratings, line.uncertainty) == ("Duel", [1000.0, 1060.0, 1030.0],
                                                           90.0)
    assert [(b.label, b.games, b.wins) for b in chart.by_game] == [
        ("Alliance", 1, 1), ("Duel", 2, 1)]
    # Two kinds: each side names its game.
    assert [b.label for b in chart.by_side] == ["Duel · North", "Alliance · Arden"]
    one_kind = chart_of(stats.model_copy(update={"kinds": stats.kinds[1:],
                                                 "sides": stats.sides[:1]}), "Alice")
    assert [b.label for b in one_kind.by_side] == ["North"]


def test_a_side_of_a_game_no_longer_installed_keeps_its_id() -> None:
    assert seat_name("freedom", "empire") == "Empire"
    assert seat_name("no-such-game", "empire") == "empire"


def test_head_to_head_lines() -> None:
    row = HeadToHead(kind="duel", games=5, wins=2, other_wins=1, draws=0, both_lost=0,
                     together=2, together_wins=1, together_losses=0, together_draws=1)
    ((game, text),) = head_to_head_text([row], "Alice", "Bob")
    assert game == "Duel"
    assert text == ("Against each other: 3 games; Alice won 2, Bob won 1, 0 drawn.\n"
                    "On one team: 2 games; 1 won, 0 lost, 1 drawn.")


def entry(rank: int, user: int) -> LeaderboardEntry:
    return LeaderboardEntry(rank=rank, user_id=user, kind="duel", rating=1100.0 - rank,
                            uncertainty=80.0, games=3, wins=2, losses=1, draws=0)


def test_the_rank_line_and_the_page_buttons() -> None:
    page = LeaderboardPage(entries=[entry(n, 100 + n) for n in range(11, 21)], page=1,
                           pages=3, total=25, mine=entry(37, 7))
    assert rank_line(page, "duel") == "**You:** #37 of 25, 1063 ±80"
    assert rank_line(page, None) == "**You:** #37 of 25, Duel 1063 ±80"
    assert rank_line(page.model_copy(update={"mine": None}), "duel") == (
        "**You:** not rated in Duel yet: finish a game against another player.")
    message = leaderboard_message(page, "duel", 7)
    assert [item.custom_id for item in message["view"].children] == [
        ids.leaderboard_page("duel", 7, 0), ids.leaderboard_page("duel", 7, 2)]
    assert ids.parse(ids.LEADERBOARD_PAGE, ids.leaderboard_page(None, 7, 2)) == {
        "kind": "*", "owner": "7", "page": "2"}
    alone = page.model_copy(update={"page": 0, "pages": 1})
    assert leaderboard_message(alone, "duel", 7)["view"] is None
