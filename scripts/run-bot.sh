#!/usr/bin/env bash
# Start the bot (settings from .env). It is installed into .venv only when .venv is missing or
# pyproject.toml changed since the last install (.venv/strategos-installed keeps its SHA-256),
# so a restart does not reinstall. Arguments go to `python -m bot` (e.g. `sync`, `health`).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=.venv/strategos-installed
[ -x .venv/bin/python ] || python3 -m venv .venv
wanted=$(.venv/bin/python -c \
    'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$wanted" ]; then
    .venv/bin/pip install -q -e .
    echo "$wanted" > "$stamp"
fi
exec .venv/bin/python -m bot "$@"
