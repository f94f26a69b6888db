"""The fake's REST API: one method per Discord operation (named by the spec's operationId)."""

from __future__ import annotations

import asyncio
import json
import mimetypes
import re
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord import payloads
from tests.fakediscord.spec import SpecError
from tests.fakediscord.state import Attachment, FakeChannel, FakeMessage, InteractionRecord

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

Json = Any
Files = dict[int, tuple[str, bytes]]
EPHEMERAL = 1 << 6
CONTENT_LIMIT = 2000  # Discord's documented limit for message content sent by bots
EMBED_TOTAL_LIMIT = 6000
COMPONENTS_V2 = 1 << 15
_FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


class ApiError(Exception):
    """An error answer, shaped as Discord's `{"code": ..., "message": ...}`."""

    def __init__(self, status: int, code: int, message: str, *, rule_broken: bool = False
                 ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.rule_broken = rule_broken  # the bot did something real Discord rejects


class Request:
    """One parsed REST request."""

    def __init__(self, raw: web.Request, params: dict[str, str], body: Json, files: Files
                 ) -> None:
        self.raw, self.params, self.body, self.files = raw, params, body, files

    def flag(self, name: str) -> bool:
        return self.raw.query.get(name, "").lower() in ("1", "true")


class RestApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    # -- plumbing ------------------------------------------------------------------------------
    async def handle(self, raw: web.Request) -> web.Response:
        fake = self.fake
        path = "/" + raw.match_info["tail"]
        label = f"{raw.method} {path}"
        op = fake.spec.match(raw.method, path)
        if op is None:
            fake.fail(f"unknown route {label}")
            return _respond(404, {"message": "404: Not Found", "code": 0})
        handler = getattr(self, "op_" + op.operation_id, None)
        if handler is None:
            fake.fail(f"{label} ({op.operation_id}) is a real route the fake does not serve")
            return _respond(404, {"message": "404: Not Found", "code": 0})
        needs_token = not path.startswith(("/webhooks/", "/interactions/"))
        if needs_token and raw.headers.get("Authorization") != f"Bot {fake.token}":
            fake.fail(f"{label} without the bot token")
            return _respond(401, {"message": "401: Unauthorized", "code": 0})
        try:
            body, files, multipart = await _read_body(raw)
            fake.spec.validate_request(op, body, multipart=multipart)
            _check_limits(body)
        except SpecError as error:
            fake.fail(str(error))
            fake.requests.append(f"{label} -> 400 (invalid body)")
            return _respond(400, {"code": 50035, "message": "Invalid Form Body", "errors": {}})
        params = _params(op.template, path)
        try:
            status, answer = await handler(Request(raw, params, body, files))
        except ApiError as error:
            if error.rule_broken:
                fake.fail(f"{label}: {error.code} {error.message}")
            status, answer = error.status, {"code": error.code, "message": error.message}
        try:
            fake.spec.validate_response(op, status, answer)
        except SpecError as error:
            fake.fail(f"the fake's own answer is invalid: {error}")
        fake.requests.append(f"{label} -> {status}")
        fake.changed()
        return _respond(status, answer)

    # -- identity ------------------------------------------------------------------------------
    async def op_get_my_user(self, req: Request) -> tuple[int, Json]:
        return 200, {**payloads.user(self.fake.bot_user), "mfa_enabled": False,
                     "locale": "en-US", "verified": True}

    async def op_get_bot_gateway(self, req: Request) -> tuple[int, Json]:
        """Where to connect and how many shards to run (``fake.shard_count``): what an
        AutoShardedClient without a shard count asks."""
        return 200, {"url": self.fake.gateway_url, "shards": self.fake.shard_count,
                     "session_start_limit": {"total": 1000, "remaining": 1000,
                                             "reset_after": 0, "max_concurrency": 1}}

    async def op_get_user(self, req: Request) -> tuple[int, Json]:
        user = self.fake.users.get(int(req.params["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return 200, payloads.user(user)

    async def op_get_my_oauth2_application(self, req: Request) -> tuple[int, Json]:
        fake = self.fake
        return 200, {
            "id": str(fake.application_id), "name": "Strategos", "icon": None,
            "description": "Strategy board games", "type": None, "verify_key": "0" * 64,
            "flags": 0, "flags_new": "0", "redirect_uris": [], "interactions_endpoint_url":
                None, "role_connections_verification_url": None,
            "owner": payloads.user(fake.owner), "approximate_guild_count": 1,
            "approximate_user_install_count": 0, "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0, "team": None, "eligible_oauth2_scopes": [],
            "bot_public": True, "bot_require_code_grant": False,
            "bot": payloads.user(fake.bot_user), "summary": "", "tags": [],
        }

    # -- application commands -------------------------------------------------------------------
    async def op_bulk_set_application_commands(self, req: Request) -> tuple[int, Json]:
        self.fake.global_commands = self._store_commands(req.body, self.fake.global_commands,
                                                         None)
        return 200, self.fake.global_commands

    async def op_bulk_set_guild_application_commands(self, req: Request) -> tuple[int, Json]:
        guild_id = int(req.params["guild_id"])
        self._known_guild(guild_id)
        old = self.fake.guild_commands.get(guild_id, [])
        self.fake.guild_commands[guild_id] = self._store_commands(req.body, old, guild_id)
        return 200, self.fake.guild_commands[guild_id]

    async def op_list_application_commands(self, req: Request) -> tuple[int, Json]:
        return 200, self.fake.global_commands

    async def op_list_guild_application_commands(self, req: Request) -> tuple[int, Json]:
        return 200, self.fake.guild_commands.get(int(req.params["guild_id"]), [])

    def _store_commands(self, body: list[dict[str, Any]], old: list[dict[str, Any]],
                        guild_id: int | None) -> list[dict[str, Any]]:
        self._check_application(self.fake, None)
        names = [(c["name"], c.get("type", 1)) for c in body]
        if len(names) != len(set(names)):
            raise ApiError(400, 50035, "Application command names must be unique",
                           rule_broken=True)
        previous = {(c["name"], c["type"]): c["id"] for c in old}
        stored = []
        for cmd in body:
            ctype = cmd.get("type", 1)
            out = {k: v for k, v in cmd.items() if v is not None}
            out.update({
                "id": previous.get((cmd["name"], ctype)) or str(self.fake.ids.next()),
                "application_id": str(self.fake.application_id), "version":
                    str(self.fake.ids.next()), "type": ctype,
                "description": cmd.get("description", ""),
                # discord.py sends an integer; Discord answers with a string of digits.
                "default_member_permissions": None if cmd.get("default_member_permissions")
                is None else str(cmd["default_member_permissions"]),
            })
            if guild_id is not None:
                out["guild_id"] = str(guild_id)
            stored.append(out)
        return stored

    # -- guild data ------------------------------------------------------------------------------
    def _known_guild(self, guild_id: int) -> None:
        if guild_id != self.fake.guild_id:
            raise ApiError(404, 10004, "Unknown Guild")

    async def op_get_guild_member(self, req: Request) -> tuple[int, Json]:
        self._known_guild(int(req.params["guild_id"]))
        user = self.fake.users.get(int(req.params["user_id"]))
        if user is None:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, payloads.member(user)

    async def op_list_guild_roles(self, req: Request) -> tuple[int, Json]:
        self._known_guild(int(req.params["guild_id"]))
        return 200, [payloads.role(r) for r in self.fake.roles.values()]

    async def op_get_channel(self, req: Request) -> tuple[int, Json]:
        chan = self._channel(req)
        recipient = self.fake.users.get(chan.recipient_id or 0)
        return 200, payloads.channel(chan, recipient)

    async def op_create_dm(self, req: Request) -> tuple[int, Json]:
        fake = self.fake
        user = fake.users.get(int(req.body["recipient_id"]))
        if user is None or user.bot:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return 200, payloads.channel(fake.dm_channel(user), user)

    # -- channel messages ------------------------------------------------------------------------
    def _channel(self, req: Request) -> FakeChannel:
        chan = self.fake.channels.get(int(req.params["channel_id"]))
        if chan is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return chan

    def _channel_message(self, req: Request) -> FakeMessage:
        chan = self._channel(req)
        msg = self.fake.messages.get(int(req.params["message_id"]))
        if msg is None or msg.deleted or msg.channel_id != chan.id or msg.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def op_create_message(self, req: Request) -> tuple[int, Json]:
        chan = self._channel(req)
        if chan.type == 1:
            recipient = self.fake.users[chan.recipient_id or 0]
            if recipient.refuses_dms:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif not chan.bot_can_send:
            raise ApiError(403, 50013, "Missing Permissions")
        if req.body.get("flags", 0) & EPHEMERAL:
            raise ApiError(400, 50035, "Only interaction responses can be ephemeral",
                           rule_broken=True)
        hold = self.fake.holds.get(chan.id)
        if hold is not None:  # a test keeps the bot waiting here (fake.hold_posts)
            self.fake.held.append(chan.id)
            self.fake.changed()
            await hold.wait()
        msg = self._create(chan.id, req.body, req.files, ephemeral_for=None)
        return 200, self._out(msg)

    async def op_create_thread_from_message(self, req: Request) -> tuple[int, Json]:
        chan = self._channel(req)
        msg = self._channel_message(req)
        if chan.type != 0:
            raise ApiError(400, 50024, "Cannot execute action on this channel type",
                           rule_broken=True)
        if msg.id in self.fake.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message",
                           rule_broken=True)
        if not self.fake.bot_can_create_threads:
            raise ApiError(403, 50013, "Missing Permissions")
        thread = self.fake.add_thread(chan, str(req.body["name"]), thread_id=msg.id)
        return 201, payloads.channel(thread)

    async def op_get_message(self, req: Request) -> tuple[int, Json]:
        return 200, self._out(self._channel_message(req))

    async def op_list_messages(self, req: Request) -> tuple[int, Json]:
        chan = self._channel(req)
        limit = int(req.raw.query.get("limit", "50"))
        msgs = list(reversed(self.fake.channel_messages(chan.id)))[:limit]
        return 200, [self._out(m) for m in msgs]

    async def op_update_message(self, req: Request) -> tuple[int, Json]:
        msg = self._channel_message(req)
        if msg.author_id != self.fake.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user",
                           rule_broken=True)
        self._edit(msg, req.body, req.files)
        return 200, self._out(msg)

    async def op_delete_message(self, req: Request) -> tuple[int, Json]:
        msg = self._channel_message(req)
        msg.deleted = True
        return 204, None

    # -- interactions ----------------------------------------------------------------------------
    async def op_create_interaction_response(self, req: Request) -> tuple[int, Json]:
        fake = self.fake
        record = fake.interactions.get(int(req.params["interaction_id"]))
        if record is None or record.token != req.params["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction", rule_broken=True)
        if record.responded:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.",
                           rule_broken=True)
        late = asyncio.get_running_loop().time() - record.created
        fake.latencies.append(late)
        deadline = fake.deadline_now()
        if late > deadline:
            record.error = "10062"
            raise ApiError(404, 10062, f"Unknown interaction (answered after {late:.2f} s, "
                           f"allowed {deadline:.2f} s)", rule_broken=True)
        rtype = req.body["type"]
        data = req.body.get("data") or {}
        message: FakeMessage | None = None
        if rtype in (4, 5):
            if record.type == 4:
                raise ApiError(400, 50035, "autocomplete must be answered with type 8",
                               rule_broken=True)
            ephemeral_for = record.user_id if data.get("flags", 0) & EPHEMERAL else None
            body = data if rtype == 4 else {"flags": data.get("flags", 0)}
            message = self._create(record.channel_id, body, req.files,
                                   ephemeral_for=ephemeral_for, record=record,
                                   loading=(rtype == 5))
            record.original_id = message.id
            record.response_ephemeral = ephemeral_for is not None
        elif rtype in (6, 7):
            if record.type != 3 or record.message_id is None:
                raise ApiError(400, 40004, f"response type {rtype} needs a component "
                               "interaction", rule_broken=True)
            message = fake.messages[record.message_id]
            record.original_id = message.id
            record.response_ephemeral = message.ephemeral
            if rtype == 7:
                self._edit(message, data, req.files)
        elif rtype == 8:
            if record.type != 4:
                raise ApiError(400, 50035, "type 8 answers autocomplete only", rule_broken=True)
            record.autocomplete = list(data.get("choices", []))
        else:
            raise ApiError(400, 50035, f"the fake does not support response type {rtype}",
                           rule_broken=True)
        record.response_type = rtype
        if not req.flag("with_response"):
            return 204, None
        answer: dict[str, Any] = {"interaction": {"id": str(record.id), "type": record.type}}
        if message is not None:
            answer["interaction"].update({
                "response_message_id": str(message.id),
                "response_message_loading": message.loading,
                "response_message_ephemeral": message.ephemeral})
            if rtype in (4, 7):  # the spec has no resource for deferrals
                answer["resource"] = {"type": rtype, "message": self._out(message)}
        return 200, answer

    def _record(self, req: Request) -> InteractionRecord:
        if int(req.params["webhook_id"]) != self.fake.application_id:
            raise ApiError(404, 10015, "Unknown Webhook", rule_broken=True)
        record = self.fake.by_token.get(req.params["webhook_token"])
        if record is None:
            raise ApiError(404, 10015, "Unknown Webhook", rule_broken=True)
        if not record.responded:
            raise ApiError(404, 10015, "Unknown Webhook (the interaction was not answered)",
                           rule_broken=True)
        return record

    def _original(self, record: InteractionRecord) -> FakeMessage:
        if record.original_id is None:
            raise ApiError(404, 10008, "Unknown Message", rule_broken=True)
        msg = self.fake.messages[record.original_id]
        if msg.deleted:
            raise ApiError(404, 10008, "Unknown Message", rule_broken=True)
        return msg

    async def op_execute_webhook(self, req: Request) -> tuple[int, Json]:
        record = self._record(req)
        original = self.fake.messages.get(record.original_id or 0)
        if record.response_type == 5 and original is not None and original.loading:
            # The first follow-up after a deferral fills in the "thinking…" message.
            self._edit(original, req.body, req.files)
            original.pinged = _pinged(original.content, req.body.get("allowed_mentions"))
            record.original_edited = True
            msg = original
        else:
            ephemeral_for = record.user_id if req.body.get("flags", 0) & EPHEMERAL else None
            msg = self._create(record.channel_id, req.body, req.files,
                               ephemeral_for=ephemeral_for, record=record)
            record.followup_ids.append(msg.id)
        if not req.flag("wait"):
            return 204, None
        return 200, self._out(msg)

    async def op_get_original_webhook_message(self, req: Request) -> tuple[int, Json]:
        return 200, self._out(self._original(self._record(req)))

    async def op_update_original_webhook_message(self, req: Request) -> tuple[int, Json]:
        record = self._record(req)
        msg = self._original(record)
        self._edit(msg, req.body, req.files)
        record.original_edited = True
        return 200, self._out(msg)

    async def op_delete_original_webhook_message(self, req: Request) -> tuple[int, Json]:
        self._original(self._record(req)).deleted = True
        return 204, None

    def _webhook_message(self, req: Request) -> FakeMessage:
        record = self._record(req)
        mid = int(req.params["message_id"])
        if mid != record.original_id and mid not in record.followup_ids:
            raise ApiError(404, 10008, "Unknown Message", rule_broken=True)
        msg = self.fake.messages[mid]
        if msg.deleted:
            raise ApiError(404, 10008, "Unknown Message", rule_broken=True)
        return msg

    async def op_get_webhook_message(self, req: Request) -> tuple[int, Json]:
        return 200, self._out(self._webhook_message(req))

    async def op_update_webhook_message(self, req: Request) -> tuple[int, Json]:
        msg = self._webhook_message(req)
        self._edit(msg, req.body, req.files)
        return 200, self._out(msg)

    async def op_delete_webhook_message(self, req: Request) -> tuple[int, Json]:
        self._webhook_message(req).deleted = True
        return 204, None

    # -- messages --------------------------------------------------------------------------------
    def _create(self, channel_id: int, body: dict[str, Any], files: Files, *,
                ephemeral_for: int | None, record: InteractionRecord | None = None,
                loading: bool = False) -> FakeMessage:
        fake = self.fake
        flags = body.get("flags") or 0
        msg = FakeMessage(id=fake.ids.next(), channel_id=channel_id,
                          author_id=fake.bot_user.id, flags=flags, ephemeral_for=ephemeral_for,
                          loading=loading)
        if record is not None:
            msg.webhook_id = fake.application_id
            msg.application_id = fake.application_id
            msg.interaction_id = record.id
            msg.type = 20 if record.type == 2 else 0
        if loading:
            msg.flags |= 1 << 7  # LOADING
        else:
            self._fill(msg, body, files)
            msg.pinged = _pinged(msg.content, body.get("allowed_mentions"))
        fake.messages[msg.id] = msg
        if ephemeral_for is None:
            fake.channel_log.setdefault(channel_id, []).append(msg.id)
        else:
            fake.ephemeral_log.setdefault(ephemeral_for, []).append(msg.id)
        return msg

    def _edit(self, msg: FakeMessage, body: dict[str, Any], files: Files) -> None:
        if msg.loading:
            msg.loading = False
            msg.flags &= ~(1 << 7)
        else:
            msg.edits += 1
        self._fill(msg, body, files, editing=True)

    def _fill(self, msg: FakeMessage, body: dict[str, Any], files: Files, *,
              editing: bool = False) -> None:
        for key in ("content", "embeds", "components"):
            if key in body:
                value = body[key]
                setattr(msg, key, value if value is not None else ("" if key == "content"
                                                                   else []))
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & (EPHEMERAL | (1 << 7))
            msg.flags = (body["flags"] & ~EPHEMERAL) | keep
        if "attachments" in body and body["attachments"] is not None:
            keep_ids = {str(a["id"]) for a in body["attachments"] if isinstance(a["id"], str)}
            kept = [a for a in msg.attachments if str(a.id) in keep_ids]
            msg.attachments = kept + self._new_attachments(body["attachments"], files)
        elif files:
            msg.attachments = msg.attachments + self._new_attachments([], files)
        _check_components_unique(msg)
        _number_components(msg.components)
        msg.history.append(msg.content)
        if not editing and not (msg.content or msg.embeds or msg.components or msg.attachments):
            raise ApiError(400, 50006, "Cannot send an empty message", rule_broken=True)

    def _new_attachments(self, listed: list[dict[str, Any]], files: Files) -> list[Attachment]:
        by_index = {a["id"]: a for a in listed if isinstance(a["id"], int)}
        for index in by_index:
            if index not in files:
                raise ApiError(400, 50035, f"attachments[].id {index} has no files[{index}]",
                               rule_broken=True)
        out = []
        for index, (filename, data) in sorted(files.items()):
            meta = by_index.get(index, {})
            name = meta.get("filename") or filename
            ctype = mimetypes.guess_type(name)[0] or "application/octet-stream"
            out.append(Attachment(self.fake.ids.next(), name, data, ctype,
                                  meta.get("description")))
        return out

    def _out(self, msg: FakeMessage) -> Json:
        return payloads.message(msg, self.fake.users[msg.author_id], self.fake.cdn)

    @staticmethod
    def _check_application(fake: FakeDiscord, app_id: int | None) -> None:
        if app_id is not None and app_id != fake.application_id:
            raise ApiError(403, 50001, "Missing Access", rule_broken=True)


def _pinged(content: str, allowed: dict[str, Any] | None) -> list[int]:
    """The users a new message notifies: its user mentions that `allowed_mentions` lets
    through (without it, every mention pings). Role and @everyone pings are not modelled."""
    mentioned = [int(m) for m in re.findall(r"<@!?(\d+)>", content)]
    if allowed is None:
        return list(dict.fromkeys(mentioned))
    listed = {int(u) for u in allowed.get("users") or []}
    parse_all = "users" in (allowed.get("parse") or [])
    return list(dict.fromkeys(m for m in mentioned if parse_all or m in listed))


def _number_components(components: list[dict[str, Any]]) -> None:
    """Discord gives every component of a stored message a numeric id (1, 2, … depth first)."""
    counter = 0
    taken = set()

    def walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        found = []
        for node in nodes:
            found.append(node)
            found += walk(node.get("components", []))
            if isinstance(node.get("accessory"), dict):
                found += walk([node["accessory"]])
        return found
    every = walk(components)
    taken = {n["id"] for n in every if isinstance(n.get("id"), int)}
    for node in every:
        if not isinstance(node.get("id"), int):
            counter += 1
            while counter in taken:
                counter += 1
            node["id"] = counter


def _check_components_unique(msg: FakeMessage) -> None:
    ids = [c["custom_id"] for c in msg.items() if "custom_id" in c]
    if len(ids) != len(set(ids)):
        raise ApiError(400, 50035, f"Component custom id cannot be duplicated: {ids}",
                       rule_broken=True)


def _check_limits(body: Json) -> None:
    """Discord's documented limits that the spec does not encode."""
    if not isinstance(body, dict):
        return
    for holder in (body, body.get("data") if isinstance(body.get("data"), dict) else None):
        if not holder:
            continue
        content = holder.get("content")
        if isinstance(content, str) and len(content) > CONTENT_LIMIT:
            raise SpecError(f"content is {len(content)} characters; Discord allows "
                            f"{CONTENT_LIMIT}")
        total = sum(_embed_text(e) for e in holder.get("embeds") or [])
        if total > EMBED_TOTAL_LIMIT:
            raise SpecError(f"embeds hold {total} characters; Discord allows "
                            f"{EMBED_TOTAL_LIMIT} in all")
        components = holder.get("components") or []
        v2 = (holder.get("flags") or 0) & COMPONENTS_V2
        if not v2 and len(components) > 5:
            raise SpecError(f"{len(components)} action rows; Discord allows 5")


def _embed_text(embed: dict[str, Any]) -> int:
    """Characters counted towards the 6000 limit: title, description, field names and
    values, footer text and author name."""
    parts = [embed.get("title"), embed.get("description")]
    parts += [f.get(k) for f in embed.get("fields") or [] for k in ("name", "value")]
    parts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    return sum(len(p) for p in parts if isinstance(p, str))


async def _read_body(raw: web.Request) -> tuple[Json, Files, bool]:
    ctype = raw.headers.get("Content-Type", "")
    if ctype.startswith("multipart/form-data"):
        payload: Json = None
        files: Files = {}
        reader = await raw.multipart()
        async for part in reader:
            name = getattr(part, "name", None) or ""
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(data)
            elif match := _FILE_FIELD.match(name):
                files[int(match.group(1))] = (getattr(part, "filename", None) or name, data)
            else:
                raise SpecError(f"unexpected multipart field {name!r}")
        if payload is None:
            raise SpecError("multipart request without payload_json")
        if any(n >= 10 for n in files):
            raise SpecError("at most 10 files (files[0]..files[9])")
        return payload, files, True
    text = await raw.text()
    if not text:
        return None, {}, False
    if not ctype.startswith("application/json"):
        raise SpecError(f"body sent as {ctype!r}")
    return json.loads(text), {}, False


def _params(template: str, path: str) -> dict[str, str]:
    out = {}
    for name, value in zip(template.split("/"), path.split("/"), strict=True):
        if name.startswith("{"):
            out[name[1:-1]] = value
    return out


def _respond(status: int, body: Json) -> web.Response:
    if status == 204 or body is None:
        return web.Response(status=status)
    return web.Response(status=status, body=json.dumps(body).encode(),
                        headers={"Content-Type": "application/json"})
