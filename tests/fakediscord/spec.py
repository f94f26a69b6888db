"""Discord's official OpenAPI description, loaded once, used to validate the fake's traffic.

Every REST request the bot sends and every response the fake returns is checked against
`../shared/discord-api-spec/openapi.json` (OpenAPI 3.1, JSON Schema 2020-12). The one known
mismatch is widened: discord.py sends new attachments as `{"id": 0, ...}` (an integer index
into `files[n]`) where the spec types the id as a snowflake string. And in requests only,
snowflakes may be integers (Discord accepts both; discord.py sends `recipient_id` as an
integer); responses must use strings, as Discord's do.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_ENV = "STRATEGOS_DISCORD_SPEC"
_DEFAULT_SPEC = Path(__file__).resolve().parents[3] / "shared" / "discord-api-spec" / "openapi.json"
_ROOT_URI = "urn:discord-openapi"
_METHODS = ("get", "put", "post", "patch", "delete")


def spec_path() -> Path:
    """Where the OpenAPI file is: `$STRATEGOS_DISCORD_SPEC` or `../shared/discord-api-spec/`."""
    return Path(os.environ.get(SPEC_ENV, _DEFAULT_SPEC))


@dataclass(frozen=True)
class Operation:
    """One method on one spec path, with its request and response schemas."""

    method: str
    template: str
    operation_id: str
    json_body: dict[str, Any] | None
    multipart_body: dict[str, Any] | None
    responses: dict[str, dict[str, Any] | None]


class SpecError(AssertionError):
    """A request or response that real Discord's API description rejects."""


