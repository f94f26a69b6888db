"""Golden playthroughs: a seeded game's action log with a digest of its behaviour every
``EVERY`` actions, so that a refactor proves "no behaviour change" instead of claiming it.

The digest covers the whole state except the prompt stack (the flow machinery's own
bookkeeping, free to change shape) plus every prompt asked now: its text and each choice's
id, label, group, detail and style. What a player reads and may choose, and everything the
rules keep, must stay byte-identical; how the engine remembers its questions may not.

Regenerate only for an intended rules change (and say so in the commit):
``.venv/bin/python -m tests.golden.playthrough [PREFIX ...]`` (only the files whose name starts
with a prefix given, e.g. ``sixcontinents-2p-r2``; every file without one).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from engine.core.game import Game, GameState
from engine.core.registry import get_game
from engine.core.runner import Action, act, start
from engine.core.simulate import play_random, resolve_policies

HERE = Path(__file__).parent / "data"
EVERY = 25


class Golden(BaseModel):
    game: str
    players: int
    options: dict[str, Any] = {}
    seed: str
    how: str  # who chose the actions when it was made: "random" or a policy name
    actions: list[tuple[str, str]]
    digests: dict[int, str]  # actions applied -> behaviour digest after them
    result: dict[str, Any] | None


# (game, players, options, seed, policy)
CASES: list[tuple[str, int, dict[str, Any], str, str]] = [
    # Freedom! rules revision 1 (games started before revision 2 replay by these)
    ("freedom", 2, {"revision": 1}, "golden-1", "random"),
    ("freedom", 2, {"revision": 1}, "golden-2", "greedy"),
    ("freedom", 2, {"edition": "v2.2", "revision": 1}, "golden-3", "random"),
    # ... and revision 2, the newest
    ("freedom", 2, {}, "r2-golden-1", "random"),
    ("freedom", 2, {}, "r2-golden-2", "greedy"),
    ("freedom", 2, {"edition": "v2.2"}, "r2-golden-3", "random"),
    # Epireia rules revision 1 (recorded before revision 2: games started then replay by these)
    ("epireia", 1, {"revision": 1}, "golden-1", "random"),
    ("epireia", 1, {"revision": 1}, "golden-2", "greedy"),
    ("epireia", 2, {"revision": 1}, "golden-1", "random"),
    ("epireia", 2, {"revision": 1}, "golden-2", "greedy"),
    ("epireia", 3, {"revision": 1}, "golden-1", "random"),
    ("epireia", 3, {"revision": 1}, "golden-2", "greedy"),
    ("epireia", 4, {"revision": 1}, "golden-1", "random"),
    ("epireia", 4, {"revision": 1}, "golden-2", "greedy"),
    # ... revision 2 (games started before revision 3 replay by these)
    ("epireia", 1, {"revision": 2}, "r2-golden-1", "random"),
    ("epireia", 1, {"revision": 2}, "r2-golden-2", "greedy"),
    ("epireia", 2, {"revision": 2}, "r2-golden-1", "random"),
    ("epireia", 2, {"revision": 2}, "r2-golden-2", "greedy"),
    ("epireia", 3, {"revision": 2}, "r2-golden-1", "random"),
    ("epireia", 3, {"revision": 2}, "r2-golden-2", "greedy"),
    ("epireia", 4, {"revision": 2}, "r2-golden-1", "random"),
    ("epireia", 4, {"revision": 2}, "r2-golden-2", "greedy"),
    # ... and revision 3, the newest
    ("epireia", 1, {}, "r3-golden-1", "random"),
    ("epireia", 1, {}, "r3-golden-2", "greedy"),
    ("epireia", 2, {}, "r3-golden-1", "random"),
    ("epireia", 2, {}, "r3-golden-2", "greedy"),
    ("epireia", 3, {}, "r3-golden-1", "random"),
    ("epireia", 3, {}, "r3-golden-2", "greedy"),
    ("epireia", 4, {}, "r3-golden-1", "random"),
    ("epireia", 4, {}, "r3-golden-2", "greedy"),
    # Dragons of 1066 rules revision 1 (games started before revision 2 replay by these)
    ("dragons1066", 2, {"years": 3, "revision": 1}, "golden-1", "random"),
    ("dragons1066", 3, {"years": 3, "revision": 1}, "golden-1", "random"),
    ("dragons1066", 4, {"years": 3, "revision": 1}, "golden-1", "random"),
    ("dragons1066", 4, {"years": 3, "revision": 1}, "golden-2", "greedy"),
    # ... and revision 2, the newest (a move as one "from → to" choice, Buy as suggested)
    ("dragons1066", 2, {"years": 3}, "r2-golden-1", "random"),
    ("dragons1066", 3, {"years": 3}, "r2-golden-1", "random"),
    ("dragons1066", 4, {"years": 3}, "r2-golden-1", "random"),
    ("dragons1066", 4, {"years": 3}, "r2-golden-2", "greedy"),
    # Six Continents rules revision 1, one per player count (20 rounds, the shortest game)
    ("sixcontinents", 2, {"rounds": 20, "revision": 1}, "golden-1", "random"),
    ("sixcontinents", 3, {"rounds": 20, "revision": 1}, "golden-1", "random"),
    # ... and revision 2, the newest (an attack and a fleet's sailing in one choice)
    ("sixcontinents", 2, {"rounds": 20}, "r2-golden-1", "random"),
    ("sixcontinents", 3, {"rounds": 20}, "r2-golden-1", "random"),
    ("sixcontinents", 2, {"rounds": 20}, "r2-golden-2", "greedy"),
]


def behaviour_digest(game: Game[Any, Any], state: GameState) -> str:
    data = state.model_dump(mode="json")
    data.pop("stack", None)
    data["prompts"] = {
        role: {"text": prompt.text,
               "choices": [[c.id, c.label, c.group, c.detail, c.style] for c in prompt.choices]}
        for role, prompt in sorted(game.prompts(state).items())
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def file_name(game: str, players: int, seed: str) -> str:
    return f"{game}-{players}p-{seed}.json"


def make(game_id: str, players: int, options: dict[str, Any], seed: str, how: str) -> Golden:
    game = get_game(game_id)
    by_role = resolve_policies(game, players, options, {"*": how} if how != "random" else None)
    final, playout = play_random(game, seed, players, options, check=True,
                                 players_by_role=by_role)
    if playout.error:
        raise RuntimeError(playout.error)
    state = start(game, seed, players, options)
    digests = {0: behaviour_digest(game, state)}
    for number, action in enumerate(playout.history, start=1):
        act(game, state, action.role, action.choice)
        if number % EVERY == 0 or number == len(playout.history):
            digests[number] = behaviour_digest(game, state)
    assert state.result is not None and final.result == state.result
    return Golden(game=game_id, players=players, options=options, seed=seed, how=how,
                  actions=[(a.role, a.choice) for a in playout.history], digests=digests,
                  result=state.result.model_dump())


def load_all() -> list[tuple[str, Golden]]:
    return [(path.name, Golden.model_validate_json(path.read_text()))
            for path in sorted(HERE.glob("*.json"))]


def actions_of(golden: Golden) -> list[Action]:
    return [Action(role=role, choice=choice) for role, choice in golden.actions]


def main(prefixes: list[str]) -> None:
    HERE.mkdir(exist_ok=True)
    for game_id, players, options, seed, how in CASES:
        path = HERE / file_name(game_id, players, seed)
        if prefixes and not path.name.startswith(tuple(prefixes)):
            continue
        golden = make(game_id, players, options, seed, how)
        path.write_text(golden.model_dump_json() + "\n")
        print(f"{path.name}: {len(golden.actions)} actions, winners {golden.result}")


if __name__ == "__main__":
    main(sys.argv[1:])
