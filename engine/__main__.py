"""Command line: ``python -m engine simulate|verify|games``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from engine.core.errors import BadRecord, EngineError
from engine.core.record import parse_record, verify
from engine.core.registry import all_games, get_game
from engine.core.simulate import simulate
from engine.progress import Progress
from engine.version import version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    parser.add_argument("--version", action="version", version=f"Strategos {version()}")
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play complete games with random legal choices")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", default="0")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sim.add_argument("--quiet", action="store_true",
                     help="no progress lines on stderr (they are shown only at a terminal)")
    sim.add_argument(
        "--policy", action="append", default=[], metavar="[ROLE=]NAME",
        help="who plays: random (default) or an automatic player the game offers (every game "
             "has greedy); ROLE=NAME for one role only, e.g. --policy empire=greedy",
    )

    sim.add_argument("--check", action="store_true",
                     help="check the game's invariants after every action (slow; the tests do)")
    sim.add_argument("--check-every", type=int, default=0, metavar="N",
                     help="check the invariants after every N-th action (default: only the "
                          "final state of each game)")
    sim.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                     help="processes to play in (default: every core); the summary is the "
                          "same as with --jobs 1")

    ver = commands.add_parser("verify", help="replay a game record and check every roll and draw")
    ver.add_argument("file", type=Path)

    commands.add_parser("games", help="list the games")

    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            for game in all_games():
                print(f"{game.id:10} {game.name} ({game.min_players}-{game.max_players} players)")
            return 0
        if args.command == "verify":
            try:
                record = parse_record(args.file.read_bytes())
            except BadRecord as error:
                print(f"error: {args.file}: {error}", file=sys.stderr)
                return 2
            result = verify(record)
            print(result.message)
            return 0 if result.ok else 1
        game = get_game(args.game)
        players = args.players if args.players is not None else game.min_players
        options = dict(_parse_option(o) for o in args.option)
        policy = dict(_parse_policy(p) for p in args.policy)
        if args.check_every < 0 or args.jobs < 1:
            raise ValueError("--check-every must be 0 or more and --jobs 1 or more")
        # Progress goes to stderr, and only to a person watching: never into a pipe or a log.
        shown = not args.quiet and sys.stderr.isatty()
        summary = simulate(args.game, players, args.games, args.seed, options, policy=policy,
                           check_every=1 if args.check else args.check_every, jobs=args.jobs,
                           progress=Progress(args.games, sys.stderr) if shown else None)
    except (EngineError, OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(summary.model_dump_json())
    else:
        print(f"{summary.game}: {summary.games} games, {summary.players} players, "
              f"{summary.errors} errors, {summary.seconds:.1f} s")
        if summary.policies:
            others = ", others random" if len(summary.policies) < summary.players else ""
            print("players: " + ", ".join(f"{role} {name}" for role, name
                                          in summary.policies.items()) + others)
        print(f"average length: {summary.average_actions:.1f} actions, "
              f"{summary.average_turns:.1f} turns")
        for role, count in summary.wins.items():
            share = count / summary.games if summary.games else 0
            print(f"  wins {role:16} {count:6}  ({share:.1%})")
        for ending, count in summary.endings.items():
            share = count / summary.games if summary.games else 0
            print(f"  ended by {ending:12} {count:6}  ({share:.1%})")
        for problem in summary.first_errors:
            print(f"  error: {problem}")
    return 1 if summary.errors else 0


def _parse_policy(text: str) -> tuple[str, str]:
    role, sep, name = text.partition("=")
    return (role, name) if sep else ("*", text)


def _parse_option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"option {text!r} should look like key=value")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


if __name__ == "__main__":
    sys.exit(main())
