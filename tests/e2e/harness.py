"""Driving the real Strategos bot through the fake Discord, the way players would.

`Strategos` starts, stops and restarts the bot from `bot.app.create_bot(settings)` on one
database with an injected clock. `Table` plays through the UI the bot actually sends:
lobby buttons, **Take turn**, and the choice buttons and select menus of the prompts.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.app import create_bot
from bot.client import StrategosBot
from bot.settings import Settings
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, RunningClient

CHOICE_PREFIXES = ("sg:c:", "sg:s:")
GAME_OVER = "Seed revealed"


class Clock:
    """The bot's clock in tests: stands still until told to move."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


class Strategos:
    """The real bot, connected to the fake; restartable on the same database."""

    def __init__(self, fake: FakeDiscord, database: Path, clock: Clock | None = None,
                 **settings: Any) -> None:
        self.fake = fake
        self.clock = clock or Clock()
        self.settings = Settings(database=database, timer_interval=3600, **settings)
        self.running: RunningClient | None = None
        self.starts = 0
        self.failures: list[BaseException] = []

    @property
    def bot(self) -> StrategosBot:
        assert self.running is not None, "the bot is not running"
        client = self.running.client
        assert isinstance(client, StrategosBot)
        return client

    async def start(self) -> StrategosBot:
        client = create_bot(self.settings, clock=self.clock)
        self.running = RunningClient(self.fake, client)
        await self.running.start()
        self.starts += 1
        return client

    async def stop(self) -> None:
        if self.running is not None:
            client = self.running.client
            await self.running.stop()
            self.failures += getattr(client, "failures", [])
            self.running = None

    async def restart(self) -> StrategosBot:
        await self.stop()
        return await self.start()


def choice_items(message: FakeMessage) -> list[dict[str, Any]]:
    """The choice buttons and select menus of a turn prompt (not page or role switches)."""
    return [c for c in message.items()
            if str(c.get("custom_id", "")).startswith(CHOICE_PREFIXES)]


def offered(message: FakeMessage) -> list[tuple[dict[str, Any], str | None]]:
    """Every choice on a prompt, in the order ``Table.choose`` counts them: each button
    (with None), then each option of each menu (with its value)."""
    items = choice_items(message)
    options: list[tuple[dict[str, Any], str | None]] = [
        (c, None) for c in items if c["type"] == 2]
    options += [(c, o["value"]) for c in items if c["type"] == 3 for o in c["options"]]
    return options


def choice_id(component: dict[str, Any], value: str | None) -> str:
    """The game's choice id behind a button (the end of its custom id) or a menu option."""
    return value if value is not None else str(component["custom_id"]).split(":", 6)[6]


def choice_ids(message: FakeMessage) -> list[str]:
    """The game's choice ids on a prompt, in ``Table.choose``'s order."""
    return [choice_id(component, value) for component, value in offered(message)]


def mentioned(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"<@!?(\d+)>", text)]


