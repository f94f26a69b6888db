"""Playing: checks on every action, one transaction per action, the end of a game."""

from __future__ import annotations

import pytest

from bot import errors
from bot.service import GameService
from bot.storage import Database, open_database, queries
from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.game import Choice, Prompt
from engine.core.record import verify
from engine.core.registry import get_game
from engine.core.rng import seed_digest
from engine.core.runner import Action, canonical_json, replay
from engine.core.view import private_of
from tests.service.play import (
    GUILD,
    NORTH,
    OTHER,
    SOUTH,
    first_choice,
    play_card,
    play_out,
    started_duel,
)
from tests.support.duel import DuelPlayerView


async def snapshot(db: Database, game_id: int) -> tuple[object, ...]:
    """Everything an action could change: the game row, its log, its results."""
    async with db.read() as conn:
        row = await queries.get_game(conn, game_id)
        actions = await queries.get_actions(conn, game_id)
        results = await queries.results_of_game(conn, game_id)
    assert row is not None
    return tuple(row), [tuple(a) for a in actions], [tuple(r) for r in results]


async def test_act_applies_and_bumps_the_version(service: GameService) -> None:
    start = await started_duel(service)
    game_id, version = start.loaded.id, start.loaded.version
    choice = first_choice(start.loaded, "north")
    update = await service.act(game_id, NORTH, version, "north", choice)
    assert update.loaded.version == version + 1
    assert set(update.loaded.prompts) == {"south"}
    assert not update.turn_ended and not update.finished
    assert [e.text for e in update.public_log] == ["North has chosen."]
    lines = await service.log_lines(game_id)
    assert [(line.kind, line.role, line.choice) for line in lines] == [
        ("start", None, None), ("choice", "north", choice)
    ]
    # The whole round ends the turn and reveals: a barrier in the log.
    update = await play_card(service, game_id, SOUTH, "south")
    assert update.turn_ended
    assert (await service.log_lines(game_id))[-1].barrier


async def test_refusals_change_nothing(service: GameService, db: Database) -> None:
    start = await started_duel(service)
    game_id, version = start.loaded.id, start.loaded.version
    choice = first_choice(start.loaded, "north")
    before = await snapshot(db, game_id)
    with pytest.raises(errors.NotInGame):
        await service.act(game_id, OTHER, version, "north", choice)
    with pytest.raises(errors.NotYourRole):
        await service.act(game_id, SOUTH, version, "north", choice)
    with pytest.raises(errors.StaleChoice) as stale:
        await service.act(game_id, NORTH, version - 1, "north", choice)
    assert stale.value.current_version == version
    assert "no longer current" in str(stale.value)
    with pytest.raises(IllegalChoice):
        await service.act(game_id, NORTH, version, "north", "card:99")
    with pytest.raises(errors.ServiceError):
        await service.act(game_id, NORTH, version, "north", "!resign")
    with pytest.raises(errors.GameNotFound):
        await service.act(999, NORTH, version, "north", choice)
    assert await snapshot(db, game_id) == before
    # Having chosen, North has no prompt until South chooses.
    await service.act(game_id, NORTH, version, "north", choice)
    with pytest.raises(NotYourTurn):
        await play_card_north_again(service, game_id)


async def play_card_north_again(service: GameService, game_id: int) -> None:
    loaded = await service.load(game_id)
    await service.act(game_id, NORTH, loaded.version, "north", "card:1")


async def test_stale_versions_and_simultaneous_prompts(service: GameService) -> None:
    start = await started_duel(service)
    game_id, version = start.loaded.id, start.loaded.version
    north_card = first_choice(start.loaded, "north")
    after_north = await service.act(game_id, NORTH, version, "north", north_card)
    # A second click on North's old button is stale: North's prompt is gone.
    with pytest.raises(errors.StaleChoice) as stale:
        await service.act(game_id, NORTH, version, "north", north_card)
    assert stale.value.current_version == version + 1
    # South's prompt did not change when North chose in secret: South's button, shown at
    # the old version, is still current.
    assert after_north.loaded.row.prompt_version("south") == version
    revealed = await service.act(
        game_id, SOUTH, version, "south", first_choice(start.loaded, "south")
    )
    assert revealed.turn_ended
    # A new round: both prompts are new, so the old version is stale for both.
    for user, role in ((NORTH, "north"), (SOUTH, "south")):
        assert revealed.loaded.row.prompt_version(role) == revealed.loaded.version
        with pytest.raises(errors.StaleChoice):
            await service.act(game_id, user, version, role, first_choice(revealed.loaded, role))
        with pytest.raises(errors.StaleChoice):  # and a version from the future
            await service.act(
                game_id, user, revealed.loaded.version + 1, role,
                first_choice(revealed.loaded, role),
            )


