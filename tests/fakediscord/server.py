"""The fake Discord: an aiohttp server on 127.0.0.1 speaking the gateway and the REST API.

The unmodified discord.py client connects to it (see `tests.fakediscord.client`). Tests drive
it as users would: `await fake.slash(alice, "game new", game="duel")`, `await fake.click(bob,
message, label="Join")`, and read what the bot did: `fake.channel_messages(channel)`,
`fake.ephemeral(alice)`, `fake.dms(bob)`.

Strict like Discord: every REST request and every response is validated against the official
API description; a second response to an interaction is error 40060, a response later than
3 seconds is error 10062, an unknown route fails the test. Such protocol violations are
collected in `fake.failures`; waiting helpers raise at once when one appears, and the
fixtures fail the test at teardown if any remain.
"""

from __future__ import annotations

import asyncio
import contextlib
import mimetypes
import os
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from tests.fakediscord import payloads
from tests.fakediscord.commands import check_visible, command_data
from tests.fakediscord.gateway import Gateway, shard_of
from tests.fakediscord.rest import RestApi
from tests.fakediscord.spec import DiscordSpec, load_spec
from tests.fakediscord.state import (
    Attachment,
    FakeChannel,
    FakeDiscordError,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
    Perm,
    Snowflakes,
)

T = TypeVar("T")

DEFAULT_WAIT = 60.0  # a guard against hangs, never an assertion about speed (a loaded
# 2-core machine takes over 20 s for the end of a long game: its replay draws ~60 boards)
# Names discord.py gives the tasks that run interaction handlers.
HANDLER_TASKS = ("discord-ui-view-dispatch", "discord-ui-dynamic-item", "CommandTree-invoker",
                 "discord.py: interaction")
BOT_PERMISSIONS = (Perm.EVERYONE | Perm.MANAGE_MESSAGES | Perm.MENTION_EVERYONE
                   | Perm.ADD_REACTIONS)


