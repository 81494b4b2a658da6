"""`make faults`: the app under faults, on loopback, each scenario saying what it did and what
was lost (nothing, when all is well).

On SQLite (one gunicorn, as `make run` serves it): slow clients, a nested-bracket import file,
a sign-up flood and, as root, a full disk (a small tmpfs under the database). On PostgreSQL with
Redis (two gunicorn instances, as deployed): Redis paused and stopped under load, PostgreSQL
restarted under load. Every server is the suite's own, started in a temporary folder on
127.0.0.1 and ended with it; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from games.accounts.throttle import SIGNUP
from tests.tools import redis_server, server
from tests.tools.faults import event_files, postgres
from tests.tools.faults.phones import Load, Phone, Table, Watcher
from tests.tools.faults.slow_clients import measure

ROOT = Path(__file__).resolve().parents[3]


@dataclass
class Outcome:
    name: str
    did: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)  # answers no fault explains
    skipped: str = ""

    def say(self, line: str) -> None:
        self.did.append(line)
        print(f"  {line}", flush=True)


@dataclass
class Stack:
    """The app as one scenario finds it: its instances' ports and what runs behind them."""

    ports: list[int]
    instances: list[server.Gunicorn]
    database_url: str
    cache: redis_server.RedisServer | None = None
    database: postgres.PostgresServer | None = None
    folder: Path | None = None
    # With the board's updates pushed: each instance's async server (`make push`), in order.
    pushers: list[server.Gunicorn] = dataclasses.field(default_factory=list)
    _addresses: int = 0

    def phone(self) -> Phone:
        """A new phone at an address of its own (the one proxy in front passes it on)."""
        self._addresses += 1
        return Phone(self.ports, f"192.0.2.{self._addresses % 250 + 1}")

    def signed_up(self, name: str) -> Phone:
        phone = self.phone()
        status, _, body = phone.sign_up(f"{name}{os.getpid()}{self._addresses}")
        if status != 302:
            raise RuntimeError(f"sign-up failed: {status} {body[:300]!r}")
        return phone

    def health(self) -> str:
        status, _, body = self.phone().get("/healthz")
        return f"{status} {body.decode(errors='replace')}"

    def workers(self) -> list[int]:
        servers = [*self.instances, *self.pushers]
        return [pid for instance in servers for pid in instance.workers()]


