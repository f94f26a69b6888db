"""A player's games (``GameService.games_of``, for /game mine): lobbies, running and paused
games on one server or all of them; the user's own prompts only; finished games left out;
their turns first, then the nearest deadline."""

from __future__ import annotations

from bot.service import GameService
from tests.service.play import GUILD, NORTH, OTHER, SOUTH, Clock, play_card, play_out, started_duel
from tests.service.test_seats import started_alliance

ANN, BEN = 1, 2
ELSEWHERE = 200  # another server


async def test_several_sides_list_only_the_users_own_questions(service: GameService) -> None:
    update = await started_alliance(service, {ANN: ["arden", "corin"], BEN: ["brisk", "dunmor"]})
    game_id = update.loaded.id
    (ann,) = await service.games_of(ANN, GUILD)
    (ben,) = await service.games_of(BEN, GUILD)
    # Round 1: Arden (Ann's) sets the stake; Ben waits.
    assert ann.loaded.id == ben.loaded.id == game_id
    assert ann.asked == ["arden"] and ann.your_turn
    assert ben.asked == [] and not ben.your_turn
    # Then all four kingdoms play a secret card: each user is asked as both of theirs, and
    # the questions listed are their own (the same text, but never another role's prompt).
    await play_card(service, game_id, ANN, "arden")
    (ann,) = await service.games_of(ANN, GUILD)
    (ben,) = await service.games_of(BEN, GUILD)
    assert ann.asked == ["arden", "corin"] and ben.asked == ["brisk", "dunmor"]
    assert {ann.loaded.prompts[r].role for r in ann.asked} == {"arden", "corin"}
    await play_card(service, game_id, ANN, "arden")
    (ann,) = await service.games_of(ANN, GUILD)
    assert ann.asked == ["corin"]


async def test_lobbies_and_paused_games_are_listed_finished_ones_are_not(
        service: GameService) -> None:
    running = (await started_duel(service, channel=10)).loaded.id
    paused = (await started_duel(service, channel=11)).loaded.id
    await service.pause(paused, OTHER)
    finished = (await started_duel(service, channel=12, options={"rounds_to_win": 1})).loaded.id
    await play_out(service, finished)
    aborted = (await started_duel(service, channel=13)).loaded.id
    await service.abort(aborted, OTHER)
    lobby = (await service.open_lobby(GUILD, 14, "duel", NORTH, {})).id
    mine = await service.games_of(NORTH, GUILD)
    assert [e.loaded.id for e in mine] == [running, paused, lobby]
    by_id = {e.loaded.id: e for e in mine}
    assert by_id[paused].loaded.row.status == "paused" and not by_id[paused].your_turn
    assert by_id[paused].asked == ["north"]  # still asked, once a moderator resumes it
    assert by_id[lobby].loaded.row.status == "lobby" and by_id[lobby].asked == []
    assert [e.loaded.id for e in await service.games_of(SOUTH, GUILD)] == [running, paused]
    assert await service.games_of(OTHER, GUILD) == []


async def test_one_server_or_every_server(service: GameService) -> None:
    here = (await started_duel(service, channel=10)).loaded.id
    await service.open_lobby(ELSEWHERE, 20, "duel", NORTH, {})
    await service.choose_role(20, NORTH, "north")
    await service.join(20, OTHER, "south")
    there = (await service.start(20, NORTH)).loaded.id
    assert [e.loaded.id for e in await service.games_of(NORTH, GUILD)] == [here]
    assert [e.loaded.id for e in await service.games_of(NORTH, ELSEWHERE)] == [there]
    everywhere = await service.games_of(NORTH)
    assert {e.loaded.id for e in everywhere} == {here, there}
    assert {e.loaded.row.guild_id for e in everywhere} == {GUILD, ELSEWHERE}


async def test_your_turn_first_then_the_nearest_deadline(service: GameService,
                                                         clock: Clock) -> None:
    late = (await started_duel(service, channel=10, timeout_hours=48)).loaded.id
    clock.advance(1)
    soon = (await started_duel(service, channel=11, timeout_hours=12)).loaded.id
    untimed = (await started_duel(service, channel=12)).loaded.id
    waiting = (await started_duel(service, channel=13, timeout_hours=1)).loaded.id
    await play_card(service, waiting, NORTH, "north")  # North has chosen; South is asked
    order = [e.loaded.id for e in await service.games_of(NORTH, GUILD)]
    assert order == [soon, late, untimed, waiting]
    entries = await service.games_of(NORTH, GUILD)
    assert [e.your_turn for e in entries] == [True, True, True, False]
    assert entries[0].deadline is not None and entries[2].deadline is None
