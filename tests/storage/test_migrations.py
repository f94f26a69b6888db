"""Migrations: from an empty database, from every earlier schema version, twice,
concurrently; in SQLite and PostgreSQL (``database``), and the backups SQLite takes."""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.service import GameService
from bot.storage import available_migrations, open_database, queries
from bot.storage.conn import POSTGRESQL, statements
from bot.storage.migrations import MIGRATIONS_DIR
from bot.storage.postgres import PostgresDatabase, is_postgresql
from bot.storage.snapshots import parse_log
from bot.storage.sqlite import SqliteDatabase as Database
from engine.core.game import LogEntry
from engine.core.record import verify
from engine.core.registry import get_game
from engine.core.runner import canonical_json
from tests.service.play import NORTH, SOUTH, Clock, play_card, play_out
from tests.service.ratings import one_game

FIXTURES = Path(__file__).parent / "fixtures"
LATEST = len(available_migrations())
TABLES = {
    "actions", "boards", "command_sync", "games", "guild_settings", "rating_model", "ratings",
    "results", "side_ratings",
    "schema_migrations", "seats", "user_settings", "sent_reminders", "held_dms", "job_claims",
    "hand_overs",
}


def load_fixture(version: int, path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript((FIXTURES / f"schema_v{version}.sql").read_text())
    conn.close()


def first_migrations(version: int, folder: Path) -> Path:
    """A migrations folder holding the first ``version`` files, in both forms."""
    (folder / POSTGRESQL.name).mkdir(parents=True)
    for migration in available_migrations()[:version]:
        name = f"{migration.version:04d}_{migration.name}.sql"
        shutil.copy(MIGRATIONS_DIR / name, folder / name)
        own = MIGRATIONS_DIR / POSTGRESQL.name / name
        if own.is_file():
            shutil.copy(own, folder / POSTGRESQL.name / name)
    return folder


async def load_fixture_into(version: int, database: str, tmp_path: Path) -> None:
    """The frozen database at ``version`` (``fixtures/schema_vN.sql``, a SQLite dump) in
    ``database``. PostgreSQL: its own migrations up to ``version``, then the dump's rows."""
    if not is_postgresql(database):
        load_fixture(version, Path(database))
        return
    db = await PostgresDatabase.open(
        database, migrations_dir=first_migrations(version, tmp_path / f"v{version}"))
    try:
        lines = (FIXTURES / f"schema_v{version}.sql").read_text().splitlines()
        async with db.transaction() as conn:
            for table in queries.COPIED_TABLES:  # each after the tables it refers to
                for line in lines:
                    if line.startswith(f'INSERT INTO "{table}" '):
                        await conn.script(line)
            await queries.restart_ids(conn, "games")  # the dumps hold no held_dms
    finally:
        await db.close()


async def test_from_an_empty_database(database: str) -> None:
    db = await open_database(database)
    try:
        assert await db.schema_version() == LATEST
        async with db.read() as conn:
            assert set(await queries.table_names(conn)) >= TABLES
    finally:
        await db.close()


async def test_sqlite_settings(db_path: Path) -> None:
    db = await Database.open(db_path)
    try:
        conn = db._conn  # the aiosqlite connection itself
        assert await queries.pragma(conn, "journal_mode") == "wal"
        assert await queries.pragma(conn, "foreign_keys") == 1
        assert await queries.pragma(conn, "busy_timeout") == 5000
        assert await queries.pragma(conn, "synchronous") == 1  # NORMAL
    finally:
        await db.close()


async def test_running_twice_changes_nothing(database: str) -> None:
    db = await open_database(database)
    try:
        assert await db.migrate() == []
        async with db.read() as conn:
            assert sorted(await queries.applied_migrations(conn)) == list(range(1, LATEST + 1))
    finally:
        await db.close()
    again = await open_database(database)
    await again.close()


async def test_two_processes_migrating_at_once(database: str) -> None:
    first, second = await asyncio.gather(open_database(database), open_database(database))
    try:
        async with first.read() as conn:
            assert len(await queries.applied_migrations(conn)) == LATEST
    finally:
        await first.close()
        await second.close()


def test_every_earlier_version_has_a_fixture() -> None:
    for version in range(1, LATEST):
        assert (FIXTURES / f"schema_v{version}.sql").exists(), (
            f"add tests/storage/fixtures/schema_v{version}.sql (a dump of a database at that"
            " version, with data) before adding another migration"
        )


@pytest.mark.parametrize("version", range(1, LATEST))
async def test_from_every_earlier_version(version: int, database: str, tmp_path: Path
                                          ) -> None:
    await load_fixture_into(version, database, tmp_path)
    db = await open_database(database)
    try:
        assert await db.schema_version() == LATEST
        service = GameService(db, Clock())
        # What the bot does at start: results rated by an older model are rated again.
        assert await service.refresh_ratings() == (1 if version >= 2 else 0)
        assert await service.refresh_ratings() is None
        # The fixture's settings, lobby and running game survived and still work.
        assert await service.moderator_role(100) == 555
        assert await service.notify_mode(1) == "dm"
        lobby = await service.game_in(201)
        assert lobby is not None and lobby.row.status == "lobby" and lobby.user_ids() == [3]
        game = await service.game_in(200)
        assert game is not None and set(game.prompts) == {"south"}
        update = await play_out(service, game.id)
        assert update.finished
        record = await service.record(game.id)
        assert update.loaded.state is not None
        assert record.seed == "fixture-seed-v1"
        assert len(record.actions) == update.loaded.state.actions
        assert (await service.stats(100, NORTH)).kinds or (await service.stats(100, SOUTH)).kinds
        if version >= 2:  # the rated game of the version-2 fixture is on the leaderboard,
            # rated again by the current model (user 5 beat user 4).
            won, lost = one_game("5", "4")
            board = await service.leaderboard(100, "duel")
            assert {(e.user_id, e.rating, e.uncertainty) for e in board} >= {
                (5, won.display, won.uncertainty), (4, lost.display, lost.uncertainty)}
            assert verify(await service.record(3)).ok
        if version >= 8:  # a player's own timing and a server's vacation limit survived
            settings = await service.user_settings(1)
            assert settings.reminder_hours == [24.0, 2.0] and settings.quiet_start == 22
            assert await service.vacation_limit(100) == 7
        else:  # the new settings start empty
            assert (await service.user_settings(1)).reminder_hours is None
        assert not game.row.thread  # games from before threads stay where they are
    finally:
        await db.close()


async def test_a_failing_migration_leaves_the_database_as_it_was(
    database: str, tmp_path: Path
) -> None:
    folder = first_migrations(1, tmp_path / "migrations")
    db = await open_database(database, migrations_dir=folder)
    await db.close()
    (folder / "0002_broken.sql").write_text(
        "CREATE TABLE half_done (x INTEGER);\nTHIS IS NOT SQL;\n"
    )
    with pytest.raises((sqlite3.OperationalError, asyncpg.PostgresSyntaxError)):
        await open_database(database, migrations_dir=folder)
    db = await open_database(database, migrate=False)
    try:
        assert await db.schema_version() == 1
        async with db.read() as conn:
            assert "half_done" not in await queries.table_names(conn)
    finally:
        await db.close()


async def test_a_newer_database_is_refused(database: str, tmp_path: Path) -> None:
    db = await open_database(database)
    await db.close()
    folder = first_migrations(1, tmp_path / "older")
    with pytest.raises(RuntimeError, match="newer"):
        await open_database(database, migrations_dir=folder)


def test_statements_split_triggers_whole() -> None:
    sql = (
        "-- comment\nCREATE TABLE t (x);\n\nCREATE TRIGGER g BEFORE DELETE ON t\nBEGIN\n"
        "    SELECT RAISE(ABORT, 'no; never');\nEND;\nINSERT INTO t VALUES (1);\n"
    )
    parts = statements(sql)
    assert len(parts) == 3 and parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")


def test_migration_files_are_numbered_without_gaps() -> None:
    found = available_migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert found[0].name == "initial"
    # PostgreSQL's forms take the number and name of a file of the shared list.
    assert [(m.version, m.name) for m in available_migrations(dialect=POSTGRESQL)] == [
        (m.version, m.name) for m in found]


def test_a_postgresql_form_without_its_file_is_refused(tmp_path: Path) -> None:
    folder = first_migrations(1, tmp_path / "migrations")
    (folder / POSTGRESQL.name / "0002_stray.sql").write_text("SELECT 1;\n")
    with pytest.raises(RuntimeError, match="without a matching file"):
        available_migrations(folder, POSTGRESQL)


async def test_a_game_from_before_boards_highlights_from_its_next_board(
        database: str, tmp_path: Path) -> None:
    """Migration 0005 cannot know the board a running game posted last: that game's next
    board shows no change, and every board after it compares with the one before."""
    await load_fixture_into(4, database, tmp_path)
    db = await open_database(database)
    try:
        service = GameService(db, Clock())
        game = await service.game_in(200)
        assert game is not None and set(game.prompts) == {"south"}
        first = await play_card(service, game.id, SOUTH, "south")
        assert first.turn_ended and first.previous_board is None
        await play_card(service, game.id, NORTH, "north")
        second = await play_card(service, game.id, SOUTH, "south")
        assert second.turn_ended and second.previous_board is not None
        assert game.game.view(second.previous_board, None) == first.loaded.view(None)
    finally:
        await db.close()


async def test_command_sync_starts_empty_and_keeps_a_digest_per_target(
        database: str, tmp_path: Path) -> None:
    """Migration 0006 on a version-5 database stores no digest: its next start syncs."""
    await load_fixture_into(5, database, tmp_path)
    db = await open_database(database)
    try:
        async with db.transaction() as conn:
            assert await queries.synced_commands(conn, "1:global") is None
            await queries.set_synced_commands(conn, "1:global", "ab" * 32, "2026-11-25")
            await queries.set_synced_commands(conn, "1:global", "cd" * 32, "2026-11-26")
            assert await queries.synced_commands(conn, "1:global") == "cd" * 32
            assert await queries.synced_commands(conn, "1:guild:5") is None
    finally:
        await db.close()


async def test_a_database_with_data_is_backed_up_before_it_is_migrated(
        db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    load_fixture(4, db_path)
    caplog.set_level(logging.INFO, "strategos.storage")
    db = await Database.open(db_path)
    await db.close()
    copy = db_path.with_name("strategos.schema-v4.backup.db")
    assert copy.is_file() and str(copy) in caplog.text and "version 4" in caplog.text
    assert [p.name for p in db_path.parent.iterdir() if "backup" in p.name] == [copy.name]
    old = sqlite3.connect(copy)
    try:
        assert max(v for (v,) in old.execute("SELECT version FROM schema_migrations")) == 4
        assert old.execute("SELECT count(*) FROM games").fetchone() == (3,)
    finally:
        old.close()
    # Up to date now: the next start copies nothing.
    copy.unlink()
    await (await Database.open(db_path)).close()
    assert not copy.exists()


async def test_two_processes_migrating_an_old_database_at_once(db_path: Path) -> None:
    load_fixture(4, db_path)
    first, second = await asyncio.gather(Database.open(db_path), Database.open(db_path))
    await first.close()
    await second.close()
    names = sorted(p.name for p in db_path.parent.iterdir() if "backup" in p.name)
    assert names == ["strategos.schema-v4.backup.db"]


async def test_a_new_database_is_not_backed_up(db_path: Path) -> None:
    await (await Database.open(db_path)).close()
    assert not [p for p in db_path.parent.iterdir() if "backup" in p.name]


async def test_no_backup_no_migration(db_path: Path, tmp_path: Path) -> None:
    """When the copy cannot be written, the database is left as it was."""
    load_fixture(4, db_path)
    db_path.with_name("strategos.schema-v4.backup.db").mkdir()  # a folder in the way
    with pytest.raises(RuntimeError, match="could not back up"):
        await Database.open(db_path)
    db = await Database.open(db_path, migrate=False)
    try:
        assert await db.schema_version() == 4
    finally:
        await db.close()


async def test_elo_results_become_openskill_ratings_at_the_next_start(
        database: str, tmp_path: Path) -> None:
    """Migration 0007 on a version-6 database keeps the Elo numbers until the service's
    start-up recomputation rates every stored result again, results' before/after too."""
    await load_fixture_into(6, database, tmp_path)
    db = await open_database(database)
    try:
        service = GameService(db, Clock())
        assert (await service.stats(100, 5)).recent[0].rating_after == 1216.0  # still Elo
        assert await service.refresh_ratings() == 1
        won, lost = one_game("5", "4")
        (line,) = (await service.stats(100, 5)).recent
        assert (line.rating_before, line.rating_after) == (1000.0, won.display)
        (line,) = (await service.stats(100, 4)).recent
        assert (line.rating_before, line.rating_after) == (1000.0, lost.display)
        async with db.read() as conn:
            rows = await queries.all_ratings(conn)
            sides = await queries.all_side_ratings(conn)
        assert rows == [(100, "duel", 4, lost.display, lost.mu, lost.sigma, 1),
                        (100, "duel", 5, won.display, won.mu, won.sigma, 1)]
        # South (user 5's side) won its first game: it now counts as a little stronger.
        assert [(team, games) for _, _, team, _, _, games in sides] == [("north", 1), ("south", 1)]
        assert sides[1][3] > 0 > sides[0][3]
    finally:
        await db.close()


async def test_games_made_before_rules_revisions_keep_revision_1(database: str,
                                                                tmp_path: Path) -> None:
    """Migration 0010: a stored game plays on under the rules it started with (revision 1),
    its other options kept; a lobby made before it starts under revision 1 too."""
    await load_fixture_into(9, database, tmp_path)
    old = await open_database(database, migrate=False)
    try:
        async with old.transaction() as conn:
            await conn.execute("""UPDATE games SET options = '{"rounds_to_win": 2}'"""
                               " WHERE id = 1")
    finally:
        await old.close()
    db = await open_database(database)
    try:
        service = GameService(db, Clock())
        running = await service.game_in(200)
        lobby = await service.game_in(201)
        assert running is not None
        assert running.row.options == {"rounds_to_win": 2, "revision": 1}
        assert lobby is not None and lobby.row.options == {"revision": 1}
        assert running.state is not None and running.state.options.revision == 1  # type: ignore[attr-defined]
    finally:
        await db.close()


async def test_job_claims_start_empty_and_claim_the_games_of_version_10(
        database: str, tmp_path: Path) -> None:
    """Migration 0011 on a version-10 database: no job is claimed; the fixture's running
    game's timer can be claimed once its deadline has passed, and its claim goes with it."""
    await load_fixture_into(10, database, tmp_path)
    db = await open_database(database)
    try:
        async with db.transaction() as conn:
            assert await queries.job_claims(conn) == []
            await conn.execute("UPDATE games SET deadline = ? WHERE id = 1",
                               ("2026-11-02 10:00:00.000000",))
            now, until = "2026-11-03 10:00:00.000000", "2026-11-03 10:02:00.000000"
            assert await queries.claim_due_jobs(conn, "timeout", now, "a", until, 10) == [1]
            assert await queries.claim_due_jobs(conn, "timeout", now, "b", until, 10) == []
            assert not await queries.claim_job(conn, 1, "timeout", now, "b", until)
            assert await queries.release_job(conn, 1, "timeout", "a")
            assert await queries.claim_job(conn, 1, "timeout", now, "b", until)
    finally:
        await db.close()


async def test_stored_logs_move_into_rows(database: str, tmp_path: Path) -> None:
    """Migration 0012: each stored game's log moves out of its state into ``game_log`` (a
    private entry too, kept private), the boards lose theirs and keep their lengths; the
    game loads exactly as before, replays, and plays on."""
    await load_fixture_into(10, database, tmp_path)
    secret = {"text": "North holds the 7.", "role": "north", "dice": [],
              "visible_to": ["north"], "action": 1}
    old = await open_database(database, migrate=False)
    try:
        async with old.transaction() as conn:
            row = await conn.fetchrow("SELECT state FROM games WHERE id = 1")
            assert row is not None
            before = json.loads(row["state"])
            before["log"].append(secret)
            await conn.execute("UPDATE games SET state = ? WHERE id = 1", (json.dumps(before),))
            finished = await conn.fetchrow("SELECT state FROM games WHERE id = 3")
            assert finished is not None
            ended = json.loads(finished["state"])
    finally:
        await old.close()
    db = await open_database(database)
    try:
        assert await db.schema_version() == LATEST
        service = GameService(db, Clock())
        duel = get_game("duel")
        async with db.read() as conn:
            whole = {r["id"]: r for r in await queries.games_with_state(conn, [1, 2, 3])}
            board = await queries.get_boards(conn, 1)
        assert set(whole) == {1, 2, 3} and whole[2]["state"] is None
        for game_id, state in ((1, before), (3, ended)):
            assert "log" not in json.loads(whole[game_id]["state"])
            assert [e.model_dump() for e in parse_log(whole[game_id]["log"])] == state["log"]
        assert board is not None and board["state_log"] == len(before["log"]) - 1
        assert board["previous"] is None and "log" not in json.loads(board["state"])
        running = await service.game_in(200)
        assert running is not None and running.state is not None
        assert canonical_json(running.state) == canonical_json(duel.load(before))
        assert await service.public_log(1, 10) == [
            LogEntry.model_validate(e) for e in before["log"] if e["visible_to"] is None]
        record = await service.record(3)
        assert verify(record).ok
        assert record.result == ended["result"]
        _, shown = await service.with_previous_board(1)
        assert shown is None  # the game's first board has no board before it
        update = await play_out(service, 1)
        assert update.finished and verify(await service.record(1)).ok
    finally:
        await db.close()