def migrate(env: dict[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if result.returncode:
        raise RuntimeError(f"migrate failed: {result.stderr[-2000:]}")


def collect_static(folder: Path) -> Path:
    static = folder / "static"
    env = server.server_env(database_url="sqlite://", port=0, static_root=static)
    result = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if result.returncode:
        raise RuntimeError(f"collectstatic failed: {result.stderr[-2000:]}")
    return static


@contextlib.contextmanager
def serving(
    folder: Path,
    database_url: str,
    *,
    instances: int = 1,
    cache: redis_server.RedisServer | None = None,
    database: postgres.PostgresServer | None = None,
    workers: int = 2,
    push: bool = False,
) -> Iterator[Stack]:
    """The instances, up until the block ends; with `push` (which needs `cache`, the Redis the
    updates go through), each with its async server for the board's pushed updates."""
    static = folder / "static" if (folder / "static").is_dir() else collect_static(folder)
    envs = []
    for _ in range(instances):
        env = server.server_env(
            database_url=database_url, port=server.free_port(), workers=workers, static_root=static
        )
        env.pop("DJANGO_CACHE_URL", None)
        if cache is not None:
            env["DJANGO_CACHE_URL"] = cache.url
        if push:
            assert cache is not None, "the board's pushes go through Redis"
            env = server.pushing_env(env, cache_url=cache.url)
        env["DJANGO_TRUSTED_PROXIES"] = "1"
        envs.append(env)
    migrate(envs[0])
    with contextlib.ExitStack() as stack:
        started = [
            stack.enter_context(server.Gunicorn(env, folder / f"gunicorn-{number}.log"))
            for number, env in enumerate(envs)
        ]
        pushers = [
            stack.enter_context(
                server.Gunicorn(
                    server.push_server_env(env, server.free_port()), folder / f"push-{number}.log"
                )
            )
            for number, env in enumerate(envs)
            if push
        ]
        yield Stack(
            [instance.port for instance in started],
            started,
            database_url,
            cache=cache,
            database=database,
            folder=folder,
            pushers=pushers,
        )


def tables_and_watchers(stack: Stack, tables: int, watchers: int) -> tuple[list, list]:
    owners = [stack.signed_up("table") for _ in range(tables)]
    playing = [Table(owner, owner.new_game()) for owner in owners]
    watching = [
        Watcher(playing[number % tables].phone, f"/games/{playing[number % tables].game}/")
        for number in range(watchers)
    ]
    return playing, watching


def report_load(outcome: Outcome, tables: list[Table], watchers: list[Watcher], faulty) -> None:
    """What the load did, and which answers went wrong outside the fault's own time."""
    phones = {id(one.phone): one.phone for one in [*tables, *watchers]}.values()
    answers = [answer for phone in phones for answer in phone.answers]
    posts = [answer for answer in answers if answer.what.startswith("record")]
    recorded = sum(len(table.recorded) for table in tables)
    failed = [answer for answer in answers if answer.status == "no answer" or (
        isinstance(answer.status, int) and answer.status >= 500)]  # fmt: skip
    slowest = max((answer.seconds for answer in answers), default=0.0)
    outcome.say(
        f"{len(posts)} posts, {recorded} steps recorded, {len(answers) - len(posts)} page "
        f"polls; {len(failed)} answers 5xx or none; slowest answer {slowest * 1000:.0f} ms"
    )
    for answer in failed:
        if not faulty(answer):
            outcome.unexpected.append(f"{answer.what}: {answer.status} at {answer.at:.1f}")
    for table in tables:
        outcome.lost.extend(table.lost())


# ---- Scenarios ----


def redis_faults(stack: Stack, seconds: float) -> Outcome:
    """Redis paused, then stopped, under load: nothing lost, nothing 5xx, and no step slower
    than the threshold. A request waits on a stalled Redis for at most its socket timeout
    (0.25 s, settings.CACHES), twice at worst (a read, then a write) before the process lets
    Redis rest (scorekeeper.cache.RETRY_AFTER). So an answer from the pause on is judged
    against the same load's slowest answer before it plus those two timeouts, and never held
    to less than 2 s: what the fault adds is judged, not how busy the machine is."""
    least_threshold = 2.0
    redis_allowance = 2 * 0.25
    outcome = Outcome("Redis paused, then stopped, under load")
    cache = stack.cache
    assert cache is not None
    tables, watchers = tables_and_watchers(stack, 4, 4)
    with Load(tables, watchers, seconds):
        time.sleep(seconds * 0.2)
        paused_at = time.monotonic()
        cache.pause()
        outcome.say(f"Redis paused (SIGSTOP) for {seconds * 0.25:.0f} s")
        time.sleep(1)
        outcome.say(f"/healthz while paused: {stack.health()}")
        time.sleep(max(0.0, seconds * 0.25 - 1))
        cache.resume()
        time.sleep(seconds * 0.1)
        cache.stop()
        outcome.say(f"Redis stopped for {seconds * 0.25:.0f} s")
        time.sleep(1)
        outcome.say(f"/healthz while stopped: {stack.health()}")
        time.sleep(max(0.0, seconds * 0.25 - 1))
        cache.start()
        outcome.say("Redis started again (empty)")
    answers = [answer for table in tables for answer in table.phone.answers]
    quiet = [answer.seconds for answer in answers if answer.at + answer.seconds < paused_at]
    threshold = max(least_threshold, max(quiet, default=0.0) + redis_allowance)
    faulted = [answer.seconds for answer in answers if answer.at + answer.seconds >= paused_at]
    slow = [taken for taken in faulted if taken > threshold]
    report_load(outcome, tables, watchers, faulty=lambda answer: False)
    outcome.say(
        f"tables: slowest answer before the pause {max(quiet, default=0.0):.2f} s, from it on "
        f"{max(faulted, default=0.0):.2f} s; threshold {threshold:.2f} s"
    )
    if slow:
        outcome.unexpected.append(
            f"{len(slow)} answers took over {threshold:.1f} s (longest {max(slow):.1f} s)"
        )
    outcome.say(f"/healthz after: {stack.health()}")
    return outcome


def postgres_restart(stack: Stack, seconds: float) -> Outcome:
    outcome = Outcome("PostgreSQL restarted under load")
    database = stack.database
    assert database is not None
    tables, watchers = tables_and_watchers(stack, 4, 2)
    window: list[float] = []
    with Load(tables, watchers, seconds):
        time.sleep(seconds * 0.3)
        window.append(time.monotonic())
        database.restart()
        window.append(time.monotonic())
        outcome.say(f"PostgreSQL restarted (fast) in {window[1] - window[0]:.1f} s")
    # While the server is down, a request that needs it can only fail: that is the fault's own.
    report_load(
        outcome, tables, watchers,
        faulty=lambda a: a.at <= window[1] + 1 and a.at + a.seconds >= window[0],
    )  # fmt: skip
    outcome.say(f"/healthz after: {stack.health()}")
    return outcome


def slow_clients(stack: Stack, seconds: float) -> Outcome:
    outcome = Outcome("Slow clients (posts promising 1,000 bytes and sending none)")
    for count in (2, 20):
        report = measure(stack.ports[0], slow_clients=count, probes=10, pause=0.2)
        outcome.say(report.line())
        outcome.unexpected.extend(report.failed)
        if report.waits and count == 2 and max(report.waits) > 2:
            outcome.unexpected.append(f"with 2 slow clients a page took {max(report.waits):.1f} s")
    return outcome


def rss_kb(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def nested_brackets(
    stack: Stack, seconds: float, depth: int = 100_000, padding: int = 6_000_000
) -> Outcome:
    """The file of the report: deep brackets padded past 5 MB, so the import reads it as a
    stream (a smaller file is parsed whole, where Python's own depth limit stops it)."""
    outcome = Outcome(f"An import file nested {depth:,} brackets deep")
    phone = stack.signed_up("importer")
    games = "[" * depth + " " * padding + "]" * depth
    content = ('{"format":"spades-games/1","games":[' + games + "]}").encode()
    boundary = "faultsuiteboundary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="nested.json"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    before = {pid: rss_kb(pid) for pid in stack.workers()}
    peak = dict(before)
    done = threading.Event()
    killed: list[int] = []

    def watch_memory() -> None:
        """Bounded: a worker past 2 GB is ended rather than left to take the machine."""
        while not done.wait(0.05):
            for pid in list(peak):
                peak[pid] = max(peak[pid], rss_kb(pid))
                if peak[pid] > 2_000_000 and pid not in killed:
                    killed.append(pid)
                    os.kill(pid, 9)

    watcher = threading.Thread(target=watch_memory)
    watcher.start()
    try:
        status, _, _ = phone.request(
            "POST", "/games/import/", body,
            {"Content-Type": f"multipart/form-data; boundary={boundary}"}, what="import",
        )  # fmt: skip
    finally:
        done.set()
        watcher.join()
    grown = max((peak[pid] - before[pid] for pid in before), default=0)
    outcome.say(
        f"sent {len(content):,} bytes: {status} after {phone.answers[-1].seconds:.2f} s; "
        f"a worker grew by {grown / 1024:.0f} MB at most"
    )
    if killed:
        outcome.unexpected.append(f"a worker passed 2 GB and was ended ({killed})")
    if status == "no answer" or (isinstance(status, int) and status >= 500):
        outcome.unexpected.append(f"the import was answered {status}")
    elif isinstance(status, int) and status < 400:
        outcome.say("the file was not refused")
    else:
        outcome.say(f"refused with {status}, as it should be")
    return outcome


def event_imports(stack: Stack, seconds: float) -> Outcome:
    """The event import's files of the report, as a guest and as a director, and a 5,000-game
    event imported while another table plays (`event_files`, with its thresholds)."""
    outcome = Outcome("Event files: wide and deep ones refused, a 5,000-game import under play")
    event_files.scenario(stack, outcome, seconds)
    return outcome


def sign_up_flood(stack: Stack, seconds: float, attempts: int = 40) -> Outcome:
    outcome = Outcome(f"A sign-up flood: {attempts} sign-ups from one address")
    tables, watchers = tables_and_watchers(stack, 1, 0)
    flooder = Phone(stack.ports, "198.51.100.99")
    statuses: list[int | str] = []

    def flood(count: int) -> None:
        for number in range(count):
            phone = Phone(stack.ports, flooder.address)
            status, _, _ = phone.sign_up(f"flood{os.getpid()}{threading.get_ident()}{number}")
            statuses.append(status)

    with Load(tables, watchers, min(seconds, 8)):
        threads = [threading.Thread(target=flood, args=(attempts // 4,)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    counts = {status: statuses.count(status) for status in sorted(set(statuses), key=str)}
    outcome.say(f"sign-ups answered: {counts}")
    waits = [a.seconds for a in tables[0].phone.answers if a.what.startswith("record")]
    if waits:
        outcome.say(
            f"a table recording meanwhile: {len(waits)} posts, median "
            f"{statistics.median(waits) * 1000:.0f} ms, longest {max(waits) * 1000:.0f} ms"
        )
    report_load(outcome, tables, watchers, faulty=lambda answer: False)
    # Without Redis each worker counts for itself (its own memory): the limit is per worker.
    workers = 1 if stack.cache is not None else 2 * len(stack.instances)
    allowed = SIGNUP.per_address * workers
    if counts.get(302, 0) > allowed:
        outcome.unexpected.append(
            f"{counts[302]} accounts made from one address ({allowed} allowed)"
        )
    return outcome


def sqlite_disk_full(folder: Path, seconds: float) -> Outcome:
    outcome = Outcome("The SQLite disk full")
    if os.geteuid() != 0:
        outcome.skipped = "needs root to mount a small tmpfs under the database"
        return outcome
    disk = folder / "small-disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(disk)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if mounted.returncode:
        outcome.skipped = f"could not mount a tmpfs: {mounted.stderr.strip()}"
        return outcome
    try:
        with serving(folder, f"sqlite:///{disk / 'db.sqlite3'}") as stack:
            tables, watchers = tables_and_watchers(stack, 2, 1)
            window: list[float] = []
            with Load(tables, watchers, seconds):
                time.sleep(seconds * 0.3)
                window.append(time.monotonic())
                filler = disk / "filler"
                with contextlib.suppress(OSError), open(filler, "wb", buffering=0) as out:
                    for _ in range(64 * 1024):  # at most 64 MB, more than the disk holds
                        out.write(b"\0" * 1024)
                outcome.say(f"disk filled: {shutil.disk_usage(disk).free // 1024} KB free")
                time.sleep(1)
                outcome.say(f"/healthz with the disk full: {stack.health()}")
                time.sleep(seconds * 0.3)
                filler.unlink()
                window.append(time.monotonic())
                outcome.say("room made again")
                time.sleep(1)
                outcome.say(f"/healthz after: {stack.health()}")
            report_load(
                outcome, tables, watchers,
                faulty=lambda a: window[0] <= a.at + a.seconds and a.at <= window[1] + 1,
            )  # fmt: skip
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False, capture_output=True)
    return outcome


# ---- The run ----


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="make faults", description="The app under faults on loopback; nothing is lost."
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="load per scenario (2 to 60 s)")
    parser.add_argument(
        "--only", nargs="*", default=None,
        help="scenarios: slow nested events flood disk redis postgres",
    )  # fmt: skip
    parser.add_argument(
        "--nested-depth", type=int, default=100_000, help="brackets in the nested import file"
    )
    args = parser.parse_args(argv)
    args.nested_depth = min(1_000_000, max(1, args.nested_depth))
    args.seconds = min(60.0, max(2.0, args.seconds))
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    wanted = set(args.only or ["slow", "nested", "events", "flood", "disk", "redis", "postgres"])
    outcomes: list[Outcome] = []
    started = time.monotonic()

    def run(key: str, title: str, scenario: Callable[[], Outcome]) -> None:
        if key not in wanted:
            return
        print(f"\n{title}", flush=True)
        try:
            outcome = scenario()
        except Exception as error:  # a scenario that could not run says why, and the rest go on
            outcome = Outcome(title, unexpected=[f"the scenario failed: {error!r}"])
        if outcome.skipped:
            print(f"  skipped: {outcome.skipped}")
        outcomes.append(outcome)

    with tempfile.TemporaryDirectory(prefix="spades-faults-") as name:
        folder = Path(name)
        collect_static(folder)
        if wanted & {"slow", "nested", "events", "flood"}:
            with serving(folder, f"sqlite:///{folder / 'db.sqlite3'}") as stack:
                run("slow", "Slow clients (SQLite, one gunicorn as make run serves it)",
                    lambda: slow_clients(stack, args.seconds))  # fmt: skip
                run("nested", "A nested-bracket import file",
                    lambda: nested_brackets(stack, args.seconds, args.nested_depth))  # fmt: skip
                run("events", "Event files (SQLite, one gunicorn)",
                    lambda: event_imports(stack, args.seconds))  # fmt: skip
                run("flood", "A sign-up flood", lambda: sign_up_flood(stack, args.seconds))
        run("disk", "The SQLite disk full", lambda: sqlite_disk_full(folder, args.seconds))
        if wanted & {"redis", "postgres"}:
            run_deployed(folder, args, wanted, run, outcomes)

    print(f"\nSummary ({time.monotonic() - started:.0f} s):")
    bad = 0
    for outcome in outcomes:
        if outcome.skipped:
            print(f"  {outcome.name}: skipped ({outcome.skipped})")
            continue
        verdict = "ok" if not outcome.lost and not outcome.unexpected else "PROBLEM"
        bad += verdict != "ok"
        print(
            f"  {outcome.name}: {verdict}; lost {len(outcome.lost)}, "
            f"unexplained failures {len(outcome.unexpected)}"
        )
        for line in [*outcome.lost, *outcome.unexpected][:10]:
            print(f"    {line}")
    return 1 if bad else 0


def run_deployed(folder: Path, args, wanted: set[str], run, outcomes: list[Outcome]) -> None:
    """Two instances on PostgreSQL and Redis, as deployed, each the suite's own."""
    missing = postgres.available() or redis_server.available()
    if missing:
        for key in wanted & {"redis", "postgres"}:
            outcomes.append(Outcome(f"{key} (deployed shape)", skipped=missing))
        return
    with (
        postgres.PostgresServer(server.free_port()) as database,
        redis_server.RedisServer() as cache,
        serving(folder, database.url, instances=2, cache=cache, database=database) as stack,
    ):
        run("redis", "Redis paused and stopped (two instances, PostgreSQL + Redis)",
            lambda: redis_faults(stack, args.seconds))  # fmt: skip
        run("postgres", "PostgreSQL restarted (two instances, PostgreSQL + Redis)",
            lambda: postgres_restart(stack, args.seconds))  # fmt: skip
