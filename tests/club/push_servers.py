"""A deployment that pushes the room board's updates, for the served and browser tests: a
throwaway Redis, gunicorn's threaded server for the pages, and the async server (`make push`)
for the boards' streams, both on the test database."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.middleware.csrf import _get_new_csrf_string

from tests.foundation.processes import manage
from tests.tools import redis_server, server
from tests.tools.database import current_url


@contextmanager
def pushing_servers(folder: Path) -> Iterator[tuple[server.Gunicorn, server.Gunicorn]]:
    """(pages, pushes): the two servers of one instance, up until the block ends."""
    with pushing_deployment(folder) as (_, pages, pushes):
        yield pages, pushes


@contextmanager
def pushing_deployment(
    folder: Path,
) -> Iterator[tuple[redis_server.RedisServer, server.Gunicorn, server.Gunicorn]]:
    """(Redis, pages, pushes): one instance as `make run` and `make push` serve it, with its
    own Redis (for the tests that stop it), up until the block ends."""
    missing = redis_server.available()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the pushed board's tests: {missing}", pytrace=False)
        pytest.skip(missing)
    with ExitStack() as stack:
        cache = stack.enter_context(redis_server.RedisServer())
        env = server.pushing_env(
            server.server_env(
                database_url=current_url(),
                port=server.free_port(),
                workers=1,
                static_root=folder / "static",
            ),
            cache_url=cache.url,
        )
        collected = manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        assert collected.returncode == 0, collected.stderr
        pages = stack.enter_context(server.Gunicorn(env, folder / "pages.log"))
        push_env = server.push_server_env(env, server.free_port())
        pushes = stack.enter_context(server.Gunicorn(push_env, folder / "pushes.log"))
        yield cache, pages, pushes


class ScoringPhone:
    """A phone holding a table card's scoring link, recording steps through the pages server
    (where, as deployed, a step's push is sent from)."""

    def __init__(self, pages: server.Gunicorn, game: Any):
        self.port = pages.port
        self.game = game
        self.csrf = _get_new_csrf_string()
        status, answer, _ = server.get(self.port, f"/t/score/{game.table.score_token}/")
        assert status == 302, status
        cookie = answer["Set-Cookie"]
        session = cookie.split(f"{settings.SESSION_COOKIE_NAME}=")[1].split(";")[0]
        self.headers = {
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={session}; "
            f"{settings.CSRF_COOKIE_NAME}={self.csrf}"
        }

    def record(self, form: str, values: dict[str, str], hand: int = 1) -> None:
        data = {"csrfmiddlewaretoken": self.csrf, "hand": str(hand), **values}
        status, _, _ = server.post(self.port, f"/games/{self.game.pk}/{form}/", data, self.headers)
        assert status == 302, status


BIDS = {f"bid_{seat}": "3" for seat in range(4)}  # 6 a side
TRICKS = {"side_0": "7", "side_1": "6"}  # 61 to 60
