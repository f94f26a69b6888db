"""The fake's gateway: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME,
member chunks, and the events the fake dispatches (INTERACTION_CREATE, role and member
updates). Gateway events are not in the OpenAPI description; their shapes follow
discord.py's parsers and Discord's documentation."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.fakediscord import payloads
from tests.fakediscord.state import FakeRole

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord


class Gateway:
    """One bot connection at a time (a new one replaces the old, as on a reconnect)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.ws: web.WebSocketResponse | None = None
        self.seq = 0

    @property
    def open(self) -> bool:
        return self.ws is not None and not self.ws.closed

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        if self.ws is not None and not self.ws.closed:
            await self.ws.close(code=4000)
        self.ws = ws
        self.fake.connections += 1
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45000}, "s": None,
                                      "t": None}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                await self._op(ws, frame["op"], frame.get("d"))
        finally:
            if self.ws is ws:
                self.ws = None
            self.fake.changed()
        return ws

    async def _op(self, ws: web.WebSocketResponse, op: int, data: Any) -> None:
        if op == 1:  # heartbeat
            await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
        elif op == 2:  # identify
            if data.get("token") != self.fake.token:
                await ws.close(code=4004, message=b"Authentication failed.")
                return
            self.fake.identified += 1
            self.seq = 0  # a new session; a RESUME carries on the old sequence
            await self._send(ws, "READY", {
                "v": 10, "user": {**payloads.user(self.fake.bot_user), "verified": True,
                                  "mfa_enabled": False},
                "guilds": [{"id": str(g), "unavailable": True}
                           for g in [self.fake.guild_id, *self.fake.other_guilds]],
                "session_id": f"session-{self.fake.identified}", "resume_gateway_url":
                    self.fake.gateway_url, "application": {"id": str(self.fake.application_id),
                                                      "flags": 0},
                "private_channels": [], "relationships": [], "user_settings": {},
                "presences": [], "geo_ordered_rtc_regions": [], "guild_join_requests": [],
            })
            for guild_id in [self.fake.guild_id, *self.fake.other_guilds]:
                await self._send(ws, "GUILD_CREATE", self.guild_create(guild_id))
            self.fake.changed()
        elif op == 6:  # resume
            if data.get("token") != self.fake.token or data.get("session_id") != \
                    f"session-{self.fake.identified}":
                await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
                return
            self.fake.resumed += 1
            await self._send(ws, "RESUMED", {})
            self.fake.changed()
        elif op == 8:  # request guild members
            await self._send(ws, "GUILD_MEMBERS_CHUNK", {
                "guild_id": str(self.fake.guild_id),
                "members": [payloads.member(u) for u in self.fake.users.values()],
                "chunk_index": 0, "chunk_count": 1, "nonce": data.get("nonce"),
            })
        elif op in (3, 4):  # presence / voice state: nothing to do
            return
        else:
            self.fake.fail(f"gateway op {op} is not handled by the fake: {data!r:.200}")

    def guild_create(self, guild_id: int) -> dict[str, Any]:
        """The GUILD_CREATE of a server: the first one, or one of `fake.other_guilds` (their
        own channels; the first server's members and roles, @everyone under their id)."""
        fake = self.fake
        first = guild_id == fake.guild_id
        roles = [payloads.role(r) for r in fake.roles.values()]
        if not first:
            everyone = fake.roles[fake.guild_id]
            mine = FakeRole(guild_id, "@everyone", everyone.permissions, position=0)
            roles = [payloads.role(mine), *roles[1:]]  # the first one's @everyone replaced
        channels = [c for c in fake.channels.values() if c.guild_id == guild_id]
        return {
            "id": str(guild_id), "name": fake.guild_name if first else fake.other_guilds[guild_id],
            "icon": None,
            "owner_id": str(self.fake.owner.id), "unavailable": False, "large": False,
            "member_count": len(self.fake.users), "joined_at": payloads.TIMESTAMP,
            "roles": roles,
            "channels": [payloads.channel(c) for c in channels if c.type == 0],
            "threads": [payloads.channel(c) for c in channels if c.type == 11],
            "members": [payloads.member(u) for u in self.fake.users.values()],
            "voice_states": [], "presences": [], "emojis": [], "stickers": [],
            "features": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [], "preferred_locale": "en-US", "system_channel_id": None,
            "premium_tier": 0, "mfa_level": 0, "verification_level": 0,
            "explicit_content_filter": 0, "default_message_notifications": 0,
            "afk_timeout": 300, "afk_channel_id": None, "nsfw_level": 0,
            "application_id": None, "description": None, "banner": None, "splash": None,
            "discovery_splash": None, "vanity_url_code": None, "rules_channel_id": None,
            "public_updates_channel_id": None, "premium_subscription_count": 0,
            "max_members": 500000, "system_channel_flags": 0, "premium_progress_bar_enabled":
                False,
        }

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))

    async def request_reconnect(self) -> None:
        """Ask the client to reconnect (gateway op 7), as Discord does; wait for its RESUME."""
        if self.ws is None or self.ws.closed:
            raise _error("the bot is not connected")
        before = self.fake.resumed
        await self.ws.send_str(json.dumps({"op": 7, "d": None, "s": None, "t": None}))
        await self.fake.wait_for(lambda: self.fake.resumed > before and self.fake.connected,
                                 "the bot to resume its gateway session")

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a gateway event to the connected bot."""
        if self.ws is None or self.ws.closed:
            raise _error(f"cannot dispatch {event}: the bot is not connected")
        await self._send(self.ws, event, data)

    def dispatch_soon(self, event: str, data: dict[str, Any]) -> None:
        asyncio.get_running_loop().create_task(self.dispatch(event, data))


def _error(text: str) -> AssertionError:
    from tests.fakediscord.server import FakeDiscordError
    return FakeDiscordError(text)
