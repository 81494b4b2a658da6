"""`make bench`: throughput and latency of the app under gunicorn, driven by wrk.

A fresh database (SQLite by default, or a `<name>_bench` database beside DATABASE_URL's) is
migrated and seeded through the real recording code; gunicorn serves it on loopback as
deployed; wrk loads each endpoint in turn with the same connections. The table goes to the
terminal and everything to a JSON report. Targets are printed, never enforced.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from django.test.utils import override_settings

from tests.tools import server
from tests.tools.bench import engine, load, measure, report, seed
from tests.tools.bench import restore as restore_bench
from tests.tools.database import bench_database

ENGINE_HANDS = 1000
ENGINE_REPEAT = 20
STEPS = {"bids": seed.POST_BIDS, "tricks": seed.POST_TRICKS}


def settled(games, quiet: float = 1.0, limit: float = 20.0) -> list[tuple[str, int]]:
    """Each game's next step, once posts a finished wrk run left queued have all landed."""
    steps = [seed.next_step(game) for game in games]
    if not games:
        return steps
    deadline = time.monotonic() + limit
    stable_since = time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = [seed.next_step(game) for game in games]
        if now != steps:
            steps, stable_since = now, time.monotonic()
        elif time.monotonic() - stable_since >= quiet:
            break
    return steps


def twice(client: Client, path: str, **kwargs) -> tuple[tuple[int, int], tuple[int, int]]:
    """(queries, status) of a GET, then of the same GET again."""
    first = measure.count_queries(client, "get", path, **kwargs)
    return first, measure.count_queries(client, "get", path, **kwargs)


def bounded(low: int, high: int):
    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}")
        return value

    return parse


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="make bench",
        description="Measure throughput and latency under gunicorn with wrk on loopback; "
        "write a report.",
    )
    parser.add_argument(
        "--duration", type=bounded(1, 600), default=5, help="seconds of load per endpoint"
    )
    parser.add_argument(
        "--warmup", type=bounded(0, 60), default=1, help="seconds of unmeasured load first"
    )
    parser.add_argument(
        "--connections", type=bounded(1, 64), default=8, help="concurrent clients (default 8)"
    )
    parser.add_argument(
        "--report", default="bench-report.json", help="where to write the JSON report"
    )
    parser.add_argument(
        "--restore-games",
        type=bounded(0, 10_000),
        default=restore_bench.GAMES,
        help="games in the backup restored while a hand is recorded (0: skip)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    options = parse_args(argv)
    try:
        load.wrk_path()
    except FileNotFoundError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="spades-bench-") as work:
        try:
            result = Bench(options, Path(work)).run()
        except RuntimeError as error:
            print(f"bench: {error}", file=sys.stderr)
            return 1
    path = Path(options.report)
    report.write(result, path)
    print(report.render(result))
    print(f"\nreport written to {path}")
    return 0


