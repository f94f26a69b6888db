"""A database that cannot be used stops the bot with one line, never a traceback, and
before Discord is contacted: a folder, an empty file (refused unless asked), a file that is
not a database, a truncated one, one from a newer Strategos; a PostgreSQL server that cannot
be reached, and a PostgreSQL database from a newer Strategos."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.errors import StorageError
from bot.storage import open_database
from bot.storage.sqlite import SqliteDatabase as Database
from tests.support.postgres import create_database

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"  # never sent


def start(path: Path | str, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str], *args: str, folder: Path | None = None,
          **env: str) -> tuple[int, str]:
    """``python -m bot [args]`` with ``STRATEGOS_DATABASE`` set to ``path`` (a file, or a
    URL: then run in ``folder``)."""
    monkeypatch.chdir(folder or Path(path).parent)  # no .env of the developer's is read
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("STRATEGOS_DATABASE", str(path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code = main(list(args))
    return code, capsys.readouterr().err


@pytest.fixture
def good(tmp_path: Path) -> Path:
    """A real database with every migration, closed."""
    path = tmp_path / "good.db"

    async def make() -> None:
        await (await Database.open(path)).close()

    asyncio.run(make())
    return path


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "strategos.db"
    folder.mkdir()
    code, err = start(folder, monkeypatch, capsys)
    assert code == 1 and "is a folder, not a database file" in one_line(err)


def test_an_empty_file_is_refused_unless_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "strategos.db"
    empty.write_bytes(b"")
    code, err = start(empty, monkeypatch, capsys)
    assert code == 1 and "empty file (0 bytes)" in one_line(err)
    assert empty.stat().st_size == 0  # nothing written

    async def allowed() -> int:
        db = await Database.open(empty, allow_empty=True)
        try:
            version: int = await db.schema_version()
            return version
        finally:
            await db.close()

    assert asyncio.run(allowed()) > 0


def test_a_file_that_is_not_a_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "strategos.db"
    junk.write_bytes(b"these are my notes, not a database\n" * 200)
    code, err = start(junk, monkeypatch, capsys)
    assert code == 1 and "not a readable Strategos database" in one_line(err)


def test_a_truncated_database(good: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    cut = tmp_path / "cut.db"
    data = good.read_bytes()
    cut.write_bytes(data[: len(data) // 3])
    code, err = start(cut, monkeypatch, capsys)
    line = one_line(err)
    assert code == 1 and ("damaged" in line or "not a readable" in line)


def test_a_database_from_a_newer_strategos(good: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    newer = tmp_path / "newer.db"
    shutil.copy(good, newer)
    conn = sqlite3.connect(newer)
    conn.execute("INSERT INTO schema_migrations VALUES (999, 'future', '2030-01-01')")
    conn.commit()
    conn.close()
    code, err = start(newer, monkeypatch, capsys)
    assert code == 1 and "newer Strategos" in one_line(err)
    with pytest.raises(StorageError):
        asyncio.run(Database.open(newer))


async def test_an_empty_file_another_process_is_creating_is_accepted(tmp_path: Path) -> None:
    """Two processes starting at once: one has just created the file (empty for a moment),
    the other must wait for its header rather than refuse an "empty" database."""
    path = tmp_path / "strategos.db"
    path.write_bytes(b"")

    async def the_other_process() -> None:
        await asyncio.sleep(0.3)
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE started (x INTEGER)")
        conn.commit()
        conn.close()

    db, _ = await asyncio.gather(Database.open(path), the_other_process())
    try:
        assert await db.schema_version() > 0
    finally:
        await db.close()


def test_a_postgresql_server_that_cannot_be_reached(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    url = f"postgresql://strategos:s3cret@/strategos?host={tmp_path}/no-server-here"
    code, err = start(url, monkeypatch, capsys, folder=tmp_path)
    line = one_line(err)
    assert code == 1 and "cannot connect to the PostgreSQL database" in line
    assert "s3cret" not in line


def test_a_postgresql_database_from_a_newer_strategos(postgres_server: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    async def newer() -> str:
        url = await create_database(postgres_server)
        db = await open_database(url)
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO schema_migrations VALUES (999, 'future', 'x')")
        await db.close()
        return url

    url = asyncio.run(newer())
    code, err = start(url, monkeypatch, capsys, folder=tmp_path)
    assert code == 1 and "newer Strategos" in one_line(err)


def test_backup_of_postgresql_explains_pg_dump(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://strategos@db.example/strategos"  # never contacted
    code, err = start(url, monkeypatch, capsys, "backup", str(tmp_path / "copy.db"),
                      folder=tmp_path)
    assert code == 1 and "pg_dump" in one_line(err) and "pg_restore" in err
    assert not (tmp_path / "copy.db").exists()
