"""Settings of the bot, from the environment and ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.storage.postgres import is_postgresql
from bot.storage.sqlite import DEFAULT_PATH

# A bot token is three dot-separated base64url parts (id, timestamp, HMAC).
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{20,}$")


class SettingsError(Exception):
    """Settings that cannot work; ``str`` is one line for the person starting the bot."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr = Field(
        default=SecretStr(""), validation_alias=AliasChoices("DISCORD_TOKEN", "discord_token")
    )
    # A file path (SQLite) or a postgresql:// URL (PostgreSQL).
    database: Path | str = Field(
        default=Path("./data/strategos.db"),
        validation_alias=AliasChoices("STRATEGOS_DATABASE", "database"),
    )
    dev_guild: int | None = Field(
        default=None, validation_alias=AliasChoices("STRATEGOS_DEV_GUILD", "dev_guild")
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="INFO", validation_alias=AliasChoices("STRATEGOS_LOG_LEVEL", "log_level")
    )
    # Logs as text lines, or one JSON object per line for a log collector.
    log_format: Literal["text", "json"] = Field(
        default="text", validation_alias=AliasChoices("STRATEGOS_LOG_FORMAT", "log_format")
    )
    # The file the running bot writes the time into while connected (python -m bot health);
    # empty: "heartbeat" next to the database.
    heartbeat_file: Path | None = Field(
        default=None,
        validation_alias=AliasChoices("STRATEGOS_HEARTBEAT_FILE", "heartbeat_file"),
    )
    # Seconds after which python -m bot health calls a silent heartbeat unhealthy.
    heartbeat_max_age: float = Field(
        default=120.0,
        gt=0,
        validation_alias=AliasChoices("STRATEGOS_HEARTBEAT_MAX_AGE", "heartbeat_max_age"),
    )
    # Start from an empty (0-byte) database file instead of refusing to (see check_file).
    allow_empty_database: bool = Field(
        default=False,
        validation_alias=AliasChoices("STRATEGOS_ALLOW_EMPTY_DATABASE", "allow_empty_database"),
    )
    # Seconds between two passes of the turn-timer loop (reminders and timeouts).
    timer_interval: float = Field(
        default=60.0,
        gt=0,
        validation_alias=AliasChoices("STRATEGOS_TIMER_INTERVAL", "timer_interval"),
    )
    # Seconds a process holds a background job it claimed (a turn timer, a reminder, a
    # computer player's move) before another process may take it over: how long the jobs
    # of a process that died wait (see bot/service/jobs.py).
    job_lease: float = Field(
        default=120.0,
        gt=0,
        validation_alias=AliasChoices("STRATEGOS_JOB_LEASE", "job_lease"),
    )
    # Gateway shards (Discord requires them from 2,500 servers). Unset: one connection.
    # STRATEGOS_SHARD_COUNT alone: this process runs every shard ("auto": as many as Discord
    # recommends); with STRATEGOS_SHARD_IDS (e.g. 0,1): only those, the other processes
    # running the rest on the same database.
    shard_count: Annotated[int, Field(ge=1)] | Literal["auto"] | None = Field(
        default=None, validation_alias=AliasChoices("STRATEGOS_SHARD_COUNT", "shard_count")
    )
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None, validation_alias=AliasChoices("STRATEGOS_SHARD_IDS", "shard_ids")
    )
    # Seconds between two metrics lines in the log (games open, actions, refusals, failures);
    # 0 writes none.
    metrics_interval: float = Field(
        default=60.0,
        ge=0,
        validation_alias=AliasChoices("STRATEGOS_METRICS_INTERVAL", "metrics_interval"),
    )
    # Where the command tree is synced at start-up: False in tests that sync themselves.
    sync_commands: bool = Field(
        default=True, validation_alias=AliasChoices("STRATEGOS_SYNC_COMMANDS", "sync_commands")
    )
    # Where the repository's files are published (e.g. https://github.com/you/strategos/blob/main/);
    # /game rules links the game's rules page under it; when empty it attaches the page.
    docs_url: str = Field(
        default="",
        validation_alias=AliasChoices("STRATEGOS_DOCS_URL", "docs_url"),
    )

    @field_validator("dev_guild", "heartbeat_file", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("database", mode="before")
    @classmethod
    def _path_unless_url(cls, value: object) -> object:
        return Path(value) if isinstance(value, str) and not is_postgresql(value) else value

    @field_validator("shard_count", mode="before")
    @classmethod
    def _count(cls, value: object) -> object:
        """A number of shards, ``auto``, or empty (none)."""
        if isinstance(value, str):
            value = value.strip().lower()
            if value in ("", "auto"):
                return value or None
            if not value.isdigit():
                raise ValueError(f"{value!r} is not a number of shards (or auto)")
            value = int(value)
        if isinstance(value, int) and value < 1:
            raise ValueError("a bot runs at least one shard")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _id_list(cls, value: object) -> object:
        """``0,1`` (or ``0 1``) from the environment; empty is none."""
        if not isinstance(value, str):
            return value
        parts = [p for p in re.split(r"[,\s]+", value.strip()) if p]
        if not parts:
            return None
        if not all(p.isdigit() for p in parts):
            raise ValueError(f"{value!r} is not a list of shard numbers like 0,1")
        return [int(p) for p in parts]

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if not isinstance(self.shard_count, int):
            raise ValueError("STRATEGOS_SHARD_IDS needs STRATEGOS_SHARD_COUNT, a number (how "
                             "many shards all the processes run together)")
        if not self.shard_ids:
            raise ValueError("STRATEGOS_SHARD_IDS names no shard")
        outside = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
        if outside:
            raise ValueError(f"shard ids {outside} are outside 0 … {self.shard_count - 1} "
                             f"(STRATEGOS_SHARD_COUNT={self.shard_count})")
        if len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError("STRATEGOS_SHARD_IDS names a shard twice")
        return self

    @property
    def shards(self) -> int | None:
        """The shard count to run; None when Discord is asked (``auto``) or unsharded."""
        return self.shard_count if isinstance(self.shard_count, int) else None

    @property
    def sharded(self) -> bool:
        """Whether the bot runs gateway shards (an AutoShardedBot) instead of one connection."""
        return self.shard_count is not None

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @property
    def heartbeat_path(self) -> Path:
        if self.heartbeat_file is not None:
            return self.heartbeat_file
        # Processes running different shards on one machine each beat in their own file.
        name = "heartbeat" + "".join(f"-{i}" for i in self.shard_ids or ())
        if isinstance(self.database, Path):
            return self.database.parent / name
        return DEFAULT_PATH.parent / name  # PostgreSQL: the data folder SQLite uses

    def token(self) -> str:
        """The token, checked for shape; raises ``SettingsError`` with one clear line."""
        token = self.discord_token.get_secret_value().strip()
        if not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set: put your bot token in .env or the environment "
                "(see .env.example)."
            )
        if not TOKEN_SHAPE.match(token):
            raise SettingsError(
                "DISCORD_TOKEN does not look like a bot token (three dot-separated parts): "
                "copy it again from the Developer Portal, Bot page."
            )
        return token


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Read the settings; a bad value becomes one ``SettingsError`` line, never a traceback."""
    try:
        return Settings(_env_file=env_file)
    except ValidationError as error:
        problems = "; ".join(
            ".".join(str(p) for p in e["loc"]) + ": " * bool(e["loc"])
            + e["msg"].removeprefix("Value error, ")
            for e in error.errors()
        )
        raise SettingsError(f"Bad settings: {problems}") from None
