"""A gunicorn worker killed with SIGKILL mid-run: every answered write is kept, none is half."""

import http.client
import json
import os
import random
import signal
import threading
import time
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client

from games.models import Game
from tests.conftest import assert_summary_is_a_fresh_replay
from tests.faults.conftest import (
    BIDS,
    RECORDED_BIDS,
    RECORDED_TRICKS,
    TRICKS,
)
from tests.tools import server
from tests.tools.database import current_url

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = 4
RUN_SECONDS = 3.0
KILL_AFTER = 1.2
MAX_POSTS = 2000  # per table, whatever the clock says


def post(port: int, path: str, body: str, headers: dict) -> int:
    conn = http.client.HTTPConnection(server.HOST, port, timeout=10)
    try:
        conn.request("POST", path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def play(port: int, game_id: int, headers: dict, deadline: float, log: list) -> None:
    """One phone records hand after hand; a lost answer is sent again, as a person would."""
    kind, number = "bids", 1
    for _ in range(MAX_POSTS):
        if time.monotonic() > deadline:
            return
        body = urlencode({"hand": number, **(BIDS if kind == "bids" else TRICKS)})
        try:
            status = post(port, f"/games/{game_id}/{kind}/", body, headers)
        except (OSError, http.client.HTTPException) as error:
            # The worker died with the request, before or during its answer: try again.
            log.append(("lost", game_id, number, kind, time.monotonic(), repr(error)))
            time.sleep(0.05)
            continue
        log.append((status, game_id, number, kind, time.monotonic(), ""))
        if status not in (200, 409):
            return
        # 200: recorded now. 409: recorded by the try whose answer was lost.
        if kind == "bids":
            kind = "tricks"
        else:
            kind, number = "bids", number + 1


def test_killing_a_worker_mid_run_loses_no_answered_hand(owner, endless_game, tmp_path):
    games = [endless_game() for _ in range(TABLES)]
    client = Client()
    client.force_login(owner)
    csrf = _get_new_csrf_string()
    headers = {
        "Cookie": f"{settings.SESSION_COOKIE_NAME}="
        f"{client.cookies[settings.SESSION_COOKIE_NAME].value}; "
        f"{settings.CSRF_COOKIE_NAME}={csrf}",
        "X-CSRFToken": csrf,
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
    }
    port = server.free_port()
    env = server.server_env(
        database_url=current_url(), port=port, workers=2, static_root=tmp_path / "static"
    )
    log: list = []
    with server.Gunicorn(env, tmp_path / "gunicorn.log") as gunicorn:
        deadline = time.monotonic() + RUN_SECONDS
        phones = [
            threading.Thread(target=play, args=(port, game.pk, headers, deadline, log))
            for game in games
        ]
        for phone in phones:
            phone.start()
        time.sleep(KILL_AFTER)
        workers = gunicorn.workers()
        assert len(workers) == 2, f"expected 2 workers, found {workers}"
        victim = random.choice(workers)
        os.kill(victim, signal.SIGKILL)
        killed_at = time.monotonic()
        for phone in phones:
            phone.join(timeout=RUN_SECONDS + 30)
        assert not any(phone.is_alive() for phone in phones)
        status, _, body = server.get(port, "/healthz")
        assert (status, json.loads(body)["status"]) == (200, "ok"), gunicorn.tail()
        assert victim not in gunicorn.workers()
        server_log = gunicorn.tail(200)

    statuses = [entry[0] for entry in log]
    assert set(statuses) <= {200, 409, "lost"}, f"unexpected answers: {set(statuses)}"
    answered = [entry for entry in log if entry[0] == 200]
    assert len(answered) >= 2 * TABLES, "too few writes to mean anything"
    assert any(entry[4] > killed_at for entry in answered), (
        f"no write was answered after the kill:\n{server_log}"
    )

    for game in games:
        game = Game.objects.get(pk=game.pk)
        hands = list(game.hands.all())
        assert [hand.number for hand in hands] == list(range(1, len(hands) + 1))
        for hand in hands:
            assert hand.bids == RECORDED_BIDS
            if hand.number < len(hands):
                assert hand.tricks == RECORDED_TRICKS, f"hand {hand.number} is half-written"
            else:
                assert hand.tricks in (None, RECORDED_TRICKS)
        by_number = {hand.number: hand for hand in hands}
        for _, game_id, number, kind, _, _ in answered:
            if game_id != game.pk:
                continue
            assert number in by_number, f"hand {number} of game {game_id} was answered but lost"
            if kind == "tricks":
                assert by_number[number].tricks == RECORDED_TRICKS
        assert_summary_is_a_fresh_replay(game)
