"""Actions per second through the game service, and the time to handle one action.

Two phases on a fresh SQLite file (WAL, the real service, no Discord):

1. Latency: one game at a time, every action timed through ``GameService.act`` (load,
   validate, apply, persist) and, with ``--render``, plus drawing and encoding the
   spectator board as a PNG (when the game has a renderer). Prints p50/p95.
2. Throughput: ``--games`` games open at once, each side played by its own coroutine
   with random legal choices (stale clicks retried), all committing to one file. A side
   waits until a write asks its role, as a player waits for the bot's ping (before Dec 2
   2026 every side read the game again after every action: three extra reads per action
   at four players, which no player makes).
   Prints committed actions per second, then checks every game: the log numbered
   without gaps, no lost and no duplicated action, and the stored snapshot equal byte
   for byte to a replay of the log from the seed.
3. Storage alone: the action transaction (new snapshot + log row with the version
   check, one hand-over to the database thread) committed ``--commits`` times.

    .venv/bin/python bench/storage_bench.py [--kind duel] [--games 200] [--actions 40]
        [--latency-actions 300] [--commits 2000] [--render] [--db PATH] [--options JSON]
        [--json]

``duel`` is the platform's test game (tests/support/duel.py); any registered game works.

``--real`` measures the real games instead (Freedom 2p, Epireia 4p, Dragons of 1066 4p, Six
Continents 2p; ``--real-game`` picks some), each on a fresh SQLite file and on a fresh
database of a PostgreSQL server started as the tests start theirs
(``tests/support/postgres.py``: pgserver, fsync off): actions per second with ``--games``
games at once (``--actions`` each), one game played alone from its start to its end with the
median action time of its first and of its last tenth, and the bytes it stores (state, log
rows, action rows, boards). ``--baseline DIR`` runs the same measurements, interleaved (each
game and database: this code, then DIR's), with the code of another checkout (``git archive
main | tar -x -C DIR``) and prints both and their ratio:

    .venv/bin/python bench/storage_bench.py --real [--baseline /tmp/main] [--games 200]
        [--actions 40] [--whole-cap 3000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# The code measured: this checkout's, or another's (``--baseline`` runs itself with it).
CODE = os.environ.get("STRATEGOS_BENCH_CODE", str(ROOT))
if CODE not in sys.path:
    sys.path.insert(0, CODE)
if Path(CODE).resolve() != ROOT:
    # Another checkout's code only: this checkout's editable install would still answer for
    # a module that checkout lacks (a ``bot.collector`` of this one measured with main's).
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if not str(getattr(finder, "__module__", "")).startswith("__editable__")]

from bot import errors  # noqa: E402
from bot.service import GameService, effective_history  # noqa: E402
from bot.storage import Conn, Database, open_database, queries  # noqa: E402
from engine.core import registry  # noqa: E402
from engine.core.registry import get_game  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.runner import canonical_json, replay  # noqa: E402
from engine.core.view import View  # noqa: E402
from render.base import get_renderer  # noqa: E402
from render.common import png_bytes  # noqa: E402
from tests.support import postgres  # noqa: E402

try:  # the log in rows of its own (a baseline's code may keep it in the state)
    from bot.storage import snapshots
except ImportError:
    try:  # where a baseline's code kept it before
        from bot.service import snapshots  # type: ignore[no-redef,attr-defined]
    except ImportError:
        snapshots = None  # type: ignore[assignment]
try:  # the garbage collector as the bot sets it at start (a baseline's code may not)
    from bot import collector
except ImportError:
    collector = None  # type: ignore[assignment]

registry.GAME_MODULES.setdefault("duel", "tests.support.duel")
GUILD = 1


def cpu_seconds() -> float:
    """CPU time of this process (all threads): what the work costs, however busy the
    machine is with other processes."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


OPTIONS: dict[str, Any] = {}  # game options of every benchmark game (--options)


async def new_game(service: GameService, kind: str, channel: int, players: int) -> int:
    users = [channel * 10 + n for n in range(players)]
    await service.open_lobby(GUILD, channel, kind, users[0], dict(OPTIONS), seats=users)
    update = await service.start(channel, users[0])
    return update.loaded.id


