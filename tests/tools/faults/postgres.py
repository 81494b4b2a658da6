"""A throwaway PostgreSQL cluster on loopback for the fault suite, which it may restart.

Run as root, the cluster belongs to the `postgres` user (as CI's does); otherwise to whoever
runs the suite. Nothing is kept: the folder is removed when the block ends.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.tools.server import HOST


def binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    return Path(found[-1]) if found else None


def available() -> str | None:
    """Why no PostgreSQL can be started here, or None."""
    if binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser to start PostgreSQL as its own user"
    return None


class PostgresServer:
    """`with PostgresServer(port) as db:` a cluster with a database `spades` at `db.url`."""

    def __init__(self, port: int):
        self.port = port
        self.bin = binaries()
        self.folder = Path(tempfile.mkdtemp(prefix="spades-faults-pg-"))
        self.data = self.folder / "data"

    @property
    def url(self) -> str:
        return f"postgres://postgres@{HOST}:{self.port}/spades"

    def _run(self, *command: str, timeout: float = 60) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run(
            [*prefix, *command], check=True, timeout=timeout, capture_output=True, text=True
        )

    def _ctl(self, action: str, *extra: str) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", action, *extra)

    def __enter__(self) -> PostgresServer:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
            "--no-sync",
        )  # fmt: skip
        self.start()
        self._run(str(self.bin / "createdb"), "-h", HOST, "-p", str(self.port), "spades")
        return self

    def start(self) -> None:
        options = (
            f"-c listen_addresses={HOST} -p {self.port} -k {self.folder} -c fsync=off "
            "-c max_connections=100"
        )
        self._ctl("start", "-l", str(self.folder / "log"), "-o", options)

    def restart(self) -> None:
        """A fast restart: every connection is cut, and the server is back a moment later."""
        self._ctl("restart", "-m", "fast", "-l", str(self.folder / "log"))

    def __exit__(self, *exc_info: object) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            self._ctl("stop", "-m", "immediate")
        shutil.rmtree(self.folder, ignore_errors=True)
