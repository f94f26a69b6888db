"""Several roles per user: a lobby seats one user in several sides, and every check (whose
turn, resign, replace, results and ratings by team) works with it. Alliance: tests/support."""

from __future__ import annotations

import pytest

from bot import errors
from bot.models import TurnUpdate
from bot.service import GameService
from tests.service.play import GUILD, OTHER, Clock, first_choice
from tests.service.ratings import one_game

ANN, BEN = 1, 2  # two users holding the four kingdoms
WHOLE_TEAMS = {ANN: ["arden", "corin"], BEN: ["brisk", "dunmor"]}  # each holds an alliance
MIXED = {ANN: ["arden", "brisk"], BEN: ["corin", "dunmor"]}  # each holds one of each


async def started_alliance(service: GameService, sides: dict[int, list[str]],
                           channel: int = 40) -> TurnUpdate:
    host = next(iter(sides))
    await service.open_lobby(GUILD, channel, "alliance", host, {})
    for user, roles in sides.items():
        await service.choose_roles(channel, user, roles)
    return await service.start(channel, host)


async def play_out(service: GameService, game_id: int) -> TurnUpdate:
    """Each user answers every prompt of theirs, lowest choice first, until the end."""
    loaded = await service.load(game_id)
    update: TurnUpdate | None = None
    while loaded.row.status == "running":
        for user in loaded.user_ids():
            for role in loaded.prompts_for(user):
                update = await service.act(
                    game_id, user, loaded.version, role, first_choice(loaded, role))
                loaded = update.loaded
    assert update is not None
    return update


async def test_a_user_picks_several_sides_and_the_count_is_of_sides(
        service: GameService) -> None:
    await service.open_lobby(GUILD, 40, "alliance", ANN, {})
    lobby = await service.choose_roles(40, ANN, ["arden", "corin"])
    assert lobby.roles_of(ANN) == ["arden", "corin"] and len(lobby.seats) == 2
    # Joining through the picker; then a sides' change keeps what is still picked.
    lobby = await service.choose_roles(40, BEN, ["brisk"])
    with pytest.raises(errors.NotEnoughPlayers, match=r"1 more needed \(free: Dunmor\)"):
        await service.start(40, ANN)
    lobby = await service.choose_roles(40, BEN, ["dunmor", "brisk"])
    assert sorted(lobby.roles_of(BEN)) == ["brisk", "dunmor"] and len(lobby.seats) == 4
    with pytest.raises(errors.RoleTaken):
        await service.choose_roles(40, BEN, ["arden"])
    with pytest.raises(errors.ServiceError):
        await service.choose_roles(40, ANN, [])
    # Giving a side up frees its seat for someone else.
    lobby = await service.choose_roles(40, BEN, ["brisk"])
    assert lobby.roles_of(BEN) == ["brisk"] and len(lobby.seats) == 3
    lobby = await service.choose_roles(40, OTHER, ["dunmor"])
    assert lobby.user_ids() == [ANN, BEN, OTHER]
    update = await service.start(40, ANN)
    assert update.loaded.row.players == 4  # the engine's players are the sides
    assert set(update.loaded.prompts) == {"arden"}  # the first leader sets the stake


async def test_a_seat_without_a_side_counts_towards_a_full_table(
        service: GameService) -> None:
    await service.open_lobby(GUILD, 40, "alliance", ANN, {})
    await service.choose_roles(40, ANN, ["arden", "corin"])
    await service.choose_roles(40, BEN, ["brisk"])
    await service.join(40, OTHER)  # four seats: Dunmor is free but nobody else may sit
    with pytest.raises(errors.LobbyFull, match="pick fewer"):
        await service.choose_roles(40, BEN, ["brisk", "dunmor"])
    lobby = await service.choose_roles(40, OTHER, ["dunmor"])  # their open seat takes it
    assert lobby.roles_of(OTHER) == ["dunmor"] and len(lobby.seats) == 4


async def test_game_join_with_a_side_fills_the_open_seat_then_adds_one(
        service: GameService) -> None:
    await service.open_lobby(GUILD, 40, "alliance", ANN, {})
    await service.choose_roles(40, ANN, ["arden", "corin"])
    await service.join(40, BEN)  # one seat, any side
    await service.join(40, BEN, "dunmor")  # /game join side: the open seat takes it
    lobby = await service.join(40, BEN, "brisk")  # and again: a second side
    assert lobby.roles_of(BEN) == ["dunmor", "brisk"] and len(lobby.seats) == 4


