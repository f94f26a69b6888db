"""``python -m bot copy``: a SQLite database into an empty PostgreSQL one, every row and id,
after which the bot carries on there."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.errors import StorageError
from bot.service import GameService
from bot.storage import Database, open_database, queries
from bot.storage.copy import copy_to_postgresql
from bot.storage.sqlite import SqliteDatabase
from tests.service.play import GUILD, NORTH, SOUTH, Clock, play_card, play_out, started_duel
from tests.support.postgres import create_database


async def everything(db: Database) -> dict[str, list[tuple[object, ...]]]:
    async with db.read() as conn:
        return {table: sorted((tuple(row) for row in await queries.table_rows(conn, table)),
                              key=repr)
                for table in queries.COPIED_TABLES}


async def played(path: Path, clock: Clock) -> None:
    """A SQLite database with a finished (rated) game, a running one, a lobby, settings and a
    held direct message."""
    db = await SqliteDatabase.open(path)
    try:
        service = GameService(db, clock)
        finished = await started_duel(service, channel=10)
        await play_out(service, finished.loaded.id)
        running = await started_duel(service, channel=11, timeout_hours=24)
        await play_card(service, running.loaded.id, NORTH, "north")
        await service.open_lobby(GUILD, 12, "duel", SOUTH, {})
        await service.set_moderator_role(GUILD, 555)
        await service.set_notify(NORTH, "dm")
        await service.set_vacation_limit(GUILD, 7)
        await service.hold_dm(SOUTH, running.loaded.id, "your turn", clock.now + timedelta(hours=1))
        await service.refresh_ratings()
    finally:
        await db.close()


async def test_a_sqlite_database_copied_into_postgresql(postgres_server: str,
                                                        tmp_path: Path) -> None:
    clock = Clock()
    source = tmp_path / "strategos.db"
    await played(source, clock)
    url = await create_database(postgres_server)
    copied = await copy_to_postgresql(source, url)
    assert copied.tables["games"] == 3 and copied.tables["held_dms"] == 1
    sqlite, postgres = await SqliteDatabase.open(source), await open_database(url)
    try:
        assert await everything(postgres) == await everything(sqlite)
        # The bot carries on there: the running game, a new game (a new id), the held DM.
        service = GameService(postgres, clock)
        game = await service.game_in(11)
        assert game is not None
        await play_out(service, game.id)
        lobby = await service.open_lobby(GUILD, 13, "duel", NORTH, {})
        assert lobby.id == 4
        clock.advance(2)
        assert [d.text for d in await service.take_due_dms()] == ["your turn"]
        assert len(await service.leaderboard(GUILD, "duel")) == 2
    finally:
        await sqlite.close()
        await postgres.close()
    # A second copy into the same database is refused, and changes nothing.
    with pytest.raises(StorageError, match="already holds data"):
        await copy_to_postgresql(source, url)


def test_the_copy_command(postgres_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "strategos.db"
    asyncio.run(played(source, Clock()))
    url = asyncio.run(create_database(postgres_server))
    monkeypatch.chdir(tmp_path)
    assert main(["copy", str(source), url]) == 0
    assert "(3 games)" in capsys.readouterr().out
    assert main(["copy", str(source), url]) == 1
    assert "already holds data" in capsys.readouterr().err
    assert main(["copy", str(source), str(tmp_path / "other.db")]) == 2
    assert main(["copy", str(tmp_path / "none.db"), url]) == 1
