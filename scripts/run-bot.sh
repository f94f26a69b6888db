#!/usr/bin/env bash
# Install the bot into .venv (first run only) and start it; settings come from .env.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -e .
exec .venv/bin/python -m bot "$@"
