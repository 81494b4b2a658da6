"""The CPU one request spends in Django, per endpoint, measured in process (no server, no wrk).

`python -m tests.tools.bench.profile_requests [--requests 300] [--profile game]`

A fresh database (a temporary SQLite file, or the bench's database on the server when
`DATABASE_URL` is set) gets the bench's reader with its 50 games (the 20-hand game among them)
and 20-hand games to record into; each request goes through Django's WSGI handler with the
settings as deployed (DEBUG off, hashed static files) and the cookies a signed-in phone sends. The
figures are milliseconds per request on this machine: a guide for finding where time goes,
next to `/healthz` measured the same way; `make bench` stays the measure of record.

Columns: mean, median and fastest request; "x healthz" is /healthz's mean over the endpoint's,
in process (gunicorn and wrk add a fixed cost to both, so `make bench`'s ratios are higher).
The "record" row also counts finding each game's next step; the "bids" and "tricks" rows under
it are the posts alone. "bare_step" is the least a step can cost on these parts (the session,
the user, the game locked, a hand inserted, the game's version moved on, a small form drawn:
`bare.py`), posted the same way: what every step pays before the scorekeeper does anything of
its own; "bare_page" the same for a signed-in page (the session and the user read, a line
drawn). `--profile ENDPOINT` shows where its time goes instead.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from urllib.parse import urlencode

import django

BARE = ("bare_step", "bare_page")  # served by bare.py
STEPS_PER_GAME = 10  # then the next game: each stays near 20 hands, as under `make bench`


def environ(method: str, path: str, headers: dict[str, str], body: bytes = b"") -> dict:
    """A WSGI environ as gunicorn builds it for a loopback request."""
    env = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "wsgi.url_scheme": "http",
        "wsgi.input": BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if "?" in path:
        env["PATH_INFO"], env["QUERY_STRING"] = path.split("?", 1)
    if body:
        env["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
        env["CONTENT_LENGTH"] = str(len(body))
    for name, value in headers.items():
        env["HTTP_" + name.upper().replace("-", "_")] = value
    return env


class Caller:
    """Calls the WSGI application as a server would, and reads the whole body."""

    def __init__(self) -> None:
        from django.core.wsgi import get_wsgi_application

        self.app = get_wsgi_application()
        self.status = ""

    def __call__(self, method: str, path: str, headers: dict, form: dict | None = None) -> int:
        body = urlencode(form).encode() if form else b""

        def start_response(status, response_headers, exc_info=None):
            self.status = status

        result = self.app(environ(method, path, headers, body), start_response)
        try:
            for _ in result:
                pass
        finally:
            close = getattr(result, "close", None)
            if close:
                close()
        return int(self.status.split()[0])


def seed_games(posts: int, hands: int = 20):
    """The bench's reader with its 50 games (one of them the 20-hand game), and a writer with
    `posts` endless games of `hands` hands to record into (a few steps each, so each stays near
    its length as in `make bench`)."""
    from django.contrib.auth import get_user_model

    from tests.tools.bench import seed

    users = get_user_model().objects
    reader = users.create_user("bench-reader")
    writer = users.create_user("bench-writer")
    page = seed.home_games(reader)
    # The 20-hand games are the bench's own; longer ones are endless, as record_long's are.
    long = hands == seed.PAGE_HANDS
    starting = seed.long_game_hands(hands) if long else seed.make_hands(hands)
    games = [seed.create(writer, seed.ENDLESS, starting).pk for _ in range(posts)]
    return reader, writer, page, games


def cookies_of(user) -> str:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}"


def time_calls(call: Callable[[], int], count: int, warmup: int) -> list[float]:
    """Milliseconds of each of `count` calls, after `warmup` unmeasured ones."""
    for _ in range(warmup):
        status = call()
        if status >= 400:
            raise RuntimeError(f"answered {status}")
    times = []
    for _ in range(count):
        start = time.perf_counter()
        status = call()
        times.append((time.perf_counter() - start) * 1000)
        if status >= 400:
            raise RuntimeError(f"answered {status}")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.tools.bench.profile_requests")
    parser.add_argument("--requests", type=int, default=300, help="measured requests each")
    parser.add_argument("--warmup", type=int, default=30, help="unmeasured requests first")
    parser.add_argument(
        "--hands", type=int, default=20, help="hands in the games recorded into (200: record_long)"
    )
    parser.add_argument(
        "--profile",
        choices=["healthz", "game", "fragment", "watch_page", "home", "record", *BARE],
        help="profile this endpoint (pyinstrument if installed, or --cprofile) instead",
    )
    parser.add_argument("--all", action="store_true", help="show every frame of the profile")
    parser.add_argument("--cprofile", action="store_true", help="profile with cProfile")
    options = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()

    from django.conf import settings
    from django.core.management import call_command
    from django.middleware.csrf import _get_new_csrf_string
    from django.test.utils import override_settings

    from tests.tools.bench import seed
    from tests.tools.database import bench_database

    with (
        tempfile.TemporaryDirectory(prefix="spades-profile-") as work,
        bench_database(),
        override_settings(STATIC_ROOT=Path(work) / "static", DEBUG=False),
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        total = options.requests + options.warmup
        reader, writer, page, posts = seed_games(-(-total // STEPS_PER_GAME), options.hands)
        bare_game = seed.create(writer, seed.ENDLESS, seed.make_hands(options.hands)).pk
        call = Caller()
        read = {"Cookie": cookies_of(reader)}
        csrf = _get_new_csrf_string()
        write = {
            "Cookie": f"{cookies_of(writer)}; {settings.CSRF_COOKIE_NAME}={csrf}",
            "X-CSRFToken": csrf,
            "HX-Request": "true",
        }
        htmx = {**read, "HX-Request": "true"}
        game_path = f"/games/{page.pk}/"
        page.refresh_from_db()
        watch_path = f"/t/{page.table.watch_token}/"

        steps: dict[str, list[float]] = {"bids": [], "tricks": []}

        def poster() -> Callable[[], int]:
            made = 0

            def one() -> int:
                nonlocal made
                game = posts[made // STEPS_PER_GAME]
                made += 1
                step, number = seed.next_step(game)
                form = seed.POST_BIDS if step == "bids" else seed.POST_TRICKS
                path = f"/games/{game}/{step}/"
                start = time.perf_counter()
                status = call("POST", path, write, {"hand": str(number), **form})
                steps[step].append((time.perf_counter() - start) * 1000)
                return status

            return one

        endpoints: dict[str, Callable[[], int]] = {
            "healthz": lambda: call("GET", "/healthz", {}),
            "game": lambda: call("GET", game_path, read),
            "fragment": lambda: call("GET", game_path, htmx),
            "watch_page": lambda: call("GET", watch_path, {}),
            "home": lambda: call("GET", "/", read),
            "record": poster(),
            "bare_step": lambda: call("POST", f"/bare-step/{bare_game}/", write, {"bid_0": "3"}),
            "bare_page": lambda: call("GET", "/bare-page/", read),
        }

        def served(key: str) -> contextlib.AbstractContextManager[object]:
            # The bare rows are served beside the project's own addresses, for their rows only.
            if key in BARE:
                return override_settings(ROOT_URLCONF="tests.tools.bench.bare")
            return contextlib.nullcontext()

        if options.profile:
            with served(options.profile):
                return profile(endpoints[options.profile], options)
        print(f"{'endpoint':<12}{'mean ms':>10}{'median ms':>11}{'min ms':>9}{'x healthz':>11}")
        base = None
        for key, one in endpoints.items():
            gc.collect()
            with served(key):
                times = time_calls(one, options.requests, options.warmup)
            mean = statistics.fmean(times)
            base = base or mean
            print(
                f"{key:<12}{mean:>10.3f}{statistics.median(times):>11.3f}"
                f"{min(times):>9.3f}{base / mean:>10.0%}"
            )
            if key == "record":
                for step, times in steps.items():
                    times = times[options.warmup // 2 :]
                    print(
                        f"  {step:<10}{statistics.fmean(times):>10.3f}"
                        f"{statistics.median(times):>11.3f}"
                    )
    return 0


def profile(call: Callable[[], int], options: argparse.Namespace) -> int:
    """Where the time of `options.requests` calls goes: pyinstrument's tree if it is installed
    (`--all` shows Django's own frames too), else cProfile's cumulative table."""
    time_calls(call, 0, options.warmup)
    try:
        if options.cprofile:
            raise ImportError("cProfile asked for")
        from pyinstrument import Profiler
        from pyinstrument.renderers import ConsoleRenderer
    except ImportError:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        time_calls(call, options.requests, 0)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(70)
        stats.sort_stats("tottime").print_stats(40)
        return 0
    profiler = Profiler(interval=0.0001)
    profiler.start()
    time_calls(call, options.requests, 0)
    profiler.stop()
    session = profiler.last_session
    assert session is not None
    print(ConsoleRenderer(show_all=options.all, unicode=True).render(session))
    print(ConsoleRenderer(flat=True, unicode=True).render(session)[:6000])
    return 0


if __name__ == "__main__":
    sys.exit(main())