async def test_crash_inside_apply_leaves_nothing_changed(
    service: GameService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    before = await snapshot(db, game_id)
    game = get_game("duel")

    def broken_apply(state: object, prompt: Prompt, choice: Choice) -> None:
        state.hands[prompt.role].clear()  # type: ignore[attr-defined]  # half-done work...
        raise RuntimeError("the rules crashed")

    monkeypatch.setattr(game, "apply", broken_apply)
    with pytest.raises(RuntimeError, match="crashed"):
        await play_card(service, game_id, SOUTH, "south")
    monkeypatch.undo()
    assert await snapshot(db, game_id) == before
    # A crash between the two writes of the transaction rolls both back.

    def failing_append(*args: object, **kwargs: object) -> int:
        raise OSError("disk went away")

    monkeypatch.setattr(queries, "append_action", failing_append)
    with pytest.raises(OSError):
        await play_card(service, game_id, SOUTH, "south")
    monkeypatch.undo()
    assert await snapshot(db, game_id) == before
    # And the game carries on normally.
    update = await play_card(service, game_id, SOUTH, "south")
    assert update.turn_ended


async def test_a_finished_game_reveals_its_seed_records_results_and_frees_the_channel(
    service: GameService,
) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    with pytest.raises(errors.NotFinished):
        await service.record(game_id)
    update = await play_out(service, game_id)
    assert update.finished and update.result is not None and update.turn_ended
    row = update.loaded.row
    assert row.status == "finished" and row.seed is not None
    assert seed_digest(row.seed) == row.seed_sha256
    assert update.loaded.prompts == {}
    record = await service.record(game_id)
    assert record.seed == row.seed and record.players == 2
    check = verify(record)
    assert check.ok, check.message
    assert len(record.actions) == update.loaded.state.actions  # type: ignore[union-attr]
    # The snapshot is exactly the replay of the log.
    actions = [Action(role=a.role, choice=a.choice) for a in record.actions]
    replayed = replay(get_game("duel"), row.seed, 2, {}, actions)
    assert canonical_json(replayed) == canonical_json(update.loaded.state)  # type: ignore[arg-type]
    with pytest.raises(errors.GameOver):
        await service.act(game_id, NORTH, row.version, "north", "card:1")
    assert await service.game_in(10) is None
    await service.open_lobby(GUILD, 10, "duel", OTHER, {})


async def test_resignation_ends_the_game_and_verifies(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    update = await service.resign(game_id, SOUTH)
    assert update.finished and update.result is not None
    assert update.result.winners == ["north"]
    assert any("resigns" in e.text for e in update.public_log)
    record = await service.record(game_id)
    assert record.actions[-1].choice == "!resign"
    assert verify(record).ok
    with pytest.raises(errors.NotInGame):
        await service.resign(game_id, OTHER)


async def test_public_log_never_shows_private_lines(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    loaded = await service.load(game_id)
    assert loaded.state is not None
    loaded.state.say("North's secret note", role="north", visible_to=["north"])
    await play_out(service, game_id)
    lines = await service.public_log(game_id, 100)
    assert lines and all(e.visible_to is None for e in lines)
    assert len(await service.public_log(game_id, 2)) == 2


async def test_views_keep_hands_hidden(service: GameService) -> None:
    start = await started_duel(service)
    loaded = start.loaded
    assert private_of(loaded.view(None)) is None
    north = loaded.view("north")
    assert isinstance(north, DuelPlayerView)
    assert north.private.hand == loaded.state.hands["north"]  # type: ignore[union-attr]


async def test_games_survive_a_restart(service: GameService, database: str) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, NORTH, "north")
    await service.db.close()
    reopened = await open_database(database)
    try:
        again = GameService(reopened, service.clock)
        loaded = await again.load(game_id)
        assert loaded.row.status == "running" and set(loaded.prompts) == {"south"}
        update = await play_out(again, game_id)
        assert update.finished
        assert verify(await again.record(game_id)).ok
    finally:
        await reopened.close()
