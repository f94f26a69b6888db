"""The installed Strategos version, for the command lines (``--version``) and ``/help``.

Read from the package's metadata (pyproject.toml's ``version``), so there is one place to
bump it; the rules never read it.
"""

from __future__ import annotations

from importlib import metadata

DISTRIBUTION = "strategos"


def version() -> str:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"
