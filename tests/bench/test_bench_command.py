"""`make bench` refuses what it can't run before any work. Its end-to-end run is in
test_bench_run.py, which `make test` leaves out."""

import os
import subprocess
import sys

from tests.foundation.processes import BASE_DIR


def run_bench(*args, env=None, timeout=300):
    """`python -m tests.tools.bench`, as `make bench` runs it, in a fresh process."""
    env = {**os.environ, **(env or {})}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-for-the-bench-tests-0123456789")
    return subprocess.run(
        [sys.executable, "-m", "tests.tools.bench", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_without_wrk_the_bench_says_how_to_install_it():
    done = run_bench(env={"PATH": "/nonexistent"})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == ["bench: wrk is not installed: apt-get install wrk"]


def test_out_of_range_options_are_refused_before_any_work():
    done = run_bench("--connections", "0", env={"PATH": "/nonexistent"})
    assert done.returncode == 2
    assert "--connections: must be from 1 to 64" in done.stderr