async def test_a_user_holding_an_alliance_answers_for_each_of_its_kingdoms(
        service: GameService) -> None:
    update = await started_alliance(service, WHOLE_TEAMS)
    loaded = update.loaded
    game_id = loaded.id
    update = await service.act(game_id, ANN, loaded.version, "arden", "stake:2")
    # The simultaneous round: Ann is asked for Arden and Corin, Ben for Brisk and Dunmor.
    loaded = update.loaded
    assert set(loaded.prompts_for(ANN)) == {"arden", "corin"}
    assert set(loaded.prompts_for(BEN)) == {"brisk", "dunmor"}
    assert loaded.waiting_users() == [ANN, BEN]
    with pytest.raises(errors.NotYourRole):
        await service.act(game_id, ANN, loaded.version, "brisk", first_choice(loaded, "brisk"))
    shown = loaded.version
    await service.act(game_id, ANN, shown, "arden", first_choice(loaded, "arden"))
    # Her other kingdom's prompt, shown before, is still current after her first choice.
    after = await service.act(game_id, ANN, shown, "corin", first_choice(loaded, "corin"))
    assert set(after.loaded.prompts) == {"brisk", "dunmor"}
    end = await play_out(service, game_id)
    assert end.finished and end.result is not None


async def test_ratings_count_a_user_holding_a_whole_team_once(service: GameService) -> None:
    update = await started_alliance(service, WHOLE_TEAMS)
    await service.resign(update.loaded.id, BEN)
    board = await service.leaderboard(GUILD, "alliance")
    # Two users, one team each: one player against one, one game each (not one per kingdom).
    won, lost = one_game("ann", "ben")
    assert [(e.user_id, e.rating, e.games, e.wins, e.losses) for e in board] == [
        (ANN, won.display, 1, 1, 0), (BEN, lost.display, 1, 0, 1)]
    stats = await service.stats(GUILD, ANN)
    assert [(k.games, k.wins, k.rated_games) for k in stats.kinds] == [(1, 1, 1)]
    assert {line.role for line in stats.recent} == {"arden", "corin"}


async def test_a_user_on_both_teams_plays_unrated(service: GameService) -> None:
    update = await started_alliance(service, MIXED)
    end = await play_out(service, update.loaded.id)
    assert end.finished
    assert await service.leaderboard(GUILD, "alliance") == []
    stats = await service.stats(GUILD, ANN)
    assert [k.games for k in stats.kinds] == [1]
    assert all(line.rating_before is None for line in stats.recent)


async def test_resigning_resigns_every_side_of_the_user(service: GameService) -> None:
    update = await started_alliance(service, WHOLE_TEAMS)
    end = await service.resign(update.loaded.id, BEN)
    assert end.finished and end.result is not None
    assert sorted(end.result.winners) == ["arden", "corin"]
    outcomes = {line.role: line.outcome for line in (await service.stats(GUILD, BEN)).recent}
    assert outcomes == {"brisk": "loss", "dunmor": "loss"}


async def test_a_user_on_both_teams_resigning_leaves_no_winner(service: GameService) -> None:
    update = await started_alliance(service, MIXED)
    game_id = update.loaded.id
    end = await service.resign(game_id, ANN)
    assert end.finished and end.result is not None
    assert end.result.winners == [] and end.result.reason == "arden and brisk resigned"
    # One action for both sides, so that neither side's resignation came first.
    (row,) = [line for line in await service.log_lines(game_id) if line.kind == "choice"]
    assert (row.user_id, row.role, row.choice) == (ANN, "arden", "!resign:brisk")
    assert (await service.record(game_id)).actions[-1].choice == "!resign:brisk"
    # Every team lost: nobody is rated (Ann sat on both), each side's record is a draw.
    assert await service.leaderboard(GUILD, "alliance") == []
    outcomes = {line.role: line.outcome for line in (await service.stats(GUILD, BEN)).recent}
    assert outcomes == {"corin": "draw", "dunmor": "draw"}


