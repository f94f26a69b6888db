"""The real games through the service: a whole game of each, stored action by action."""

from __future__ import annotations

import pytest

from bot.archive import viewer_message
from bot.service import GameService
from engine.core.record import verify
from engine.core.registry import GAME_MODULES, get_game
from engine.core.rng import Rng
from engine.core.runner import state_digest
from tests.service.play import Clock

REAL = [kind for kind in ("freedom", "epireia", "dragons1066", "sixcontinents")
        if kind in GAME_MODULES]


def available(kind: str) -> bool:
    try:
        get_game(kind)
    except ModuleNotFoundError:
        return False
    return True


@pytest.mark.parametrize("kind", REAL)
async def test_a_whole_real_game_through_the_service(
    kind: str, service: GameService
) -> None:
    if not available(kind):
        pytest.skip(f"{kind} is not written yet")
    game = get_game(kind)
    players = 2 if game.min_players <= 2 <= game.max_players else game.min_players
    users = [100 + n for n in range(players)]
    await service.open_lobby(1, 77, kind, users[0], {}, seats=users)
    update = await service.start(77, users[0])
    game_id = update.loaded.id
    chooser = Rng(seed=f"service-{kind}")
    clicks = accepted = undone = 0
    loaded = update.loaded
    while loaded.row.status == "running":
        assert clicks < 5000, "no end in sight"
        role = chooser.choice(sorted(loaded.prompts))
        choice = chooser.choice(loaded.prompts[role].choices).id
        user = loaded.users_of(role)[0]
        update = await service.act(game_id, user, loaded.version, role, choice)
        clicks += 1
        accepted += 1
        loaded = update.loaded
        # Now and then the player takes it back when the rules allow, and plays again.
        if clicks % 7 == 0 and loaded.row.status == "running":
            history = [line for line in await service.log_lines(game_id) if line.choice]
            if history and not history[-1].barrier:
                loaded = (await service.undo(game_id, user)).loaded
                undone += 1
                accepted -= 1
        # Spectators never see a secret: the public view is the same whoever asks.
        if clicks % 25 == 0:
            assert loaded.view(None) == (await service.load(game_id)).view(None)
    assert loaded.row.status == "finished" and update.finished
    assert undone > 0
    record = await service.record(game_id)
    assert verify(record).ok
    # The stored snapshot is exactly where the stored log leads.
    assert loaded.state is not None and loaded.state.actions == accepted == len(record.actions)
    assert record.actions[-1].state_sha256 == state_digest(loaded.state)
    stats = await service.stats(1, users[0])
    assert [k.games for k in stats.kinds] == [1]
    # /game history: the game replayed to a move is the game as it was then, and its board
    # (the real renderer, what changed since the move before glowing) is drawn.
    end = await service.position(1, game_id)
    assert end.moves == accepted and state_digest(end.state) == state_digest(loaded.state)
    middle = await service.position(1, game_id, accepted // 2)
    assert state_digest(middle.state) == record.actions[accepted // 2 - 1].state_sha256
    assert middle.previous is not None and middle.turn_ends[-1] == accepted
    shown = await viewer_message(middle)
    assert shown["attachments"] and f"move {accepted // 2} of {accepted}" in shown["content"]


@pytest.mark.parametrize("kind", REAL)
async def test_a_turn_summary_covers_every_click_of_the_turn(
    kind: str, service: GameService
) -> None:
    """A Freedom! card is played click by click; the board posted when the turn ends must
    tell the whole turn (card, every action, every die), not only the last click."""
    if not available(kind):
        pytest.skip(f"{kind} is not written yet")
    game = get_game(kind)
    users = [200 + n for n in range(game.min_players if game.min_players >= 2 else 2)]
    await service.open_lobby(1, 78, kind, users[0], {}, seats=users)
    update = await service.start(78, users[0])
    game_id, loaded = update.loaded.id, update.loaded
    chooser = Rng(seed=f"summary-{kind}")
    this_turn: list[str] = []  # public lines of every click since the last turn ended
    long_turns = 0
    for _ in range(400):
        if loaded.row.status != "running":
            break
        role = chooser.choice(sorted(loaded.prompts))
        before = len(loaded.state.log) if loaded.state else 0
        update = await service.act(game_id, loaded.users_of(role)[0], loaded.version, role,
                                   chooser.choice(loaded.prompts[role].choices).id)
        loaded = update.loaded
        assert loaded.state is not None
        clicked = [e.text for e in loaded.state.log[before:] if e.visible_to is None]
        this_turn += clicked
        if update.turn_ended:
            assert [e.text for e in update.public_log] == this_turn
            long_turns += len(this_turn) > len(clicked)
            this_turn = []
        else:
            assert [e.text for e in update.public_log] == clicked
    assert long_turns > 0, "no turn of several clicks was played"


TIMED = [("freedom", 2), ("epireia", 1), ("epireia", 4), ("dragons1066", 2), ("dragons1066", 4)]


@pytest.mark.parametrize(("kind", "players"), [t for t in TIMED if t[0] in REAL])
async def test_each_timeout_finishes_the_absent_sides_part(
    kind: str, players: int, service: GameService
) -> None:
    """Under the "pass" policy one timer period is enough for a side's whole part of a
    turn: after each timeout the turn has moved on, or other sides are asked now."""
    if not available(kind):
        pytest.skip(f"{kind} is not written yet")

    clock = service.clock
    assert isinstance(clock, Clock)
    users = [300 + n for n in range(players)]
    await service.open_lobby(1, 79, kind, users[0], {}, seats=users, timeout_hours=1)
    loaded = (await service.start(79, users[0])).loaded
    for _ in range(10):
        if loaded.row.status != "running":
            break
        clock.advance(1)
        update = await service.run_timeout(loaded.id)
        after = update.loaded
        assert after.state is not None and loaded.state is not None
        moved_on = after.state.turn != loaded.state.turn
        assert moved_on or not set(after.prompts) & set(loaded.prompts), (
            f"{sorted(loaded.prompts)} still asked in turn {after.state.turn}"
        )
        loaded = after
