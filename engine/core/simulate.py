"""Playouts: complete games with random legal choices (or a game's own automatic player),
for testing and balance.

A game may offer automatic players ("policies") besides random play: its ``ai`` module
(``engine.core.registry.AI_MODULES``) exposes ``POLICIES``, a dict of policy name -> ``Policy``
(see ``engine.core.registry.policies``).
A policy reads the state and returns one of the listed choice ids; it must not change the
state nor draw from ``state.rng`` (its own ``Rng`` is given for tie-breaks), so that the dice
of a game depend only on the game's seed and the choices made.
"""

from __future__ import annotations

import gc
import multiprocessing
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel, Field

from engine.core.errors import BadOptions
from engine.core.game import Choice, Game, GameState, trusted
from engine.core.registry import GAME_MODULES, get_game, policies
from engine.core.rng import Rng
from engine.core.runner import Action, act, parse_options, start

MAX_ACTIONS = 50_000
RANDOM = "random"

# (game, state, role, choices of role's prompt, the policy's own generator) -> choice id
Policy = Callable[[Game[Any, Any], GameState, str, Sequence[Choice], Rng], str]
# Told (games done, errors so far) as games finish: a command line's progress line.
ProgressHook = Callable[[int, int], None]


class Playout(BaseModel):
    seed: str
    actions: int
    turns: int
    winners: list[str] = Field(default_factory=list)
    ending: str = ""  # Game.ending: how it ended (a victory road), when the game says
    error: str | None = None
    history: list[Action] = Field(default_factory=list)


class Summary(BaseModel):
    game: str
    players: int
    games: int
    errors: int
    wins: dict[str, int]
    endings: dict[str, int] = Field(default_factory=dict)  # Game.ending -> games
    average_actions: float
    average_turns: float
    seconds: float
    first_errors: list[str] = Field(default_factory=list)
    policies: dict[str, str] = Field(default_factory=dict)  # role -> policy, when not random


def play_random(
    game: Game[Any, Any],
    seed: str,
    players: int,
    options: dict[str, Any] | None = None,
    check: bool = True,
    players_by_role: Mapping[str, Policy] | None = None,
    check_every: int = 1,
) -> tuple[GameState, Playout]:
    """One complete game; the chooser's randomness is separate from the game's.

    Roles in ``players_by_role`` are played by that policy, the others at random. With
    ``check``, the game's invariants are checked after every ``check_every``-th action and on
    the final state (``check_every`` 0: the final state only)."""
    chooser = Rng(seed=f"chooser:{seed}")
    auto = players_by_role or {}
    tie_breaks = {role: Rng(seed=f"policy:{role}:{seed}") for role in auto}
    state = start(game, seed, players, options)
    history: list[Action] = []
    try:
        while state.result is None:
            prompts = game.prompts(state)
            if not prompts:
                raise RuntimeError("nobody has anything to do, but the game is not over")
            role = chooser.choice(sorted(prompts))
            policy = auto.get(role)
            if policy is None:
                choice_id = chooser.choice(prompts[role].choices).id
            else:
                choice_id = policy(game, state, role, prompts[role].choices, tie_breaks[role])
            history.append(trusted(Action, {"role": role, "choice": choice_id}))
            # the prompts just listed are handed on: act checks the choice without listing
            # them again (a policy may only pick a listed choice)
            act(game, state, role, choice_id, prompts=prompts)
            if check and (state.result is not None
                          or (check_every and state.actions % check_every == 0)):
                broken = game.invariants(state)
                if broken:
                    raise AssertionError("; ".join(broken))
            if state.actions > MAX_ACTIONS:
                raise RuntimeError(f"no result after {MAX_ACTIONS} actions")
    except Exception as error:
        return state, Playout(
            seed=seed, actions=state.actions, turns=state.turn,
            error=f"seed {seed} action {state.actions}: {type(error).__name__}: {error}",
            history=history,
        )
    assert state.result is not None
    return state, Playout(
        seed=seed, actions=state.actions, turns=state.turn, winners=state.result.winners,
        ending=game.ending(state), history=history,
    )


def resolve_policies(
    game: Game[Any, Any], players: int, options: dict[str, Any] | None,
    wanted: Mapping[str, str] | None,
) -> dict[str, Policy]:
    """Policies by role from names by role (``"*"``: every role); "random" means none."""
    if not wanted:
        return {}
    roles = [info.id for info in game.roles(players, parse_options(game, options))]
    known = policies(game.id)
    chosen: dict[str, Policy] = {}
    for who, name in wanted.items():
        if who != "*" and who not in roles:
            raise BadOptions(f"{game.name} has no role {who!r}. Roles: {', '.join(roles)}.")
        if name != RANDOM and name not in known:
            names = ", ".join([RANDOM, *sorted(known)])
            raise BadOptions(f"{game.name} has no automatic player {name!r}. Players: {names}.")
    for role in roles:
        name = wanted.get(role, wanted.get("*", RANDOM))
        if name != RANDOM:
            chosen[role] = known[name]
    return chosen


class Batch(BaseModel):
    """What a run of consecutive playouts adds to a summary (merged in seed order)."""

    actions: int = 0
    turns: int = 0
    errors: list[str] = Field(default_factory=list)
    wins: dict[str, int] = Field(default_factory=dict)
    endings: dict[str, int] = Field(default_factory=dict)


