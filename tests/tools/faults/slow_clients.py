"""Slow clients: some connections promise a body and never send it, while another phone asks
for pages. Reports how long the other phone waited; the server must keep answering it."""

from __future__ import annotations

import http.client
import socket
import statistics
import time
from dataclasses import dataclass, field

from tests.tools.server import HOST

# A POST that promises this many bytes and sends none of them.
PROMISED = 1_000


@dataclass
class SlowClientReport:
    slow_clients: int
    probes: int
    waits: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    @property
    def answered(self) -> int:
        return len(self.waits)

    def line(self) -> str:
        if not self.waits:
            return f"{self.slow_clients} slow clients: no page answered ({self.failed[:3]})"
        return (
            f"{self.slow_clients} slow clients: {self.answered}/{self.probes} pages answered, "
            f"median {statistics.median(self.waits) * 1000:.0f} ms, "
            f"longest {max(self.waits) * 1000:.0f} ms, {len(self.failed)} failed"
        )


def trickle(port: int, path: str = "/accounts/login/") -> socket.socket:
    """A connection that sends a POST's headers, promising PROMISED bytes, and then nothing.

    It carries a CSRF cookie, so the app goes on to read the body (without one, the post is
    refused before a byte of it is read)."""
    sock = socket.create_connection((HOST, port), timeout=5)
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\n"
        f"Cookie: csrftoken={'a' * 32}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {PROMISED}\r\n\r\n".encode()
    )
    return sock


def measure(
    port: int,
    *,
    slow_clients: int = 2,
    probes: int = 20,
    path: str = "/healthz",
    probe_timeout: float = 35.0,
    pause: float = 0.25,
) -> SlowClientReport:
    """Open `slow_clients` trickling connections, then ask for `path` `probes` times."""
    report = SlowClientReport(slow_clients=slow_clients, probes=probes)
    held = [trickle(port) for _ in range(slow_clients)]
    try:
        time.sleep(0.5)  # the server has taken them on
        for _ in range(probes):
            started = time.monotonic()
            conn = http.client.HTTPConnection(HOST, port, timeout=probe_timeout)
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
                if response.status >= 500:
                    report.failed.append(f"status {response.status}")
                else:
                    report.waits.append(time.monotonic() - started)
            except (OSError, http.client.HTTPException) as error:
                report.failed.append(repr(error))
            finally:
                conn.close()
            time.sleep(pause)
    finally:
        for sock in held:
            sock.close()
    return report
