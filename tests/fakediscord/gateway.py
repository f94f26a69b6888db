"""The fake's gateway: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME,
member chunks, and the events the fake dispatches (INTERACTION_CREATE, role and member
updates). Sharded like Discord: each IDENTIFY names its shard (``[id, count]``), receives
only the servers with ``(guild_id >> 22) % count == id``, and so does every event.
Gateway events are not in the OpenAPI description; their shapes follow
discord.py's parsers and Discord's documentation."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.fakediscord import payloads
from tests.fakediscord.state import FakeDiscordError, FakeRole

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord


@dataclass
class Session:
    """One identified gateway session: one shard (``shard_id`` of ``shard_count``; an
    unsharded client is shard 0 of 1), on its current socket."""

    ws: web.WebSocketResponse
    session_id: str
    shard_id: int = 0
    shard_count: int = 1
    seq: int = 0

    @property
    def open(self) -> bool:
        return not self.ws.closed

    def holds(self, guild_id: int | None) -> bool:
        """Whether this shard receives the events of ``guild_id`` (DMs go to shard 0)."""
        if guild_id is None:
            return self.shard_id == 0
        return shard_of(guild_id, self.shard_count) == self.shard_id


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events to."""
    return (guild_id >> 22) % shard_count


class Gateway:
    """The bot's gateway connections: one per shard (an IDENTIFY with ``shard: [id,
    count]``; without one, shard 0 of 1). A new IDENTIFY for a shard replaces its old
    connection, as on a reconnect; each shard receives only its own servers' events."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[int, Session] = {}  # shard id -> its session

    @property
    def ws(self) -> web.WebSocketResponse | None:
        """The socket of the first open session (an unsharded bot's only one)."""
        session = next((s for s in self.sessions.values() if s.open), None)
        return session.ws if session is not None else None

    @property
    def open(self) -> bool:
        return any(s.open for s in self.sessions.values())

    def open_shards(self) -> list[int]:
        return sorted(i for i, s in self.sessions.items() if s.open)

    def session_for(self, guild_id: int | None) -> Session | None:
        return next((s for s in self.sessions.values() if s.open and s.holds(guild_id)), None)

    def guilds_of(self, session: Session) -> list[int]:
        return [g for g in [self.fake.guild_id, *self.fake.other_guilds] if session.holds(g)]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
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
            self.fake.changed()
        return ws

    async def _op(self, ws: web.WebSocketResponse, op: int, data: Any) -> None:
        if op == 1:  # heartbeat
            await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
        elif op == 2:  # identify
            await self._identify(ws, data)
        elif op == 6:  # resume
            session = next((s for s in self.sessions.values()
                            if s.session_id == data.get("session_id")), None)
            if data.get("token") != self.fake.token or session is None:
                await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
                return
            if session.ws is not ws and not session.ws.closed:
                await session.ws.close(code=4000)
            session.ws = ws  # the session carries on its sequence
            self.fake.resumed += 1
            await self._send(session, "RESUMED", {})
            self.fake.changed()
        elif op == 8:  # request guild members
            session = self._session_of(ws)
            if session is not None:
                await self._send(session, "GUILD_MEMBERS_CHUNK", {
                    "guild_id": str(self.fake.guild_id),
                    "members": [payloads.member(u) for u in self.fake.users.values()],
                    "chunk_index": 0, "chunk_count": 1, "nonce": data.get("nonce"),
                })
        elif op in (3, 4):  # presence / voice state: nothing to do
            return
        else:
            self.fake.fail(f"gateway op {op} is not handled by the fake: {data!r:.200}")

    def _session_of(self, ws: web.WebSocketResponse) -> Session | None:
        return next((s for s in self.sessions.values() if s.ws is ws), None)

    async def _identify(self, ws: web.WebSocketResponse, data: Any) -> None:
        if data.get("token") != self.fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        shard_id, shard_count = data.get("shard") or [0, 1]
        if not (isinstance(shard_id, int) and isinstance(shard_count, int)
                and 0 <= shard_id < shard_count):
            await ws.close(code=4010, message=b"Invalid shard.")
            self.fake.fail(f"IDENTIFY with an invalid shard {data.get('shard')!r}")
            return
        self.fake.identified += 1
        old = self.sessions.get(shard_id)
        if old is not None and old.ws is not ws and not old.ws.closed:
            await old.ws.close(code=4000)  # the shard connected again: the old one goes
        session = Session(ws, f"session-{self.fake.identified}", shard_id, shard_count)
        self.sessions[shard_id] = session
        guilds = self.guilds_of(session)
        await self._send(session, "READY", {
            "v": 10, "user": {**payloads.user(self.fake.bot_user), "verified": True,
                              "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.session_id, "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(self.fake.application_id), "flags": 0},
            "shard": [shard_id, shard_count],
            "private_channels": [], "relationships": [], "user_settings": {},
            "presences": [], "geo_ordered_rtc_regions": [], "guild_join_requests": [],
        })
        for guild_id in guilds:
            await self._send(session, "GUILD_CREATE", self.guild_create(guild_id))
        self.fake.changed()

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

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        await session.ws.send_str(json.dumps({"op": 0, "t": event, "s": session.seq,
                                              "d": data}))

    async def request_reconnect(self) -> None:
        """Ask the client to reconnect (gateway op 7), as Discord does; wait for its RESUME
        (of the first open session: an unsharded bot's only one)."""
        session = next((s for s in self.sessions.values() if s.open), None)
        if session is None:
            raise _error("the bot is not connected")
        before = self.fake.resumed
        await session.ws.send_str(json.dumps({"op": 7, "d": None, "s": None, "t": None}))
        await self.fake.wait_for(lambda: self.fake.resumed > before and self.fake.connected,
                                 "the bot to resume its gateway session")

    async def dispatch(self, event: str, data: dict[str, Any],
                       guild_id: int | None = None) -> None:
        """Send a gateway event to the shard that holds ``guild_id`` (none: a direct
        message's or the bot's own, which Discord sends to shard 0)."""
        session = self.session_for(guild_id)
        if session is None:
            raise _error(f"cannot dispatch {event}: no shard of the bot that receives "
                         f"guild {guild_id} is connected")
        await self._send(session, event, data)

    def dispatch_soon(self, event: str, data: dict[str, Any],
                      guild_id: int | None = None) -> None:
        asyncio.get_running_loop().create_task(self.dispatch(event, data, guild_id))


def _error(text: str) -> AssertionError:
    return FakeDiscordError(text)
