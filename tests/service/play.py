"""Helpers shared by the storage and service tests: a settable clock and Duel games."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.models import LoadedGame, TurnUpdate
from bot.service import GameService

GUILD = 100
NORTH, SOUTH, OTHER = 1, 2, 3


class Clock:
    """A clock the test moves by hand (no sleeping, no timed assertions)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


async def started_duel(
    service: GameService,
    channel: int = 10,
    north: int = NORTH,
    south: int = SOUTH,
    options: dict[str, object] | None = None,
    **lobby: object,
) -> TurnUpdate:
    """A running Duel in ``channel``: ``north`` hosts and plays North, ``south`` plays South."""
    await service.open_lobby(GUILD, channel, "duel", north, options or {}, **lobby)  # type: ignore[arg-type]
    await service.choose_role(channel, north, "north")
    await service.join(channel, south, "south")
    return await service.start(channel, north)


def first_choice(loaded: LoadedGame, role: str) -> str:
    return loaded.prompts[role].choices[0].id


async def play_card(service: GameService, game_id: int, user: int, role: str) -> TurnUpdate:
    """``user`` plays the lowest card ``role`` holds, at the current version."""
    loaded = await service.load(game_id)
    return await service.act(game_id, user, loaded.version, role, first_choice(loaded, role))


async def play_out(service: GameService, game_id: int) -> TurnUpdate:
    """Both sides play their lowest card until the game ends."""
    loaded = await service.load(game_id)
    update: TurnUpdate | None = None
    while loaded.row.status == "running":
        role = sorted(loaded.prompts)[0]
        user = loaded.users_of(role)[0]
        update = await service.act(
            game_id, user, loaded.version, role, first_choice(loaded, role)
        )
        loaded = update.loaded
    assert update is not None
    return update


RED, BLUE = NORTH, SOUTH


async def started_relay(
    service: GameService,
    channel: int = 30,
    users: tuple[int, ...] = (RED, BLUE),
    options: dict[str, object] | None = None,
    **lobby: object,
) -> TurnUpdate:
    """A running Relay (tests/service/relay.py): the first user plays Red, the second Blue."""
    lobby.setdefault("table", len(users))  # one side each: a table of one is solo
    await service.open_lobby(GUILD, channel, "relay", users[0], options or {}, **lobby)  # type: ignore[arg-type]
    await service.choose_role(channel, users[0], "red")
    if len(users) > 1:
        await service.join(channel, users[1], "blue")
    return await service.start(channel, users[0])


async def move(service: GameService, game_id: int, user: int, choice: str = "move:a"
               ) -> TurnUpdate:
    """``user`` makes one move of the side whose turn it is (one they hold)."""
    loaded = await service.load(game_id)
    (role,) = [r for r in loaded.prompts if r in loaded.roles_of(user)]
    return await service.act(game_id, user, loaded.version, role, choice)
