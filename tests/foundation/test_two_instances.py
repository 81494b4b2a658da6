"""The deployment shape: two app instances on one PostgreSQL database and one Redis cache.

Whatever one instance writes, the other shows on its next request: a hand recorded, a session
ended, a sign-in failure counted. CI's PostgreSQL pass runs this with the Redis server it
starts (DJANGO_CACHE_URL); elsewhere it is skipped unless both are configured.
"""

import os

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client

from games import scoring, services
from games.accounts.throttle import PER_USERNAME
from tests.foundation.processes import manage
from tests.tools import server
from tests.tools.database import current_url

pytestmark = [pytest.mark.serving, pytest.mark.django_db(transaction=True)]

BIDS = {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "3"}
TRICKS = {"hand": "1", "side_0": "7", "side_1": "6"}


def _missing() -> str | None:
    """Why this machine can't run the deployment shape, or None."""
    if connection.vendor != "postgresql":
        return "needs PostgreSQL (DATABASE_URL=postgres://...); CI runs it in its PostgreSQL pass"
    url = os.environ.get("DJANGO_CACHE_URL", "")
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return "needs a Redis server (DJANGO_CACHE_URL=redis://...)"
    try:
        redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        return f"the Redis server at DJANGO_CACHE_URL does not answer ({error})"
    return None


@pytest.fixture(scope="module")
def shared_backends():
    reason = _missing()
    if reason is None:
        return
    # CI's SQLite pass leaves this to the PostgreSQL pass; there, a missing Redis is a failure.
    if os.environ.get("CI") and connection.vendor == "postgresql":
        pytest.fail(f"CI's PostgreSQL pass must run the two-instance test: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def instances(shared_backends, django_db_setup, tmp_path_factory):
    """Two gunicorn instances, one worker each, on the test database and the shared Redis."""
    folder = tmp_path_factory.mktemp("two-instances")
    envs = [
        server.server_env(
            database_url=current_url(),
            port=server.free_port(),
            workers=1,
            static_root=folder / "static",
        )
        for _ in range(2)
    ]
    collected = manage(envs[0], "collectstatic", "--noinput", "--verbosity", "0")
    assert collected.returncode == 0, collected.stderr
    started = []
    try:
        for name, env in zip("ab", envs, strict=True):
            started.append(server.Gunicorn(env, folder / f"{name}.log").__enter__())
        yield started
    finally:
        for instance in started:
            instance.stop()


def _headers(session: str | None, csrf: str) -> dict:
    cookies = f"{settings.CSRF_COOKIE_NAME}={csrf}"
    if session:
        cookies += f"; {settings.SESSION_COOKIE_NAME}={session}"
    return {"Cookie": cookies, "X-CSRFToken": csrf}


def _text(response) -> str:
    return response[2].decode()


@pytest.fixture
def signed_in(owner):
    """A session cookie for the owner, made here and read by both instances."""
    client = Client()
    client.force_login(owner)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def test_a_hand_recorded_on_one_instance_shows_at_once_on_the_other(instances, owner, signed_in):
    a, b = instances
    game = services.create_game(
        owner,
        name="Club night",
        players=["Ann", "Ben", "Cat", "Dan"],
        rules=scoring.Rules(),
        preset="standard",
        first_dealer=0,
    )
    page, watch = f"/games/{game.pk}/", f"/t/{game.table.watch_token}/"
    live = f"/t/{game.table.watch_token}/live/"
    headers = _headers(signed_in, _get_new_csrf_string())
    # Both instances draw (and cache) the game before anything is recorded.
    for instance in (a, b):
        assert "Waiting for the first bids" in _text(server.get(instance.port, watch))
        assert "Hand 1: bids" in _text(server.get(instance.port, page, headers))
    etag = server.get(b.port, live)[1]["ETag"]

    status, _, _ = server.post(a.port, f"/games/{game.pk}/bids/", BIDS, headers)
    assert status == 302
    assert "Hand 1: tricks" in _text(server.get(b.port, page, headers))
    assert "Hand 1 is being played" in _text(server.get(b.port, watch))
    status, fresh, _ = server.get(b.port, live, {"If-None-Match": etag})
    assert status == 200
    assert fresh["ETag"] != etag

    status, _, _ = server.post(b.port, f"/games/{game.pk}/tricks/", TRICKS, headers)
    assert status == 302
    shown = _text(server.get(a.port, page, headers))
    assert 'id="hand-1"' in shown
    assert "Hand 2: bids" in shown
    assert "Waiting for the next bids" in _text(server.get(a.port, watch))
    # The parts were drawn into the one shared cache, not each instance's own.
    shared = redis.Redis.from_url(os.environ["DJANGO_CACHE_URL"])
    keys = shared.keys(f"{settings.CACHES['default']['KEY_PREFIX']}:*")
    assert any(f"watch:table:games/watch.html:{game.pk}:".encode() in key for key in keys), keys


def test_signing_out_on_one_instance_ends_the_session_on_the_other(instances, owner, signed_in):
    a, b = instances
    csrf = _get_new_csrf_string()
    # Each instance has served the session while it was good.
    for instance in (a, b):
        assert server.get(instance.port, "/games/", _headers(signed_in, csrf))[0] == 200

    assert server.post(a.port, "/accounts/logout/", {}, _headers(signed_in, csrf))[0] == 302

    status, headers, _ = server.get(b.port, "/games/", _headers(signed_in, csrf))
    assert status == 302
    assert headers["Location"].startswith("/accounts/login/")


def test_sign_in_failures_count_across_both_instances(instances, owner):
    a, b = instances
    csrf = _get_new_csrf_string()
    wrong = {
        "username": owner.username,
        "password": "not the password",
        "csrfmiddlewaretoken": csrf,
    }
    statuses = [
        server.post(instance.port, "/accounts/login/", wrong, _headers(None, csrf))[0]
        for instance in ([a, b] * PER_USERNAME)[:PER_USERNAME]
    ]
    assert statuses == [422] * PER_USERNAME
    # Five failures in all, split between the instances: both now refuse the name a while.
    for instance in (a, b):
        status, _, body = server.post(
            instance.port, "/accounts/login/", wrong, _headers(None, csrf)
        )
        assert status == 429
        assert "Too many failed sign-ins" in body.decode()
