"""A throwaway Redis on loopback that a test or the fault suite can stop, pause and start again.

Nothing is saved to disk; the server is ended (and resumed first, if paused) when the block ends.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from tests.tools.server import HOST, free_port


def available() -> str | None:
    """Why no Redis can be started here, or None."""
    return None if shutil.which("redis-server") else "redis-server is not installed"


class RedisServer:
    """`with RedisServer() as cache:` a Redis at `cache.url`; `pause()`, `resume()`, `stop()`
    and `start()` act on the real process, as a stalled or crashed Redis would."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="spades-redis-"))
        self.process: subprocess.Popen | None = None
        self.paused = False

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def start(self) -> None:
        command = [
            "redis-server",
            "--bind", HOST,
            "--port", str(self.port),
            "--dir", str(self.folder),
            "--save", "",
            "--appendonly", "no",
        ]  # fmt: skip
        with open(self.folder / "log", "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        client = redis.Redis.from_url(self.url, socket_timeout=1, socket_connect_timeout=1)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError((self.folder / "log").read_text(errors="replace"))
            try:
                if client.ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not answer in 10 s")

    def pause(self) -> None:
        """SIGSTOP: connections are still accepted, and nothing is ever answered."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)
        self.paused = True

    def resume(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)
        self.paused = False

    def stop(self) -> None:
        """The server ended: connections are refused until `start()`."""
        process = self.process
        if process is None or process.poll() is not None:
            return
        if self.paused:
            self.resume()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
