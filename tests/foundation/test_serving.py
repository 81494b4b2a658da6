"""The real thing: collectstatic, migrate and gunicorn, as `make run` does, answering over HTTP."""

import gzip
import json
import re
import runpy
import secrets
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import brotli
import pytest

from tests.foundation.processes import BASE_DIR, GUNICORN, clean_env, free_port, manage

pytestmark = pytest.mark.serving

HTMX_SOURCE = BASE_DIR / "static" / "vendor" / "htmx" / "htmx.min.js"
HASHED_HTMX = re.compile(r"/static/vendor/htmx/htmx\.min\.[0-9a-f]{12}\.js")
ONE_YEAR = 60 * 60 * 24 * 365
START_TIMEOUT = 20

# Never send loopback requests through a proxy configured in the environment.
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes


def fetch(url: str, **headers: str) -> Response:
    request = urllib.request.Request(url, headers=headers)
    try:
        with _opener.open(request, timeout=5) as response:
            return Response(response.status, dict(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Response(error.code, dict(error.headers), error.read())


@dataclass
class Server:
    url: str
    stdout: Path
    stderr: Path
    process: subprocess.Popen


def _wait_until_healthy(server: Server) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(f"gunicorn exited early:\n{server.stderr.read_text()}")
        try:
            if fetch(server.url + "/healthz").status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    pytest.fail(
        f"gunicorn did not answer /healthz in {START_TIMEOUT}s:\n{server.stderr.read_text()}"
    )


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("serving")
    port = free_port()
    env = clean_env(
        root / "missing-secret-key",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_STATIC_ROOT=str(root / "staticfiles"),
        DATABASE_URL=f"sqlite:///{root / 'db.sqlite3'}",
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY="1",
    )
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput", "--verbosity", "0"]):
        result = manage(env, *command)
        assert result.returncode == 0, result.stderr

    stdout, stderr = root / "gunicorn.out", root / "gunicorn.err"
    with stdout.open("wb") as out, stderr.open("wb") as err:
        process = subprocess.Popen(
            [GUNICORN, "--config", "gunicorn.conf.py"],
            cwd=BASE_DIR,
            env=env,
            stdout=out,
            stderr=err,
        )
    running = Server(f"http://127.0.0.1:{port}", stdout, stderr, process)
    try:
        _wait_until_healthy(running)
        yield running
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def hashed_htmx_url(server):
    html = fetch(server.url + "/").body.decode()
    match = HASHED_HTMX.search(html)
    assert match, "the home page does not load htmx by its hashed name"
    return server.url + match.group()


def test_gunicorn_serves_the_home_page(server):
    response = fetch(server.url + "/")

    assert response.status == 200
    assert response.headers["Content-Type"].startswith("text/html")
    assert response.body.decode().lower().startswith("<!doctype html>")


def test_gunicorn_answers_the_health_check(server):
    response = fetch(server.url + "/healthz")

    assert response.status == 200
    assert json.loads(response.body) == {"status": "ok", "database": "writable", "cache": "local"}


def test_gunicorn_runs_threads_so_a_slow_client_holds_no_whole_worker(server):
    namespace = runpy.run_path(str(BASE_DIR / "gunicorn.conf.py"))

    assert namespace["worker_class"] == "gthread"
    assert namespace["threads"] >= 4
    assert "Using worker: gthread" in server.stderr.read_text()


def test_home_page_loads_htmx_by_its_hashed_name_only(server):
    html = fetch(server.url + "/").body.decode()

    assert HASHED_HTMX.search(html)
    assert "htmx.min.js" not in html


@pytest.mark.parametrize(
    ("encoding", "decompress"), [("br", brotli.decompress), ("gzip", gzip.decompress)]
)
def test_hashed_htmx_is_served_precompressed_and_cached_for_good(
    hashed_htmx_url, encoding, decompress
):
    response = fetch(hashed_htmx_url, **{"Accept-Encoding": encoding})

    assert response.status == 200
    assert response.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in response.headers["Vary"]
    assert decompress(response.body) == HTMX_SOURCE.read_bytes()
    cache_control = response.headers["Cache-Control"]
    max_age = int(re.search(r"max-age=(\d+)", cache_control).group(1))
    assert max_age >= ONE_YEAR
    assert "immutable" in cache_control


def test_hashed_htmx_is_served_unchanged_without_compression(hashed_htmx_url):
    response = fetch(hashed_htmx_url, **{"Accept-Encoding": "identity"})

    assert response.status == 200
    assert "Content-Encoding" not in response.headers
    assert response.headers["Content-Type"].startswith("text/javascript")
    assert response.body == HTMX_SOURCE.read_bytes()


def test_our_own_js_and_css_are_served_as_written_under_hashed_names(server):
    """Whitenoise as shipped: the collected copy is the source, hashed and compressed."""
    html = fetch(server.url + "/").body.decode()
    for name, kind in (("js/app", "js"), ("css/app", "css")):
        found = re.search(rf"/static/{name}\.[0-9a-f]{{12}}\.{kind}", html)
        assert found, f"the home page does not load {name}.{kind} by its hashed name"
        source = (BASE_DIR / "static" / f"{name}.{kind}").read_bytes()
        served = fetch(server.url + found.group(), **{"Accept-Encoding": "identity"})
        assert served.body == source
        compressed = fetch(server.url + found.group(), **{"Accept-Encoding": "br"})
        assert compressed.headers["Content-Encoding"] == "br"
        assert brotli.decompress(compressed.body) == source


def test_each_request_is_written_to_the_access_log_on_stdout(server):
    probe = secrets.token_hex(8)
    assert fetch(f"{server.url}/healthz?probe={probe}").status == 200

    expected = f'"GET /healthz?probe={probe} HTTP/1.1" 200'
    deadline = time.monotonic() + 5
    while expected not in server.stdout.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert expected in server.stdout.read_text()


def test_gunicorn_without_a_secret_key_refuses_to_boot_and_says_why(tmp_path):
    env = clean_env(
        tmp_path / "missing-secret-key",
        HOST="127.0.0.1",
        PORT=str(free_port()),
        WEB_CONCURRENCY="1",
    )

    result = subprocess.run(
        [GUNICORN, "--config", "gunicorn.conf.py"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT,
        check=False,
    )

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stdout + result.stderr


def test_gunicorn_binds_loopback_port_8000_by_default(monkeypatch):
    for name in ("HOST", "PORT", "WEB_CONCURRENCY"):
        monkeypatch.delenv(name, raising=False)

    config = runpy.run_path(str(BASE_DIR / "gunicorn.conf.py"))

    assert config["bind"] == "127.0.0.1:8000"
    assert config["wsgi_app"] == "scorekeeper.wsgi:application"
    assert config["accesslog"] == "-"
    assert config["workers"] >= 1


def test_gunicorn_binds_host_and_port_from_the_environment(monkeypatch):
    monkeypatch.setenv("HOST", "0.0.0.0")
    monkeypatch.setenv("PORT", "9123")

    assert runpy.run_path(str(BASE_DIR / "gunicorn.conf.py"))["bind"] == "0.0.0.0:9123"


def test_gunicorn_opens_no_shared_control_socket_by_default(monkeypatch):
    monkeypatch.delenv("GUNICORN_CONTROL_SOCKET", raising=False)

    config = runpy.run_path(str(BASE_DIR / "gunicorn.conf.py"))

    assert config["control_socket_disable"] is True


def test_an_instance_can_be_given_its_own_control_socket(monkeypatch, tmp_path):
    monkeypatch.setenv("GUNICORN_CONTROL_SOCKET", str(tmp_path / "instance-a.ctl"))

    config = runpy.run_path(str(BASE_DIR / "gunicorn.conf.py"))

    assert config["control_socket"] == str(tmp_path / "instance-a.ctl")
    assert "control_socket_disable" not in config


def test_two_instances_on_one_machine_share_no_control_socket(tmp_path):
    """gunicorn's default socket is one path per user ($XDG_RUNTIME_DIR or ~/.gunicorn)."""
    home, runtime = tmp_path / "home", tmp_path / "runtime"
    home.mkdir()
    runtime.mkdir()
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    base = clean_env(
        tmp_path / "missing-secret-key",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=database,
        HOME=str(home),
        XDG_RUNTIME_DIR=str(runtime),
        WEB_CONCURRENCY="1",
        HOST="127.0.0.1",
    )
    assert manage(base, "migrate", "--noinput").returncode == 0
    servers = []
    try:
        for name in ("a", "b"):
            port = free_port()
            out, err = tmp_path / f"{name}.out", tmp_path / f"{name}.err"
            with out.open("wb") as stdout, err.open("wb") as stderr:
                process = subprocess.Popen(
                    [GUNICORN, "--config", "gunicorn.conf.py"],
                    cwd=BASE_DIR,
                    env={**base, "PORT": str(port)},
                    stdout=stdout,
                    stderr=stderr,
                )
            servers.append(Server(f"http://127.0.0.1:{port}", out, err, process))
        for server in servers:
            _wait_until_healthy(server)
        sockets = [path for path in tmp_path.rglob("*") if path.is_socket()]
        assert sockets == []
        assert not (runtime / "gunicorn.ctl").exists()
        assert not (home / ".gunicorn").exists()
    finally:
        for server in servers:
            _stop(server.process)
