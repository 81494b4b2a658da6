"""`make run` and `make test` do what the README promises; the laptop secret key is made once."""

import os
import shutil
import subprocess
import sys

from tests.foundation.processes import BASE_DIR, PROJECT_VARIABLES

# What a `make` running these tests (`make test PYTEST_ARGS=...`) hands its children: the child
# make must plan from the Makefile alone, as on a terminal.
MAKE_VARIABLES = {"MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES", "MAKELEVEL", "PYTEST_ARGS", "BENCH_ARGS"}


def make(*args: str, cwd=BASE_DIR) -> subprocess.CompletedProcess:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in PROJECT_VARIABLES | MAKE_VARIABLES
    }
    result = subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result


def positions(text: str, *needles: str) -> list[int]:
    found = [text.find(needle) for needle in needles]
    assert -1 not in found, f"missing {[n for n, i in zip(needles, found, strict=True) if i < 0]}"
    return found


def test_make_run_installs_migrates_collects_static_and_serves_with_gunicorn():
    # -B: plan every step, as on a fresh clone; -n: print the commands without running them.
    plan = make("-n", "-B", "run").stdout

    steps = positions(
        plan,
        "-m venv .venv",
        "pip install --quiet -c constraints.txt -e .",
        "manage.py migrate --noinput",
        "manage.py collectstatic --noinput",
        "Serving the scorekeeper on http://127.0.0.1:8000/",
        ".venv/bin/gunicorn --config gunicorn.conf.py",
    )
    assert steps == sorted(steps)


def test_make_run_prints_the_address_it_serves_when_host_and_port_are_overridden():
    plan = make("-n", "run", "HOST=0.0.0.0", "PORT=9123").stdout

    assert "http://0.0.0.0:9123/" in plan


def test_make_exports_host_and_port_for_gunicorn():
    shown = make("-s", "--eval", 'show-bind: ; @echo "$$HOST:$$PORT"', "show-bind", "PORT=9123")

    assert shown.stdout.strip() == "127.0.0.1:9123"


def test_make_test_runs_lint_formatting_migration_check_and_pytest():
    plan = make("-n", "test").stdout

    steps = positions(
        plan,
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        "manage.py makemigrations --check --dry-run",
        "-m pytest",
    )
    assert steps == sorted(steps)


def test_make_test_and_test_fast_check_types_after_lint_and_before_pytest():
    for target in ("test", "test-fast"):
        plan = make("-n", target).stdout

        # No arguments: mypy checks the packages pyproject.toml names, with its settings.
        steps = positions(plan, ".venv/bin/ruff format --check .", ".venv/bin/mypy\n", " -m pytest")
        assert steps == sorted(steps), target


def test_makefile_picks_a_python_of_at_least_3_12():
    chosen = make("-s", "--eval", "show-python: ; @echo '$(PYTHON)'", "show-python").stdout.strip()

    assert chosen, "the Makefile found no Python 3.12+"
    version = subprocess.run(
        [chosen, "-c", "import sys; print(*sys.version_info[:2])"],
        capture_output=True,
        text=True,
        timeout=10,
        check=True,
    )
    assert tuple(map(int, version.stdout.split())) >= (3, 12)


def test_laptop_secret_key_is_generated_once_private_and_kept(tmp_path):
    shutil.copy(BASE_DIR / "Makefile", tmp_path / "Makefile")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").symlink_to(sys.executable)
    key_file = tmp_path / ".secret_key"

    first = make("-s", ".secret_key", cwd=tmp_path)
    key = key_file.read_text().strip()
    second = make("-s", ".secret_key", cwd=tmp_path)

    assert "Created .secret_key" in first.stdout
    assert len(key) >= 50
    assert key_file.stat().st_mode & 0o077 == 0
    assert "Created" not in second.stdout
    assert key_file.read_text().strip() == key


def test_the_secret_key_file_is_never_committed():
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "--quiet", ".secret_key"],
        cwd=BASE_DIR,
        timeout=10,
        check=False,
    )
    tracked = subprocess.run(
        ["git", "ls-files", "--", ".secret_key"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=10,
        check=True,
    )

    assert ignored.returncode == 0
    assert tracked.stdout == ""


def pytest_line(plan: str) -> str:
    lines = [line for line in plan.splitlines() if " -m pytest" in line]
    assert len(lines) == 1, plan
    return lines[0].split(" -m pytest", 1)[1].strip()


def test_make_test_runs_every_lane_and_passes_pytest_args_through():
    assert pytest_line(make("-n", "test").stdout) == ""
    chosen = make("-n", "test", "PYTEST_ARGS=-m 'not nodb'").stdout
    assert pytest_line(chosen) == "-m 'not nodb'"


def test_pytest_and_bench_options_reach_only_their_own_command():
    """The tests `make test PYTEST_ARGS=...` runs start make and the bench themselves."""
    shown = make(
        "-s",
        "--eval",
        'show-env: ; @echo "[$$PYTEST_ARGS][$$BENCH_ARGS]"',
        "show-env",
        "PYTEST_ARGS=-x",
        "BENCH_ARGS=--duration 1",
    )

    assert shown.stdout.strip() == "[][]"


def test_make_test_fast_lints_and_leaves_out_the_slow_lanes():
    plan = make("-n", "test-fast").stdout

    positions(plan, ".venv/bin/ruff check .", ".venv/bin/ruff format --check .")
    assert pytest_line(plan) == '-m "not browser and not faults and not serving and not bench"'


def test_ci_runs_everything_on_sqlite_and_only_database_tests_again_on_postgresql_and_redis():
    script = (BASE_DIR / ".ci" / "run").read_text()
    commands = [line for line in script.splitlines() if not line.startswith(("#", "echo"))]
    runs = [line for line in commands if "make test" in line]

    assert runs == [
        "make test",
        'DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/spades" '
        'DJANGO_CACHE_URL="redis://127.0.0.1:$redis_port/0" make test '
        "PYTEST_ARGS='-m \"not nodb\"'",
    ]


def test_ci_redis_comes_from_debian_listens_on_loopback_only_and_stops_on_exit():
    script = (BASE_DIR / ".ci" / "run").read_text()
    starts = [line for line in script.splitlines() if line.startswith("redis-server ")]

    assert "need+=(redis-server)" in script
    assert len(starts) == 1
    assert "--bind 127.0.0.1 " in starts[0]
    assert "--save ''" in starts[0]
    assert "trap 'stop_redis; stop_pg' EXIT" in script


def test_make_run_on_the_network_gives_share_links_the_laptops_lan_address():
    interfaces = subprocess.run(["hostname", "-I"], capture_output=True, text=True, check=False)
    lan = next(
        (
            address
            for address in interfaces.stdout.split()
            if address.count(".") == 3 and not address.startswith("127.")
        ),
        "",
    )
    plan = make("-n", "run", "HOST=0.0.0.0", "PORT=9123").stdout
    assert f'lan="{lan}"' in plan
    assert 'DJANGO_PUBLIC_URL="${DJANGO_PUBLIC_URL:-http://$lan:9123}"' in plan
    assert 'DJANGO_ALLOWED_HOSTS="${DJANGO_ALLOWED_HOSTS:-localhost,127.0.0.1,[::1]},$lan"' in plan
    # On loopback only, nothing changes: the links are this machine's and the page says so.
    assert 'lan=""' in make("-n", "run").stdout


def test_make_push_serves_the_boards_pushed_updates_with_the_async_worker():
    plan = make("-n", "push", "PUSH_PORT=9124").stdout

    assert "GUNICORN_PUSH=1 PORT=9124 exec .venv/bin/gunicorn --config gunicorn.conf.py" in plan
