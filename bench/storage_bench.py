"""Actions per second through the game service, and the time to handle one action.

Two phases on a fresh SQLite file (WAL, the real service, no Discord):

1. Latency: one game at a time, every action timed through ``GameService.act`` (load,
   validate, apply, persist) and, with ``--render``, plus drawing and encoding the
   spectator board as a PNG (when the game has a renderer). Prints p50/p95.
2. Throughput: ``--games`` games open at once, each side played by its own coroutine
   with random legal choices (stale clicks retried), all committing to one file.
   Prints committed actions per second, then checks every game: the log numbered
   without gaps, no lost and no duplicated action, and the stored snapshot equal byte
   for byte to a replay of the log from the seed.
3. Storage alone: the action transaction (new snapshot + log row with the version
   check, one hand-over to the database thread) committed ``--commits`` times.

    .venv/bin/python bench/storage_bench.py [--kind duel] [--games 200] [--actions 40]
        [--latency-actions 300] [--commits 2000] [--render] [--db PATH] [--options JSON]
        [--json]

``duel`` is the platform's test game (tests/support/duel.py); any registered game works.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot import errors  # noqa: E402
from bot.service import GameService, effective_history  # noqa: E402
from bot.storage import Conn, Database, open_database, queries  # noqa: E402
from engine.core import registry  # noqa: E402
from engine.core.registry import get_game  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.runner import canonical_json, replay  # noqa: E402

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


def board_painter(kind: str) -> Callable[[dict[str, Any]], bytes] | None:
    """Spectator view -> PNG bytes with the game's renderer, or None without one."""
    try:
        from render.base import get_renderer
        from render.common import png_bytes

        renderer = get_renderer(kind)
    except (ImportError, AttributeError):
        return None

    def paint(view: dict[str, Any]) -> bytes:
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
    """Wakes the sides of one game when something changed (as a ping wakes a player)."""

    def __init__(self) -> None:
        self.changed = asyncio.Event()

    def ping(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


async def side(
    service: GameService, game_id: int, role: str, user: int, limit: int, table: Table
) -> int:
    """One side of one game: random legal choices until the game ends or ``limit``."""
    chooser = Rng(seed=f"{game_id}:{role}")
    accepted = 0
    while True:
        waiting = table.changed
        loaded = await service.load(game_id)
        if loaded.row.status != "running" or (loaded.state and loaded.state.actions >= limit):
            table.ping()
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
        table.ping()


async def check(db: Database, game_id: int, accepted: int) -> str | None:
    async with db.read() as conn:
        row = await queries.get_game(conn, game_id)
        rows = await queries.get_actions(conn, game_id)
    assert row is not None
    if [r["seq"] for r in rows] != list(range(1, len(rows) + 1)):
        return f"game {game_id}: gaps in the log"
    history = effective_history(rows)
    game = get_game(row["kind"])
    state = game.load(row["state"])
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


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    game = get_game(args.kind)
    players = args.players or game.min_players
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
    args = parser.parse_args(argv)
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
