"""Each board posted shows what changed since the board before it: the service hands the
turn post (and ``/game board``) the state of that earlier board, kept in the same
transaction as the turn's end and brought back by an undo.

The expected previous board is written down independently here: the spectator view at
every moment a board is posted (the start, and after each write that ended a turn).
"""

from __future__ import annotations

from bot.models import TurnUpdate
from bot.service import GameService, effective_history
from bot.service.boards import replay_boards
from bot.service.history import HistoryItem
from bot.storage import Database, open_database, queries
from bot.storage.snapshots import parse_log, restore
from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.core.runner import Action
from engine.core.view import View
from tests.service.play import BLUE, RED, Clock, move, started_relay

MOD = 99


def previous_view(update: TurnUpdate) -> View | None:
    previous = update.previous_board
    return None if previous is None else update.loaded.game.view(previous, None)


async def test_each_turn_post_gets_the_board_posted_before(service: GameService) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    assert start.previous_board is None  # the first board has nothing to compare with
    posted = [start.loaded.view(None)]
    for user in (RED, BLUE, RED):
        first = await move(service, game_id, user)
        second = await move(service, game_id, user, "move:b")
        # A turn takes several clicks; only its last one posts a board.
        assert not first.turn_ended and not second.turn_ended
        assert first.previous_board is None and second.previous_board is None
        end = await move(service, game_id, user)
        assert end.turn_ended
        assert previous_view(end) == posted[-1]
        assert previous_view(end) != end.loaded.view(None)  # something did change
        posted.append(end.loaded.view(None))


async def test_game_board_compares_with_the_same_board_as_the_turn_post(
    service: GameService,
) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    loaded, previous = await service.with_previous_board(game_id)
    assert previous is None and loaded.version == start.loaded.version
    for choice in ("move:a", "move:a", "move:b"):
        end = await move(service, game_id, RED, choice)
    assert end.turn_ended
    loaded, previous = await service.with_previous_board(game_id)
    assert previous is not None and end.previous_board is not None
    assert loaded.game.view(previous, None) == previous_view(end) == start.loaded.view(None)
    # Mid-turn it is still the board before the turn's post (the moves so far glow too).
    await move(service, game_id, BLUE)
    _, mid_turn = await service.with_previous_board(game_id)
    assert mid_turn is not None
    assert loaded.game.view(mid_turn, None) == start.loaded.view(None)


async def test_an_undone_turn_end_gives_back_the_boards_before_it(service: GameService) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    for choice in ("move:a", "move:a", "move:b"):
        red_end = await move(service, game_id, RED, choice)
    for choice in ("move:a", "move:b", "move:b"):
        blue_end = await move(service, game_id, BLUE, choice)
    assert previous_view(blue_end) == red_end.loaded.view(None)

    # Blue takes back the move that ended the turn (the board of it is posted again,
    # mid-turn: like /game board, compared with the board before Red's turn post).
    undone = await service.undo(game_id, BLUE)
    assert undone.turn_ended
    assert previous_view(undone) == start.loaded.view(None)
    # Blue ends the turn another way: its board is compared with the end of Red's turn,
    # not with the board of the undone end.
    again = await move(service, game_id, BLUE, "move:a")
    assert again.turn_ended and again.loaded.view(None) != blue_end.loaded.view(None)
    assert previous_view(again) == red_end.loaded.view(None)


async def test_moderator_undo_back_to_the_first_turn(service: GameService) -> None:
    start = await started_relay(service)
    game_id = start.loaded.id
    for choice in ("move:a", "move:a", "move:b"):
        await move(service, game_id, RED, choice)
    # A moderator takes back every move down to the middle of Red's first turn.
    for _ in range(2):
        await service.mod_undo(game_id, MOD)
    _, previous = await service.with_previous_board(game_id)
    assert previous is None  # the current board is the first one again
    end = await move(service, game_id, RED, "move:b")
    end = await move(service, game_id, RED, "move:b")
    assert end.turn_ended
    assert previous_view(end) == start.loaded.view(None)


async def test_a_timeout_that_ends_the_turn_posts_against_the_last_board(
    service: GameService, clock: Clock
) -> None:
    start = await started_relay(service, timeout_hours=1)
    game_id = start.loaded.id
    await move(service, game_id, RED)
    clock.advance(2)
    update = await service.run_timeout(game_id)
    assert update.turn_ended and update.loaded.state is not None
    assert update.loaded.state.turn == 1
    assert previous_view(update) == start.loaded.view(None)


