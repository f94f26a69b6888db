"""Game options on Discord: which values each option can take, and parsing ``key=value`` text.

The domains come from the game's pydantic ``Options`` model (its JSON schema), so a new
game's options appear in ``/game new`` autocomplete and in the lobby's select menus
without any code here. Only options with a small finite domain (booleans, enums and
integer ranges of at most 25 values) get a select menu; any option can be typed.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from engine.core.errors import BadOptions

MAX_CHOICES = 25
# Options the platform sets, never a player: the rules revision a game started under.
NOT_CHOSEN = frozenset({"revision"})


def choosable(schema: dict[str, Any]) -> dict[str, Any]:
    """The options a player may choose: the schema's properties but the platform's own."""
    return {k: v for k, v in schema.get("properties", {}).items() if k not in NOT_CHOSEN}


def _resolve(schema: dict[str, Any], prop: dict[str, Any]) -> dict[str, Any]:
    ref = prop.get("$ref")
    if ref is None and len(prop.get("allOf", [])) == 1:
        ref = prop["allOf"][0].get("$ref")
    if ref:
        name = ref.rsplit("/", 1)[-1]
        merged = dict(schema.get("$defs", {}).get(name, {}))
        merged.update({k: v for k, v in prop.items() if k not in ("$ref", "allOf")})
        return merged
    return prop


def domain(schema: dict[str, Any], prop: dict[str, Any]) -> list[Any] | None:
    """The values an option may take, if they are few; None when free or too many."""
    prop = _resolve(schema, prop)
    if "enum" in prop:
        values = list(prop["enum"])
    elif "const" in prop:
        values = [prop["const"]]
    elif prop.get("type") == "boolean":
        values = [True, False]
    elif prop.get("type") == "integer" and "minimum" in prop and "maximum" in prop:
        values = list(range(int(prop["minimum"]), int(prop["maximum"]) + 1))
    else:
        return None
    return values if 0 < len(values) <= MAX_CHOICES else None


def option_domains(options: type[BaseModel]) -> dict[str, list[Any]]:
    """Option name -> its possible values, for options with a small finite domain."""
    schema = options.model_json_schema()
    found = {}
    for name, prop in choosable(schema).items():
        values = domain(schema, prop)
        if values is not None:
            found[name] = values
    return found


def option_help(options: type[BaseModel]) -> dict[str, str]:
    """Option name -> a short description (title/description from the model)."""
    schema = options.model_json_schema()
    return {
        name: str(prop.get("description") or prop.get("title") or name)
        for name, prop in choosable(schema).items()
    }


def show(value: Any) -> str:
    """A value as typed in ``key=value`` text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("yes", "true", "on"):
        return True
    if lowered in ("no", "false", "off"):
        return False
    try:
        return json.loads(text)
    except ValueError:
        return text.strip()


def parse_options_text(text: str | None, options: type[BaseModel]) -> dict[str, Any]:
    """``"rounds_to_win=3, timeout_policy=resign"`` -> a dict; unknown names are refused."""
    known = choosable(options.model_json_schema())
    result: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name or not value.strip():
            raise BadOptions(f"Write options as name=value, e.g. {example(options)}; not {part!r}.")
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise BadOptions(f"There is no option {name!r}. Options: {names}.")
        result[name] = parse_value(value)
    return result


def example(options: type[BaseModel]) -> str:
    domains = option_domains(options)
    if not domains:
        return "name=value"
    name, values = next(iter(domains.items()))
    return f"{name}={show(values[-1])}"


def suggestions(current: str, options: type[BaseModel], limit: int = MAX_CHOICES) -> list[str]:
    """Autocomplete for the ``options`` text: the typed part kept, the next pair suggested."""
    done, _, last = current.rpartition(" ")
    done = done.strip()
    taken = {p.partition("=")[0] for p in done.replace(",", " ").split()}
    found = []
    for name, values in option_domains(options).items():
        if name in taken:
            continue
        for value in values:
            pair = f"{name}={show(value)}"
            if pair.startswith(last.strip()):
                found.append(f"{done} {pair}".strip())
    return found[:limit]
