"""scripts/run-bot.sh installs only when .venv is missing or pyproject.toml changed.

Run on a copy of the script, with a ``python3`` first on PATH that makes a fake .venv whose
``pip`` and ``python -m bot`` only write down that they ran (no network, no install)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "run-bot.sh"

FAKE_PYTHON3 = f"""#!/bin/sh
# python3 -m venv .venv: a .venv whose pip and `python -m bot` only log that they ran.
mkdir -p .venv/bin
cat > .venv/bin/pip <<'PIP'
#!/bin/sh
echo "pip $*" >> calls.log
PIP
cat > .venv/bin/python <<'PY'
#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "bot" ]; then shift 2; echo "bot $*" >> calls.log; exit 0; fi
exec {sys.executable} "$@"
PY
chmod +x .venv/bin/pip .venv/bin/python
echo "venv" >> calls.log
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(SCRIPT, tmp_path / "scripts" / "run-bot.sh")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "strategos"\n')
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "python3").write_text(FAKE_PYTHON3)
    (tools / "python3").chmod(0o755)
    return tmp_path


def run(checkout: Path, *args: str) -> list[str]:
    """Run the script; the calls it made this time."""
    log = checkout / "calls.log"
    log.unlink(missing_ok=True)
    env = {**os.environ, "PATH": f"{checkout / 'tools'}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", "scripts/run-bot.sh", *args], cwd=checkout, env=env, check=True,
                   timeout=60)
    return log.read_text().splitlines()


def test_installs_once_then_only_when_pyproject_changes(checkout: Path) -> None:
    assert run(checkout) == ["venv", "pip install -q -e .", "bot "]
    assert run(checkout, "health") == ["bot health"]
    with (checkout / "pyproject.toml").open("a") as pyproject:
        pyproject.write('version = "0.2.0"\n')
    assert run(checkout) == ["pip install -q -e .", "bot "]
    assert run(checkout) == ["bot "]
    shutil.rmtree(checkout / ".venv")
    assert run(checkout) == ["venv", "pip install -q -e .", "bot "]


def test_a_failed_install_is_tried_again(checkout: Path) -> None:
    run(checkout)
    (checkout / ".venv" / "bin" / "pip").write_text("#!/bin/sh\necho failed >> calls.log\n"
                                                    "exit 1\n")
    (checkout / "pyproject.toml").write_text('[project]\nname = "strategos2"\n')
    with pytest.raises(subprocess.CalledProcessError):
        run(checkout)
    (checkout / ".venv" / "bin" / "pip").write_text('#!/bin/sh\necho "pip $*" >> calls.log\n')
    assert run(checkout) == ["pip install -q -e .", "bot "]