def say(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


class Bench:
    def __init__(self, options: argparse.Namespace, work: Path):
        self.duration = options.duration
        self.warmup = options.warmup
        self.connections = options.connections
        self.restore_games = options.restore_games
        self.work = work

    def run(self) -> dict:
        static_root = self.work / "static"
        with (
            bench_database() as database_url,
            override_settings(
                STATIC_ROOT=static_root, ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"]
            ),
        ):
            say("collecting static files and seeding the database...")
            call_command("collectstatic", interactive=False, verbosity=0)
            seeded = seed.seed(self.connections)
            database = self.describe_database()
            port = server.free_port()
            env = server.server_env(
                database_url=database_url, port=port, workers=2, static_root=static_root
            )
            with server.Gunicorn(env, self.work / "gunicorn.log") as gunicorn:
                try:
                    say(f"gunicorn up on 127.0.0.1:{port}; measuring...")
                    endpoints, weights = self.measure_all(seeded, port)
                    restored = None
                    if self.restore_games:
                        say(f"restoring a {self.restore_games}-game backup while recording...")
                        restored = restore_bench.measure(
                            port, seeded.writer, seeded.post_games[0][0], self.restore_games
                        )
                except Exception as error:
                    raise RuntimeError(f"{error}\ngunicorn log:\n{gunicorn.tail()}") from error
        with contextlib.redirect_stdout(io.StringIO()):
            rate = engine.main(["--hands", str(ENGINE_HANDS), "--repeat", str(ENGINE_REPEAT)])
        targets = report.judge(endpoints, self.connections, weights, restored)
        return {
            "database": database,
            "server": {"workers": 2, "address": f"127.0.0.1:{port}", "debug": False},
            "load": {
                "tool": "wrk",
                "connections": self.connections,
                "threads": self.connections,
                "duration_s": self.duration,
                "warmup_s": self.warmup,
            },
            "endpoints": endpoints,
            "engine": {"hands_per_second": rate, "hands": ENGINE_HANDS, "repeat": ENGINE_REPEAT},
            "bytes": weights,
            "targets": targets,
            "restore": restored,
        }

    def describe_database(self) -> dict:
        name = str(connection.settings_dict["NAME"])
        if connection.vendor == "sqlite":
            return {"vendor": "sqlite", "description": "SQLite (a fresh temporary file)"}
        host = connection.settings_dict.get("HOST") or "local socket"
        return {
            "vendor": connection.vendor,
            "name": name,
            "description": f"{connection.display_name} (database {name} on {host}, "
            "created for this run and dropped after)",
        }

    def measure_all(self, seeded: seed.Seeded, port: int) -> tuple[list[dict], dict]:
        reader = Client()
        reader.force_login(seeded.reader)
        writer = Client()
        writer.force_login(seeded.writer)
        csrf = _get_new_csrf_string()
        session = settings.SESSION_COOKIE_NAME
        read_headers = {"Cookie": f"{session}={reader.cookies[session].value}"}
        write_headers = {
            "Cookie": f"{session}={writer.cookies[session].value}; "
            f"{settings.CSRF_COOKIE_NAME}={csrf}",
            "X-CSRFToken": csrf,
            "HX-Request": "true",
        }
        htmx = {"HX-Request": "true"}
        game_path = f"/games/{seeded.page_game}/"
        watch = measure.find_watch(seeded.page_game, port)

        # Queries, one request at a time in process, on the same database: the first request,
        # then the same again (what most requests under load are, with caches warm).
        queries = {
            "healthz": twice(Client(), "/healthz"),
            "game": twice(reader, game_path),
            "fragment": twice(reader, game_path, headers=htmx),
            "home": twice(reader, "/"),
        }
        if watch.poll:
            queries["watch"] = twice(Client(), watch.poll, headers=watch.poll_headers)
        if watch.page:
            queries["watch_page"] = twice(Client(), watch.page)
        queries["record"] = self.post_queries(writer, seeded.query_game)
        queries["record_long"] = self.post_queries(writer, seeded.long_query_game)
        for key, value in queries.items():
            statuses = value.values() if isinstance(value, dict) else value
            bad = [status for _, status in statuses if status >= 500]
            if bad:
                raise RuntimeError(f"the {key} request answered {bad[0]} in process")

        weights = {
            "first_page_load": measure.page_weight(port, game_path, read_headers),
            "htmx_swap": measure.swap_weight(port, game_path, read_headers),
            # The next hand of the query game, over HTTP as a phone posts it.
            "record_swap": measure.record_swap(port, seeded.query_game, write_headers, STEPS),
        }

        plan = [
            ("healthz", "/healthz", "/healthz", {}),
            ("game", f"game page ({seed.PAGE_HANDS} hands)", game_path, read_headers),
            ("fragment", "htmx standings fragment", game_path, {**read_headers, **htmx}),
            ("watch", "watch poll, nothing new (304)", watch.poll, watch.poll_headers),
            ("watch_page", f"watch page ({seed.PAGE_HANDS} hands)", watch.page, {}),
            ("home", f"home ({seed.HOME_GAMES} games)", "/", read_headers),
        ]
        endpoints = []
        for key, label, path, headers in plan:
            entry = {"key": key, "label": label, "method": "GET", "path": path}
            if path is None:
                entry.update(available=False, reason=watch.why_not)
                say(f"{label}: not available ({watch.why_not})")
            else:
                figures = self.load(port, path, load.get_script(headers))
                (first, _), (again, _) = queries[key]
                entry.update(available=True, **figures, queries=again, queries_first=first)
            endpoints.append(entry)
        script = load.post_script(write_headers, seed.POST_BIDS, seed.POST_TRICKS)
        for key, hands, games in (
            ("record", seed.PAGE_HANDS, seeded.post_games),
            ("record_long", seed.LONG_HANDS, seeded.long_games),
        ):
            figures = self.load(port, "/", script, post_games=games)
            played = [game for thread in games for game in thread]
            lengths = [seed.next_step(game)[1] - 1 for game in played]
            endpoints.append(
                {
                    "key": key,
                    "label": f"record a hand ({hands}-hand game)",
                    "method": "POST",
                    "path": "/games/<id>/bids/ then /games/<id>/tricks/ (htmx)",
                    "available": True,
                    **figures,
                    "games": {"count": len(played), "hands_after": [min(lengths), max(lengths)]},
                    "queries": {step: count for step, (count, _) in queries[key].items()},
                }
            )
        return endpoints, weights

    def post_queries(self, writer: Client, game_id: int) -> dict[str, tuple[int, int]]:
        """Every statement of each step, BEGIN and COMMIT included, as a phone that has made a
        request since signing in posts it (its session and user are then in the cache)."""
        htmx = {"HX-Request": "true"}
        writer.get("/")
        counts = {}
        for step, data in STEPS.items():
            current, number = seed.next_step(game_id)
            if current != step:
                raise RuntimeError(f"the query game expected {current}, not {step}")
            counts[step] = measure.count_queries(
                writer,
                "post",
                f"/games/{game_id}/{step}/",
                data={"hand": str(number), **data},
                headers=htmx,
            )
        return counts

    def load(self, port: int, path: str, script: str, post_games=()) -> dict:
        url = f"http://127.0.0.1:{port}{path}"
        runs = [self.warmup, self.duration] if self.warmup else [self.duration]
        for seconds in runs:
            games = [game for thread in post_games for game in thread]
            steps = dict(zip(games, settled(games), strict=True))
            args = tuple(
                ",".join(f"{game}:{steps[game][1]}:{steps[game][0]}" for game in thread)
                for thread in post_games
            )
            figures = load.run_wrk(
                url,
                script,
                seconds=seconds,
                connections=self.connections,
                threads=self.connections,
                work_dir=self.work,
                args=args,
            )
        return {
            "requests": figures.requests,
            "duration_s": round(figures.duration_s, 3),
            "rps": round(figures.rps, 1),
            "p50_ms": figures.p50_ms,
            "p95_ms": figures.p95_ms,
            "p99_ms": figures.p99_ms,
            "non_2xx_3xx": figures.non_2xx_3xx,
            "socket_errors": figures.socket_errors,
            **({"posts": figures.posts} if figures.posts else {}),
        }
