"""`make bench`: a 5,000-game backup restored over HTTP while another client records hands.

One thread uploads the backup and then asks for the next batch of games until the import page
says it is done, as the page does by itself; another records hand after hand in one of the
writer's games the whole time. Both are timed: the import's total time and its longest request
(it must stay well inside gunicorn's 30 s timeout), and the recorder's latency and errors (a
long import transaction used to make its posts fail with "database is locked").
"""

from __future__ import annotations

import http.client
import threading
import time
import uuid
from datetime import UTC, datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client

from games import bundles, scoring
from games.models import Game
from tests.tools import server
from tests.tools.bench import seed

GAMES = 5_000
VARIANTS = 200  # distinct evenings, repeated to make up the backup
TIMEOUT = 60


def backup(games: int = GAMES) -> bytes:
    """A backup as "Export all games" writes it: `games` evenings of up to 40 hands."""
    rules = scoring.Rules.from_dict({"preset": "standard"})
    evenings = [tuple(seed.evening_hands(number)) for number in range(VARIANTS)]
    created = datetime(2026, 1, 1, 20, 0, tzinfo=UTC).isoformat()

    def files():
        for number in range(games):
            yield scoring.GameFile(
                name=None,
                rules=rules,
                rules_spec={"preset": "standard"},
                players=tuple(seed.PLAYERS),
                first_dealer=number % 4,
                hands=evenings[number % VARIANTS],
                extra={"id": number + 1, "created": created, "watch": True},
            ).to_dict()

    return "".join(bundles.stream_bundle(files())).encode()


def _headers(user) -> dict[str, str]:
    client = Client()
    client.force_login(user)
    csrf = _get_new_csrf_string()
    session = settings.SESSION_COOKIE_NAME
    return {
        "Cookie": f"{session}={client.cookies[session].value}; {settings.CSRF_COOKIE_NAME}={csrf}",
        "X-CSRFToken": csrf,
    }


def _request(port: int, method: str, path: str, body: bytes, headers: dict):
    """(status, headers, body, milliseconds) of one request."""
    conn = http.client.HTTPConnection(server.HOST, port, timeout=TIMEOUT)
    started = time.perf_counter()
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        content = response.read()
        return response.status, dict(response.getheaders()), content, _ms(started)
    finally:
        conn.close()


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _form(data: dict[str, str]) -> bytes:
    from urllib.parse import urlencode

    return urlencode(data).encode()


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)


class Recorder(threading.Thread):
    """Records hands in one game, bids then tricks, until told to stop."""

    def __init__(self, port: int, game_id: int, headers: dict) -> None:
        super().__init__(daemon=True)
        self.port, self.game_id = port, game_id
        self.headers = {
            **headers,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        self.stop = threading.Event()
        self.latencies: list[float] = []
        self.errors = 0
        self.refused = 0

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                step, number = seed.next_step(self.game_id)
                data = seed.POST_BIDS if step == "bids" else seed.POST_TRICKS
                status, _, _, ms = _request(
                    self.port,
                    "POST",
                    f"/games/{self.game_id}/{step}/",
                    _form({"hand": str(number), **data}),
                    self.headers,
                )
                self.latencies.append(ms)
                if status >= 500:
                    self.errors += 1
                elif status >= 400:
                    self.refused += 1
        finally:
            connection.close()


def measure(port: int, writer, game_id: int, games: int = GAMES) -> dict:
    """Restore a `games`-game backup over HTTP while a recorder posts hands; both timed."""
    users = get_user_model().objects
    users.filter(username="bench-restorer").delete()
    restorer = users.create_user("bench-restorer")
    data = backup(games)
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="backup.json"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    headers = _headers(restorer)
    recorder = Recorder(port, game_id, _headers(writer))
    recorder.start()
    time.sleep(0.5)  # the recorder is under way before the upload starts
    started = time.perf_counter()
    requests = []
    status, response_headers, _, ms = _request(
        port,
        "POST",
        "/games/import/",
        body,
        {**headers, "Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    requests.append(ms)
    location = response_headers.get("Location", "")
    errors = 0 if status == 302 and location.startswith("/games/import/") else 1
    while not errors:
        status, _, content, ms = _request(
            port, "POST", location, b"", {**headers, "HX-Request": "true"}
        )
        requests.append(ms)
        if status != 200:
            errors += 1
        elif b"Done:" in content:
            break
    seconds = time.perf_counter() - started
    recorder.stop.set()
    recorder.join(TIMEOUT)
    imported = Game.objects.filter(owner=restorer).count()
    return {
        "games": games,
        "bytes": len(data),
        "imported": imported,
        "seconds": round(seconds, 2),
        "games_per_second": round(imported / seconds, 1) if seconds else 0.0,
        "requests": len(requests),
        "upload_ms": round(requests[0], 1),
        "longest_request_ms": round(max(requests), 1),
        "errors": errors,
        "record": {
            "posts": len(recorder.latencies),
            "p50_ms": _percentile(recorder.latencies, 0.50),
            "p99_ms": _percentile(recorder.latencies, 0.99),
            "max_ms": round(max(recorder.latencies, default=0.0), 1),
            "errors": recorder.errors,
            "refused": recorder.refused,
        },
    }


def render(figures: dict) -> list[str]:
    record = figures["record"]
    return [
        f"restore: {figures['imported']:,} of {figures['games']:,} games "
        f"({figures['bytes'] / 1e6:.1f} MB) in {figures['seconds']:.1f} s, "
        f"{figures['games_per_second']:.0f} games/s, {figures['requests']} requests "
        f"(upload {figures['upload_ms'] / 1000:.1f} s, longest "
        f"{figures['longest_request_ms'] / 1000:.1f} s), {figures['errors']} errors",
        f"    recording meanwhile: {record['posts']} posts, p50 {record['p50_ms']:.1f} ms, "
        f"p99 {record['p99_ms']:.1f} ms, max {record['max_ms']:.1f} ms, "
        f"{record['errors']} errors, {record['refused']} refused",
    ]
