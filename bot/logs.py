"""Logging set-up for the running bot: text lines, or one JSON object per line
(``STRATEGOS_LOG_FORMAT=json``) for journald, Docker or a log collector; the token is
redacted from every line either way."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class RedactToken(logging.Filter):
    """Belt and braces: a log line never shows the token, whoever writes it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token and self.token in record.getMessage():
            record.msg = record.getMessage().replace(self.token, "[token]")
            record.args = ()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, message, and the
    traceback as ``exception`` when there is one."""

    def __init__(self, token: str = "") -> None:
        super().__init__()
        self.token = token

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        text = json.dumps(entry, ensure_ascii=False)
        # A traceback is formatted here, after the filter: redact it too.
        return text.replace(self.token, "[token]") if self.token else text


def setup_logging(level: str, log_format: str, token: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter(token) if log_format == "json"
                         else logging.Formatter(TEXT_FORMAT))
    handler.addFilter(RedactToken(token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
