"""`make faults --only events`: the event import under attack and under load (issue #30).

On the SQLite shape (one gunicorn as `make run` serves it):

1. The wide file of the report (49 MB of `{}, ` under a key no event has) and a deep one (100,000
   brackets, padded past 5 MB so the upload is read as a stream) are posted to the event import
   as a guest and as a director. Each must be refused (4xx) within `REFUSAL_SECONDS`, and no
   worker may grow by `MAX_GROWTH_MB` or more.
2. A director imports a 5,000-game event while another table records its hands. The import must
   finish (its page asked again until the event's desk), the table's worst step must be answered
   within `STEP_SECONDS`, and no answer may be 5xx.

The scenario is given the run's `Stack` and `Outcome` (`run.event_files`), so it only needs what
they offer: phones, the workers' pids, `say` and `unexpected`.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.tools.faults.phones import Load, Table

REFUSAL_SECONDS = 2.0  # "under a second" on a quiet machine; the suite shares its cores
MAX_GROWTH_MB = 50
STEP_SECONDS = 2.0
IMPORT_REQUESTS = 400  # asks of the import's page at most (about 8 s of importing each)
IMPORT_SECONDS = 900.0
BOUNDARY = "faultsuiteboundary"
# Two hands in turn, each side making its bid in one and going set in the other: no game ends.
HANDS = (
    {"bids": [4, 3, 3, 3], "tricks": [4, 5, 4, 0]},
    {"bids": [3, 4, 3, 3], "tricks": [3, 4, 2, 4]},
)


def wide_file(megabytes: int = 49) -> bytes:
    count = megabytes * 1_000_000 // 4
    return b'{"format": "spades-event/1", "teams": [], "x": [' + b"{}, " * count + b"{}]}"


def deep_file(depth: int = 100_000, padding: int = 6_000_000) -> bytes:
    head = b'{"format": "spades-event/1", "teams": [], "rounds": '
    return head + b"[" * depth + b" " * padding + b"]" * depth + b"}"


def big_event(games: int = 5_000, teams: int = 200, hands: int = 12) -> bytes:
    """A night of `games` games: `teams` teams paired by the circle method (no rematch), each
    table's game `hands` hands long."""
    tables = teams // 2
    rounds = -(-games // tables)
    others = list(range(1, teams))
    played = []
    for _ in range(rounds):
        line = [0, *others]
        played.append(
            {
                "tables": [
                    {
                        "teams": [line[i], line[teams - 1 - i]],
                        "game": {"hands": [HANDS[n % 2] for n in range(hands)]},
                    }
                    for i in range(tables)
                ]
            }
        )
        others = others[-1:] + others[:-1]
    data = {
        "format": "spades-event/1",
        "name": "Faults: a night of 5,000 games",
        "rules": {"preset": "standard", "hand_limit": hands},
        "event": {"pairing": "swiss", "rounds": rounds},
        "teams": [
            {"name": f"Team {n:03}", "players": [f"P{n:03} A", f"P{n:03} B"]} for n in range(teams)
        ],
        "rounds": played,
    }
    return json.dumps(data, separators=(",", ":")).encode()


def multipart(content: bytes, name: str = "event.json") -> tuple[bytes, dict[str, str]]:
    body = (
        (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="{name}"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + content
        + f"\r\n--{BOUNDARY}--\r\n".encode()
    )
    return body, {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"}


def rss_kb(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@contextlib.contextmanager
def memory_watched(pids: list[int]) -> Iterator[dict[int, int]]:
    """Each worker's growth (KB) over the block, read every 50 ms; a worker past 2 GB is ended
    rather than left to take the machine (its pid is then reported with -1)."""
    before = {pid: rss_kb(pid) for pid in pids}
    peak = dict(before)
    grown: dict[int, int] = {}
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.05):
            for pid in list(peak):
                peak[pid] = max(peak[pid], rss_kb(pid))
                if peak[pid] > 2_000_000 and grown.get(pid) != -1:
                    grown[pid] = -1
                    with contextlib.suppress(OSError):
                        os.kill(pid, 9)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        yield grown
    finally:
        done.set()
        watcher.join()
        for pid in before:
            grown.setdefault(pid, peak[pid] - before[pid])


def post_refused(
    stack: Any, outcome: Any, who: str, phone: Any, label: str, content: bytes
) -> None:
    body, headers = multipart(content)
    with memory_watched(stack.workers()) as grown:
        status, _, _ = phone.request(
            "POST", "/events/import/", body, headers, what=f"import {label}"
        )
    seconds = phone.answers[-1].seconds
    most = max(grown.values(), default=0)
    outcome.say(
        f"{who}, the {label} file ({len(content):,} bytes): {status} after {seconds:.2f} s; "
        f"a worker grew by {most / 1024:.0f} MB at most"
    )
    if -1 in grown.values():
        outcome.unexpected.append(f"{who}, {label}: a worker passed 2 GB and was ended")
    if not isinstance(status, int) or status >= 500:
        outcome.unexpected.append(f"{who}, {label}: answered {status}")
    elif status < 400:
        outcome.unexpected.append(f"{who}, {label}: not refused ({status})")
    if seconds > REFUSAL_SECONDS:
        outcome.unexpected.append(
            f"{who}, {label}: refused after {seconds:.1f} s (threshold {REFUSAL_SECONDS} s)"
        )
    if most >= MAX_GROWTH_MB * 1024:
        outcome.unexpected.append(
            f"{who}, {label}: a worker grew by {most / 1024:.0f} MB (threshold {MAX_GROWTH_MB})"
        )


def import_under_play(stack: Any, outcome: Any, seconds: float, games: int) -> None:
    director = stack.signed_up("director")
    owner = stack.signed_up("table")
    table = Table(owner, owner.new_game())
    content = big_event(games)
    body, headers = multipart(content)
    started = time.monotonic()
    done = ""
    asks = 0
    with Load([table], [], IMPORT_SECONDS) as load:
        time.sleep(min(1.0, seconds / 10))
        status, answer, _ = director.request(
            "POST", "/events/import/", body, headers, what="import the event"
        )
        location = answer.get("location", "")
        while status == 302 and location.startswith("/events/import/") and asks < IMPORT_REQUESTS:
            if time.monotonic() - started > IMPORT_SECONDS:
                break
            asks += 1
            status, answer, _ = director.post(location, {}, what="import's next games")
            location = answer.get("location", "")
        if (
            status == 302
            and location.startswith("/events/")
            and location.rstrip("/").split("/")[-1].isdigit()
        ):
            done = location
        load.stop.set()
    took = time.monotonic() - started
    steps = [a for a in table.phone.answers if a.what.startswith("record")]
    worst = max((a.seconds for a in steps), default=0.0)
    failed = [
        a for a in [*steps, *director.answers] if not isinstance(a.status, int) or a.status >= 500
    ]
    outcome.say(
        f"a {games:,}-game event ({len(content):,} bytes) imported in {took:.0f} s over "
        f"{asks + 1} requests: {'done, ' + done if done else 'NOT done'}"
    )
    outcome.say(
        f"another table meanwhile: {len(steps)} steps, worst answered in {worst * 1000:.0f} ms "
        f"(threshold {STEP_SECONDS * 1000:.0f} ms); {len(failed)} answers 5xx or none"
    )
    if not done:
        outcome.unexpected.append(f"the event's import did not finish ({status} {location})")
    if worst > STEP_SECONDS:
        outcome.unexpected.append(f"a step during the import took {worst:.1f} s")
    for answer in failed:
        outcome.unexpected.append(f"{answer.what}: {answer.status} at {answer.at:.1f}")
    outcome.lost.extend(table.lost())


def scenario(stack: Any, outcome: Any, seconds: float, games: int = 5_000) -> None:
    """The whole scenario, its lines said on `outcome`."""
    guest = stack.phone()
    guest.new_game()  # a visitor becomes a guest by starting a game
    director = stack.signed_up("director")
    files: list[tuple[str, Callable[[], bytes]]] = [("wide", wide_file), ("deep", deep_file)]
    for label, make in files:
        content = make()
        for who, phone in (("a guest", guest), ("a director", director)):
            post_refused(stack, outcome, who, phone, label, content)
        del content
    import_under_play(stack, outcome, seconds, games)