class FakeDiscord:
    """One guild, its users, roles and channels, a bot account, and the traffic between them."""

    def __init__(self, *, spec: DiscordSpec | None = None, response_deadline: float = 3.0
                 ) -> None:
        self.spec = spec or load_spec()
        self.response_deadline = response_deadline
        self.ids = Snowflakes()
        self.gateway = Gateway(self)
        self.identified = 0
        self.token = "fake." + secrets.token_urlsafe(24)
        self.bot_user = FakeUser(self.ids.next(), "strategos", bot=True)
        self.application_id = self.bot_user.id
        self.guild_id = self.ids.next()
        self.guild_name = "Strategos Test Server"
        # Further servers (id -> name) with the same members, roles and permissions as the
        # first: only their channels are their own (a player's games on several servers).
        self.other_guilds: dict[int, str] = {}
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.roles: dict[int, FakeRole] = {
            self.guild_id: FakeRole(self.guild_id, "@everyone", Perm.EVERYONE, position=0)}
        bot_role = self.add_role("Strategos", BOT_PERMISSIONS)
        self.bot_user.role_ids.append(bot_role.id)
        self.owner = self.add_user("owner")
        self.channels: dict[int, FakeChannel] = {}
        self.general = self.add_channel("general")
        self.messages: dict[int, FakeMessage] = {}
        self.channel_log: dict[int, list[int]] = {}
        self.ephemeral_log: dict[int, list[int]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        # Server Settings → Integrations: top-level command name -> roles allowed to use it.
        self.command_roles: dict[str, set[int]] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.failures: list[str] = []
        self.requests: list[str] = []
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.uploads: dict[int, Attachment] = {}
        self.latencies: list[float] = []  # seconds from dispatch to each first response
        # False: the bot lacks Create Public Threads (its thread creations answer 403 50013).
        self.bot_can_create_threads = True
        self.changes = 0
        # Channels whose new messages wait until the test sets the event (hold_posts), and
        # the channel of each post held so far.
        self.holds: dict[int, asyncio.Event] = {}
        self.held: list[int] = []
        # What GET /gateway/bot recommends (the shards of a bot that asks).
        self.shard_count = 1
        self.connections = 0
        self.resumed = 0
        self._changed: asyncio.Condition | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.rest = RestApi(self)

    # -- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> None:
        self._changed = asyncio.Condition()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._cdn)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server
        self.port = server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for event in self.holds.values():
            event.set()  # held requests end, so the server can shut down
        for session in list(self.gateway.sessions.values()):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def cdn(self) -> str:
        """Where attachment URLs point (the fake serves the files it stores)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def connected(self) -> bool:
        return self.gateway.open and self.identified > 0

    # -- the world ------------------------------------------------------------------------------
    def add_user(self, name: str, *, roles: list[FakeRole] | None = None,
                 refuses_dms: bool = False) -> FakeUser:
        u = FakeUser(self.ids.next(), name, role_ids=[r.id for r in roles or []],
                     refuses_dms=refuses_dms)
        self.users[u.id] = u
        if self.connected:
            self._dispatch_soon("GUILD_MEMBER_ADD",
                                {**payloads.member(u), "guild_id": str(self.guild_id)})
        return u

    def add_role(self, name: str, permissions: int = 0) -> FakeRole:
        r = FakeRole(self.ids.next(), name, permissions, position=len(self.roles))
        self.roles[r.id] = r
        if self.connected:
            self._dispatch_soon("GUILD_ROLE_CREATE",
                                {"guild_id": str(self.guild_id), "role": payloads.role(r)})
        return r

    def give_role(self, user: FakeUser, role: FakeRole) -> None:
        if role.id not in user.role_ids:
            user.role_ids.append(role.id)
        if self.connected:
            self._dispatch_soon("GUILD_MEMBER_UPDATE",
                                {**payloads.member(user), "guild_id": str(self.guild_id)})

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> int:
        """Another server the bot and every user are in; its channels: `add_channel(name,
        guild_id=...)`. Interactions there carry its id; members, roles and permissions are
        those of the first server. ``shard=(id, count)``: a server whose events go to that
        shard of a bot running ``count`` shards."""
        guild_id = self.ids.next()
        while shard is not None and shard_of(guild_id, shard[1]) != shard[0]:
            guild_id = self.ids.next()
        self.other_guilds[guild_id] = name
        if self.connected:
            self._dispatch_soon("GUILD_CREATE", self.gateway.guild_create(guild_id))
        return guild_id

    def add_channel(self, name: str, *, guild_id: int | None = None) -> FakeChannel:
        c = FakeChannel(self.ids.next(), name, type=0, guild_id=guild_id or self.guild_id)
        self.channels[c.id] = c
        if self.connected:
            self._dispatch_soon("CHANNEL_CREATE", payloads.channel(c))
        return c

    def add_thread(self, parent: FakeChannel, name: str, thread_id: int | None = None
                   ) -> FakeChannel:
        """A public thread of ``parent`` (``thread_id``: a message's, for a thread started
        from that message, which on Discord takes its id)."""
        c = FakeChannel(thread_id or self.ids.next(), name, type=11, guild_id=self.guild_id,
                        parent_id=parent.id)
        self.channels[c.id] = c
        if self.connected:
            self._dispatch_soon("THREAD_CREATE", {**payloads.channel(c), "newly_created": True})
        return c

    def hold_posts(self, channel: FakeChannel) -> asyncio.Event:
        """From now on a message the bot posts in ``channel`` is not answered until the
        returned event is set (a slow Discord: the bot waits in the middle of its work)."""
        event = self.holds[channel.id] = asyncio.Event()
        return event

    def allow_command(self, command: str, role: FakeRole) -> None:
        """What a server owner sets in Server Settings → Integrations: members with `role`
        may use the top-level `command` whatever its default member permissions."""
        self.command_roles.setdefault(command, set()).add(role.id)

    def permissions(self, user: FakeUser) -> int:
        """Guild-level permissions of a member (no channel overwrites in the fake)."""
        if user.id == self.owner.id:
            return Perm.ALL
        perms = self.roles[self.guild_id].permissions
        for role_id in user.role_ids:
            perms |= self.roles[role_id].permissions
        return Perm.ALL if perms & Perm.ADMINISTRATOR else perms

    # -- reading what the bot did -----------------------------------------------------------------
    def channel_messages(self, channel: FakeChannel | int | None = None) -> list[FakeMessage]:
        """Messages everyone sees in a channel (never ephemeral ones), oldest first."""
        cid = _id(channel) if channel is not None else self.general.id
        return [self.messages[m] for m in self.channel_log.get(cid, [])
                if not self.messages[m].deleted]

    def ephemeral(self, user: FakeUser) -> list[FakeMessage]:
        """Ephemeral messages only `user` sees, oldest first."""
        return [self.messages[m] for m in self.ephemeral_log.get(user.id, [])
                if not self.messages[m].deleted]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """Direct messages the bot sent to `user`."""
        cid = self.dm_channels.get(user.id)
        return self.channel_messages(cid) if cid is not None else []

    def message(self, message: FakeMessage | int) -> FakeMessage:
        """The current state of a stored message."""
        return self.messages[_id(message)]

    def all_visible_messages(self) -> list[FakeMessage]:
        """Every non-ephemeral message in every channel and DM."""
        return [m for ids in self.channel_log.values() for i in ids
                if not (m := self.messages[i]).deleted]

    def commands(self, guild: bool | None = None) -> list[dict[str, Any]]:
        """The command tree the bot synced (global, guild, or both)."""
        if guild is None:
            return self.global_commands + self.guild_commands.get(self.guild_id, [])
        return self.guild_commands.get(self.guild_id, []) if guild else self.global_commands

    def cursor(self) -> int:
        """A marker: messages created after it have larger ids."""
        return self.ids.next()

    # -- strictness -------------------------------------------------------------------------------
    def fail(self, problem: str) -> None:
        self.failures.append(problem)
        self.changed()

    def take_failures(self) -> list[str]:
        """Remove and return the recorded failures (for tests that provoke them on purpose)."""
        out, self.failures = self.failures, []
        return out

    def check(self) -> None:
        """Raise if the bot broke a rule or left an interaction unanswered."""
        for record in self.interactions.values():
            if not record.responded and record.error is None:
                record.error = "never acknowledged"
                self.failures.append(
                    f"interaction {record.id} ({_describe(record)}) was never acknowledged")
        if self.failures:
            raise FakeDiscordError("the fake Discord saw problems:\n- "
                                   + "\n- ".join(self.failures))

    def changed(self) -> None:
        self.changes += 1
        if self._changed is not None:
            cond = self._changed

            async def notify() -> None:
                async with cond:
                    cond.notify_all()
            asyncio.get_running_loop().create_task(notify())

    def deadline_now(self) -> float:
        """Discord's 3 s to answer an interaction, stretched on a machine busier than its
        cores (load average / cores): the rule is about the bot's work, and a test run that
        shares two cores with other work would otherwise fail for the machine's sake."""
        try:
            busy = os.getloadavg()[0] / (os.cpu_count() or 1)
        except OSError:  # no load average on this system
            busy = 1.0
        return self.response_deadline * max(1.0, busy)

    async def wait_for(self, predicate: Callable[[], T | None], what: str,
                       timeout: float = DEFAULT_WAIT) -> T:
        """Wait until `predicate()` is truthy; raise at once on a recorded failure."""
        assert self._changed is not None, "fake not started"
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        async with self._changed:
            while True:
                if self.failures:
                    self.check()
                value = predicate()
                if value:
                    return value
                left = end - loop.time()
                if left <= 0:
                    recent = "\n  ".join(self.requests[-15:])
                    raise TimeoutError(f"timed out waiting for {what}; recent requests:\n  "
                                       f"{recent}")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), timeout=min(left, 0.5))

    async def wait_for_message(self, channel: FakeChannel | int | None = None, *,
                               after: int = 0,
                               where: Callable[[FakeMessage], bool] | None = None,
                               what: str = "a channel message") -> FakeMessage:
        """The first channel message with id > `after` (see `cursor()`) matching `where`."""
        def find() -> FakeMessage | None:
            for m in self.channel_messages(channel):
                if m.id > after and not m.loading and (where is None or where(m)):
                    return m
            return None
        return await self.wait_for(find, what)

    async def wait_for_dm(self, user: FakeUser, *, after: int = 0,
                          where: Callable[[FakeMessage], bool] | None = None) -> FakeMessage:
        def find() -> FakeMessage | None:
            for m in self.dms(user):
                if m.id > after and (where is None or where(m)):
                    return m
            return None
        return await self.wait_for(find, f"a DM to {user.name}")

    # -- the gateway (tests.fakediscord.gateway) ------------------------------------------------
    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a gateway event to the connected bot (the shard of the event's server)."""
        await self.gateway.dispatch(event, data, _guild_of(event, data))

    async def request_reconnect(self) -> None:
        """Ask the client to reconnect (gateway op 7), as Discord does; wait for its RESUME."""
        await self.gateway.request_reconnect()

    def _dispatch_soon(self, event: str, data: dict[str, Any]) -> None:
        self.gateway.dispatch_soon(event, data, _guild_of(event, data))

    def upload(self, filename: str, data: bytes) -> Attachment:
        """A file a user attaches to a slash command (an option of type ATTACHMENT)."""
        ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        attachment = Attachment(self.ids.next(), filename, data, ctype)
        self.uploads[attachment.id] = attachment
        return attachment

    async def _cdn(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["attachment"])
        found = self.uploads.get(aid) or next(
            (a for m in self.messages.values() for a in m.attachments if a.id == aid), None)
        if found is None or found.filename != request.match_info["filename"]:
            self.fail(f"download of an unknown attachment {request.path}")
            return web.Response(status=404)
        return web.Response(body=found.data, content_type=found.content_type)

    async def _unknown(self, request: web.Request) -> web.Response:
        self.fail(f"unknown route {request.method} {request.path}")
        return web.Response(status=404, body=b'{"message": "404: Not Found", "code": 0}',
                            content_type="application/json")

    # -- interactions: the driver API for tests ------------------------------------------------
    async def slash(self, user: FakeUser, command: str, /, *,
                    in_channel: FakeChannel | None = None, settle: bool = True,
                    **options: Any) -> Interaction:
        """Run `/command` as `user`: "game new" is the `new` subcommand of `game`.

        Keyword arguments are the command's options (`_` may stand for `-` in names); users,
        roles and channels are passed as FakeUser / FakeRole / FakeChannel. The call returns
        once the bot has answered (and filled in a deferred answer) unless `settle=False`.
        """
        data = command_data(self, command, options)
        channel = in_channel or self.general
        check_visible(self, self._command(data), user, channel)
        return await self._interact(user, 2, data, channel, None, settle)

    def _command(self, data: dict[str, Any]) -> dict[str, Any]:
        return next(c for c in self.commands() if c["id"] == data["id"])

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The direct-message channel between `user` and the bot (created when needed)."""
        cid = self.dm_channels.get(user.id)
        if cid is None:
            chan = FakeChannel(self.ids.next(), f"dm-{user.name}", type=1, recipient_id=user.id)
            self.channels[chan.id] = chan
            self.dm_channels[user.id] = cid = chan.id
        return self.channels[cid]

    async def autocomplete(self, user: FakeUser, command: str, focused: str, value: str, /, *,
                           in_channel: FakeChannel | None = None, **options: Any
                           ) -> list[dict[str, Any]]:
        """The choices the bot suggests while `user` types `value` into option `focused`."""
        data = command_data(self, command, {**options, focused: value}, focused=focused)
        ix = await self._interact(user, 4, data, in_channel or self.general, None, settle=True)
        assert ix.record.response_type == 8, "autocomplete must be answered with type 8"
        return ix.record.autocomplete

    async def click(self, user: FakeUser, message: FakeMessage | int,
                    custom_id: str | None = None, /, *, label: str | None = None,
                    settle: bool = True) -> Interaction:
        """Press a button the bot sent (by custom id or label)."""
        msg = self._clickable(user, message)
        if custom_id is None:
            if label is None:
                raise FakeDiscordError("click needs a custom_id or a label")
            custom_id = str(msg.button(label)["custom_id"])
        component = msg.component(custom_id)
        if component is None or component.get("type") != 2:
            raise FakeDiscordError(f"message {msg.id} has no button {custom_id!r}; it has "
                                   f"{[c.get('custom_id') for c in msg.items()]}")
        if component.get("disabled"):
            raise FakeDiscordError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(user, 3, data, self.channels[msg.channel_id], msg, settle)

    async def select(self, user: FakeUser, message: FakeMessage | int, custom_id: str,
                     values: list[str], *, settle: bool = True) -> Interaction:
        """Choose `values` in a string select menu the bot sent."""
        msg = self._clickable(user, message)
        component = msg.component(custom_id)
        if component is None or component.get("type") != 3:
            raise FakeDiscordError(f"message {msg.id} has no string select {custom_id!r}")
        if component.get("disabled"):
            raise FakeDiscordError(f"select {custom_id!r} is disabled")
        allowed = [o["value"] for o in component.get("options", [])]
        unknown = [v for v in values if v not in allowed]
        lo, hi = component.get("min_values", 1), component.get("max_values", 1)
        if unknown or not lo <= len(values) <= hi:
            raise FakeDiscordError(f"select {custom_id!r} cannot take {values}: options "
                                   f"{allowed}, between {lo} and {hi} values")
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._interact(user, 3, data, self.channels[msg.channel_id], msg, settle)

    def _clickable(self, user: FakeUser, message: FakeMessage | int) -> FakeMessage:
        msg = self.messages.get(_id(message))
        if msg is None or msg.deleted:
            raise FakeDiscordError(f"message {_id(message)} does not exist (any more)")
        if msg.ephemeral_for is not None and msg.ephemeral_for != user.id:
            raise FakeDiscordError(f"{user.name} cannot see ephemeral message {msg.id}")
        if msg.author_id != self.bot_user.id:
            raise FakeDiscordError("only messages the bot sent carry its components")
        return msg

    async def _interact(self, user: FakeUser, itype: int, data: dict[str, Any],
                        channel: FakeChannel, message: FakeMessage | None, settle: bool
                        ) -> Interaction:
        if not self.connected:
            raise FakeDiscordError("the bot is not connected to the gateway")
        iid = self.ids.next()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.application_id), "type": itype,
            "data": data, "channel_id": str(channel.id), "token": token, "version": 1,
            "locale": user.locale, "entitlements": [], "attachment_size_limit": 26214400,
            "app_permissions": str(self.permissions(self.bot_user)), "context": 0 if
            channel.guild_id else 1,
            "authorizing_integration_owners": {"0": str(channel.guild_id or self.guild_id)},
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
            payload["guild_locale"] = "en-US"
            payload["guild"] = {"id": str(channel.guild_id), "locale": "en-US", "features": []}
            payload["channel"] = payloads.channel(channel)
            payload["member"] = payloads.member(user, permissions=self.permissions(user))
        else:
            payload["channel"] = payloads.channel(channel, self.users[channel.recipient_id or 0])
            payload["user"] = payloads.user(user)
        if message is not None:
            payload["message"] = payloads.message(message, self.users[message.author_id],
                                                  self.cdn)
        loop = asyncio.get_running_loop()
        record = InteractionRecord(id=iid, token=token, type=itype, user_id=user.id,
                                   channel_id=channel.id, created=loop.time(), payload=payload,
                                   message_id=message.id if message else None)
        self.interactions[iid] = record
        self.by_token[token] = record
        await self.dispatch("INTERACTION_CREATE", payload)
        ix = Interaction(self, record)
        await self.wait_for(lambda: record.responded or record.error,
                            f"the bot to answer {_describe(record)}")
        if settle:
            await self.idle()
            if not ix.settled():  # a deferral filled in later, outside the handler
                await self.wait_for(ix.settled, f"the bot to fill in its deferred answer to "
                                    f"{_describe(record)}")
        return ix

    async def idle(self, timeout: float = DEFAULT_WAIT) -> None:
        """Wait until discord.py has no interaction handler running (the bot's reaction is
        complete: e.g. the board posted after the prompt was updated)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        current = asyncio.current_task()
        while True:
            busy = [t for t in asyncio.all_tasks() if t is not current and not t.done()
                    and t.get_name().startswith(HANDLER_TASKS)]
            if not busy:
                break
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"the bot is still busy: {[t.get_name() for t in busy]}")
            await asyncio.wait(busy, timeout=left)
        if self.failures:
            self.check()


