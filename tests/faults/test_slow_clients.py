"""Slow clients at the club: a post whose body never comes holds a thread for a while at most,
never a whole worker, so the other phones keep being answered (gunicorn as `make run` runs it)."""

import pytest

from scorekeeper.wsgi import REQUEST_READ_TIMEOUT
from tests.foundation.processes import manage
from tests.tools import server
from tests.tools.database import current_url
from tests.tools.faults.slow_clients import measure

pytestmark = [pytest.mark.serving, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def static_root(tmp_path):
    env = server.server_env(database_url="sqlite://", port=0, static_root=tmp_path / "static")
    collected = manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    assert collected.returncode == 0, collected.stderr
    return tmp_path / "static"


def serve(tmp_path, static_root, **variables):
    env = server.server_env(
        database_url=current_url(), port=server.free_port(), static_root=static_root
    )
    env.update(variables)
    return server.Gunicorn(env, tmp_path / "gunicorn.log")


def test_two_trickling_posts_do_not_stop_the_other_phones(tmp_path, static_root):
    with serve(tmp_path, static_root) as app:
        report = measure(app.port, slow_clients=2, probes=10, pause=0.1, probe_timeout=10)

    assert report.failed == []
    assert report.answered == 10
    assert max(report.waits) < 2.0, report.line()


def test_a_body_that_never_comes_frees_its_thread_after_the_read_timeout(tmp_path, static_root):
    """More trickling posts than threads: the next phone waits at most the read timeout."""
    with serve(tmp_path, static_root, WEB_CONCURRENCY="1", GUNICORN_THREADS="2") as app:
        report = measure(
            app.port, slow_clients=3, probes=1, probe_timeout=REQUEST_READ_TIMEOUT + 10
        )

    assert report.failed == []
    assert report.answered == 1
    assert report.waits[0] < REQUEST_READ_TIMEOUT + 3, report.line()
