"""Settings of the bot, from the environment and ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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
        if isinstance(self.database, Path):
            return self.database.parent / "heartbeat"
        return DEFAULT_PATH.parent / "heartbeat"  # PostgreSQL: the data folder SQLite uses

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
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        raise SettingsError(f"Bad settings: {problems}") from None