class Interaction:
    """A test's handle on one interaction and the messages it produced."""

    def __init__(self, fake: FakeDiscord, record: InteractionRecord) -> None:
        self.fake = fake
        self.record = record

    @property
    def response(self) -> FakeMessage | None:
        """The message @original refers to (the reply, or the clicked message when updated)."""
        oid = self.record.original_id
        return self.fake.messages[oid] if oid is not None else None

    @property
    def followups(self) -> list[FakeMessage]:
        return [self.fake.messages[i] for i in self.record.followup_ids]

    @property
    def messages(self) -> list[FakeMessage]:
        """Every message this interaction created or edited (original first)."""
        out = [m for m in [self.response] if m is not None]
        return out + [m for m in self.followups if m not in out]

    @property
    def ephemeral(self) -> bool:
        return self.record.response_ephemeral

    def text(self) -> str:
        return "\n".join(m.text() for m in self.messages)

    def settled(self) -> bool:
        """The reply is complete: not a deferral still waiting for its content."""
        r = self.record
        if r.error is not None:
            return True
        if r.response_type == 5:  # "thinking…" until a follow-up or an edit fills it in
            return bool(r.original_id and not self.fake.messages[r.original_id].loading)
        return r.response_type is not None

    async def wait(self, predicate: Callable[[Interaction], bool], what: str) -> None:
        await self.fake.wait_for(lambda: predicate(self), what)


def _guild_of(event: str, data: dict[str, Any]) -> int | None:
    """The server an event belongs to (its shard receives it); None: shard 0's."""
    if "guild_id" in data:
        return int(data["guild_id"])
    return int(data["id"]) if event == "GUILD_CREATE" else None


def _id(obj: FakeMessage | FakeChannel | FakeUser | int) -> int:
    return obj if isinstance(obj, int) else obj.id


def _describe(record: InteractionRecord) -> str:
    data = record.payload["data"]
    if record.type == 3:
        return f"click on {data['custom_id']!r}"
    return f"/{data['name']}" + "".join(f" {o['name']}" for o in data.get("options", [])
                                        if o.get("type") in (1, 2))