async def test_the_resign_timer_resigns_every_late_side_at_once(
        service: GameService, clock: Clock) -> None:
    await service.open_lobby(GUILD, 40, "alliance", ANN, {}, timeout_hours=1,
                             timeout_policy="resign")
    for user, roles in WHOLE_TEAMS.items():
        await service.choose_roles(40, user, roles)
    loaded = (await service.start(40, ANN)).loaded
    loaded = (await service.act(loaded.id, ANN, loaded.version, "arden", "stake:1")).loaded
    for role in ("arden", "corin"):  # Ann plays both her cards; Ben is late with both
        loaded = (await service.act(loaded.id, ANN, loaded.version, role,
                                    first_choice(loaded, role))).loaded
    clock.advance(1.5)
    update = await service.run_timeout(loaded.id)
    assert update.result is not None and sorted(update.result.winners) == ["arden", "corin"]
    # When both teams are late, both lose: nobody wins on the other's lateness.
    await service.open_lobby(GUILD, 41, "alliance", ANN, {}, timeout_hours=1,
                             timeout_policy="resign")
    for user, roles in WHOLE_TEAMS.items():
        await service.choose_roles(41, user, roles)
    loaded = (await service.start(41, ANN)).loaded
    loaded = (await service.act(loaded.id, ANN, loaded.version, "arden", "stake:1")).loaded
    clock.advance(1.5)
    update = await service.run_timeout(loaded.id)
    assert update.result is not None and update.result.winners == []
    assert update.result.reason == "arden, brisk, corin and dunmor resigned"


async def test_replace_moves_one_side_or_all(service: GameService) -> None:
    update = await started_alliance(service, WHOLE_TEAMS)
    game_id = update.loaded.id
    loaded = await service.replace(game_id, 99, ANN, OTHER, role="corin")
    assert loaded.roles_of(ANN) == ["arden"] and loaded.roles_of(OTHER) == ["corin"]
    assert loaded.row.host_id == ANN  # Ann still plays: she stays the host
    with pytest.raises(errors.NotYourRole, match="they hold Arden"):
        await service.replace(game_id, 99, ANN, OTHER, role="brisk")
    loaded = await service.replace(game_id, 99, ANN, OTHER, role="arden")
    assert loaded.roles_of(OTHER) == ["arden", "corin"] and not loaded.is_player(ANN)
    assert loaded.row.host_id == OTHER
    loaded = await service.replace(game_id, 99, BEN, ANN)
    assert loaded.roles_of(ANN) == ["brisk", "dunmor"]
    lines = [line.detail for line in await service.log_lines(game_id) if line.kind == "mod"]
    assert lines[0] == {"replace": [ANN, OTHER], "role": "corin"}
    assert lines[-1] == {"replace": [BEN, ANN]}


async def test_a_rematch_keeps_who_held_which_side(service: GameService) -> None:
    update = await started_alliance(service, WHOLE_TEAMS)
    end = await service.resign(update.loaded.id, ANN)
    row = await service.rematch(end.loaded.id, BEN)
    assert row.host_id == BEN and row.players == 4
    lobby = await service.load(row.id)
    assert [(s.user_id, s.role) for s in lobby.seats] == [
        (ANN, "arden"), (ANN, "corin"), (BEN, "brisk"), (BEN, "dunmor")]
    # Unless they change it before the start: Ben gives Dunmor up, Ann takes it.
    await service.choose_roles(40, BEN, ["brisk"])
    await service.choose_roles(40, ANN, ["arden", "corin", "dunmor"])
    started = (await service.start(40, BEN)).loaded
    assert started.roles_of(ANN) == ["arden", "corin", "dunmor"]
    assert started.roles_of(BEN) == ["brisk"]


async def test_the_timer_plays_only_the_sides_still_waiting(
        service: GameService, clock: Clock) -> None:
    await service.open_lobby(GUILD, 40, "alliance", ANN, {}, timeout_hours=1)
    for user, roles in WHOLE_TEAMS.items():
        await service.choose_roles(40, user, roles)
    loaded = (await service.start(40, ANN)).loaded
    loaded = (await service.act(loaded.id, ANN, loaded.version, "arden", "stake:1")).loaded
    loaded = (await service.act(loaded.id, ANN, loaded.version, "corin",
                                first_choice(loaded, "corin"))).loaded
    assert loaded.waiting_users() == [ANN, BEN]  # Arden still, and both of Ben's
    clock.advance(1.5)
    update = await service.run_timeout(loaded.id)
    timed = [(line.role, line.kind) for line in await service.log_lines(loaded.id)
             if line.kind == "timer"]
    assert sorted(timed) == [("arden", "timer"), ("brisk", "timer"), ("dunmor", "timer")]
    assert update.turn_ended and set(update.loaded.prompts) == {"brisk"}  # next leader