def board_painter(kind: str) -> Callable[[View], bytes] | None:
    """Spectator view -> PNG bytes with the game's renderer, or None without one (the
    platform's test games have none)."""
    try:
        renderer = get_renderer(kind)
    except (ImportError, AttributeError):
        return None

    def paint(view: View) -> bytes:
        return png_bytes(renderer.board(view))

    return paint


async def latency(
    service: GameService, kind: str, players: int, actions: int, render: bool
) -> dict[str, Any]:
    """Time single actions, one after another (no contention)."""
    paint = board_painter(kind) if render else None
    sizes: list[int] = []
    chooser = Rng(seed="latency")
    times: list[float] = []
    channel = 1
    game_id = await new_game(service, kind, channel, players)
    while len(times) < actions:
        loaded = await service.load(game_id)
        if loaded.row.status != "running":
            channel += 1
            game_id = await new_game(service, kind, channel, players)
            continue
        role = chooser.choice(sorted(loaded.prompts))
        choice = chooser.choice(loaded.prompts[role].choices).id
        user = loaded.users_of(role)[0]
        began = time.perf_counter()
        update = await service.act(game_id, user, loaded.version, role, choice)
        if paint is not None and update.turn_ended:
            sizes.append(len(await asyncio.to_thread(paint, update.loaded.view(None))))
        times.append((time.perf_counter() - began) * 1000)
    return {
        "actions": len(times),
        "p50_ms": round(percentile(times, 0.5), 3),
        "p95_ms": round(percentile(times, 0.95), 3),
        "max_ms": round(max(times), 3),
        "rendered": paint is not None,
        "png_kib_max": round(max(sizes) / 1024, 1) if sizes else None,
    }


class Table:
    """Wakes the sides of one game as the bot's pings wake its players: a side waits until a
    write asks its role (a hand-over), or until the game ends. Only the sides asked reload
    the game, as only the players pinged click; an idle side does not read it after every
    action of the others."""

    def __init__(self) -> None:
        self.turns: dict[str, asyncio.Event] = {}

    def turn(self, role: str) -> asyncio.Event:
        """The event that says ``role`` may be asked now: cleared before the side reads the
        game, so a ping between that read and the wait is not lost."""
        event = self.turns.get(role)
        if event is None:
            event = self.turns[role] = asyncio.Event()
        return event

    def ping(self, roles: Iterable[str]) -> None:
        for role in roles:
            self.turn(role).set()

    def close(self) -> None:
        self.ping(list(self.turns))


async def side(
    service: GameService, game_id: int, role: str, user: int, limit: int, table: Table
) -> int:
    """One side of one game: random legal choices until the game ends or ``limit``."""
    chooser = Rng(seed=f"{game_id}:{role}")
    accepted = 0
    while True:
        waiting = table.turn(role)
        waiting.clear()
        loaded = await service.load(game_id)
        if loaded.row.status != "running" or (loaded.state and loaded.state.actions >= limit):
            table.close()
            return accepted
        prompt = loaded.prompts.get(role)
        if prompt is None:
            await waiting.wait()
            continue
        try:
            update = await service.act(
                game_id, user, loaded.version, role, chooser.choice(prompt.choices).id
            )
        except errors.StaleChoice:
            continue
        accepted += 1
        if update.loaded.state and update.loaded.state.actions >= limit:
            await service.abort(game_id, 0)  # long games are cut at the limit
        if update.loaded.prompts and not update.finished:
            table.ping(update.loaded.prompts)
        else:
            table.close()  # the end (or the cut): every side reads it and stops


async def stored_state(db: Database, game_id: int) -> tuple[Any, Any]:
    """The game's row and its state as stored (a baseline's code may keep the log in it)."""
    game_row: Any
    async with db.read() as conn:
        if snapshots is None:
            game_row = await queries.get_game(conn, game_id)
        else:
            [game_row] = await queries.games_with_state(conn, [game_id])
    game = get_game(game_row["kind"])
    if snapshots is None:
        return game_row, game.load(game_row["state"])
    return game_row, snapshots.restore(game, game_row["state"],
                                       snapshots.parse_log(game_row["log"]))


