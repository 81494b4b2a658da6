"""`make room`: seed club nights, serve them as deployed, load them with phones, print figures.

The database is new for the run (a SQLite file, or a throwaway PostgreSQL cluster beside a
throwaway Redis for the hosted shape) and the events are entered through the club's own
services: teams, round 1 paired, the clock started. gunicorn serves it with the project's
gunicorn.conf.py; the phones reach it on loopback, each instance taking its share of them
as behind a load balancer. The beats the phones poll on are read from the pages themselves.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import random
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import django

from tests.tools.room import figures
from tests.tools.room.phones import Follower, Table, follow, listen, score

SHAPES = {
    # `make run HOST=0.0.0.0` on a laptop: SQLite, one instance; the board polls.
    "laptop": {"instances": 1, "events": 1, "tables": 50, "followers": 200, "board": "poll"},
    # A hosted service: PostgreSQL, Redis, two instances, many events at once; each instance
    # with its async server (`make push`), and the boards' updates pushed.
    "hosted": {"instances": 2, "events": 10, "tables": 24, "followers": 200, "board": "push"},
}
TARGETS = {"board_delay_p95_ms": 1000, "step_p99_ms": 200}
TABLE_FOLLOWERS = 4  # one in four of an event's followers follows a table; the rest, its board


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="make room",
        description="A club night under load: scoring phones at every table, phones "
        "following the board and the tables; prints how long a step takes and how long "
        "the board takes to show it.",
    )
    parser.add_argument("--shape", choices=sorted(SHAPES), default="laptop")
    parser.add_argument("--seconds", type=int, default=60, help="length of the load")
    parser.add_argument("--events", type=int, help="events at once (laptop 1, hosted 10)")
    parser.add_argument("--tables", type=int, help="tables an event (laptop 50, hosted 24)")
    parser.add_argument("--followers", type=int, help="phones following, in all (200)")
    parser.add_argument(
        "--step-every", type=float, default=4.0, help="seconds between a table's steps (mean)"
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="gunicorn workers an instance (default 2)"
    )
    parser.add_argument(
        "--board",
        choices=["poll", "push"],
        help="how the boards follow: polling, or pushed updates (the hosted shape's; needs its "
        "Redis); laptop poll, hosted push",
    )
    parser.add_argument("--report", default="room-report.json", help="the JSON report")
    options = parser.parse_args(argv)
    shape = SHAPES[options.shape]
    for key in ("events", "tables", "followers", "board"):
        if getattr(options, key) is None:
            setattr(options, key, shape[key])
    options.instances = shape["instances"]
    if options.seconds < 5 or options.tables < 1 or options.events < 1:
        parser.error("at least 5 seconds, one event and one table")
    if options.board == "push" and options.shape != "hosted":
        parser.error("pushed updates go through Redis: --shape hosted")
    return options


def say(message: str) -> None:
    print(f"room: {message}", file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    options = parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    from tests.tools import redis_server, server
    from tests.tools.faults import postgres

    with tempfile.TemporaryDirectory(prefix="spades-room-") as work, contextlib.ExitStack() as up:
        cache = database = None
        if options.shape == "hosted":
            missing = postgres.available() or redis_server.available()
            if missing:
                say(f"the hosted shape needs PostgreSQL and Redis: {missing}")
                return 1
            database = up.enter_context(postgres.PostgresServer(server.free_port()))
            cache = up.enter_context(redis_server.RedisServer())
            url = database.url
            os.environ["DJANGO_CACHE_URL"] = cache.url
        else:
            url = f"sqlite:///{work}/room.sqlite3"
            os.environ.pop("DJANGO_CACHE_URL", None)
        os.environ["DATABASE_URL"] = url
        django.setup()
        from tests.tools.faults.run import serving  # it reads the settings

        say(f"serving {options.instances} instance(s) on {url.split(':')[0]}...")
        stack = up.enter_context(
            serving(
                Path(work),
                url,
                instances=options.instances,
                cache=cache,
                database=database,
                workers=options.workers,
                push=options.board == "push",
            )
        )
        say(f"seeding {options.events} event(s) of {options.tables} tables...")
        tables, boards, watches = seed(options.events, options.tables)
        pushes = [pusher.port for pusher in stack.pushers]
        room = Room(options, stack.ports, tables, boards, watches, pushes)
        result = room.run(stack.workers())
    Path(options.report).write_text(json.dumps(result, indent=2) + "\n")
    print(render(result))
    print(f"\nreport written to {options.report}")
    return 0


def seed(events: int, tables: int) -> tuple[list[Table], list[str], list[list[str]]]:
    """The events through the club's services: teams entered, round 1 paired, clock running.
    Each table plays on to 100,000, so no game ends during the load."""
    from django.contrib.auth import get_user_model

    from games import scoring
    from games.club import services as club

    director = get_user_model().objects.create_user("director", password="a room of tables 42")
    rules = dataclasses.replace(scoring.get_preset("standard").rules, target_score=100_000)
    seated: list[Table] = []
    boards: list[str] = []
    watches: list[list[str]] = []
    for number in range(events):
        event = club.create_event(
            director,
            name=f"Club night {number + 1}",
            rules=rules,
            preset="standard",
            pairing="swiss",
            rounds=3,
            round_minutes=240,
            points={"win": 2, "draw": 1, "loss": 0, "bye": 2},
            ranking=["match_points", "point_difference", "points_for"],
        )
        for team in range(2 * tables):
            players = [f"Player {2 * team + 1}", f"Player {2 * team + 2}"]
            club.add_team(director, event.pk, f"Team {team + 1}", players)
        round_ = club.start_round(director, event.pk)
        club.start_clock(director, event.pk)
        boards.append(f"/e/{event.board_token}/live/")
        watches.append([])
        for seating in round_.seatings.select_related("game__table"):
            table = seating.game.table
            seated.append(Table(number, table.score_token or "", seating.game.pk))
            watches[-1].append(f"/t/{table.watch_token}/live/")
    return seated, boards, watches


def beat(port: int, path: str) -> float:
    """The seconds between polls the page itself asks htmx for (hx-trigger="every ...")."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as page:
        html = page.read().decode()
    found = re.search(r'hx-trigger="every (\d+(?:\.\d+)?)(ms|s)"', html)
    if found is None:
        raise RuntimeError(f"no polling beat on {path}")
    return float(found[1]) / (1000 if found[2] == "ms" else 1)


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU of these processes so far (from /proc)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def quiet_polls() -> tuple[float, float]:
    """When a pushed board polls beside its stream (board.js): after this many seconds without
    an update, and every so many seconds whatever comes."""
    script = (Path(__file__).resolve().parents[3] / "static" / "js" / "board.js").read_text()
    found = [re.search(rf"{name} = (\d+)", script) for name in ("SILENT_MS", "SAFETY_POLL_MS")]
    if None in found:
        raise RuntimeError("board.js no longer says when it polls beside its stream")
    silent, safety = (int(match[1]) / 1000 for match in found if match)
    return silent, safety


