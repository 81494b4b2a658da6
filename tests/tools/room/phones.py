"""The room's phones, as many as asked from one process (asyncio and aiohttp): each keeps its
own cookies and connection, as a browser does, and notes when it sent and got every answer.

A scoring phone opens its table card's scoring link, then records the table's steps (the
bids of a hand, then its tricks) one every few seconds, as htmx posts them, and notes the
game's version each step moved it to. A follower polls the board's live part (or a table's)
with the ETag of what it shows, as htmx does; where the board's updates are pushed, a board's
follower holds its stream instead, noting when each table's line arrived at which version, and
polls on the board's slow safety beat beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import secrets
import string
import time
from dataclasses import dataclass, field

import aiohttp

from tests.tools.room.figures import Arrival, Request, Step

HX = {"HX-Request": "true"}
BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "3"}
TRICKS = {"side_0": "7", "side_1": "6"}


@dataclass
class Table:
    event: int
    score_token: str
    game: int
    steps: list[Step] = field(default_factory=list)


@dataclass
class Follower:
    event: int
    path: str
    every: float
    polls: list[Request] = field(default_factory=list)
    board: bool = True
    # Pushed: the board's stream, on its instance's async server; what arrived when; and when
    # the board polls beside it (board.js: after `silent` seconds without an update, and every
    # `safety` seconds whatever comes).
    stream: str | None = None
    arrivals: list[Arrival] = field(default_factory=list)
    reconnects: int = 0
    silent: float = 0.0
    safety: float = 0.0
    heard: float = 0.0  # the stream's last sign: opened, or an update
    catch_up: bool = False  # the stream has just opened: poll on the next beat

    def may_poll(self, now: float) -> bool:
        if self.stream is None or self.catch_up:
            self.catch_up = False
            return True
        last = self.polls[-1].sent if self.polls else float("-inf")
        heard = max(self.heard, self.arrivals[-1].at if self.arrivals else float("-inf"))
        return now - last >= self.safety or min(now - heard, now - last) >= self.silent


# A table's line as the board draws it, with its game and that game's version.
LINE = re.compile(rb'<tr id="board-game-(\d+)"[^>]*? data-version="(\d+)"')
VERSION = re.compile(rb'name="version" value="(\d+)"')


def session(
    base: str, cookies: dict[str, str] | None = None, *, keep_alive: bool = True
) -> aiohttp.ClientSession:
    """One phone's connection and cookies. A scoring phone, seconds between its taps, opens a
    new connection for each (the server keeps an idle one open for two seconds only)."""
    connector = aiohttp.TCPConnector(limit=1, force_close=not keep_alive)
    jar = aiohttp.CookieJar(unsafe=True)  # cookies for an address, as for a name
    if cookies:
        jar.update_cookies(cookies)
    timeout = aiohttp.ClientTimeout(total=30)
    return aiohttp.ClientSession(base, connector=connector, cookie_jar=jar, timeout=timeout)


async def score(base: str, table: Table, every: float, until: float, rng: random.Random) -> None:
    """Record the table's steps until `until` (time.monotonic()), one every `every` seconds
    on average (uniformly from half to one and a half times that)."""
    # A token of the shape Django keeps (32 letters and digits), as a browser holds it.
    csrf = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
    async with session(base, {"csrftoken": csrf}, keep_alive=False) as phone:
        async with phone.get(f"/t/score/{table.score_token}/") as answer:
            await answer.read()
            if answer.status != 200:
                raise RuntimeError(f"the table card's link answered {answer.status}")
        number, form = 1, "bids"
        while True:
            pause = rng.uniform(0.5 * every, 1.5 * every)
            if time.monotonic() + pause >= until:
                return
            await asyncio.sleep(pause)
            values = BIDS if form == "bids" else TRICKS
            data = {"csrfmiddlewaretoken": csrf, "hand": str(number), **values}
            sent = time.monotonic()
            version = None
            try:
                async with phone.post(f"/games/{table.game}/{form}/", data=data, headers=HX) as a:
                    found = VERSION.search(await a.read())
                    status: int | str = a.status
                    version = int(found[1]) if found else None
            except (aiohttp.ClientError, TimeoutError) as error:
                status = type(error).__name__
            step = Step(sent, time.monotonic(), status, table.event, table.game, version)
            table.steps.append(step)
            if status == 200:
                number, form = (number, "tricks") if form == "bids" else (number + 1, "bids")


async def follow(base: str, follower: Follower, until: float, rng: random.Random) -> None:
    """Poll until `until` on the follower's beat, sending back the ETag of the last answer
    that drew something."""
    async with session(base) as phone:
        await asyncio.sleep(rng.uniform(0, follower.every))  # phones don't open in step
        etag = None
        while time.monotonic() < until:
            if not follower.may_poll(time.monotonic()):  # its stream keeps it up to date
                await asyncio.sleep(max(0.0, min(follower.every, until - time.monotonic())))
                continue
            headers = {**HX, **({"If-None-Match": etag} if etag else {})}
            sent = time.monotonic()
            try:
                async with phone.get(follower.path, headers=headers) as answer:
                    await answer.read()
                    status: int | str = answer.status
                    if status == 200:
                        etag = answer.headers.get("ETag")
            except (aiohttp.ClientError, TimeoutError) as error:
                status = type(error).__name__
            answered = time.monotonic()
            follower.polls.append(Request(sent, answered, status))
            # htmx polls on a fixed beat and drops a beat while its request is out.
            beats = max(1, -(-(answered - sent) // follower.every))
            await asyncio.sleep(max(0.0, min(sent + beats * follower.every, until) - answered))


async def listen(
    pages: str, pushes: str, follower: Follower, until: float, rng: random.Random
) -> None:
    """Hold the board's stream (on `pushes`, the async server) until `until`, as the browser's
    EventSource does (opening it again when it drops), noting each table's line that arrives;
    and poll the board's live part (on `pages`) beside it when board.js would."""
    assert follower.stream is not None
    async with session(pushes) as phone:
        await asyncio.sleep(rng.uniform(0, 1))  # phones don't open in step
        poller = asyncio.create_task(follow(pages, follower, until, rng))
        while time.monotonic() < until:
            left = until - time.monotonic()
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):  # opened again
                await asyncio.wait_for(_read_stream(phone, follower, until), max(0.0, left))
            if time.monotonic() < until:
                follower.reconnects += 1
                await asyncio.sleep(0.5)
        await poller


async def _read_stream(phone: aiohttp.ClientSession, follower: Follower, until: float) -> None:
    timeout = aiohttp.ClientTimeout(total=None, sock_read=30)  # the stream sends keep-alives
    async with phone.get(follower.stream, timeout=timeout) as answer:
        if answer.status != 200:
            raise aiohttp.ClientError(f"the stream answered {answer.status}")
        follower.heard, follower.catch_up = time.monotonic(), True
        shown: dict[int, int] = {}
        async for line in answer.content:
            if time.monotonic() >= until:
                return
            if line.startswith(b"data: "):
                for game, version in LINE.findall(line):
                    shown[int(game)] = int(version)
            elif line in (b"\n", b"\r\n") and shown:
                follower.arrivals.append(Arrival(time.monotonic(), shown))
                shown = {}