async def stored_bytes(db: Database, game_id: int) -> dict[str, int]:
    """What a game keeps, by table (``queries.stored_bytes``; a baseline's code without
    it: the same sums from its state, boards and action rows)."""
    async with db.read() as conn:
        if hasattr(queries, "stored_bytes"):
            found: dict[str, int] = await queries.stored_bytes(conn, game_id)
            return found
        row = await queries.get_game(conn, game_id)
        boards = await queries.get_boards(conn, game_id)
        actions = await queries.get_actions(conn, game_id)
    assert row is not None
    return {
        "state": len(row["state"] or ""),
        "log": 0,
        "actions": sum(len(a["kind"]) + len(a["at"]) + len(a["role"] or "")
                       + len(a["choice"] or "") + len(a["detail"] or "") for a in actions),
        "boards": 0 if boards is None else len(boards["state"]) + len(boards["previous"] or ""),
    }


async def check(db: Database, game_id: int, accepted: int) -> str | None:
    async with db.read() as conn:
        rows = await queries.get_actions(conn, game_id)
    row, state = await stored_state(db, game_id)
    if [r["seq"] for r in rows] != list(range(1, len(rows) + 1)):
        return f"game {game_id}: gaps in the log"
    history = effective_history(rows)
    game = get_game(row["kind"])
    if not len(history) == state.actions == accepted:
        return (
            f"game {game_id}: {accepted} accepted, {len(history)} logged,"
            f" {state.actions} applied"
        )
    replayed = replay(
        game, row["seed"], row["players"], json.loads(row["options"]),
        [h.action for h in history],
    )
    if canonical_json(replayed) != canonical_json(state):
        return f"game {game_id}: the snapshot differs from the replayed log"
    return None


async def throughput(
    service: GameService, kind: str, players: int, games: int, limit: int
) -> dict[str, Any]:
    ids = [await new_game(service, kind, 10_000 + n, players) for n in range(games)]
    tasks = []
    for game_id in ids:
        loaded = await service.load(game_id)
        table = Table()
        for seat in loaded.seats:
            assert seat.role is not None
            tasks.append(
                (game_id, side(service, game_id, seat.role, seat.user_id, limit, table))
            )
    began, cpu = time.perf_counter(), cpu_seconds()
    accepted = await asyncio.gather(*(task for _, task in tasks))
    seconds, cpu = time.perf_counter() - began, cpu_seconds() - cpu
    per_game: dict[int, int] = {}
    for (game_id, _), count in zip(tasks, accepted, strict=True):
        per_game[game_id] = per_game.get(game_id, 0) + count
    problems = [p for g in ids if (p := await check(service.db, g, per_game[g]))]
    total = sum(accepted)
    return {
        "games": games,
        "actions": total,
        "seconds": round(seconds, 3),
        "actions_per_second": round(total / seconds, 1) if seconds else 0.0,
        "cpu_ms_per_action": round(cpu / total * 1000, 3) if total else 0.0,
        "lost_or_duplicated": len(problems),
        "problems": problems[:5],
    }


async def commits(service: GameService, kind: str, players: int, count: int) -> dict[str, Any]:
    """The storage alone: the action transaction (snapshot + log row, version-checked)
    committed ``count`` times, without the rules. SQLite's ceiling for the service."""
    game_id = await new_game(service, kind, 99_999, players)
    loaded = await service.load(game_id)
    snapshot = loaded.state.model_dump_json() if loaded.state else "{}"
    version = loaded.version
    began = time.perf_counter()
    for n in range(count):

        async def write(conn: Conn, expected: int = version + n) -> None:
            row = await queries.write_game(conn, game_id, expected, state=snapshot)
            assert row is not None
            await queries.append_action(
                conn, game_id=game_id, kind="choice", at="2026-01-01 00:00:00.000000",
                version=expected + 1, user_id=1, role="bench", choice="bench",
            )

        await service.db.run(write)
    seconds = time.perf_counter() - began
    await service.abort(game_id, 0)
    return {
        "commits": count,
        "snapshot_bytes": len(snapshot),
        "commits_per_second": round(count / seconds, 1),
    }


REAL_GAMES = (("freedom", 2), ("epireia", 4), ("dragons1066", 4), ("sixcontinents", 2))
DIALECTS = ("sqlite", "postgresql")


