"""The lanes the suite is marked with: what `make test-fast` and CI's second pass leave out."""

import json
import subprocess
import sys

from tests.foundation.processes import BASE_DIR, marked_line

FILES = [
    "tests/scoring/test_rules.py",
    "tests/web/test_home.py",
    "tests/bench/test_bench_command.py",
    "tests/foundation/test_serving.py",
    "tests/browser/test_watch.py",
    "tests/faults/test_worker_killed.py",
]
MARKER = "LANES_JSON="
# Collects FILES as `make test` would and prints each test's markers once collection is done.
COLLECT = f"""
import json, sys
import pytest

class Lanes:
    def pytest_collection_finish(self, session):
        found = {{i.nodeid: sorted({{m.name for m in i.iter_markers()}}) for i in session.items}}
        print({MARKER!r} + json.dumps(found))

sys.exit(pytest.main(["--collect-only", "-q", *sys.argv[1:]], plugins=[Lanes()]))
"""
SLOW = {"browser", "faults", "serving", "bench"}


def lanes(*paths: str) -> dict[str, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", COLLECT, *(paths or FILES)],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return {
        node: set(marks) for node, marks in json.loads(marked_line(done.stdout, MARKER)).items()
    }


def files(nodes) -> set[str]:
    return {node.split("::")[0] for node in nodes}


def test_the_db_free_lane_is_what_cannot_reach_the_database_and_the_slow_lanes_are_marked():
    found = lanes()
    nodb = {node for node, marks in found.items() if "nodb" in marks}

    assert files(nodb) == {
        "tests/scoring/test_rules.py",
        "tests/bench/test_bench_command.py",
        "tests/foundation/test_serving.py",
    }
    assert files(found.keys() - nodb) == {
        "tests/web/test_home.py",
        "tests/browser/test_watch.py",
        "tests/faults/test_worker_killed.py",
    }
    by_lane = {lane: files(n for n, marks in found.items() if lane in marks) for lane in SLOW}
    assert by_lane == {
        "browser": {"tests/browser/test_watch.py"},
        "faults": {"tests/faults/test_worker_killed.py"},
        "serving": {"tests/foundation/test_serving.py"},
        "bench": {"tests/bench/test_bench_command.py"},
    }
    fast = {node for node, marks in found.items() if not marks & SLOW}
    assert files(fast) == {"tests/scoring/test_rules.py", "tests/web/test_home.py"}


def test_make_test_leaves_the_bench_run_to_make_bench_and_runs_it_when_named():
    assert files(lanes("tests/bench")) == {
        "tests/bench/test_bare.py",
        "tests/bench/test_bench_command.py",
        "tests/bench/test_engine.py",
        "tests/bench/test_load.py",
        "tests/bench/test_report.py",
        "tests/bench/test_room_figures.py",
        "tests/bench/test_seed.py",
    }
    named = lanes("tests/bench/test_bench_run.py")
    assert files(named) == {"tests/bench/test_bench_run.py"}
    # It makes its database beside DATABASE_URL's: it runs on each database.
    assert all("nodb" not in marks for marks in named.values())
    # The room's run, likewise, is make room's, collected when named.
    assert files(lanes("tests/bench/test_room_run.py")) == {"tests/bench/test_room_run.py"}