async def test_the_last_board_compares_with_the_last_turn_post(service: GameService) -> None:
    start = await started_relay(service, options={"turns": 2, "steps": 1})
    game_id = start.loaded.id
    red = await move(service, game_id, RED)
    blue = await move(service, game_id, BLUE)
    assert blue.finished
    assert previous_view(blue) == red.loaded.view(None)
    _, previous = await service.with_previous_board(game_id)
    assert previous is not None and blue.loaded.game.view(previous, None) == red.loaded.view(None)


async def test_another_process_continues_from_the_stored_board(
    service: GameService, database: str
) -> None:
    """A restart, or a second bot process on the same file, knows the last board."""
    start = await started_relay(service)
    game_id = start.loaded.id
    for choice in ("move:a", "move:a", "move:b"):
        red_end = await move(service, game_id, RED, choice)
    other_db = await open_database(database)
    try:
        other = GameService(other_db, Clock())
        for choice in ("move:b", "move:b", "move:b"):
            blue_end = await move(other, game_id, BLUE, choice)
        assert previous_view(blue_end) == red_end.loaded.view(None)
    finally:
        await other_db.close()
    # The first process reads the board the other one stored.
    _, previous = await service.with_previous_board(game_id)
    assert previous is not None
    assert start.loaded.game.view(previous, None) == red_end.loaded.view(None)


async def test_stored_boards_are_where_the_log_leads(service: GameService, db: Database) -> None:
    """A real game played with undos: after every write the stored boards are those a
    replay of the effective log finds, and each post's previous board is the last post."""
    game = get_game("freedom")
    users = [300, 301]
    await service.open_lobby(1, 90, "freedom", users[0], {}, seats=users)
    update = await service.start(90, users[0])
    game_id = update.loaded.id
    posted = [update.loaded.view(None)]
    chooser = Rng(seed="boards")
    loaded = update.loaded
    for click in range(1, 120):
        role = chooser.choice(sorted(loaded.prompts))
        choice = chooser.choice(loaded.prompts[role].choices).id
        user = loaded.users_of(role)[0]
        update = await service.act(game_id, user, loaded.version, role, choice)
        if update.turn_ended:
            assert previous_view(update) == posted[-1]
            posted.append(update.loaded.view(None))
        if click % 5 == 0 and update.loaded.row.status == "running":
            # A moderator's undo, now and then past a turn's end.
            undone = await service.mod_undo(game_id, MOD)
            if undone.turn_ended:
                posted.pop()
            update = undone
        loaded = update.loaded
        if loaded.row.status != "running":
            break
    assert len(posted) > 3
    async with db.read() as conn:
        seed = await queries.game_seed(conn, game_id)
        history = effective_history(await queries.get_actions(conn, game_id))
        stored = await queries.get_boards(conn, game_id)
        log = parse_log((await queries.games_with_state(conn, [game_id]))[0]["log"])
    assert seed is not None and stored is not None
    replayed = replay_boards(game, seed, 2, {}, history)
    # The boards are stored without their logs: each one's is the first entries of the game's.
    board = restore(game, stored["state"], log[:stored["state_log"]])
    assert game.view(board, None) == posted[-1]
    assert game.view(replayed.state, None) == loaded.view(None)
    assert replayed.state.log == log
    assert board == restore(game, replayed.board, log[:replayed.board_log])
    assert replayed.previous is not None and stored["previous"] is not None
    previous = restore(game, stored["previous"], log[:stored["previous_log"]])
    assert previous == restore(game, replayed.previous, log[:replayed.previous_log])
    assert game.view(previous, None) == posted[-2]


def test_one_write_of_several_turn_ends_posts_one_board() -> None:
    """Steps stored in one write (a timeout's moves, several sides resigning) are followed
    by one post: the replay sees one board there, not one per step."""
    game = get_game("relay")
    options = {"steps": 1, "turns": 5}

    def item(seq: int, role: str, version: int) -> HistoryItem:
        return HistoryItem(seq=seq, action=Action(role=role, choice="move:a"), barrier=False,
                           version=version)

    history = [item(2, "red", 2), item(3, "blue", 3), item(4, "red", 3)]
    replayed = replay_boards(game, "seed", 2, options, history)
    after_first = replay_boards(game, "seed", 2, options, history[:1])
    assert replayed.previous is not None
    log = replayed.state.log  # each board's log is the first entries of the game's
    assert restore(game, replayed.previous, log[:replayed.previous_log]) == after_first.state
    assert restore(game, replayed.board, log[:replayed.board_log]) == replayed.state
    assert after_first.previous is not None
    assert restore(game, after_first.previous, log[:after_first.previous_log]) == (
        replay_boards(game, "seed", 2, options, []).state)
