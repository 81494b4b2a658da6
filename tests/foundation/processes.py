"""Run manage.py, plain Python and gunicorn as separate processes with an environment the test
controls, the way `make run`, CI and a deployment start the project."""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

from django.conf import settings

BASE_DIR = Path(settings.BASE_DIR)
GUNICORN = Path(sys.executable).parent / "gunicorn"

# Variables the project reads; a test starts without any of them unless it sets them itself.
PROJECT_VARIABLES = {"DATABASE_URL", "HOST", "PORT", "WEB_CONCURRENCY", "PYTHON"}
SETTINGS_MARKER = "SETTINGS_JSON="


def clean_env(missing_key_file: Path, **overrides: str) -> dict[str, str]:
    """os.environ without DJANGO_* and the project's own variables.

    The secret key file points at `missing_key_file` (which must not exist), so the developer's
    own `.secret_key` never makes a production-like test pass by accident.
    """
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("DJANGO_") and name not in PROJECT_VARIABLES
    }
    env["DJANGO_SECRET_KEY_FILE"] = str(missing_key_file)
    env.update(overrides)
    return env


def manage(
    env: dict[str, str], *args: str, timeout: float = 60, input: str | None = None
) -> subprocess.CompletedProcess:
    """`manage.py` in a fresh process, as someone at a terminal runs it."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def python(env: dict[str, str], code: str, *args: str, timeout: float = 60):
    """Run `code` with the project's settings module selected, as a fresh interpreter would."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=BASE_DIR,
        env={**env, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


_PRINT_SETTINGS = f"""
import json, sys
from django.conf import settings
values = {{name: getattr(settings, name, None) for name in sys.argv[1:]}}
print({SETTINGS_MARKER!r} + json.dumps(values, default=str))
"""


def django_settings(env: dict[str, str], *names: str) -> dict:
    """The named settings as a fresh process sees them with `env` (tuples come back as lists)."""
    result = python(env, _PRINT_SETTINGS, *names)
    assert result.returncode == 0, result.stderr
    return json.loads(marked_line(result.stdout, SETTINGS_MARKER))


def marked_line(output: str, marker: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith(marker)]
    assert len(lines) == 1, output
    return lines[0].removeprefix(marker)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
