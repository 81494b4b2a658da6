"""Phones for the fault suite: each speaks HTTP to the app on loopback as a browser would (its
own cookies, a CSRF token, an address of its own behind the one trusted proxy) and logs every
answer, so a scenario can say afterwards what was answered, what failed and what was lost.

Everything goes through the app's own pages: accounts are signed up, games started, hands
recorded and finally read back from each game's export, so the suite needs no database access
of its own and runs the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

import http.client
import json
import secrets
import string
import threading
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode

HOST = "127.0.0.1"
PASSWORD = "a long fault suite password 42"
BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "3"}
TRICKS = {"side_0": "7", "side_1": "6"}
RECORDED = ([3, 3, 4, 3], [7, 6, None, None])
NEW_GAME = {
    "name": "",
    "preset": "standard",
    "first_dealer": "0",
    "rule_target_score": "100000",
    "player_0": "Ann",
    "player_1": "Ben",
    "player_2": "Cat",
    "player_3": "Dan",
}


@dataclass(frozen=True)
class Answer:
    what: str
    status: int | str  # an HTTP status, or "no answer" when the connection failed
    seconds: float
    at: float


@dataclass
class Phone:
    """One browser at one address, with every answer it got."""

    ports: list[int]
    address: str
    cookies: dict[str, str] = field(default_factory=dict)
    answers: list[Answer] = field(default_factory=list)
    timeout: float = 30.0

    def __post_init__(self) -> None:
        alphabet = string.ascii_letters + string.digits
        self.cookies.setdefault("csrftoken", "".join(secrets.choice(alphabet) for _ in range(32)))
        self._turn = 0

    def port(self) -> int:
        """Requests go to each instance in turn, as a load balancer would send them."""
        self._turn += 1
        return self.ports[self._turn % len(self.ports)]

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        what: str | None = None,
    ) -> tuple[int | str, dict[str, str], bytes]:
        sent = {
            "X-Forwarded-For": self.address,
            "X-CSRFToken": self.cookies["csrftoken"],
            "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
            **(headers or {}),
        }
        started = time.monotonic()
        conn = http.client.HTTPConnection(HOST, self.port(), timeout=self.timeout)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            content = response.read()
            status: int | str = response.status
            for line in response.msg.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(line).items():
                    self.cookies[name] = morsel.value
            answer_headers = {name.lower(): value for name, value in response.getheaders()}
        except (OSError, http.client.HTTPException) as error:
            status, answer_headers, content = "no answer", {}, repr(error).encode()
        finally:
            conn.close()
        self.answers.append(
            Answer(what or f"{method} {path}", status, time.monotonic() - started, started)
        )
        return status, answer_headers, content

    def get(self, path: str, what: str | None = None):
        return self.request("GET", path, what=what)

    def post(self, path: str, form: dict, htmx: bool = False, what: str | None = None):
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if htmx:
            headers["HX-Request"] = "true"
        return self.request("POST", path, urlencode(form).encode(), headers, what)

    def sign_up(self, username: str):
        form = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
        return self.post("/accounts/signup/", form, what="sign-up")

    def new_game(self) -> int:
        status, headers, body = self.post("/games/new/", NEW_GAME, what="new game")
        location = headers.get("location", "")
        if status != 302 or not location.startswith("/games/"):
            raise RuntimeError(f"no game started: {status} {body[:200]!r}")
        return int(location.strip("/").split("/")[1])

    def export(self, game: int) -> dict:
        status, _, body = self.get(f"/games/{game}/export.json", what="export")
        if status != 200:
            raise RuntimeError(f"game {game} could not be read back: {status}")
        return dict(json.loads(body))


@dataclass
class Table:
    """A phone recording hand after hand in one game until the deadline; every post logged
    with its hand, so what was answered can be checked against what the game kept."""

    phone: Phone
    game: int
    recorded: list[tuple[int, str]] = field(default_factory=list)  # answered 200 (hand, kind)
    refused: list[Answer] = field(default_factory=list)  # 5xx and no answer

    def play(self, deadline: float, stop: threading.Event, max_posts: int = 5000) -> None:
        kind, number = "bids", 1
        for _ in range(max_posts):
            if time.monotonic() > deadline or stop.is_set():
                return
            form = {"hand": str(number), **(BIDS if kind == "bids" else TRICKS)}
            status, _, _ = self.phone.post(
                f"/games/{self.game}/{kind}/", form, htmx=True, what=f"record {kind}"
            )
            if status == 200:
                self.recorded.append((number, kind))
            elif status != 409:  # 409: recorded by a try whose answer was lost
                self.refused.append(self.phone.answers[-1])
                time.sleep(0.05)
                continue
            kind, number = ("tricks", number) if kind == "bids" else ("bids", number + 1)

    def lost(self) -> list[str]:
        """Steps answered as recorded that the game's export does not have."""
        hands = self.phone.export(self.game).get("hands", [])
        lost = []
        for number, kind in self.recorded:
            if number > len(hands):
                lost.append(f"game {self.game} hand {number} {kind}")
                continue
            hand = hands[number - 1]
            if kind == "bids" and hand.get("bids") != RECORDED[0]:
                lost.append(f"game {self.game} hand {number} bids")
            if kind == "tricks" and hand.get("tricks") != RECORDED[1]:
                lost.append(f"game {self.game} hand {number} tricks")
        return lost


@dataclass
class Watcher:
    """A phone polling a game's page, as the table's other phones do."""

    phone: Phone
    path: str

    def watch(self, deadline: float, stop: threading.Event, max_polls: int = 5000) -> None:
        for _ in range(max_polls):
            if time.monotonic() > deadline or stop.is_set():
                return
            self.phone.get(self.path, what="watch")
            time.sleep(0.1)


class Load:
    """`with Load(tables, watchers, seconds) as load:` every table and watcher at work in its own
    thread until the deadline (or `load.stop`), all joined when the block ends."""

    def __init__(self, tables: list[Table], watchers: list[Watcher], seconds: float):
        self.stop = threading.Event()
        deadline = time.monotonic() + seconds
        self.threads = [
            threading.Thread(target=table.play, args=(deadline, self.stop)) for table in tables
        ] + [
            threading.Thread(target=watcher.watch, args=(deadline, self.stop))
            for watcher in watchers
        ]

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        if exc_info[0] is not None:
            self.stop.set()
        for thread in self.threads:
            thread.join(timeout=120)
