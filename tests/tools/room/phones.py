"""The room's phones, as many as asked from one process (asyncio and aiohttp): each keeps its
own cookies and connection, as a browser does, and notes when it sent and got every answer.

A scoring phone opens its table card's scoring link, then records the table's steps (the
bids of a hand, then its tricks) one every few seconds, as htmx posts them. A follower polls
the board's live part (or a table's) with the ETag of what it shows, as htmx does.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import string
import time
from dataclasses import dataclass, field

import aiohttp

from tests.tools.room.figures import Request, Step

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
            try:
                async with phone.post(f"/games/{table.game}/{form}/", data=data, headers=HX) as a:
                    await a.read()
                    status: int | str = a.status
            except (aiohttp.ClientError, TimeoutError) as error:
                status = type(error).__name__
            table.steps.append(Step(sent, time.monotonic(), status, table.event))
            if status == 200:
                number, form = (number, "tricks") if form == "bids" else (number + 1, "bids")


async def follow(base: str, follower: Follower, until: float, rng: random.Random) -> None:
    """Poll until `until` on the follower's beat, sending back the ETag of the last answer
    that drew something."""
    async with session(base) as phone:
        await asyncio.sleep(rng.uniform(0, follower.every))  # phones don't open in step
        etag = None
        while time.monotonic() < until:
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
