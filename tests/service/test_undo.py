"""Undo: one's own last choices, never past dice, draws or reveals; recorded, not erased."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot import errors
from bot.service import GameService
from engine.core.record import verify
from tests.service.play import (
    BLUE,
    NORTH,
    OTHER,
    RED,
    SOUTH,
    Clock,
    move,
    play_card,
    play_out,
    started_duel,
    started_relay,
)

MOD = 99


async def test_undo_takes_back_own_choice_and_is_logged(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    hand = list(start.loaded.state.hands["north"])  # type: ignore[union-attr]
    played = await play_card(service, game_id, NORTH, "north")
    with pytest.raises(errors.CannotUndo):
        await service.undo(game_id, SOUTH)  # not South's choice
    with pytest.raises(errors.NotInGame):
        await service.undo(game_id, OTHER)
    update = await service.undo(game_id, NORTH)
    assert update.loaded.version == played.loaded.version + 1
    assert update.loaded.state.hands["north"] == hand  # type: ignore[union-attr]
    assert set(update.loaded.prompts) == {"north", "south"}
    assert "takes back" in update.public_log[0].text
    lines = await service.log_lines(game_id)
    assert [line.kind for line in lines] == ["start", "choice", "undo"]
    assert lines[-1].undoes == lines[1].seq
    with pytest.raises(errors.CannotUndo):
        await service.undo(game_id, NORTH)  # nothing of North's left


async def test_undo_stops_at_a_reveal(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    await play_card(service, game_id, SOUTH, "south")  # both chosen: cards revealed
    for user in (NORTH, SOUTH):
        with pytest.raises(errors.CannotUndo, match="dice"):
            await service.undo(game_id, user)


async def test_undone_actions_stay_out_of_the_record(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    await service.undo(game_id, NORTH)
    loaded = await service.load(game_id)
    # North now plays the highest card instead.
    top = loaded.prompts["north"].choices[-1].id
    await service.act(game_id, NORTH, loaded.version, "north", top)
    update = await play_out(service, game_id)
    record = await service.record(game_id)
    assert record.actions[0].choice == top
    assert len(record.actions) == update.loaded.state.actions  # type: ignore[union-attr]
    assert verify(record).ok


async def test_moderator_undo_crosses_a_reveal_one_step(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    revealed = await play_card(service, game_id, SOUTH, "south")
    assert revealed.loaded.state.round == 2  # type: ignore[union-attr]
    update = await service.mod_undo(game_id, MOD)
    assert update.loaded.state.round == 1  # type: ignore[union-attr]
    assert update.turn_ended  # the board goes back a turn
    assert set(update.loaded.prompts) == {"south"}
    line = (await service.log_lines(game_id))[-1]
    assert (line.kind, line.user_id, line.detail) == ("undo", MOD, {"moderator": MOD})


# -- undo and the turn timer ----------------------------------------------------------------


async def test_undo_keeps_the_deadline_of_the_turn(service: GameService, clock: Clock) -> None:
    """Near the deadline, a choice and an undo must not buy a fresh timer period."""
    start = await started_duel(service, timeout_hours=4)
    game_id = start.loaded.id
    deadline = start.loaded.row.deadline
    assert deadline is not None
    clock.advance(2)
    await service.mark_reminded(game_id)  # the half-time reminder went out
    clock.advance(1.9)
    await play_card(service, game_id, NORTH, "north")
    undone = await service.undo(game_id, NORTH)
    assert undone.loaded.row.deadline == deadline
    assert undone.loaded.row.reminded  # no second reminder either
    clock.advance(0.1)
    assert await service.due_timeouts(clock.now) == [game_id]


async def test_undo_of_a_turn_end_gives_back_the_old_deadline(
    service: GameService, clock: Clock
) -> None:
    """Ending the turn restarts the timer for the next player; taking that back restores
    the deadline the turn had, not the next player's fresh one."""
    start = await started_relay(service, timeout_hours=2)
    game_id = start.loaded.id
    deadline = start.loaded.row.deadline
    clock.advance(1.5)
    for _ in range(3):
        ended = await move(service, game_id, RED)
    assert ended.turn_ended and set(ended.loaded.prompts) == {"blue"}
    assert ended.loaded.row.deadline == clock.now + timedelta(hours=2)
    undone = await service.undo(game_id, RED)
    assert set(undone.loaded.prompts) == {"red"}
    assert undone.loaded.row.deadline == deadline
    clock.advance(0.5)
    assert await service.due_timeouts(clock.now) == [game_id]


async def test_a_moderator_change_of_the_timer_stands_after_an_undo(
    service: GameService, clock: Clock
) -> None:
    start = await started_relay(service, timeout_hours=2)
    game_id = start.loaded.id
    for _ in range(3):
        await move(service, game_id, RED)  # the turn ends: the timer restarts for Blue
    clock.advance(1)
    row = await service.set_timeout(game_id, MOD, 10)
    undone = await service.undo(game_id, RED)
    assert undone.loaded.row.deadline == row.deadline


async def test_the_timer_move_is_not_the_players_to_undo(
    service: GameService, clock: Clock
) -> None:
    start = await started_relay(service, timeout_hours=2)
    game_id = start.loaded.id
    await move(service, game_id, RED, "move:b")
    clock.advance(2)
    timed_out = await service.run_timeout(game_id)
    assert set(timed_out.loaded.prompts) == {"blue"}
    for user in (RED, BLUE):
        with pytest.raises(errors.CannotUndo, match="turn timer"):
            await service.undo(game_id, user)
    # A moderator can take it back (one step), with a fresh timer for Red.
    undone = await service.mod_undo(game_id, MOD)
    assert set(undone.loaded.prompts) == {"red"}
    assert undone.loaded.row.deadline == clock.now + timedelta(hours=2)


async def test_only_the_player_who_chose_can_undo(service: GameService) -> None:
    """A replaced player's choice is not the newcomer's to take back."""
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    await service.replace(game_id, MOD, NORTH, OTHER)
    with pytest.raises(errors.CannotUndo):
        await service.undo(game_id, OTHER)
    await play_card(service, game_id, SOUTH, "south")  # the game goes on
