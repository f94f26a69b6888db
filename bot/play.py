"""``python -m bot play <game>``: a hot-seat game at one terminal, without Discord.

The same prompts and choices the bot shows, numbered; each player's private view is shown
only after the screen is handed over; the board PNG (spectator view) is written to a file
after every completed turn; at the end the record is written for ``python -m engine verify``.
``--computer ROLE`` (repeatable, or ``all``) lets the computer play sides, as a computer seat
does on Discord; with ``all`` a whole game plays itself and the command exits.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.discord_render import renderer_for
from bot.options import parse_options_text
from bot.views.layout import group_choices
from engine.core.computer import computer_choice, computer_policy
from engine.core.errors import BadOptions, EngineError
from engine.core.game import Game, GameState, LogEntry
from engine.core.record import record_game
from engine.core.registry import get_game
from engine.core.rng import new_seed, seed_digest
from engine.core.runner import Action, act, replay, start, undo_depth
from render.common import png_bytes

HELP = ("Type a number to choose, u to take back the last choice (its player's, not past "
        "dice, draws or reveals), l for the log, q to quit.")


class HotSeat:
    def __init__(self, game: Game[Any, Any], players: int, seed: str, options: dict[str, Any],
                 board: Path, ask: Callable[[str], str] = input,
                 say: Callable[[str], None] = print, computers: Sequence[str] = ()) -> None:
        self.game, self.players, self.seed, self.options = game, players, seed, options
        self.board, self.ask, self.say = board, ask, say
        self.state: GameState = start(game, seed, players, options)
        unknown = [r for r in computers if r != "all" and r not in self.state.roles]
        if unknown:
            raise BadOptions(f"{game.name} has no side {unknown[0]!r} here. Sides: "
                             f"{', '.join(self.state.roles)}.")
        self.computers = set(self.state.roles if "all" in computers else computers)
        self.history: list[tuple[Action, bool]] = []
        self.at_screen: str | None = None

    def name(self, role: str) -> str:
        """As the bot says it: the game's name for the role now, else the seat's name."""
        name = self.game.role_name(self.state, role)
        if name != role:
            return name
        return next((i.name for i in self.game.roles_of(self.state) if i.id == role), role)

    def write_board(self) -> None:
        renderer = renderer_for(self.game.id)
        view = self.game.view(self.state, None)
        self.board.parent.mkdir(parents=True, exist_ok=True)
        self.board.write_bytes(png_bytes(renderer.board(view)))
        self.say(renderer.status_text(view))
        self.say(f"(board written to {self.board})")

    def show_log(self, entries: list[LogEntry], role: str | None) -> None:
        for entry in entries:
            if entry.visible(role):
                dice = f"  [dice: {', '.join(map(str, entry.dice))}]" if entry.dice else ""
                self.say(f"  · {entry.text}{dice}")

    def hand_over(self, role: str) -> None:
        """Hide one player's secrets from the next: wait until the right player sits down."""
        if self.at_screen == role:
            return
        people = [r for r in self.state.roles if r not in self.computers]
        if len(people) > 1:  # one person alone (solo, or against the computer) passes nothing
            if self.at_screen is not None:
                self.say("\n" * 40)
            self.ask(f"Pass the screen to {self.name(role)}, then press Enter. ")
        self.at_screen = role
        self.show_private(role)

    def show_private(self, role: str) -> None:
        self.say(renderer_for(self.game.id).private_text(self.game.view(self.state, role)))

    def undo(self, role: str) -> None:
        """Take back the last choice, as ``/game undo`` does: its own player's (whoever is at
        the screen now: play may have passed on), never past dice, draws or reveals
        (``runner.undo_depth``)."""
        if not self.history or undo_depth(self.history, self.history[-1][0].role) == 0:
            self.say("Nothing to take back (undo stops at dice, draws and reveals).")
            return
        last = self.history.pop()[0]
        self.state = replay(self.game, self.seed, self.players, self.options,
                            [action for action, _ in self.history])
        self.say(f"Taken back: {self.name(last.role)}'s last choice.")
        if last.role != role:
            self.hand_over(last.role)  # hides this player's view first
        else:
            self.show_private(role)  # the view as it is again

    def computer_turn(self, role: str) -> None:
        """The computer's choice for ``role``: said, then made like a player's."""
        prompt = self.game.prompts(self.state)[role]
        choice_id = computer_choice(self.game, self.state, role, prompt.choices,
                                    f"{self.seed}:{self.state.actions}")
        label = prompt.find(choice_id).label
        self.say(f"{self.name(role)} (computer) — {prompt.text}\n  → {label}")
        self.choose(role, choice_id)

    def turn(self, role: str) -> bool:
        """Ask ``role`` once; False when the player quits."""
        self.hand_over(role)
        prompt = self.game.prompts(self.state)[role]
        self.say(f"\n{self.name(role)} — {prompt.text}")
        numbered = []
        for group, choices in group_choices(prompt.choices):
            if group:
                self.say(f" {group}:")
            for choice in choices:
                numbered.append(choice)
                detail = f" — {choice.detail}" if choice.detail else ""
                self.say(f"  {len(numbered):>3}. {choice.label}{detail}")
        answer = self.ask("> ").strip().lower()
        if answer == "q":
            return False
        if answer == "u":
            self.undo(role)
        elif answer == "l":
            self.show_log(self.state.log[-20:], role)
        elif answer.isdigit() and 1 <= int(answer) <= len(numbered):
            self.choose(role, numbered[int(answer) - 1].id)
        else:
            self.say(HELP)
        return True

    def choose(self, role: str, choice_id: str) -> None:
        try:
            outcome = act(self.game, self.state, role, choice_id)
        except EngineError as error:
            self.say(str(error))
            return
        self.history.append((Action(role=role, choice=choice_id), outcome.barrier))
        self.show_log(outcome.log, role)
        if outcome.turn_ended:
            self.write_board()

    def run(self) -> int:
        roles = ", ".join(self.name(r) + (" (computer)" if r in self.computers else "")
                          for r in self.state.roles)
        self.say(f"{self.game.name}: {roles}. Seed SHA-256 {seed_digest(self.seed)}.\n{HELP}")
        if self.computers:
            self.say(f"The computer plays with the {computer_policy(self.game.id)[0]} player.")
        self.write_board()
        while self.state.result is None:
            prompts = self.game.prompts(self.state)
            if not prompts:
                self.say("Nobody has anything to do, but the game is not over: this is a bug.")
                return 1
            role = next(r for r in self.state.roles if r in prompts)
            if role in self.computers:
                self.computer_turn(role)
                continue
            if not self.turn(role):
                self.say(f"Stopped. Seed {self.seed}; {len(self.history)} actions played.")
                return 0
        result = self.state.result
        winners = ", ".join(self.name(r) for r in result.winners) or "nobody"
        self.say(f"\nGame over: {winners} — {result.reason}. Seed revealed: {self.seed}")
        record = record_game(self.game.id, self.seed, self.players, self.options,
                             [action for action, _ in self.history])
        path = self.board.with_suffix(".record.json")
        path.write_text(record.model_dump_json(indent=1))
        self.say(f"Record written to {path} (check it with: python -m engine verify {path})")
        return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. freedom or epireia")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument("--seed", default=None, help="seed (default: a fresh secret one)")
    parser.add_argument("--options", default="", help="options as name=value pairs")
    parser.add_argument("--board", type=Path, default=Path("out/play/board.png"),
                        help="where the board PNG is written after every turn (the record "
                             "goes beside it; default in out/, which git ignores)")
    parser.add_argument("--computer", action="append", default=[], metavar="ROLE",
                        help="the computer plays this side (repeatable; 'all': every side, "
                             "and the game plays itself to the end)")


def main(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
        options = parse_options_text(args.options, game.Options)
        players = args.players or game.min_players
        seat = HotSeat(game, players, args.seed or new_seed(), options, args.board,
                       computers=args.computer)
    except EngineError as error:
        print(error)
        return 2
    try:
        return seat.run()
    except (EOFError, KeyboardInterrupt):
        print(f"\nStopped. Seed {seat.seed}.")
        return 0
