"""Undo: one's own last choices, never past dice, draws or reveals; recorded, not erased."""

from __future__ import annotations

import pytest

from bot import errors
from bot.service import GameService
from engine.core.record import verify
from tests.service.play import NORTH, OTHER, SOUTH, play_card, play_out, started_duel

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