class Room:
    def __init__(self, options, ports: list[int], tables, boards, watches, pushes=()):
        self.options = options
        self.ports = ports
        self.pushes: list[int] = list(pushes)  # each instance's async server, if pushed
        self.tables: list[Table] = tables
        self.boards: list[str] = boards
        self.watches: list[list[str]] = watches

    def followers(self) -> list[Follower]:
        board_every = beat(self.ports[0], self.boards[0].removesuffix("live/"))
        watch_every = beat(self.ports[0], self.watches[0][0].removesuffix("live/"))
        events = len(self.boards)
        found = []
        for number in range(self.options.followers):
            event = number % events
            if (number // events) % TABLE_FOLLOWERS == TABLE_FOLLOWERS - 1:
                tables = self.watches[event]
                path = tables[(number // events) % len(tables)]
                found.append(Follower(event, path, watch_every, board=False))
            elif self.pushes:
                board = self.boards[event]
                stream = board.removesuffix("live/") + "push/"
                silent, safety = quiet_polls()
                found.append(
                    Follower(event, board, board_every, stream=stream, silent=silent, safety=safety)
                )
            else:
                found.append(Follower(event, self.boards[event], board_every))
        return found

    def run(self, workers: list[int]) -> dict[str, Any]:
        followers = self.followers()
        seconds = self.options.seconds
        say(f"{len(self.tables)} scoring phones and {len(followers)} followers for {seconds} s...")
        cpu_before, own_before = cpu_seconds(workers), time.process_time()
        started = time.monotonic()
        asyncio.run(self.load(followers, started + seconds))
        elapsed = time.monotonic() - started
        server_cpu = (cpu_seconds(workers) - cpu_before) / elapsed
        client_cpu = (time.process_time() - own_before) / elapsed
        return self.figures(followers, elapsed, server_cpu, client_cpu)

    async def load(self, followers: list[Follower], until: float) -> None:
        rng = random.Random(22)
        urls = [f"http://127.0.0.1:{port}" for port in self.ports]
        every = self.options.step_every
        # The scorers stop two seconds early, so every follower polls after their last step.
        jobs = [
            score(urls[n % len(urls)], table, every, until - 2, random.Random(rng.random()))
            for n, table in enumerate(self.tables)
        ]
        pushes = [f"http://127.0.0.1:{port}" for port in self.pushes]
        for n, follower in enumerate(followers):
            pages, own = urls[n % len(urls)], random.Random(rng.random())
            if follower.stream:  # the proxy sends the stream to the instance's async server
                jobs.append(listen(pages, pushes[n % len(pushes)], follower, until, own))
            else:
                jobs.append(follow(pages, follower, until, own))
        await asyncio.gather(*jobs)

    def figures(self, followers, elapsed, server_cpu, client_cpu) -> dict[str, Any]:
        steps = [step for table in self.tables for step in table.steps]
        by_event: dict[int, list[figures.Step]] = {}
        for step in sorted(steps, key=lambda s: s.sent):
            by_event.setdefault(step.event, []).append(step)
        delays: list[float] = []
        stale = unseen = 0
        boards = [f for f in followers if f.board]
        for follower in boards:
            steps_here = by_event.get(follower.event, [])
            if follower.stream:
                seen = figures.pushed_delays(steps_here, follower.arrivals)
            else:
                seen = figures.board_delays(steps_here, follower.polls)
            delays += seen.delays
            stale += seen.stale
            unseen += seen.unseen
        board_polls = [poll for f in boards for poll in f.polls]
        table_polls = [poll for f in followers if not f.board for poll in f.polls]
        step_figures = figures.summary(steps)
        delay_ms = [d * 1000 for d in delays]
        board_p95 = figures.percentile(delay_ms, 0.95)
        requests = len(steps) + len(board_polls) + len(table_polls)
        o = self.options
        return {
            "shape": o.shape,
            "instances": o.instances,
            "database": "PostgreSQL + Redis" if o.shape == "hosted" else "SQLite",
            "events": o.events,
            "tables": o.events * o.tables,
            "scoring_phones": len(self.tables),
            "board_followers": len(boards),
            "table_followers": len(followers) - len(boards),
            "board_updates": o.board,
            "board_beat_s": boards[0].every if boards else None,
            "pushed_updates": sum(len(f.arrivals) for f in boards),
            "stream_reopened": sum(f.reconnects for f in boards),
            "step_every_s": o.step_every,
            "seconds": round(elapsed, 1),
            "requests_per_second": round(requests / elapsed, 1),
            "server_cpu_cores": round(server_cpu, 2),
            "load_tool_cpu_cores": round(client_cpu, 2),
            "steps": step_figures,
            "board_polls": {
                **figures.summary(board_polls),
                "not_modified": sum(1 for p in board_polls if p.status == 304),
            },
            "table_polls": figures.summary(table_polls),
            "board_delay": {
                "pairs": len(delays),
                "p50_ms": _ms(figures.percentile(delay_ms, 0.50)),
                "p95_ms": _ms(board_p95),
                "p99_ms": _ms(figures.percentile(delay_ms, 0.99)),
                "max_ms": _ms(max(delay_ms, default=None)),
                "stale": stale,
                # Never shown: the run ended before the next poll or, pushed, no update came.
                "unseen": unseen,
            },
            "targets": {
                "board_delay_p95_ms <= 1000": board_p95 is not None
                and board_p95 <= TARGETS["board_delay_p95_ms"],
                "step_p99_ms < 200": step_figures["p99_ms"] is not None
                and step_figures["p99_ms"] < TARGETS["step_p99_ms"]
                and step_figures["failed"] == 0,
            },
        }


def following(result: dict[str, Any]) -> str:
    if result["board_updates"] == "push":
        return (
            f"pushed: {result['pushed_updates']} updates arrived, streams opened again "
            f"{result['stream_reopened']} times; polling beside them as board.js does"
        )
    return f"polling every {result['board_beat_s']} s"


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def render(result: dict[str, Any]) -> str:
    steps, delay = result["steps"], result["board_delay"]
    polls, tables = result["board_polls"], result["table_polls"]
    lines = [
        f"{result['shape']}: {result['instances']} instance(s) on {result['database']}, "
        f"{result['events']} event(s), {result['tables']} tables, {result['seconds']} s",
        f"  {result['scoring_phones']} scoring phones (a step every {result['step_every_s']} s "
        f"each), {result['board_followers']} following the board ({following(result)}), "
        f"{result['table_followers']} following a table",
        f"  {result['requests_per_second']} requests/s; CPU: server "
        f"{result['server_cpu_cores']} cores, this load tool {result['load_tool_cpu_cores']}",
        f"  recorded step:   {steps['count']} steps, p50 {steps['p50_ms']} ms, p95 "
        f"{steps['p95_ms']} ms, p99 {steps['p99_ms']} ms, max {steps['max_ms']} ms, "
        f"failed {steps['failed']}",
        f"  board shows it:  p50 {delay['p50_ms']} ms, p95 {delay['p95_ms']} ms, p99 "
        f"{delay['p99_ms']} ms, max {delay['max_ms']} ms ({delay['pairs']} step-follower "
        f"pairs; stale {delay['stale']}, never shown {delay['unseen']})",
        f"  board polls:     {polls['count']}, {polls['not_modified']} answered 304, p99 "
        f"{polls['p99_ms']} ms, failed {polls['failed']}",
        f"  table polls:     {tables['count']}, p99 {tables['p99_ms']} ms, failed "
        f"{tables['failed']}",
    ]
    for target, met in result["targets"].items():
        lines.append(f"  target {target}: {'met' if met else 'NOT met'}")
    return "\n".join(lines)
