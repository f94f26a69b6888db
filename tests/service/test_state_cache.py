"""Constant-cost actions: the log in rows of its own, and the parsed states a service keeps
(``ServiceBase._loaded``), in SQLite and PostgreSQL (``database``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot import errors
from bot.models import LoadedGame
from bot.service import GameService
from bot.service.core import Step, WriteConflict
from bot.storage import Database, open_database, queries
from bot.storage.snapshots import parse_log, restore
from engine.core.errors import IllegalChoice
from engine.core.game import GameState
from engine.core.registry import get_game
from engine.core.runner import canonical_json
from tests.service.play import NORTH, SOUTH, Clock, first_choice, play_card, started_duel


async def stored_state(db: Database, game_id: int) -> str:
    """The game's state as the database holds it (snapshot + log rows), canonical."""
    async with db.read() as conn:
        [row] = await queries.games_with_state(conn, [game_id])
    game = get_game(row["kind"])
    return canonical_json(restore(game, row["state"], parse_log(row["log"])))


async def test_actions_parse_no_state_while_the_game_is_kept(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await service.load(game_id)
    parsed = service.states_parsed
    for user, role in ((NORTH, "north"), (SOUTH, "south"), (NORTH, "north")):
        update = await play_card(service, game_id, user, role)
        assert update.loaded.state is not None
    loaded = await service.load(game_id)
    assert service.states_parsed == parsed  # every load found its version kept
    assert loaded.state is not None
    assert canonical_json(loaded.state) == await stored_state(service.db, game_id)


async def test_an_action_takes_the_kept_state_over_without_parsing_one(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """The write path changes the state it holds into the next one (no copy parsed from the
    snapshot), so the memos the rules keep in a state stay warm from one action to the
    next."""
    start = await started_duel(service)
    game_id = start.loaded.id
    await service.load(game_id)
    parses: list[str] = []
    game = get_game("duel")
    real_load = game.load

    def counted_load(data: dict[str, Any] | str) -> GameState:
        parses.append("parsed")
        state: GameState = real_load(data)
        return state

    monkeypatch.setattr(game, "load", counted_load)
    kept = (await service.load(game_id)).state
    assert kept is not None
    update = await play_card(service, game_id, NORTH, "north")
    assert update.loaded.state is kept  # the same object, now at the next version
    assert parses == [] and not update.turn_ended
    update = await play_card(service, game_id, SOUTH, "south")
    assert update.loaded.state is kept
    assert update.turn_ended and update.previous_board is not None
    assert len(parses) == 1  # only the board before, which the new board is compared with
    assert canonical_json(kept) == await stored_state(service.db, game_id)


async def test_a_reader_of_the_version_before_still_reads_its_state(
        service: GameService) -> None:
    """A loaded game whose state its writer took over reads its own version's state again
    (parsed once from its snapshot), not the writer's next one."""
    start = await started_duel(service)
    game_id = start.loaded.id
    before = await service.load(game_id)
    assert before.state is not None
    seen = canonical_json(before.state)
    update = await play_card(service, game_id, NORTH, "north")
    assert before.state is not update.loaded.state
    assert canonical_json(before.state) == seen
    assert before.state.actions == update.loaded.state.actions - 1 if update.loaded.state \
        else False
    assert before.view(None) != update.loaded.view(None)


async def test_a_reader_of_a_game_whose_metadata_changed_keeps_its_state(
        service: GameService) -> None:
    """A board's message id changes the row, not its version: the game loaded again holds
    the state now, so the next action, which takes it over, leaves the first reader the
    state of its version."""
    start = await started_duel(service)
    game_id = start.loaded.id
    first = await service.load(game_id)
    assert first.state is not None
    seen = canonical_json(first.state)
    await service.set_board_message(game_id, 4242)
    again = await service.load(game_id)
    assert again is not first and again.version == first.version
    assert again.row.board_message_id == 4242
    await play_card(service, game_id, NORTH, "north")
    assert first.state is not None and canonical_json(first.state) == seen
    assert again.state is not None and canonical_json(again.state) == seen


async def test_a_refused_choice_leaves_the_loaded_state_as_it_was(
        service: GameService) -> None:
    """An engine error after the state was taken over: the loaded game (and the database)
    keep the version before, and the next choice applies to it."""
    start = await started_duel(service)
    game_id = start.loaded.id
    loaded = await service.load(game_id)
    assert loaded.state is not None
    seen = canonical_json(loaded.state)
    with pytest.raises(IllegalChoice):
        await service._commit(loaded, [Step("north", "no-such-card")], "choice", NORTH)
    assert canonical_json(loaded.state) == seen
    again = await service.load(game_id)
    assert again.version == loaded.version and again.state is not None
    assert canonical_json(again.state) == seen == await stored_state(service.db, game_id)
    update = await play_card(service, game_id, NORTH, "north")
    assert update.loaded.state is not None
    assert canonical_json(update.loaded.state) == await stored_state(service.db, game_id)


async def test_the_stored_state_has_no_log_and_the_log_rows_have_it(
        service: GameService) -> None:
    start = await started_duel(service)
    update = await play_card(service, start.loaded.id, NORTH, "north")
    state = update.loaded.state
    assert state is not None and len(state.log) >= 2
    async with service.db.read() as conn:
        [row] = await queries.games_with_state(conn, [start.loaded.id])
    assert '"log"' not in row["state"]
    assert parse_log(row["log"]) == state.log


async def test_a_write_from_another_database_object_is_read_again(database: str) -> None:
    """Two services on one database (two processes, or two ``Database`` objects on one file):
    a state kept at a version the other one moved past is never used: the version check
    refuses the write, and the game is read whole again."""
    first_db = await open_database(database)
    second_db = await open_database(database)
    try:
        first, second = GameService(first_db, Clock()), GameService(second_db, Clock())
        start = await started_duel(first)
        game_id = start.loaded.id
        stale = await first.load(game_id)  # kept by the first service
        assert stale.state is not None
        seen = canonical_json(stale.state)
        await play_card(second, game_id, NORTH, "north")  # the second one writes
        with pytest.raises(WriteConflict):
            await first._commit(stale, [Step("south", first_choice(stale, "south"))],
                                "choice", SOUTH)
        assert canonical_json(stale.state) == seen  # the failed write changed nothing here
        parsed = first.states_parsed
        loaded = await first.load(game_id)
        assert first.states_parsed == parsed + 1  # a version it did not hold: read whole
        assert loaded.version == stale.version + 1 and "north" not in loaded.prompts
        update = await play_card(first, game_id, SOUTH, "south")
        assert update.loaded.state is not None
        assert canonical_json(update.loaded.state) == await stored_state(second_db, game_id)
        # And the other way round: the second service reads the first one's write.
        again = await second.load(game_id)
        assert again.version == update.loaded.version
        assert again.state is not None
        assert canonical_json(again.state) == canonical_json(update.loaded.state)
    finally:
        await first_db.close()
        await second_db.close()


async def test_a_click_on_the_game_held_reads_the_database_once(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """The click's own read is the only one: ``act`` starts from the game this process holds
    (the write checks its version) instead of reading the row again under the lock."""
    start = await started_duel(service)
    game_id = start.loaded.id
    loaded = await service.load(game_id)
    reads: list[int] = []
    real_load = service.load

    async def counted_load(game: int) -> LoadedGame:
        reads.append(game)
        return await real_load(game)

    monkeypatch.setattr(service, "load", counted_load)
    update = await service.act(game_id, NORTH, loaded.version, "north",
                               first_choice(loaded, "north"))
    assert reads == [] and update.loaded.version == loaded.version + 1
    assert update.loaded.state is not None
    assert canonical_json(update.loaded.state) == await stored_state(service.db, game_id)


async def test_a_click_after_another_process_wrote_reads_the_game_again(database: str) -> None:
    """The game held by this process is behind: a button of the newer version is refused by
    the held copy, so the game is read again and the choice applies to the version stored."""
    first_db = await open_database(database)
    second_db = await open_database(database)
    try:
        first, second = GameService(first_db, Clock()), GameService(second_db, Clock())
        game_id = (await started_duel(first)).loaded.id
        held = await first.load(game_id)
        moved = await play_card(second, game_id, NORTH, "north")  # another process writes
        newer = moved.loaded
        update = await first.act(game_id, SOUTH, newer.version, "south",
                                 first_choice(newer, "south"))
        assert update.loaded.version == held.version + 2
        assert update.loaded.state is not None
        assert canonical_json(update.loaded.state) == await stored_state(second_db, game_id)
    finally:
        await first_db.close()
        await second_db.close()


async def test_a_refusal_by_the_held_game_is_checked_against_the_database(
        database: str) -> None:
    """Another process paused the game, then resumed it: this process still holds it paused,
    and a click is not refused for that. And the other way round: held running but paused
    meanwhile, the click is refused because the game is paused (the write's version check)."""
    first_db = await open_database(database)
    second_db = await open_database(database)
    try:
        first, second = GameService(first_db, Clock()), GameService(second_db, Clock())
        game_id = (await started_duel(first)).loaded.id
        await first.pause(game_id, NORTH)
        assert (await first.load(game_id)).row.status == "paused"  # held paused
        await second.resume(game_id, NORTH)
        resumed = await second.load(game_id)
        update = await first.act(game_id, NORTH, resumed.version, "north",
                                 first_choice(resumed, "north"))
        assert update.loaded.row.status == "running"
        held = update.loaded  # held running
        await second.pause(game_id, NORTH)
        with pytest.raises(errors.GamePaused):
            await first.act(game_id, SOUTH, held.version, "south", first_choice(held, "south"))
        assert (await second.load(game_id)).version == held.version + 1  # nothing written
    finally:
        await first_db.close()
        await second_db.close()


async def test_a_moderators_write_hands_the_state_over(service: GameService) -> None:
    """Pause, resume, the timer and abort change the game's row, never its state: the game
    read after each keeps the state it had (nothing parsed), equal to the one stored."""
    game_id = (await started_duel(service)).loaded.id
    await play_card(service, game_id, NORTH, "north")
    await service.load(game_id)
    parsed = service.states_parsed
    paused = await service.pause(game_id, NORTH)
    resumed = await service.resume(game_id, NORTH)
    await service.set_timeout(game_id, NORTH, 12)
    timed = await service.load(game_id)
    assert [paused.row.status, resumed.row.status] == ["paused", "running"]
    assert timed.row.timeout_hours == 12 and timed.version == paused.version + 2
    assert service.states_parsed == parsed
    assert timed.state is not None and "south" in timed.prompts
    assert canonical_json(timed.state) == await stored_state(service.db, game_id)
    await service.abort(game_id, NORTH)
    assert service.states_parsed == parsed
    update = await service.load(game_id)
    assert update.row.status == "aborted" and update.state is not None
    assert canonical_json(update.state) == await stored_state(service.db, game_id)


async def test_the_cache_keeps_a_bounded_number_of_games(db: Database) -> None:
    service = GameService(db, Clock(), cache_size=2)
    ids = [(await started_duel(service, channel=20 + n)).loaded.id for n in range(3)]
    assert len(service._loaded_cache) == 2
    assert ids[0] not in service._loaded_cache  # the least recently kept went first
    parsed = service.states_parsed
    await service.load(ids[2])
    assert service.states_parsed == parsed
    loaded = await service.load(ids[0])
    assert service.states_parsed == parsed + 1
    assert loaded.state is not None and len(service._loaded_cache) == 2
    update = await play_card(service, ids[0], NORTH, "north")
    assert update.loaded.version == loaded.version + 1


async def test_game_log_reads_the_public_rows(service: GameService) -> None:
    """/game log: the last public entries, from the log's rows; never a private one."""
    await service.open_lobby(100, 30, "epireia", NORTH, {}, seats=[NORTH, SOUTH])
    update = await service.start(30, NORTH)
    loaded = update.loaded
    while loaded.state is not None and not any(e.visible_to for e in loaded.state.log):
        role = sorted(loaded.prompts)[0]
        user = loaded.users_of(role)[0]
        loaded = (await service.act(loaded.id, user, loaded.version, role,
                                    first_choice(loaded, role))).loaded
    assert loaded.state is not None
    public = [e for e in loaded.state.log if e.visible_to is None]
    assert await service.public_log(loaded.id, 3) == public[-3:]
    assert await service.public_log(loaded.id, 1000) == public
    assert await service.public_log(loaded.id, 0) == []
