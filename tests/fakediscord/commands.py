"""Build slash-command interaction data from the command tree the bot actually synced."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tests.fakediscord import payloads
from tests.fakediscord.state import (
    Attachment,
    FakeChannel,
    FakeDiscordError,
    FakeRole,
    FakeUser,
)

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
ATTACHMENT = 11


def check_visible(fake: FakeDiscord, top: dict[str, Any], user: FakeUser,
                  channel: FakeChannel) -> None:
    """Refuse what the Discord client would not offer: a command outside its contexts, or
    one whose default member permissions the user lacks (unless the server allowed one of the
    user's roles on it in Integrations: `FakeDiscord.allow_command`)."""

    context = 1 if channel.type == 1 else 0  # BOT_DM or GUILD
    contexts = top.get("contexts")
    if (contexts is not None and context not in contexts) or (
            context == 1 and top.get("dm_permission") is False):
        raise FakeDiscordError(f"Discord does not offer /{top['name']} in this kind of channel")
    required = top.get("default_member_permissions")
    allowed_roles = fake.command_roles.get(top["name"], set())
    if context == 0 and required is not None and not allowed_roles & set(user.role_ids):
        need = int(required)
        have = fake.permissions(user)
        if have & need != need:
            raise FakeDiscordError(f"Discord hides /{top['name']} from {user.name} (needs "
                                   f"permissions {need:#x})")


def command_data(fake: FakeDiscord, command: str, options: dict[str, Any],
                 focused: str | None = None) -> dict[str, Any]:
    """The `data` of an APPLICATION_COMMAND interaction for `/command` with `options`.

    Only commands the bot synced can be run; option names, types, required options and
    choices are checked against the synced definition, as the Discord client does.
    """

    words = command.split()
    guild_cmds = fake.guild_commands.get(fake.guild_id, [])
    found = [(c, True) for c in guild_cmds if c["name"] == words[0] and c.get("type", 1) == 1]
    found += [(c, False) for c in fake.global_commands
              if c["name"] == words[0] and c.get("type", 1) == 1]
    if not found:
        names = sorted(c["name"] for c in fake.commands())
        raise FakeDiscordError(f"the bot did not sync a command /{words[0]} (synced: {names})")
    top, in_guild = found[0]
    data: dict[str, Any] = {"id": top["id"], "name": top["name"], "type": 1}
    if in_guild:
        data["guild_id"] = str(fake.guild_id)
    resolved: dict[str, dict[str, Any]] = {}
    node, holder = top, data
    for word in words[1:]:
        sub = next((o for o in node.get("options", []) if o["name"] == word
                    and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            subs = [o["name"] for o in node.get("options", [])
                    if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise FakeDiscordError(f"/{command}: no subcommand {word!r} (has {subs})")
        entry: dict[str, Any] = {"name": word, "type": sub["type"], "options": []}
        holder.setdefault("options", []).append(entry)
        node, holder = sub, entry
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options", [])):
        raise FakeDiscordError(f"/{command} needs a subcommand")
    defined = {o["name"]: o for o in node.get("options", [])}
    values: list[dict[str, Any]] = []
    for key, value in options.items():
        name = key if key in defined else key.replace("_", "-")
        if name not in defined:
            raise FakeDiscordError(f"/{command} has no option {key!r} (has {sorted(defined)})")
        option = defined[name]
        values.append(_option_value(fake, command, option, value, resolved,
                                    focused=(key == focused)))
    missing = [n for n, o in defined.items() if o.get("required")
               and n not in {v["name"] for v in values}]
    if missing and focused is None:
        raise FakeDiscordError(f"/{command} is missing required options {missing}")
    holder.setdefault("options", []).extend(values)
    if resolved:
        data["resolved"] = resolved
    return data


def _option_value(fake: FakeDiscord, command: str, option: dict[str, Any], value: Any,
                  resolved: dict[str, dict[str, Any]], *, focused: bool) -> dict[str, Any]:

    otype = option["type"]
    out: dict[str, Any] = {"name": option["name"], "type": otype}
    if focused:
        out["value"] = str(value)
        out["focused"] = True
        return out
    if otype == STRING:
        raw: Any = str(value)
    elif otype == INTEGER:
        raw = int(value)
    elif otype == NUMBER:
        raw = float(value)
    elif otype == BOOLEAN:
        raw = bool(value)
    elif otype in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        raw = str(value.id)
        resolved.setdefault("users", {})[raw] = payloads.user(value)
        member = payloads.member(value, with_user=False, permissions=fake.permissions(value))
        resolved.setdefault("members", {})[raw] = member
    elif otype in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        raw = str(value.id)
        resolved.setdefault("roles", {})[raw] = payloads.role(value)
    elif otype == CHANNEL and isinstance(value, FakeChannel):
        raw = str(value.id)
        chan = payloads.channel(value)
        chan["permissions"] = str(fake.permissions(fake.bot_user))
        resolved.setdefault("channels", {})[raw] = chan
    elif otype == ATTACHMENT and isinstance(value, Attachment):
        raw = str(value.id)
        resolved.setdefault("attachments", {})[raw] = payloads.attachment(value, 0, fake.cdn)
    else:
        raise FakeDiscordError(f"/{command}: option {option['name']!r} (type {otype}) cannot "
                               f"take {value!r}")
    choices = option.get("choices")
    if choices and raw not in [c["value"] for c in choices]:
        raise FakeDiscordError(f"/{command}: {raw!r} is not a choice of {option['name']!r} "
                               f"({[c['value'] for c in choices]})")
    bounds: tuple[tuple[str, Callable[[Any], bool]], ...] = (
        ("min_value", lambda b: bool(raw >= b)), ("max_value", lambda b: bool(raw <= b)),
        ("min_length", lambda b: len(raw) >= b), ("max_length", lambda b: len(raw) <= b))
    for bound, ok in bounds:
        if bound in option and not ok(option[bound]):
            raise FakeDiscordError(f"/{command}: {raw!r} breaks {bound}={option[bound]} of "
                                   f"{option['name']!r}")
    out["value"] = raw
    return out