class DiscordSpec:
    """Route matching and schema validation against the official API description."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        _widen_attachment_ids(document)
        _one_of_as_any_of(document)
        requests = copy.deepcopy(document)
        snowflake = requests["components"]["schemas"]["SnowflakeType"]
        requests["components"]["schemas"]["SnowflakeType"] = {
            "anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
        self._registries: dict[bool, Registry[Any]] = {
            is_request: Registry().with_resource(
                _ROOT_URI, Resource.from_contents(doc, default_specification=DRAFT202012))
            for is_request, doc in ((False, document), (True, requests))}
        self._routes: list[tuple[re.Pattern[str], int, str]] = []
        self._operations: dict[tuple[str, str], Operation] = {}
        for template, item in document["paths"].items():
            literal_segments = sum(1 for seg in template.split("/") if "{" not in seg)
            pattern = re.compile(
                "^" + re.sub(r"\\\{[a-z_]+\\\}", r"[^/]+", re.escape(template)) + "$")
            self._routes.append((pattern, literal_segments, template))
            for method in _METHODS:
                if method in item:
                    self._operations[(method, template)] = self._operation(method, template,
                                                                            item[method])
        self._validators: dict[tuple[bool, str], jsonschema.protocols.Validator] = {}

    # -- routes -----------------------------------------------------------------------------
    def match(self, method: str, path: str) -> Operation | None:
        """The spec operation for `METHOD /path` (literal segments beat parameters)."""
        candidates = [(lit, tpl) for pattern, lit, tpl in self._routes if pattern.match(path)]
        for _, template in sorted(candidates, key=lambda c: -c[0]):
            op = self._operations.get((method.lower(), template))
            if op is not None:
                return op
        return None

    def _operation(self, method: str, template: str, op: dict[str, Any]) -> Operation:
        content = op.get("requestBody", {}).get("content", {})
        json_schema = content.get("application/json", {}).get("schema")
        multipart = content.get("multipart/form-data", {}).get("schema")
        responses: dict[str, dict[str, Any] | None] = {}
        for status, response in op.get("responses", {}).items():
            response = self._deref(response)
            schema = response.get("content", {}).get("application/json", {}).get("schema")
            responses[status] = schema
        return Operation(method.upper(), template, op.get("operationId", ""), json_schema,
                         multipart, responses)

    def _deref(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            target: Any = self.document
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part]
            node = target
        return node

    # -- validation -------------------------------------------------------------------------
    def _validator(self, schema: dict[str, Any], request: bool
                   ) -> jsonschema.protocols.Validator:
        key = (request, json.dumps(schema, sort_keys=True))
        validator = self._validators.get(key)
        if validator is None:
            # Resolve relative '#/components/...' refs against the spec document.
            wrapped = _rebase(schema)
            validator = jsonschema.Draft202012Validator(wrapped,
                                                        registry=self._registries[request])
            self._validators[key] = validator
        return validator

    def validate(self, schema: dict[str, Any], instance: Any, what: str, *,
                 request: bool = False) -> None:
        """Raise SpecError with every problem when `instance` does not fit `schema`."""
        validator = self._validator(schema, request)
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
        if errors:
            lines = [f"{what} does not match Discord's API description:"]
            for error in errors[:8]:
                best = _deepest(error)
                where = "/".join(str(p) for p in best.absolute_path) or "<root>"
                lines.append(f"  at {where}: {best.message[:300]}")
            raise SpecError("\n".join(lines))

    def validate_request(self, op: Operation, body: Any, *, multipart: bool) -> None:
        schema = op.multipart_body if multipart else op.json_body
        if schema is None:
            if body is not None:
                raise SpecError(f"{op.method} {op.template} takes no body, got {body!r:.200}")
            return
        self.validate(schema, body, f"request body of {op.method} {op.template}", request=True)

    def validate_response(self, op: Operation, status: int, body: Any) -> None:
        key = str(status) if str(status) in op.responses else f"{str(status)[0]}XX"
        if key not in op.responses:
            raise SpecError(f"{op.method} {op.template} never answers {status}")
        schema = op.responses[key]
        if schema is None:
            if body is not None:
                raise SpecError(f"{op.method} {op.template} answers {status} without a body")
            return
        self.validate(schema, body, f"response {status} of {op.method} {op.template}")

    def schema(self, name: str) -> dict[str, Any]:
        """A named component schema (for validating gateway-side objects the fake builds)."""
        return {"$ref": f"#/components/schemas/{name}"}


def _deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """In a oneOf/anyOf failure, the error of the branch the instance was meant for.

    Branches whose `type` discriminator did not match are dropped; of the rest, the error
    that got furthest into the instance wins.
    """
    while error.context:
        branches: dict[Any, list[jsonschema.ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [errs for errs in branches.values()
                 if not any(e.validator in ("enum", "const") and e.path and e.path[-1] == "type"
                            for e in errs)] or list(branches.values())
        error = max((e for errs in meant for e in errs),
                    key=lambda e: (len(e.absolute_path), -len(e.context or [])))
    return error


def _rebase(schema: Any) -> Any:
    """Point `#/components/...` refs at the registered spec document."""
    if isinstance(schema, dict):
        return {k: (_ROOT_URI + v if k == "$ref" and v.startswith("#") else _rebase(v))
                for k, v in schema.items()}
    if isinstance(schema, list):
        return [_rebase(v) for v in schema]
    return schema


def _one_of_as_any_of(node: Any) -> None:
    """Check unions with `anyOf` (stops at the first matching branch).

    Discord's unions are told apart by a `type` field, so "exactly one branch" adds no
    strictness, while `oneOf` must try every branch: with the ~20 component kinds, that
    made one validation cost ~40 ms instead of ~4 ms.
    """
    if isinstance(node, dict):
        if "oneOf" in node and "anyOf" not in node:
            node["anyOf"] = node.pop("oneOf")
        for value in node.values():
            _one_of_as_any_of(value)
    elif isinstance(node, list):
        for value in node:
            _one_of_as_any_of(value)


def _widen_attachment_ids(document: dict[str, Any]) -> None:
    """discord.py sends `attachments[].id` as the integer index of `files[n]`; accept it."""
    attachment = document["components"]["schemas"]["MessageAttachmentRequest"]
    attachment["properties"]["id"] = {"anyOf": [
        {"$ref": "#/components/schemas/SnowflakeType"},
        {"type": "integer", "minimum": 0, "maximum": 9},
    ]}


@functools.cache
def load_spec(path: str | None = None) -> DiscordSpec:
    """Load and index the API description once per process."""
    with open(path or spec_path(), encoding="utf-8") as handle:
        document = json.load(handle)
    return DiscordSpec(copy.deepcopy(document))
