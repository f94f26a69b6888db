"""A fake Discord (gateway + REST on 127.0.0.1) for offline end-to-end tests."""

from tests.fakediscord.client import RunningClient, errors_fail, pointed_at, watch_client
from tests.fakediscord.server import FakeDiscord, Interaction
from tests.fakediscord.state import (
    Attachment,
    FakeChannel,
    FakeDiscordError,
    FakeMessage,
    FakeRole,
    FakeUser,
    Perm,
)

__all__ = [
    "Attachment", "FakeChannel", "FakeDiscord", "FakeDiscordError", "FakeMessage", "FakeRole",
    "FakeUser", "Interaction", "Perm", "RunningClient", "errors_fail", "pointed_at",
    "watch_client",
]
