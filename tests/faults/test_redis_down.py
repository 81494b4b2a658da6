"""Redis is a cache in fact: stopped or stalled, it costs a fraction of a second, never a
failed request, a lost write or a sign-out that does not hold."""

import json
import os
import time

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client

from games.access import SCORE_GRANTS
from games.models import Game
from scorekeeper.cache import RETRY_AFTER
from tests.faults.conftest import BIDS, TRICKS
from tests.foundation.processes import manage
from tests.tools import redis_server, server
from tests.tools.database import current_url

pytestmark = [pytest.mark.serving, pytest.mark.django_db(transaction=True)]

# A stalled Redis may cost a worker one socket timeout (0.25 s) before it rests; a page or a
# write that waits longer than this has waited on Redis.
SLOWEST = 2.0


@pytest.fixture
def cache_server():
    reason = redis_server.available()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the Redis fault tests: {reason}")
        pytest.skip(reason)
    with redis_server.RedisServer() as started:
        yield started


@pytest.fixture(scope="module")
def static_root(tmp_path_factory):
    """Collected once: a page as deployed (an error page too) names hashed static files."""
    folder = tmp_path_factory.mktemp("static")
    env = server.server_env(database_url="sqlite://", port=0, static_root=folder)
    collected = manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    assert collected.returncode == 0, collected.stderr
    return folder


@pytest.fixture
def app(cache_server, static_root, tmp_path):
    env = server.server_env(
        database_url=current_url(), port=server.free_port(), workers=2, static_root=static_root
    )
    env["DJANGO_CACHE_URL"] = cache_server.url
    with server.Gunicorn(env, tmp_path / "gunicorn.log") as started:
        yield started


def session_for(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


class Phone:
    """One browser: its session cookie, its CSRF token; every answer timed."""

    def __init__(self, port: int, session: str | None = None):
        self.port = port
        self.csrf = _get_new_csrf_string()
        self.session = session
        self.answers: list[tuple[str, int, float]] = []

    def headers(self, htmx: bool = True) -> dict:
        cookie = f"{settings.CSRF_COOKIE_NAME}={self.csrf}"
        if self.session:
            cookie += f"; {settings.SESSION_COOKIE_NAME}={self.session}"
        headers = {"Cookie": cookie, "X-CSRFToken": self.csrf}
        return {**headers, "HX-Request": "true"} if htmx else headers

    def get(self, path: str):
        started = time.monotonic()
        answer = server.get(self.port, path, self.headers())
        self.answers.append((f"GET {path}", answer[0], time.monotonic() - started))
        return answer

    def post(self, path: str, form: dict, htmx: bool = True):
        started = time.monotonic()
        answer = server.post(self.port, path, form, self.headers(htmx))
        self.answers.append((f"POST {path}", answer[0], time.monotonic() - started))
        return answer

    def record_hand(self, game: Game, number: int) -> None:
        for kind, form in (("bids", BIDS), ("tricks", TRICKS)):
            status, _, body = self.post(f"/games/{game.pk}/{kind}/", {"hand": number, **form})
            assert status == 200, body[:500]

    def assert_quick_and_whole(self) -> None:
        failed = [answer for answer in self.answers if answer[1] >= 500]
        slow = [answer for answer in self.answers if answer[2] > SLOWEST]
        assert not failed, failed
        assert not slow, slow


def scoring_session(game: Game) -> str:
    """A signed-out phone's session after it opened the table's scoring link."""
    store = SessionStore()
    store[SCORE_GRANTS] = [[game.table.pk, game.table.score_token]]
    store.save()
    return str(store.session_key)


def health(port: int) -> tuple[int, dict]:
    status, _, body = server.get(port, "/healthz")
    return status, json.loads(body)


def watch_pages(phone: Phone, game: Game) -> None:
    for path in (f"/games/{game.pk}/", f"/t/{game.table.watch_token}/live/", "/games/"):
        status, _, _ = phone.get(path)
        assert status == 200, path


def test_a_paused_redis_costs_no_failed_request_and_no_wait(app, cache_server, owner, endless_game):
    game = endless_game()
    scorer = Phone(app.port, session_for(owner))
    leaving = Phone(app.port, session_for(owner))
    watch_pages(scorer, game)  # every part drawn into Redis
    scorer.record_hand(game, 1)

    cache_server.pause()
    for number in (2, 3, 4):
        scorer.record_hand(game, number)
        watch_pages(scorer, game)
    status, state = health(app.port)
    assert status == 200
    assert state == {"status": "degraded", "database": "writable", "cache": "unreachable"}
    # Signing out while Redis is stalled ends the session, on every worker.
    assert leaving.post("/accounts/logout/", {}, htmx=False)[0] == 302
    assert leaving.get("/games/")[0] == 302

    cache_server.resume()
    time.sleep(RETRY_AFTER + 0.5)  # the workers try Redis again
    assert leaving.get("/games/")[0] == 302, "a signed-out session came back with Redis"
    status, _, page = scorer.get(f"/games/{game.pk}/")
    assert status == 200
    assert "Hand 5: bids" in page.decode(), "a part drawn before the pause was served stale"
    assert health(app.port) == (200, {"status": "ok", "database": "writable", "cache": "reachable"})
    assert Game.objects.get(pk=game.pk).hands.count() == 4
    scorer.assert_quick_and_whole()
    leaving.assert_quick_and_whole()


def test_a_stopped_redis_loses_nothing_and_a_revoked_scoring_link_holds(
    app, cache_server, owner, endless_game
):
    game = endless_game()
    game.table.set_scoring_link(enabled=True)
    game.refresh_from_db()
    scorer = Phone(app.port, session_for(owner))
    helper = Phone(app.port, scoring_session(game))  # a phone given the table's scoring link
    helper.record_hand(game, 1)
    watch_pages(scorer, game)

    cache_server.stop()
    scorer.record_hand(game, 2)
    helper.record_hand(game, 3)
    watch_pages(scorer, game)
    assert health(app.port)[1]["status"] == "degraded"
    # The owner turns the scoring link off while Redis is down: the helper's right ends.
    status, _, _ = scorer.post(f"/games/{game.pk}/share/", {"action": "score_off"}, htmx=False)
    assert status in (200, 302)
    status, _, _ = helper.post(f"/games/{game.pk}/bids/", {"hand": 4, **BIDS})
    assert status == 404

    cache_server.start()
    assert health(app.port)[1] == {"status": "ok", "database": "writable", "cache": "reachable"}
    assert Game.objects.get(pk=game.pk).hands.count() == 3
    scorer.assert_quick_and_whole()
