"""Boards a killed process did not post (``boards.post_due``, migration 0013): the write
that stores a board to post makes it due a minute later; the bot clears it once posted; an
overdue board is claimed by one process for a lease and posted late with the lines of the
turn it closed."""

from __future__ import annotations

from bot.models import TurnUpdate
from bot.service import GameService
from bot.storage import queries
from tests.service.play import BLUE, RED, Clock, move, started_relay

A_MINUTE = 1 / 60


async def end_turn(service: GameService, game_id: int, user: int) -> TurnUpdate:
    for choice in ("move:a", "move:a", "move:b"):
        update = await move(service, game_id, user, choice)
    assert update.turn_ended
    return update


async def test_a_board_not_posted_is_claimed_once_its_grace_has_passed(
        service: GameService, clock: Clock) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    assert await service.claim_late_boards() == []  # the start's board: a minute to post it
    clock.advance(2 * A_MINUTE)
    assert await service.claim_late_boards() == [game_id]
    assert await service.claim_late_boards() == []  # claimed for a lease (two minutes)
    clock.advance(3 * A_MINUTE)
    assert await service.claim_late_boards() == [game_id]  # its poster died too: again
    await service.board_posted(game_id, start.loaded.version)
    clock.advance(10 * A_MINUTE)
    assert await service.claim_late_boards() == []


async def test_a_board_posted_in_time_is_never_late(service: GameService, clock: Clock) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    await service.board_posted(game_id, start.loaded.version, 1234)
    end = await end_turn(service, game_id, RED)
    await service.board_posted(game_id, end.loaded.version, 5678)
    assert (await service.load(game_id)).row.board_message_id == 5678
    await move(service, game_id, BLUE)  # a click within a turn stores no board
    clock.advance(1)
    assert await service.claim_late_boards() == []


async def test_an_older_post_does_not_clear_a_newer_board(service: GameService,
                                                          clock: Clock) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    end = await end_turn(service, game_id, RED)
    await service.board_posted(game_id, start.loaded.version)  # the start's post, slow
    clock.advance(2 * A_MINUTE)
    assert await service.claim_late_boards() == [game_id]  # the turn's board still waits
    await service.board_posted(game_id, end.loaded.version)
    async with service.db.read() as conn:
        row = await queries.get_boards(conn, game_id)
    assert row is not None and row["post_due"] is None


async def test_the_late_post_is_the_turn_post_that_was_lost(service: GameService,
                                                            clock: Clock) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    await service.board_posted(game_id, start.loaded.version)
    end = await end_turn(service, game_id, RED)
    clock.advance(2 * A_MINUTE)
    assert await service.claim_late_boards() == [game_id]
    late = await service.late_board(game_id)
    assert late.turn_ended and not late.finished
    assert late.loaded.version == end.loaded.version
    assert late.public_log == end.public_log  # the lines the lost post would have shown
    assert late.previous_board is not None and end.previous_board is not None
    assert late.loaded.game.view(late.previous_board, None) == \
        end.loaded.game.view(end.previous_board, None)


async def test_an_undo_s_boards_are_not_posted_late(service: GameService, clock: Clock) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    await service.board_posted(game_id, start.loaded.version)
    await move(service, game_id, RED)
    await service.undo(game_id, RED)
    clock.advance(1)
    assert await service.claim_late_boards() == []


async def test_an_aborted_game_s_board_is_not_posted_late(service: GameService,
                                                          clock: Clock) -> None:
    start = await started_relay(service)
    await service.abort(start.loaded.id, 99)
    clock.advance(1)
    assert await service.claim_late_boards() == []
