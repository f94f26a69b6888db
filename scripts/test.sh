#!/usr/bin/env bash
# Install everything into .venv (first run only) and run the whole test suite with the linters.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -e ".[dev]"
.venv/bin/ruff check .
.venv/bin/mypy engine bot render tests
.venv/bin/python -m pytest -n 2 -q --slow "$@"
