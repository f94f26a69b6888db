"""Statistics read from real result rows in a SQLite file: a player's rating history and
record by side, head-to-head records, and leaderboard pages with the asker's own rank."""

from __future__ import annotations

from bot import rating
from bot.models import COMPUTER
from bot.service import GameService
from bot.stats_models import HeadToHead
from tests.service.play import GUILD, NORTH, OTHER, SOUTH, started_duel
from tests.service.test_seats import started_alliance


async def duel_won_by(service: GameService, winner: int, loser: int, channel: int = 10,
                      guild: int = GUILD) -> int:
    """A Duel on ``guild``, ``winner`` North, that ``loser`` (South) resigns; its id."""
    await service.open_lobby(guild, channel, "duel", winner, {})
    await service.choose_role(channel, winner, "north")
    await service.join(channel, loser, "south")
    game_id = (await service.start(channel, winner)).loaded.id
    await service.resign(game_id, loser)
    return game_id


async def test_rating_history_follows_the_games_and_ends_at_the_rating(
        service: GameService) -> None:
    first = await duel_won_by(service, NORTH, SOUTH)
    second = await duel_won_by(service, SOUTH, NORTH)
    third = await duel_won_by(service, NORTH, SOUTH)
    # An unrated game (both sides one player) is no step of the history.
    await service.resign((await started_duel(service, north=NORTH, south=NORTH)).loaded.id,
                         NORTH)
    stats = await service.stats(GUILD, NORTH)
    assert [step.game_id for step in stats.history] == [first, second, third]
    assert stats.history[0].before == rating.INITIAL.display
    for earlier, later in zip(stats.history, stats.history[1:], strict=False):
        assert later.before == earlier.after
    assert stats.history[0].after > stats.history[0].before  # won
    assert stats.history[1].after < stats.history[1].before  # lost
    (duel,) = stats.kinds
    assert duel.rating == stats.history[-1].after
    # By side: North in the first, third and lone game, South in the second and the lone
    # game, which is a draw for both seats (resigning both sides, every team lost).
    assert [(s.role, s.games, s.wins, s.losses, s.draws) for s in stats.sides] == [
        ("north", 3, 2, 0, 1), ("south", 2, 0, 1, 1)]
    assert (await service.stats(GUILD, OTHER)).history == []


async def test_head_to_head_counts_opposing_and_shared_games_per_kind(
        service: GameService) -> None:
    await duel_won_by(service, NORTH, SOUTH)
    await duel_won_by(service, NORTH, SOUTH)
    await duel_won_by(service, SOUTH, NORTH)
    await duel_won_by(service, OTHER, SOUTH)  # not North's
    await duel_won_by(service, NORTH, SOUTH, guild=GUILD + 1)  # another server
    # Alliance: North (Arden) and Other (Corin) together against South (Brisk, Dunmor),
    # who resigns.
    alliance = await started_alliance(
        service, {NORTH: ["arden"], OTHER: ["corin"], SOUTH: ["brisk", "dunmor"]})
    await service.resign(alliance.loaded.id, SOUTH)

    def counts(rows: list[HeadToHead]) -> list[tuple[object, ...]]:
        return [(r.kind, r.games, r.wins, r.other_wins, r.draws, r.both_lost, r.together,
                 r.together_wins, r.together_losses) for r in rows]

    assert counts(await service.head_to_head(GUILD, NORTH, SOUTH)) == [
        ("alliance", 1, 1, 0, 0, 0, 0, 0, 0), ("duel", 3, 2, 1, 0, 0, 0, 0, 0)]
    # Seen from the other side, the same games.
    assert counts(await service.head_to_head(GUILD, SOUTH, NORTH)) == [
        ("alliance", 1, 0, 1, 0, 0, 0, 0, 0), ("duel", 3, 1, 2, 0, 0, 0, 0, 0)]
    assert counts(await service.head_to_head(GUILD, NORTH, OTHER)) == [
        ("alliance", 1, 0, 0, 0, 0, 1, 1, 0)]
    assert await service.head_to_head(GUILD + 1, NORTH, OTHER) == []
    assert await service.head_to_head(GUILD, NORTH, NORTH) == []
    assert await service.head_to_head(GUILD, NORTH, COMPUTER) == []


async def test_head_to_head_against_the_computer_lists_nothing(service: GameService) -> None:
    await service.open_lobby(GUILD, 40, "alliance", NORTH, {})
    await service.choose_roles(40, NORTH, ["arden", "corin"])
    await service.set_computer_sides(40, NORTH, ["brisk", "dunmor"])
    game = await service.start(40, NORTH)
    await service.resign(game.loaded.id, NORTH)
    assert await service.head_to_head(GUILD, NORTH, COMPUTER) == []
    assert (await service.leaderboard_page(GUILD, None, 0, NORTH)).total == 0


async def test_leaderboard_pages_and_the_askers_rank(service: GameService) -> None:
    # Players 11..22 each beat player 1 once: twelve rated players, player 1 last.
    for n, winner in enumerate(range(11, 23)):
        await duel_won_by(service, winner, 1, channel=100 + n)
    everyone = await service.leaderboard(GUILD, "duel", limit=100)
    assert len(everyone) == 13 and [e.rank for e in everyone] == list(range(1, 14))
    first = await service.leaderboard_page(GUILD, "duel", 0, 1, per_page=5)
    assert (first.page, first.pages, first.total) == (0, 3, 13)
    assert first.entries == everyone[:5]
    assert first.mine == everyone[-1] and first.mine.user_id == 1 and first.mine.rank == 13
    middle = await service.leaderboard_page(GUILD, "duel", 1, 11, per_page=5)
    assert middle.entries == everyone[5:10]
    assert middle.mine is not None and middle.mine.user_id == 11
    last = await service.leaderboard_page(GUILD, "duel", 99, 1, per_page=5)  # clamped
    assert last.page == 2 and last.entries == everyone[10:]
    nobody = await service.leaderboard_page(GUILD, "duel", 0, 999, per_page=5)
    assert nobody.mine is None
    # Every game kind: one line per player and kind; the asker's best line is theirs.
    await duel_won_by(service, 1, 11, channel=99)
    alliance = await started_alliance(service, {1: ["arden", "corin"], 2: ["brisk", "dunmor"]})
    await service.resign(alliance.loaded.id, 2)
    overall = await service.leaderboard_page(GUILD, None, 0, 1, per_page=50)
    assert overall.total == 15 and {e.kind for e in overall.entries} == {"duel", "alliance"}
    assert overall.mine is not None and overall.mine.kind == "alliance"  # won its one game
    assert overall.mine == next(e for e in overall.entries if e.user_id == 1)
    assert (await service.leaderboard_page(GUILD + 1, None, 0, 1)).pages == 1
