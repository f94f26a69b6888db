"""What the fake Discord remembers: users, roles, channels, messages, interactions."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
_BASE_MS = 1795000000000 - DISCORD_EPOCH_MS  # a fixed instant in 2026: ids are deterministic


class Snowflakes:
    """Increasing, well-formed snowflake ids (timestamp << 22 | counter)."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self) -> int:
        n = next(self._counter)
        return ((_BASE_MS + n) << 22) | (n & 0xFFF)


# Permission bits used by the platform (https://discord.com/developers/docs/topics/permissions).
class Perm:
    CREATE_INSTANT_INVITE = 1 << 0
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_APPLICATION_COMMANDS = 1 << 31
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 51) - 1

    EVERYONE = (CREATE_INSTANT_INVITE | ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES
                | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS
                | SEND_MESSAGES_IN_THREADS)


@dataclass
class FakeUser:
    id: int
    name: str
    bot: bool = False
    role_ids: list[int] = field(default_factory=list)
    refuses_dms: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 1

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass
class FakeChannel:
    id: int
    name: str
    type: int = 0  # 0 text, 1 DM, 11 public thread
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None  # DM channels
    # False: the bot may not post here (a channel overwrite took Send Messages away); its
    # posts answer 403 50013 Missing Permissions, which the bot must cope with.
    bot_can_send: bool = True

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class FakeMessage:
    """A message as Discord stores it (channel messages, DMs and ephemeral replies)."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    ephemeral_for: int | None = None  # user id when the message is ephemeral
    edits: int = 0
    deleted: bool = False
    loading: bool = False  # a deferred response not yet filled in
    history: list[str] = field(default_factory=list)  # content after each create/edit
    pinged: list[int] = field(default_factory=list)  # users notified when it was created

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    # -- helpers for assertions -----------------------------------------------------------
    def items(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons and selects), in order."""
        found: list[dict[str, Any]] = []

        def walk(nodes: list[dict[str, Any]]) -> None:
            for node in nodes:
                if node.get("type") in (2, 3, 5, 6, 7, 8):
                    found.append(node)
                walk(node.get("components", []))
                if isinstance(node.get("accessory"), dict):
                    walk([node["accessory"]])
        walk(self.components)
        return found

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.items() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.items() if c.get("type") == 3]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.items() if c.get("custom_id") == custom_id), None)

    def button(self, label: str) -> dict[str, Any]:
        """The button whose label is exactly `label` (or contains it, if none is exact)."""
        buttons = self.buttons()
        exact = [b for b in buttons if b.get("label") == label]
        near = exact or [b for b in buttons if label.lower() in str(b.get("label", "")).lower()]
        if not near:
            labels = [b.get("label") for b in buttons]
            raise AssertionError(f"no button {label!r} on message {self.id}; buttons: {labels}")
        return near[0]

    def text(self) -> str:
        """Content plus every embed's visible text and component labels: what a user sees."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [str(embed.get("title", "")), str(embed.get("description", ""))]
            for f in embed.get("fields", []):
                parts += [str(f.get("name", "")), str(f.get("value", ""))]
            if isinstance(embed.get("footer"), dict):
                parts.append(str(embed["footer"].get("text", "")))
            if isinstance(embed.get("author"), dict):
                parts.append(str(embed["author"].get("name", "")))
        for item in self.items():
            parts.append(str(item.get("label", "")))
            parts.append(str(item.get("placeholder", "")))
            for option in item.get("options", []):
                parts += [str(option.get("label", "")), str(option.get("description", ""))]
        parts += self._text_displays(self.components)
        return "\n".join(p for p in parts if p)

    def _text_displays(self, nodes: list[dict[str, Any]]) -> list[str]:
        out: list[str] = []
        for node in nodes:
            if node.get("type") == 10:
                out.append(str(node.get("content", "")))
            out += self._text_displays(node.get("components", []))
        return out

    def images(self) -> list[Attachment]:
        return [a for a in self.attachments if a.content_type.startswith("image/")]


@dataclass
class InteractionRecord:
    """One interaction the fake dispatched and what the bot did with it."""

    id: int
    token: str
    type: int  # 2 command, 3 component
    user_id: int
    channel_id: int
    created: float  # loop time at dispatch
    payload: dict[str, Any]
    message_id: int | None = None  # the message a component lives on
    response_type: int | None = None
    response_ephemeral: bool = False
    original_id: int | None = None  # the message @original refers to
    followup_ids: list[int] = field(default_factory=list)
    original_edited: bool = False
    autocomplete: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None  # 10062 / 40060 when the bot broke the rules

    @property
    def responded(self) -> bool:
        return self.response_type is not None


class FakeDiscordError(AssertionError):
    """The bot broke a Discord rule, or a test asked for something Discord would not allow."""
