"""JSON objects shaped as Discord sends them (checked against the spec where it has them)."""

from __future__ import annotations

from typing import Any

from tests.fakediscord.state import (
    Attachment,
    FakeChannel,
    FakeMessage,
    FakeRole,
    FakeUser,
)

TIMESTAMP = "2026-11-22T00:00:00.000000+00:00"


def user(u: FakeUser) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(u.id), "username": u.name, "avatar": None, "discriminator": "0",
        "public_flags": 0, "flags": 0, "global_name": u.name.title(), "primary_guild": None,
    }
    if u.bot:
        data["bot"] = True
    return data


def member(u: FakeUser, *, with_user: bool = True, permissions: int | None = None
           ) -> dict[str, Any]:
    data: dict[str, Any] = {
        "avatar": None, "banner": None, "communication_disabled_until": None, "flags": 0,
        "joined_at": TIMESTAMP, "nick": None, "pending": False, "premium_since": None,
        "roles": [str(r) for r in u.role_ids], "deaf": False, "mute": False,
    }
    if with_user:
        data["user"] = user(u)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def role(r: FakeRole) -> dict[str, Any]:
    return {
        "id": str(r.id), "name": r.name, "description": None, "permissions": str(r.permissions),
        "position": r.position, "color": 0, "colors": {"primary_color": 0,
                                                       "secondary_color": None,
                                                       "tertiary_color": None},
        "hoist": False, "managed": False, "mentionable": True, "icon": None,
        "unicode_emoji": None, "flags": 0,
    }


def channel(c: FakeChannel, recipient: FakeUser | None = None) -> dict[str, Any]:
    if c.type == 1:
        assert recipient is not None
        return {"id": str(c.id), "type": 1, "last_message_id": None, "flags": 0,
                "recipients": [user(recipient)]}
    data: dict[str, Any] = {
        "id": str(c.id), "type": c.type, "name": c.name, "position": 0, "flags": 0,
        "permission_overwrites": [], "nsfw": False, "topic": None, "last_message_id": None,
        "rate_limit_per_user": 0, "parent_id": str(c.parent_id) if c.parent_id else None,
    }
    if c.guild_id is not None:
        data["guild_id"] = str(c.guild_id)
    if c.type in (10, 11, 12):
        data["owner_id"] = "0"
        data["member_count"] = 1
        data["message_count"] = 0
        data["total_message_sent"] = 0
        data["thread_metadata"] = {"archived": False, "auto_archive_duration": 1440,
                                   "archive_timestamp": TIMESTAMP, "locked": False,
                                   "create_timestamp": TIMESTAMP}
        data.pop("permission_overwrites")
        data.pop("position")
        data.pop("topic")
        data.pop("nsfw")
    return data


CDN = "https://cdn.discordapp.com"  # replaced by the fake's own address once it listens


def attachment(a: Attachment, channel_id: int, cdn: str = CDN) -> dict[str, Any]:
    url = f"{cdn}/attachments/{channel_id}/{a.id}/{a.filename}"
    data: dict[str, Any] = {"id": str(a.id), "filename": a.filename, "size": a.size,
                            "url": url, "proxy_url": url, "content_type": a.content_type}
    if a.description:
        data["description"] = a.description
    return data


def message(m: FakeMessage, author: FakeUser, cdn: str = CDN) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(m.id), "channel_id": str(m.channel_id), "type": m.type,
        "content": m.content, "author": user(author), "mentions": [], "mention_roles": [],
        "attachments": [attachment(a, m.channel_id, cdn) for a in m.attachments],
        "embeds": m.embeds, "components": m.components, "timestamp": TIMESTAMP,
        "edited_timestamp": TIMESTAMP if m.edits else None, "flags": m.flags,
        "pinned": False, "mention_everyone": False, "tts": False,
    }
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
    if m.application_id is not None:
        data["application_id"] = str(m.application_id)
    return data
