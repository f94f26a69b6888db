"""Concurrent writers: no lost and no duplicated action, in one process or two."""

from __future__ import annotations

import asyncio

from bot import errors
from bot.service import GameService, effective_history
from bot.storage import Database, open_database, queries
from bot.storage.snapshots import log_rows, parse_log, restore, snapshot
from engine.core.registry import get_game
from engine.core.runner import canonical_json, replay
from tests.service.play import NORTH, SOUTH, Clock, first_choice, started_duel


async def player(service: GameService, game_id: int, user: int, role: str) -> int:
    """Plays ``role`` to the end, retrying on stale versions; returns its accepted actions."""
    accepted = 0
    while True:
        loaded = await service.load(game_id)
        if loaded.row.status != "running":
            return accepted
        if role not in loaded.prompts:
            await asyncio.sleep(0)
            continue
        try:
            await service.act(game_id, user, loaded.version, role, first_choice(loaded, role))
        except errors.StaleChoice:
            continue
        accepted += 1


async def assert_consistent(db: Database, game_id: int, accepted: int) -> None:
    """The log has exactly the accepted actions, numbered without gaps, and replays to the
    stored snapshot and story (``game_log``) byte for byte."""
    async with db.read() as conn:
        [row] = await queries.games_with_state(conn, [game_id])
        rows = await queries.get_actions(conn, game_id)
    assert [r["seq"] for r in rows] == list(range(1, len(rows) + 1))
    history = effective_history(rows)
    assert len(history) == accepted
    game = get_game(row["kind"])
    state = restore(game, row["state"], parse_log(row["log"]))
    assert state.actions == accepted
    replayed = replay(game, row["seed"], row["players"], {}, [h.action for h in history])
    assert canonical_json(replayed) == canonical_json(state)
    assert snapshot(replayed) == row["state"]
    assert "[" + ",".join(text for text, _ in log_rows(replayed.log)) + "]" == row["log"]
    # Every write bumped the version exactly once (start + each action).
    assert row["version"] == rows[-1]["version"] == len(rows) + 2  # + join + choose_role


async def test_simultaneous_clicks_on_one_prompt_apply_once(service: GameService) -> None:
    start = await started_duel(service)
    game_id, version = start.loaded.id, start.loaded.version
    choice = first_choice(start.loaded, "north")
    outcomes = await asyncio.gather(
        *(service.act(game_id, NORTH, version, "north", choice) for _ in range(25)),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(e, errors.StaleChoice) for e in refused) and len(refused) == 24
    assert (await service.load(game_id)).state.actions == 1  # type: ignore[union-attr]


async def test_many_games_played_at_once(service: GameService, db: Database) -> None:
    games = [await started_duel(service, channel=1000 + n, north=2 * n + 1, south=2 * n + 2)
             for n in range(40)]
    tasks = []
    for start in games:
        loaded = start.loaded
        for role in ("north", "south"):
            tasks.append(player(service, loaded.id, loaded.users_of(role)[0], role))
    accepted = await asyncio.gather(*tasks)
    for n, start in enumerate(games):
        loaded = await service.load(start.loaded.id)
        assert loaded.row.status == "finished"
        await assert_consistent(db, loaded.id, accepted[2 * n] + accepted[2 * n + 1])


async def test_two_service_instances_on_one_database(database: str, clock: Clock) -> None:
    first = await open_database(database)
    second = await open_database(database)
    try:
        a, b = GameService(first, clock), GameService(second, clock)
        games = [await started_duel(a, channel=500 + n) for n in range(10)]
        # North plays through one process, South through the other.
        results = await asyncio.gather(
            *(player(a, g.loaded.id, NORTH, "north") for g in games),
            *(player(b, g.loaded.id, SOUTH, "south") for g in games),
        )
        for n, start in enumerate(games):
            await assert_consistent(first, start.loaded.id, results[n] + results[n + 10])
        # Both processes click the same prompt: one wins, the other is told it is stale.
        start = await started_duel(a, channel=600)
        choice = first_choice(start.loaded, "north")
        outcomes = await asyncio.gather(
            a.act(start.loaded.id, NORTH, start.loaded.version, "north", choice),
            b.act(start.loaded.id, NORTH, start.loaded.version, "north", choice),
            return_exceptions=True,
        )
        assert sum(isinstance(o, errors.StaleChoice) for o in outcomes) == 1
        assert (await b.load(start.loaded.id)).state.actions == 1  # type: ignore[union-attr]
    finally:
        await first.close()
        await second.close()