@dataclass
class Table:
    """Players at one channel, playing through the buttons the bot sends."""

    fake: FakeDiscord
    host: FakeUser
    players: list[FakeUser]
    lobby: FakeMessage | None = None
    channel: FakeChannel | None = None  # the game's channel or thread (default: general)
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    actions: int = 0
    private_texts: set[str] = field(default_factory=set)  # private views the players saw

    async def open(self, game: str, options: str | None = None, **extra: Any) -> FakeMessage:
        """`/game new`; returns the lobby message in the channel.

        With typed `options` (or none to choose) the lobby opens at once; otherwise the
        host gets the ephemeral options step and presses **Open lobby** with the defaults.
        """
        kwargs: dict[str, Any] = {"game": game, **extra}
        if options is not None:
            kwargs["options"] = options
        ix = await self.fake.slash(self.host, "game new", in_channel=self.channel, **kwargs)
        lobby = ix.response
        assert lobby is not None, ix.text()
        if lobby.ephemeral:
            lobby = (await self.fake.click(self.host, lobby, label="Open lobby")).response
            assert lobby is not None
        assert not lobby.ephemeral and lobby in self.messages(), lobby.text()
        self.lobby = lobby
        return lobby

    async def gather(self) -> FakeMessage:
        """Everyone but the host presses Join; the host presses Start; returns the first board."""
        assert self.lobby is not None
        for user in self.players:
            if user is not self.host:
                await self.fake.click(user, self.lobby, label="Join")
        mark = self.fake.cursor()
        await self.fake.click(self.host, self.lobby, label="Start")
        return await self.fake.wait_for_message(self.channel, after=mark, where=is_board,
                                                what="the first board")

    def messages(self) -> list[FakeMessage]:
        return self.fake.channel_messages(self.channel)

    def board(self) -> FakeMessage:
        """The newest message with a **Take turn** button."""
        boards = [m for m in self.messages() if is_board(m)]
        assert boards, "no board with a Take turn button in the channel"
        return boards[-1]

    def over(self) -> FakeMessage | None:
        ends = [m for m in self.messages() if GAME_OVER in m.text()]
        return ends[-1] if ends else None

    async def prompt(self, user: FakeUser) -> FakeMessage:
        """Press **Take turn**: the ephemeral prompt the bot answers with."""
        ix = await self.fake.click(user, self.board(), label="Take turn")
        message = ix.response
        assert message is not None and message.ephemeral, "Take turn must answer ephemerally"
        return message

    async def choose(self, user: FakeUser, prompt: FakeMessage, pick: int | None = None
                     ) -> FakeMessage:
        """Make one legal choice offered on `prompt` (random if `pick` is None)."""
        current = self.fake.message(prompt)
        items = choice_items(current)
        assert items, f"no choices on the prompt: {current.text()[:300]}"
        self.private_texts.update(str(e.get("description", "")) for e in current.embeds)
        options = offered(current)
        component, value = options[self.rng.randrange(len(options)) if pick is None else pick]
        if value is None:
            await self.fake.click(user, prompt, component["custom_id"])
        else:
            await self.fake.select(user, prompt, component["custom_id"], [value])
        self.actions += 1
        return self.fake.message(prompt)

    def choices_left(self, prompt: FakeMessage) -> bool:
        return bool(choice_items(self.fake.message(prompt)))

    async def play_out(self, max_actions: int = 5000, stop_after: int | None = None
                       ) -> FakeMessage | None:
        """Play until the game ends, each player always choosing a legal option the bot sent.

        Whoever the bot says it is waiting for takes their turn next; if nobody it names has
        anything to choose, everyone is asked (that must find someone, or the game is stuck).
        With `stop_after`, returns None once that many choices were made (possibly in the
        middle of a turn: a restart there must not lose the turn's earlier choices).
        """
        by_id = {u.id: u for u in self.players}
        queue: list[FakeUser] = list(self.players)
        while (end := self.over()) is None:
            if stop_after is not None and self.actions >= stop_after:
                return None
            progressed = False
            waiting: list[FakeUser] = []
            for user in queue:
                prompt = await self.prompt(user)
                while choice_items(self.fake.message(prompt)) and self.over() is None:
                    if stop_after is not None and self.actions >= stop_after:
                        return None
                    await self.choose(user, prompt)
                    progressed = True
                    assert self.actions <= max_actions, "the game did not end"
                if self.over() is not None:
                    break
                text = self.fake.message(prompt).text()
                waiting += [by_id[i] for i in mentioned(text) if i in by_id
                            and by_id[i] not in waiting]
            if not progressed and queue != self.players:
                queue = list(self.players)
                continue
            assert progressed or self.over() is not None, \
                "nobody had anything to choose, yet the game is not over"
            queue = waiting or list(self.players)
        return end


def assert_private_stays_private(fake: FakeDiscord, private_texts: set[str]) -> None:
    """No message anyone can see (channel or DM) shows a private view the bot sent a player."""
    visible = [m.text() for m in fake.all_visible_messages()]
    for private in private_texts:
        if len(private) < 40:  # too short to tell a leak from a coincidence
            continue
        for text in visible:
            assert private not in text, f"a private view appears in a public message: " \
                                        f"{private[:200]!r}"
    for text in visible:
        assert "your view as" not in text and "Your hand" not in text


def is_board(message: FakeMessage) -> bool:
    """A board post: the picture and **Take turn** (a reminder or a "your turn" note within
    a turn has the button but no picture)."""
    return bool(message.images()) and any(b.get("label") == "Take turn"
                                          for b in message.buttons())
