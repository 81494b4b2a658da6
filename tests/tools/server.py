"""gunicorn on loopback as deployed: the project's gunicorn.conf.py, DEBUG off, whitenoise.

The bench and the fault tests start the app with it; the app itself never imports it.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings

HOST = "127.0.0.1"


def free_port() -> int:
    """A free port on loopback: the first free one of SPADES_PORTS ("8610-8619") if set (a
    shared machine gives each user its own range), else any the system picks."""
    wanted = os.environ.get("SPADES_PORTS", "").strip()
    low, _, high = wanted.partition("-")
    candidates = range(int(low), int(high or low) + 1) if wanted else [0]
    for port in candidates:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((HOST, port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise RuntimeError(f"no free port in SPADES_PORTS={wanted}")


def get(port: int, path: str, headers: dict | None = None, timeout: float = 10):
    """One GET to the server on loopback: (status, headers, raw body as sent)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def post(port: int, path: str, form: dict, headers: dict | None = None, timeout: float = 10):
    """One form POST to the server on loopback: (status, headers, raw body as sent)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    body = urlencode(form)
    try:
        conn.request(
            "POST",
            path,
            body=body,
            headers={"Content-Type": "application/x-www-form-urlencoded", **(headers or {})},
        )
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def server_env(*, database_url: str, port: int, workers: int = 2, static_root=None) -> dict:
    """The environment a deployment gives gunicorn, for a server on loopback."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DJANGO_DEBUG", "DJANGO_HTTPS"}
    }
    env.update(
        HOST=HOST,
        PORT=str(port),
        WEB_CONCURRENCY=str(workers),
        DJANGO_ALLOWED_HOSTS=HOST,
        DJANGO_SECRET_KEY=settings.SECRET_KEY,
        DATABASE_URL=database_url,
        PYTHONUNBUFFERED="1",
    )
    if static_root is not None:
        env["DJANGO_STATIC_ROOT"] = str(static_root)
    return env


class Gunicorn:
    """`with Gunicorn(env, log) as server:` a running server, stopped however the block ends."""

    def __init__(self, env: dict, log_path: Path, *, start_timeout: float = 30):
        self.env = env
        self.port = int(env["PORT"])
        self.log_path = Path(log_path)
        self.start_timeout = start_timeout
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> Gunicorn:
        root = Path(settings.BASE_DIR)
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            str(root / "gunicorn.conf.py"),
            "--access-logfile",
            "/dev/null",
            # Throwaway servers leave the control socket in $HOME to `make run`.
            "--no-control-socket",
        ]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                command, cwd=root, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
        try:
            self._wait_until_up()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}: {self.tail()}")
            try:
                status, _, _ = get(self.port, "/healthz", timeout=2)
            except OSError:
                status = None
            if status == 200:
                return
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not answer /healthz in {self.start_timeout:.0f} s")

    @property
    def pid(self) -> int:
        return self.process.pid

    def workers(self) -> list[int]:
        """The worker processes: the master's children."""
        found: set[int] = set()
        for children in Path(f"/proc/{self.pid}/task").glob("*/children"):
            try:
                found.update(int(pid) for pid in children.read_text().split())
            except OSError:
                continue
        if not found:  # a kernel without the children files: read every process's parent
            for stat in Path("/proc").glob("[0-9]*/stat"):
                try:
                    fields = stat.read_text().rsplit(")", 1)[1].split()
                except (OSError, IndexError):
                    continue
                if int(fields[1]) == self.pid:
                    found.add(int(stat.parent.name))
        return sorted(found)

    def tail(self, lines: int = 20) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def pushing_env(env: dict, *, cache_url: str) -> dict:
    """`env` with the room board's pushed updates on, fanned out through the Redis at
    `cache_url` (which is also the cache)."""
    return {**env, "DJANGO_BOARD_PUSH": "1", "DJANGO_CACHE_URL": cache_url}


def push_server_env(env: dict, port: int) -> dict:
    """The same deployment's async server for the board's pushed updates (`make push`)."""
    return {**env, "PORT": str(port), "GUNICORN_PUSH": "1", "WEB_CONCURRENCY": "1"}