def play_batch(
    game_id: str, players: int, seed: str, first: int, count: int,
    options: dict[str, Any] | None, check: bool, check_every: int,
    policy: Mapping[str, str] | None, after_game: Callable[[bool], None] | None = None,
) -> Batch:
    """Games ``first`` .. ``first + count - 1`` of a simulation (seeds ``<seed>-<index>``);
    ``after_game`` (in this process only) is told after each whether it failed."""
    game = get_game(game_id)
    by_role = resolve_policies(game, players, options, policy)
    batch = Batch()
    wins: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    with frozen_heap():
        for index in range(first, first + count):
            _, playout = play_random(game, f"{seed}-{index}", players, options, check, by_role,
                                     check_every)
            batch.actions += playout.actions
            batch.turns += playout.turns
            if playout.error:
                batch.errors.append(playout.error)
            wins.update(playout.winners)
            if playout.ending:
                endings[playout.ending] += 1
            if after_game is not None:
                after_game(playout.error is not None)
    batch.wins = dict(wins)
    batch.endings = dict(endings)
    return batch


# The garbage collector's thresholds while playouts run (generation 0 collected after this
# many more allocations than releases, the older ones after this many collections of the one
# below): a playout frees nearly everything it makes by reference counting alone.
PLAYOUT_GC_THRESHOLDS = (50_000, 20, 100)


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Leave what exists now (the games' modules, tables and models) out of the garbage
    collector's passes while playouts run (``gc.freeze``), and pass less often: a playout
    makes many short-lived objects, and each pass would walk the live ones again. Undone
    after."""
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(*PLAYOUT_GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def batches(games: int, jobs: int) -> list[tuple[int, int]]:
    """(first, count) runs covering ``range(games)`` in order: a few per job, so that a job
    that drew long games does not leave the others idle at the end."""
    if games == 0:
        return []
    if jobs <= 1:
        return [(0, games)]
    pieces = min(games, jobs * 8)
    bounds = [games * i // pieces for i in range(pieces + 1)]
    return [(bounds[i], bounds[i + 1] - bounds[i]) for i in range(pieces)]


def _start_method() -> multiprocessing.context.BaseContext:
    """fork from a single-threaded process (the command line): the workers start at once with
    the games already loaded. A process with other threads (a test runner's) is never forked,
    as a lock held by another thread would stay locked in the child: forkserver or spawn."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _adopt_games(modules: dict[str, str]) -> None:
    """A worker knows the games its parent knows (a test registers one of its own)."""
    GAME_MODULES.update(modules)


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: str = "0",
    options: dict[str, Any] | None = None,
    check: bool = True,
    policy: Mapping[str, str] | None = None,
    check_every: int = 1,
    jobs: int = 1,
    progress: ProgressHook | None = None,
) -> Summary:
    """``games`` complete games; ``policy`` names the automatic player of each role (``"*"``
    for every role; default random). ``jobs`` > 1 plays them in that many processes; the
    summary is the same as a serial run's (same seeds, merged in order), but for ``seconds``.
    ``progress`` is told the games done and errors so far: after every game when serial,
    after every finished run of games with ``jobs``."""
    game = get_game(game_id)
    by_role = resolve_policies(game, players, options, policy)  # bad names fail here, once
    names = {role: (policy or {}).get(role, (policy or {}).get("*", RANDOM))
             for role in by_role}
    began = time.perf_counter()
    runs = batches(games, jobs)
    args = [(game_id, players, seed, first, count, options, check, check_every, policy)
            for first, count in runs]
    counted = [0, 0]  # games done, errors

    def count(games: int, errors: int) -> None:
        counted[0] += games
        counted[1] += errors
        if progress is not None:
            progress(counted[0], counted[1])

    if len(runs) <= 1:
        results = [play_batch(*a, after_game=lambda failed: count(1, int(failed)))
                   for a in args]
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=_start_method(),
                                 initializer=_adopt_games, initargs=(dict(GAME_MODULES),)) as pool:
            futures: dict[Future[Batch], int] = {
                pool.submit(play_batch, *a): a[4] for a in args}
            for done in as_completed(futures):
                count(futures[done], len(done.result().errors))
            results = [future.result() for future in futures]
    # Every role is listed, a role that never won with 0.
    roles = [info.id for info in game.roles(players, parse_options(game, options))]
    wins: Counter[str] = Counter(dict.fromkeys(roles, 0))
    endings: Counter[str] = Counter()
    errors: list[str] = []
    actions = turns = 0
    for batch in results:
        actions += batch.actions
        turns += batch.turns
        errors += batch.errors
        wins.update(batch.wins)
        endings.update(batch.endings)
    return Summary(
        game=game_id,
        players=players,
        games=games,
        errors=len(errors),
        wins=dict(sorted(wins.items())),
        endings=dict(sorted(endings.items())),
        average_actions=actions / games if games else 0.0,
        average_turns=turns / games if games else 0.0,
        seconds=round(time.perf_counter() - began, 3),
        first_errors=errors[:5],
        policies=names,
    )