async def whole_game(service: GameService, kind: str, players: int, cap: int
                     ) -> dict[str, Any]:
    """One game played alone, random legal choices, from its start to its end (at most
    ``cap`` actions): the median CPU time of this process (both threads: the rules, the
    service and SQLite; not PostgreSQL's server) per action in its first and its last
    tenth, the same in wall-clock time, and the bytes the game stores when it is over. CPU
    time, because the 2 shared cores are busy with other work: the wall clock mostly
    measures the waiting."""
    game_id = await new_game(service, kind, 1, players)
    chooser = Rng(seed=f"whole:{kind}")
    loaded = await service.load(game_id)
    times: list[float] = []
    walls: list[float] = []
    while loaded.row.status == "running" and len(times) < cap:
        role = chooser.choice(sorted(loaded.prompts))
        choice = chooser.choice(loaded.prompts[role].choices).id
        user = loaded.users_of(role)[0]
        began, cpu = time.perf_counter(), cpu_seconds()
        loaded = (await service.act(game_id, user, loaded.version, role, choice)).loaded
        times.append((cpu_seconds() - cpu) * 1000)
        walls.append((time.perf_counter() - began) * 1000)
    finished = loaded.row.status == "finished"
    if not finished:
        await service.abort(game_id, 0)
    tenth = max(1, len(times) // 10)
    problem = await check(service.db, game_id, len(times))
    return {
        "actions": len(times),
        "finished": finished,
        "start_ms": round(statistics.median(times[:tenth]), 3),
        "end_ms": round(statistics.median(times[-tenth:]), 3),
        "start_wall_ms": round(statistics.median(walls[:tenth]), 3),
        "end_wall_ms": round(statistics.median(walls[-tenth:]), 3),
        "bytes": await stored_bytes(service.db, game_id),
        "problem": problem,
    }


async def real_one(kind: str, players: int, dialect: str, args: argparse.Namespace
                   ) -> dict[str, Any]:
    """One real game on one fresh database: throughput, then one whole game. The garbage
    collector is set as ``python -m bot`` sets it, once the game's modules are imported."""
    get_game(kind)
    if collector is not None:
        collector.tune()
    with tempfile.TemporaryDirectory() as folder:
        target = str(Path(folder) / "bench.db")
        if dialect == "postgresql":
            target = await postgres.create_database(args.pg_server)
        db = await open_database(target)
        try:
            service = GameService(db)
            thr = await throughput(service, kind, players, args.games, args.actions)
            whole = await whole_game(service, kind, players, args.whole_cap)
        finally:
            await db.close()
            if dialect == "postgresql":
                await postgres.drop_database(args.pg_server, target)
    return {"kind": kind, "players": players, "dialect": dialect, "throughput": thr,
            "whole": whole}


def measure_in_child(kind: str, dialect: str, code: str, args: argparse.Namespace
                     ) -> dict[str, Any]:
    """One ``real_one`` in a fresh process running ``code`` (a checkout's folder)."""
    command = [sys.executable, __file__, "--real-one", f"{kind}:{dialect}", "--json",
               "--games", str(args.games), "--actions", str(args.actions),
               "--whole-cap", str(args.whole_cap), "--pg-server", args.pg_server or ""]
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, "STRATEGOS_BENCH_CODE": code})
    if done.returncode != 0:
        raise RuntimeError(f"{kind} on {dialect} with {code} failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def real(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every real game on both databases, each with this code (and ``--baseline``'s)."""
    args.pg_server = postgres.start_server()
    reports = []
    for kind, _players in REAL_GAMES:
        if args.real_game and kind not in args.real_game:
            continue
        for dialect in DIALECTS:
            report = {"kind": kind, "dialect": dialect,
                      "new": measure_in_child(kind, dialect, str(ROOT), args)}
            if args.baseline:
                report["baseline"] = measure_in_child(kind, dialect, args.baseline, args)
            print(real_line(report), file=sys.stderr, flush=True)
            reports.append(report)
    return reports


def real_line(report: dict[str, Any]) -> str:
    def part(found: dict[str, Any]) -> str:
        thr, whole = found["throughput"], found["whole"]
        stored = sum(whole["bytes"].values())
        return (f"{thr['actions_per_second']} actions/s ({thr['cpu_ms_per_action']} ms CPU),"
                f" alone {whole['start_ms']} -> {whole['end_ms']} ms CPU"
                f" ({whole['start_wall_ms']} -> {whole['end_wall_ms']} ms wall) over"
                f" {whole['actions']} actions, {stored / 1024:.1f} KiB"
                f" ({', '.join(f'{k} {v / 1024:.1f}' for k, v in whole['bytes'].items())})"
                f"{'' if whole['finished'] else ' (cut, not finished)'}"
                f"{'; LOST OR DUPLICATED' if thr['lost_or_duplicated'] or whole['problem'] else ''}"
                )

    line = f"{report['kind']} on {report['dialect']}: {part(report['new'])}"
    base = report.get("baseline")
    if base is not None:
        ratio = report["new"]["throughput"]["actions_per_second"] / max(
            base["throughput"]["actions_per_second"], 0.001)
        line += f"\n    baseline: {part(base)}\n    actions/s x{ratio:.2f}"
    return line


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    game = get_game(args.kind)
    players = args.players or game.min_players
    if collector is not None:
        collector.tune()
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(args.db or str(Path(folder) / "bench.db"))
        try:
            service = GameService(db)
            lat = await latency(service, args.kind, players, args.latency_actions, args.render)
            thr = await throughput(service, args.kind, players, args.games, args.actions)
            raw = await commits(service, args.kind, players, args.commits)
        finally:
            await db.close()
    return {
        "kind": args.kind, "players": players, "latency": lat, "throughput": thr, "storage": raw
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="duel")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--actions", type=int, default=40, help="at most this many per game")
    parser.add_argument("--latency-actions", type=int, default=300)
    parser.add_argument("--commits", type=int, default=2000, help="storage-only commits")
    parser.add_argument("--render", action="store_true", help="add board rendering to latency")
    parser.add_argument("--db", default=None, help="database file or postgresql:// URL of an"
                        " empty database (default: a temporary SQLite file)")
    parser.add_argument(
        "--switch-interval", type=float, default=None,
        help="sys.setswitchinterval in seconds (aiosqlite hands every query to a thread;"
        " on a busy machine a shorter GIL switch interval shortens each hand-over)",
    )
    parser.add_argument(
        "--options", default=None,
        help='game options as JSON (default for duel: {"rounds_to_win": 3}, the longest games)',
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--real", action="store_true",
                        help="the real games on SQLite and PostgreSQL (see the docstring)")
    parser.add_argument("--baseline", default=None,
                        help="with --real: a checkout's folder to measure too (interleaved)")
    parser.add_argument("--real-game", action="append", choices=[k for k, _ in REAL_GAMES],
                        help="with --real: only this game (repeatable; default: every one)")
    parser.add_argument("--whole-cap", type=int, default=3000,
                        help="with --real: at most this many actions in the game played alone")
    parser.add_argument("--real-one", default=None, help=argparse.SUPPRESS)  # kind:dialect
    parser.add_argument("--pg-server", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.real_one:
        kind, dialect = args.real_one.split(":")
        players = dict(REAL_GAMES)[kind]
        print(json.dumps(asyncio.run(real_one(kind, players, dialect, args))))
        return 0
    if args.real:
        reports = real(args)
        if args.json:
            print(json.dumps(reports))
        else:
            for report in reports:
                print(real_line(report))
        return 1 if any(r["new"]["throughput"]["lost_or_duplicated"]
                        or r["new"]["whole"]["problem"] for r in reports) else 0
    if args.options is not None:
        OPTIONS.update(json.loads(args.options))
    elif args.kind == "duel":
        OPTIONS.update(rounds_to_win=3)
    if args.switch_interval:
        sys.setswitchinterval(args.switch_interval)
    report = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(report))
    else:
        lat, thr = report["latency"], report["throughput"]
        print(f"{report['kind']} ({report['players']} players)")
        print(
            f"one action through the service{' + board render' if lat['rendered'] else ''}:"
            f" p50 {lat['p50_ms']} ms, p95 {lat['p95_ms']} ms, max {lat['max_ms']} ms"
            f" ({lat['actions']} actions)"
        )
        print(
            f"{thr['games']} games at once: {thr['actions']} actions committed in"
            f" {thr['seconds']} s = {thr['actions_per_second']} actions/s"
            f" ({thr['cpu_ms_per_action']} ms of CPU each);"
            f" lost or duplicated: {thr['lost_or_duplicated']}"
        )
        raw = report["storage"]
        print(
            f"storage alone: {raw['commits_per_second']} action transactions committed/s"
            f" ({raw['snapshot_bytes']}-byte snapshot + log row, version-checked)"
        )
        for problem in thr["problems"]:
            print("  ", problem)
    return 1 if report["throughput"]["lost_or_duplicated"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
